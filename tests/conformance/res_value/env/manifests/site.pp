# A resource expression's value: references to the declared resources.
$one = (file { '/tmp/one': })
$two = (file { ['/tmp/a', '/tmp/b']: })
$bodies = (notify { 'x': ; 'y': })
notify { 'values':
  message => "${one} ${two} ${bodies}",
}
