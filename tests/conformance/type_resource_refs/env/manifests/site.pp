$r = File['/x']
notify { 'refs': message => [$r == File['/x'], Resource['file', '/x'] == $r, Class['foo'] == Class['Foo'], "${type($r)}", $r =~ Type[File], $r =~ Type[Resource], "${File[['/a', '/b']]}", "${Class[['a', 'b']]}", "${Resource[file]}", Notify['x'] == Notify['X']] }
