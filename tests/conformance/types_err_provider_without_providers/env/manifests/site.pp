# A type has a provider parameter only when some module ships a provider for it.
mypath { '/p': provider => 'posix' }
