class boom {
  fail("Something went wrong: ${[1, 2]}")
}
include boom
