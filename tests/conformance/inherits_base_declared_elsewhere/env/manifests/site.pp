# The base class was already declared: it is not evaluated again.
class base {
  notify { 'base': }
}
class derived inherits base {
  notify { 'derived': }
}
include base
notify { 'between': }
include derived
