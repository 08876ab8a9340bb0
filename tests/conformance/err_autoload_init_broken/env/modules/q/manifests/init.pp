# Broken, and loaded before params.pp: including q::params fails here.
class q {
  notify { "q": }
