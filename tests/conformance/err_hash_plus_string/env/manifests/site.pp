$opts = { 'a' => 1 }
$more = $opts + 'b'
