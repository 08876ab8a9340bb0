# titles from variables and interpolated strings
file { $path: ensure => file }
file { "${dir}/x": ensure => file }
