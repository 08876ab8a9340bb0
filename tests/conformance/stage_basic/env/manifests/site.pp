# A run stage before main; a class placed in it.
stage { 'pre': before => Stage['main'] }
class repos { package { 'repo-config': } }
class app { package { 'app': } }
class { 'repos': stage => 'pre' }
include app
