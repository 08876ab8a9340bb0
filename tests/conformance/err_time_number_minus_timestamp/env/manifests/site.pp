$x = 5 - Timestamp(3)
