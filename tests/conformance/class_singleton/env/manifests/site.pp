# Classes are singletons: declared several times, evaluated once.
class once {
  file { '/tmp/once': ensure => file }
}
class a { include once }
class b { include once }
include once
include a, b
include once
