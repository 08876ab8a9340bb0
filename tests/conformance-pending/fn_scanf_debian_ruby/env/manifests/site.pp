# Debian's Puppet 7.23 runs on Ruby 3.1, which no longer ships the scanf library:
# every call of scanf() fails the compile with a LoadError.
notify { 'x': message => scanf('42 abc', '%d %s') }
