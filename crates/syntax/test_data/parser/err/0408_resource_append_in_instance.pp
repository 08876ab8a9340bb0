# +> is not allowed in a resource declaration
file { 'a': mode +> '0644' }
