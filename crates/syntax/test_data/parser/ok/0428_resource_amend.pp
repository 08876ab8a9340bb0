# amending a resource reference
File['/tmp/a'] { mode => '0600' }
