# No hiera.yaml in the environment: Puppet's default hierarchy reads data/common.yaml.
notify { 'greeting': message => lookup('greeting') }
notify { 'port': message => lookup('port') }
