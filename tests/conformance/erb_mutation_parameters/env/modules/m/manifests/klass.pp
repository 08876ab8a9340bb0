# A class's parameters too, from a default, Hiera or the declaration; Strings that
# are parameters are not frozen.
class m::klass($list = [], $fromhiera = [], $hstr = 'x', $s = 'abc', $given = 'g', $untouched = ['u']) {
  $text = inline_template('<% @list << 1; @fromhiera << 2; @hstr << "!"; @s.upcase!; @given.concat("?") %><%= @untouched.length %>')
  notify { 'klass': message => [$list, $fromhiera, $hstr, $s, $given, $text] }
}
