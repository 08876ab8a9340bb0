# define and node definitions are allowed inside a class
class a {
  define b { }
  node default { }
}
