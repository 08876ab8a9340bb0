# With strict_variables, a variable of a class that was not evaluated is an error.
class never { $v = 'x' }
notify { 'q': message => "[${never::v}]" }
