# if with a complex condition
if $facts['os']['family'] == 'Debian' and !($x in ['a', 'b']) {
  notice('x')
}
