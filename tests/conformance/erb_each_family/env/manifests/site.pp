$l = ['c', 'a', 'b']
$h = {'k1' => 'v1', 'k2' => 'v2'}
notify { 't': message => template('app/t.erb') }
