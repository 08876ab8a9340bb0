class base {
  notify { 'base': message => "dc=${::datacenter} role=${::role} tier=${::tier}" }
}
