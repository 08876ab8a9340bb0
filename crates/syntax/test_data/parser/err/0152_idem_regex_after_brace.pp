# after } a / starts a regex, so {} / 2 / 1 is {} then a regex
$y = {} / 2 / 1
