# 'class' cannot be a class name
class class { }
