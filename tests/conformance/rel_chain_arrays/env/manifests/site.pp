# Arrays on either side of a chain.
package { ['a', 'b']: }
file { ['/x', '/y']: }
[Package['a'], Package['b']] -> [File['/x'], File['/y']]
