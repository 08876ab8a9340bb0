# realize may name a resource declared later.
realize(Notify['later'])
@notify { 'later': }
@notify { 'never': }
