# case needs at least one option
case $x { }
