# Resource['file'] { 'x': }
Resource['file'] { '/tmp/x': }
