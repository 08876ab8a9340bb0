define app::thing($port, $opts = {}) {
  $local = "${title}-${port}"
  notify { $title: message => template('app/t.erb') }
}
$top = 'T'
app::thing { 'one': port => 1 }
app::thing { 'two': port => 2, opts => {'k' => 'v'} }
