# A base class with parameters (all defaulted) can be inherited in Puppet 7.
class base ($level = 'low') {
  notify { "base ${level}": }
}
class derived inherits base {
  notify { "derived sees ${level}": }
}
include derived
