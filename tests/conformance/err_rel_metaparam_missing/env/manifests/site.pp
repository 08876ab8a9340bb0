# A relationship metaparameter naming a resource that is not in the catalog.
notify { 'a':
  message => 'x',
  require => Notify['nope'],
}
