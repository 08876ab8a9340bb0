vhost { 'default': scriptalias => '/usr/lib/cgi-bin' }
vhost { 'other': scriptalias => '/srv/cgi-bin', scriptaliases => [{ 'alias' => '/tools', 'path' => '/srv/tools' }] }
vhost { 'plain': }
