# single-quoted string, ASCII and non-ASCII text
$x = 'hello world'
$y = 'héllo € 日本'
