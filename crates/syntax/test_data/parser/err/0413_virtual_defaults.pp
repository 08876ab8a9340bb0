# resource defaults are not virtualizable
@File { mode => '0644' }
