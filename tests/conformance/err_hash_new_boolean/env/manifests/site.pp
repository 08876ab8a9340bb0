$h = Hash(true)
