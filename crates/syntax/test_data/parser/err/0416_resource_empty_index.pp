# Resource[] without a type
Resource[] { 'x': }
