# define
define mymod::thing ($x = 1) {
  notice($x)
}
