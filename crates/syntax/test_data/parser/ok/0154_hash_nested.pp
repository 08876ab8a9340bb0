# nested hashes
$x = { 'a' => { 'b' => { 'c' => 1 } } }
