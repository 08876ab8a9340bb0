# class body with mixed statements
class a ($x = 1) {
  include b
  $y = $x + 1
  file { '/tmp/a': mode => '0644' }
  File['/tmp/a'] -> Service['s']
  if $y > 1 { notice('big') }
}
