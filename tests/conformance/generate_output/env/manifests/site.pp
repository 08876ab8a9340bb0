# generate() runs the command in its directory, with LANG=C and LC_ALL=C and without
# HOME, and returns what it printed (standard error too) as it is.
notify { 'echo': message => generate('/bin/echo', 'hi', 3) }
notify { 'args': message => generate('/bin/echo', undef, [a, b]) }
notify { 'env': message => generate('/usr/bin/env', 'sh', '-c', 'echo "$LANG $LC_ALL [$HOME]"; pwd; echo err >&2') }
