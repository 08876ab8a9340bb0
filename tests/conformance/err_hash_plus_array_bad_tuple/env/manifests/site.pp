$opts = { 'a' => 1 }
$more = $opts + [['b', 2], ['c', 3, 4]]
notify { 'x': message => $more }
