# A resource default statement; explicit values win.
File { owner => 'root', mode => '0644' }
file { '/etc/a': }
file { '/etc/b': mode => '0600' }
Notify { message => 'defaulted' }
notify { 'n': }
