# backtick is not a token
$x = `ls`
