# A collector in a chain relates every collected resource.
package { ['a', 'b']: tag => 'pkgs' }
package { 'c': }
file { '/etc/conf': }
Package <| tag == 'pkgs' |> -> File['/etc/conf']
