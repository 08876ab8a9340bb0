# Array titles with an explicit namevar: the second resource collides.
file { ['/a', '/b']: path => '/c' }
