# nodes cannot be nested
node a {
  node b { }
}
