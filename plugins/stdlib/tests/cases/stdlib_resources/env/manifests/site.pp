# ensure_packages, ensure_resource(s), defined_with_params, getparam
package { 'curl': ensure => 'installed' }
ensure_packages(['curl', 'vim'])
ensure_packages({ 'git' => { 'ensure' => 'present' }, 'tmux' => {} }, { 'provider' => 'apt' })
ensure_packages('htop', { 'ensure' => 'present' })
ensure_resource('file', ['/tmp/a', '/tmp/b'], { 'ensure' => 'directory' })
ensure_resource('file', '/tmp/a', { 'ensure' => 'directory' })
ensure_resources('user', { 'alice' => { 'uid' => 1001 }, 'bob' => {} }, { 'ensure' => 'present' })
user { 'carol': ensure => present, shell => '/bin/sh' }
notify { 'defined':
  message => [
    defined_with_params(Package['curl']),
    defined_with_params('Package[curl]', { 'ensure' => 'installed' }),
    defined_with_params('Package[curl]', { 'ensure' => 'absent' }),
    defined_with_params('Package[nope]'),
    defined_with_params(User['carol'], { 'shell' => '/bin/sh' }),
    getparam(User['carol'], 'shell'),
    getparam(User['carol'], 'home'),
    getparam(Package['vim'], 'ensure'),
  ],
}
