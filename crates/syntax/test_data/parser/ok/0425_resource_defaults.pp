# resource defaults
File { mode => '0644' }
