# The caller's value is not the define's: resource parameters are copies. A plain
# variable a template mutates is mutated for Puppet code and later templates, and a
# class's parameter mutated from another scope, after its resource was made, shows in
# the catalog.
class m {
  include m::config
  $mine = ['c']
  m::item { 'x': list => $mine }
  notify { 'mine when declared': message => $mine }
  $plain = []
  $t = inline_template('<% @plain << 1 %>')
  notify { 'plain after': message => $plain }
  $list = ['l']
  $t2 = template('m/append.erb')
  $u2 = template('m/show.erb')
  notify { 'second template': message => $u2 }
  notify { 'list': message => $list }
  $t3 = inline_template("<% scope.setvar('late', [1]) %><%= defined?(@late).inspect %> <%= @late.inspect %> <%= scope['late'].inspect %>")
  notify { 'late': message => [$t3, $late] }
}
