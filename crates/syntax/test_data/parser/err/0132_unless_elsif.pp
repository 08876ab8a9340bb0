# unless cannot have elsif
unless $x { } elsif $y { }
