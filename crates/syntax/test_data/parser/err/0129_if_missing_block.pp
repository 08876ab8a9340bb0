# if without a block
if $x
