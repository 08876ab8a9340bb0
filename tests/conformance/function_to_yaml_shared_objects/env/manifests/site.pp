# Puppet's values are Ruby objects: one held twice is written once by Psych, with an
# anchor, then as an alias; equal values made apart (literals, function results) are not.
$a = ['x']
$h = {'one' => $a, 'two' => $a}
$b = {'k' => 'v', 'path' => '/etc/x/*.yml', 'd' => default, 'n' => undef}
$g = [$b, $b]
$e = {'a' => [], 'b' => [], 'c' => {}, 'd' => {}}
$m = {'x' => $b} + {'y' => $b}
$l = [['q'], ['q']]
$s = [$facts['os'], $facts['os']]
$n = $g.map |$x| { $x }
$r = /a.b/
notify { 'stdlib':
  message => [to_yaml($h), to_yaml($g), to_yaml($e), to_yaml($m), to_yaml([$r, $r]), to_yaml($h, {'indentation' => 4})].join(''),
}
notify { 'erb':
  message => inline_template('<%= @h.to_yaml %><%= @g.to_yaml %><%= [@a, @a].to_yaml %><%= @e.to_yaml %><%= @m.to_yaml %><%= @l.to_yaml %><%= @s.to_yaml %><%= @n.to_yaml %><%= [@r, @r].to_yaml %><%= @h.to_yaml(indentation: 3) %>'),
}
