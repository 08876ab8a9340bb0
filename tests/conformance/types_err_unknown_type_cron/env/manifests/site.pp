# Debian's Puppet 7 has no cron type of its own (it is the cron_core module).
cron { 'backup': command => '/usr/bin/backup', hour => 2 }
