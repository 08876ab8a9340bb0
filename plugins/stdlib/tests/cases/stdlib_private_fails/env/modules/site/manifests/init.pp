class site {
  include site::inner
}
