# A defined type autoloaded from a module: its resources carry the define's tags.
apache::vhost { 'www.example.com': port => 8080 }
Apache::Vhost { 'api.example.com': }
