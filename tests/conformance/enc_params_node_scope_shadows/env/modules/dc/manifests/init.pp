class dc {
  # ENC classes are declared in the node scope: they see its variables
  notify { 'dc': message => "${datacenter} ${::datacenter}" }
}
