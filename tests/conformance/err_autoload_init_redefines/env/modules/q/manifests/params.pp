class q::params { notify { "from params.pp": } }
