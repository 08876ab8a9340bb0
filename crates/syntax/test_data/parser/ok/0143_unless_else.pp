# unless / else
unless $x { notice('a') } else { notice('b') }
