# Puppet 6 fuzzy matching (strict_hostname_checking=false): the certname is chopped
# at its last dot until a node matches.
node 'www01' {
  notify { 'short name': }
}
node 'www01.example' {
  notify { 'medium name': }
}
node default {
  notify { 'default': }
}
