# stdlib 9.x's functions that take a block or build resources
package { 'curl': ensure => present }
stdlib::ensure_packages(['curl', 'vim'])
stdlib::ensure_packages({ 'git' => { 'ensure' => 'latest' }, 'tree' => {} }, { 'tag' => 'x' })
notify { 'sort_array': message => stdlib::sort_by([3, 1, 2]) |$x| { -$x } }
notify { 'sort_string': message => stdlib::sort_by('cab') |$c| { $c } }
notify { 'sort_hash': message => stdlib::sort_by({ 'b' => 2, 'a' => 3, 'c' => 1 }) |$kv| { $kv[1] } }
notify { 'sort_words': message => stdlib::sort_by(['bb', 'a', 'ccc']) |$w| { $w.length } }
notify { 'crc': message => stdlib::crc32(Sensitive('secret')) }
notify { 'sha': message => stdlib::sha256(Sensitive('secret')) }
notify { 'nested': message => stdlib::nested_values({ 'a' => { 'b' => 1 }, 'c' => 2 }) }
notify { 'rotate': message => stdlib::fqdn_rotate([1, 2, 3, 4], 'x') }
