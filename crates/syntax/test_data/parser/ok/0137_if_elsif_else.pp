# if / elsif / elsif / else
if $x == 1 {
  notice('one')
} elsif $x == 2 {
  notice('two')
} elsif $x == 3 {
  notice('three')
} else {
  notice('many')
}
