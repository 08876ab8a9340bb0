# A class defined inside another: its name is under the outer namespace, and it is
# not declared with the outer class.
class outer {
  notify { 'outer': }
  class inner {
    notify { 'inner': }
  }
  class other {
    notify { 'never declared': }
  }
}
include outer
include outer::inner
