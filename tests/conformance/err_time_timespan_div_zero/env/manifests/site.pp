$ok = Timespan(3) / 2
$x = Timespan(3) / 0
