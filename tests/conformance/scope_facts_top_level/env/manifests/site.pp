# Facts are top-scope variables, also as $::fact and in $facts.
class show {
  notify { 'facts': message => "${osfamily} ${::custom} ${facts['custom']}" }
}
include show
