$x = 1
$f = false
notify { 't': message => template('app/t.erb') }
notify { 'i': message => inline_template('<%= has_variable?("x") %> <%= file.inspect %>') }
