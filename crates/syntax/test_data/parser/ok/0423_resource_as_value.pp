# resource expressions produce values
$x = file { '/tmp/a': }
notice(file { '/tmp/b': })
