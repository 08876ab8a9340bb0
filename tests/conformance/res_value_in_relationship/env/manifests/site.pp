# Resource declarations used as values in a chain.
(package { 'ntp': }) -> (file { '/etc/ntp.conf': }) ~> service { 'ntp': }
