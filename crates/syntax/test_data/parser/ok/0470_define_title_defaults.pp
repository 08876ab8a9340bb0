# define parameter defaults derived from $title and $name
define title_defaults ($x = $title, $y = "${name}.conf") { }
