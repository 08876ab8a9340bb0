# regex after =>
$h = { 'k' => /a/ }
