# Puppet 7 does not chop the certname: 'www01' does not match www01.example.com.
node 'www01' {
  notify { 'short name': }
}
node default {
  notify { 'default': }
}
