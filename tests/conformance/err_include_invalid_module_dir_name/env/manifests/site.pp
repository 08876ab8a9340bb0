# A directory of the modulepath whose name is not a module name is no module: Puppet
# never loads its files, so the class its init.pp would define is not found (and the
# file's own checks are not made).
include my-mod
