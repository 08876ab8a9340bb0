# a program consisting only of comments is valid
# nothing else here
