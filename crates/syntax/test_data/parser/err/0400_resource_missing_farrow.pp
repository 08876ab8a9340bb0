# attribute without =>
file { 'a': mode '0644' }
