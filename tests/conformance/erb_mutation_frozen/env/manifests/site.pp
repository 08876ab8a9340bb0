# Facts, $facts, $trusted and $server_facts are frozen: a template cannot change them
# in place (FrozenError); an Array bound in Puppet code can be.
$mine = []
notify { 'frozen': message => template('m/frozen.erb') }
notify { 'after': message => [$os, $interfaces, $mine] }
# What Puppet code takes from them is the same frozen object.
class m {
  $f = $facts
  $o = $facts['os']
  $r = $os['release']
  $copy = $os + { 'x' => 1 }
  $text = inline_template('<% [@f, @o, @r, @copy].each do |h| %><%= begin; h["y"] = 2; "changed"; rescue => e; "#{e.class}: #{e.message}"; end %>|<% end %>')
  notify { 'taken': message => [$text, $copy] }
}
include m
