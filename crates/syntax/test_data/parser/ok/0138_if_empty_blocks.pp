# if with empty blocks everywhere
if $x { } elsif $y { } else { }
