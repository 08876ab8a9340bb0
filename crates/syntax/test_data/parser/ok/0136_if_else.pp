# if / else
if $x { notice('a') } else { notice('b') }
