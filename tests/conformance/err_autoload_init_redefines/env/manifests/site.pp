include q::params
