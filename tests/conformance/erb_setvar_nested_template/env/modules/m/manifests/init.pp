# A template binds variables of the class with scope.setvar; templates it renders
# read and change the same objects, and Puppet code sees them afterwards.
class m {
  $text = template('m/outer.erb')
  notify { 'outer': message => $text }
  notify { 'names': message => $names }
  notify { 'count': message => "${count} ${m::count}" }
  $again = inline_template('<%= scope.lookupvar("names").length %>:<%= @names.join("+") %>:<%= scope["m::names"].first %>')
  notify { 'again': message => $again }
}
