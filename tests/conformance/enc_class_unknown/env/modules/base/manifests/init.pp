class base {
  notify { 'base': message => "dc=${::datacenter}" }
}
