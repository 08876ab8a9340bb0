# Puppet's string literals are frozen Ruby Strings (in an Array too); a string built by
# interpolation, and a parameter's value (a copy), are not.
define d($param = 'default') {
  $lit = 'lit'
  $arr = ['x', "${title}y"]
  $built = "built ${title}"
  $t = inline_template('<% [@lit, @arr[0], @arr[1], @built, @param].each do |s| %><%= begin; s << "!"; "changed"; rescue => e; "#{e.class}: #{e.message}"; end %>|<% end %>')
  notify { $title: message => [$t, $lit, $arr, $built, $param] }
}
d { 'a': }
