node default {
  $datacenter = 'node-scope'
  notify { 'node': message => "${datacenter} ${::datacenter}" }
}
