$top = 'T'
class app($port = 8080, $hosts = ['a', 'b']) {
  $local = 'l'
  notify { 't': message => template('app/t.erb') }
}
include app
