# case options can be types and arrays
case $x {
  Integer, [1, 2]: { notice('x') }
  String: { notice('s') }
}
