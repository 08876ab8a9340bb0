$p = Shapes::Point.new(3)
$q = Shapes::Point.new({ 'x' => 1, 'y' => 2 })
notify { "p ${p.x} ${p.y} q ${q.x} ${q.y}": }
notify { 'str': message => String($p) }
notify { 'type': message => String(type($q)) }
