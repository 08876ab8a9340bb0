notify { 'config': message => lookup('app::config') }
notify { 'list': message => lookup('app::list') }
notify { 'dotted': message => lookup('app::config.nested.deep.secret') }
notify { 'index': message => lookup('app::config.nested.tokens.2') }
