$x = Timespan(3) * Timespan(3)
