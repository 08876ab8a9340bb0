# selector with a single entry and no braces
$x = $y ? 1 => 'one'
