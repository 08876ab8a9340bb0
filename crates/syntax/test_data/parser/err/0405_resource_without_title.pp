# resource body without a title
file { mode => '0644' }
