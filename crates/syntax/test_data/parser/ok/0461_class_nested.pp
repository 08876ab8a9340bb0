# class nested in a class
class a {
  class b { }
}
