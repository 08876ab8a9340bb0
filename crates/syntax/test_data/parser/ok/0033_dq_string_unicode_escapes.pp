# unicode escapes \uXXXX and \u{X..XXXXXX}
$x = "\u0041 \u{41} \u{1F600}"
