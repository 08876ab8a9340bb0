# node body
node default {
  include base
  $x = 1
  notice($x)
}
