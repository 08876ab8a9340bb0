$ok = Timespan(10) % 3
notify { "${ok}": }
$x = Timespan(10) % Timespan(3)
