# 'name' is valid on every Ruby type and is its namevar.
file { 'a': name => '/zz' }
exec { 'e': name => '/bin/true' }
notify { 'n': name => 'shown' }
package { 'p': name => 'vim' }
mypath { 'mp': name => '/mp' }
file { 'b': name => '/b1', path => '/b2' }
