# nested destructuring
[$a, [$b, $c]] = [1, [2, 3]]
