node default {
  $role = 'db'
  notify { 'in node': message => lookup('k') }
  include profile
}
