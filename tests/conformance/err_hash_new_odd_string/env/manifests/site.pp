$h = Hash('abc')
