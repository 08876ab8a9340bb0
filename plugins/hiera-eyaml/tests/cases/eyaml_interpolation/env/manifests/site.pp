notify { 'url': message => lookup('url') }
notify { 'greeting': message => lookup('greeting') }
notify { 'aliased': message => lookup('aliased') }
