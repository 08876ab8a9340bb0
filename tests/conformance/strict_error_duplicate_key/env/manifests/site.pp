$h = { 'a' => 1, 'b' => 2, 'a' => 3 }
notice($h)
