# "else if" is not elsif
if $x { } else if $y { }
