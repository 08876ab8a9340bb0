class profile::base {
  notify { "base at ${::site}": }
}
