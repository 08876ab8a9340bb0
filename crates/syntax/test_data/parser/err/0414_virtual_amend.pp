# resource amendments are not virtualizable
@File['x'] { mode => '0644' }
