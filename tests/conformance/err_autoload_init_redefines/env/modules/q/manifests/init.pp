class q { }
class q::params { notify { "from init.pp": } }
