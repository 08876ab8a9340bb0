# Binary(text, '%u'): URL-safe Base64, with or without its padding.
notify { 'urlsafe': message => [Binary('_-8=', '%u'), Binary('_-8', '%u'), Binary('aGk', '%u'), String(Binary('aGk', '%u'), '%s')] }
