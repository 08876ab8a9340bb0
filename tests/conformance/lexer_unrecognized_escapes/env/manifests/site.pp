# Puppet's lexer warns of each escape a double-quoted string does not know, where it
# stands when it has read the text segment (after the quote, `${` or `$`); heredocs
# and single-quoted strings do not warn. An autoloaded file warns when it is loaded.
notice("a \q b")
$x = 1
notice("a \d ${x} \w")
notice("\. $x")
notice(@("E"))
  a \q
  | E
notice('a \q')
notice("\\ \$ \" \' \n \t \s \r \u0041 \z")
notice("main done")
include m
