# case options with empty bodies
case $x {
  'a': { }
  default: { }
}
