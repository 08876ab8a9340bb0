notify { 'r': message => [Exec, File] }
