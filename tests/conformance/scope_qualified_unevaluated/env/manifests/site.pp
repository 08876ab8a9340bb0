# A qualified variable of a class that is not evaluated: a warning and undef.
class never { $v = 'x' }
notify { 'q': message => "[${never::v}]" }
