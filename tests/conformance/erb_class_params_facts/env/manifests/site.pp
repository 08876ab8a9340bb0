class app($conf = {'k' => 'v'}) {
  notify { 't': message => template('app/t.erb') }
}
include app
