# resource references
$r = [File['/tmp/a'], Resource['file', 'b'], Class['x'], Mymod::Thing['t']]
