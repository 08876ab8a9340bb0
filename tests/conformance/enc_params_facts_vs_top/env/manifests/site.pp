notify { 'only-enc': message => "${role} [${facts['role']}]" }
notify { 'only-fact': message => "${kernel} ${facts['kernel']}" }
notify { 'has': message => "${'role' in $facts} ${'kernel' in $facts}" }
