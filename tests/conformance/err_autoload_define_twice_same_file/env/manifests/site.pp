# An autoloaded file that defines a define twice: the loader's error, without a
# location, becomes an error of the call that loaded it.
include app
