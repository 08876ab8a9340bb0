# == and != on parameters.
@user { 'alice': gid => 'admin', shell => '/bin/bash' }
@user { 'bob': gid => 'staff', shell => '/bin/zsh' }
@user { 'carol': gid => 'admin', shell => '/bin/zsh' }
User <| gid == 'admin' |>
@file { '/a': mode => '0644' }
@file { '/b': mode => '0600' }
@file { '/c': }
File <| mode != '0644' |>
