# An amendment may come before the resource is declared (it is merged at the end).
File['/later'] { mode => '0600' }
file { '/later': ensure => file }
