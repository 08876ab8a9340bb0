class profile::web (Integer $port) {
  notify { "web on ${port}": }
}
