# selector needs at least one entry
$x = $y ? { }
