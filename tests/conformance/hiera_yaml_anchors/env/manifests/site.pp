notify { 'copy': message => lookup('copy') }
notify { 'tags_copy': message => lookup('tags_copy') }
notify { 'merged': message => lookup('merged') }
notify { 'multi_merge': message => lookup('multi_merge') }
notify { 'str_copy': message => lookup('str_copy') }
