$opts = { 'a' => 1 }
$more = $opts + [['b', 2], 'c', 'd']
notify { 'x': message => $more }
