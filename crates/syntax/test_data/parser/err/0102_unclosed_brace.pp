# missing }
if $x {
  notice(1)
