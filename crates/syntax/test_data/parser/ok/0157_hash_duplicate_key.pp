# duplicate literal hash keys only produce a warning (with --strict=warning, the default)
$x = { 'a' => 1, 'a' => 2 }
