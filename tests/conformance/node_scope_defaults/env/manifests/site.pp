# Resource defaults set in a node apply to classes declared in it.
File { owner => 'top' }
node default {
  File { mode => '0600' }
  include cls
  file { '/in/node': }
}
class cls {
  file { '/in/class': }
}
