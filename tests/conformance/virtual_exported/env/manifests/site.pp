# Exported resources stay in the catalog (exported: true) without storeconfigs;
# an exported defined type is not evaluated.
define exp::thing () {
  notify { "inside ${title}": }
}
@@file { '/exported': content => 'x' }
@@exp::thing { 'e': }
File <<| |>>
