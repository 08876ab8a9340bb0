# Without hiera.yaml there is no environment layer at all: the default value is used.
notify { 'greeting': message => lookup('greeting', String, 'first', 'not found') }
