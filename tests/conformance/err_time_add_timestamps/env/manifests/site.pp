$x = Timestamp(0) + Timestamp(1)
