notify { 'only_global': message => lookup('only_global') }
notify { 'both': message => lookup('both') }
notify { 'only_env': message => lookup('only_env') }
notify { 'merged': message => lookup('merged', Array, 'unique') }
