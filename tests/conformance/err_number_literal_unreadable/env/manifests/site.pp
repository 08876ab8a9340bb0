# A float literal Ruby cannot read: Puppet's lexer names no file and no position.
notice(1e400)
