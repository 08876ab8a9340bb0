# resource type given as a string
'file' { '/tmp/a': }
