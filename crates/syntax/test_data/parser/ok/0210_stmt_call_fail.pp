# fail with parens
fail("x")
