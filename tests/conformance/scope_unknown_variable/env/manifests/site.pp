# An unknown variable is undef (with a warning).
notify { 'unknown': message => "[${nosuch}]" }
if $nosuch == undef { notify { 'is undef': } }
