# +> is not allowed in resource defaults
File { mode +> '0644' }
