mytype { 'a': ensure => present, value => 1, provider => 'ruby', force => true }
mypath { '/p': owner => 'root' }
