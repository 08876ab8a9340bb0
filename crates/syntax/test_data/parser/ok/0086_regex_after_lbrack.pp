# regex after [ and ,
$y = [/a/, /b/]
$t = Regexp[/c/]
