# amending several resources
File['/tmp/a', '/tmp/b'] { mode => '0644' }
