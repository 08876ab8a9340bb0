# Two resources with different titles but the same namevar.
file { 'passwd': path => '/etc/passwd' }
file { '/etc/passwd': }
