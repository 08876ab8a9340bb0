# Puppet interprets the parameter types of every class in the main manifest when it
# loads it, before any code runs: an unused class with a type naming nothing fails.
notice("before")
class unused(Integer $a, Foo $b = 1) {}
