# A resource's parameters read with [], as they are at that point: its own values,
# the defaults visible from its scope (even those set after it), undef for a valid
# parameter not set; a defined type's defaults only once it is evaluated.
Notify { withpath => true }
notify { 'b': message => 'hello', tag => ['x'] }
file { '/x': ensure => file, mode => '0644' }
define d($p = 5) {}
d { 'i': }
class c($q = 7) {}
include c
notify { 'late': }
Notify { loglevel => 'info' }
class dd {
  Notify { message => 'from dd' }
  notify { 'in_dd': }
}
include dd
$seen = [
  Notify[b]['message'], Notify[b][message], Notify[b]['withpath'], Notify[b]['tag'],
  Notify[b]['name'], Notify[b][require], File['/x'][ensure], File['/x']['path'],
  File['/x']['owner'], D[i][p], Class[c][q], Class[c][name], Notify[b][message, withpath],
  Notify[late][loglevel], Notify[b][loglevel], Notify[late][message], Notify[b][[message]],
  Notify[b][undef], Notify[b][[]], Notify[in_dd][message],
]
notify { 'seen': message => $seen }
