notify { 't': message => inline_template('<% raise ArgumentError, "bad arg" %>') }
