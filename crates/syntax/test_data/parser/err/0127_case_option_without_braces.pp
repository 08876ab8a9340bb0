# case option body needs braces
case $x { 1: notice(1) }
