class q::params { notify { "params": } }
