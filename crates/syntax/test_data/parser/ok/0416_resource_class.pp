# class { 'x': }
class { 'x': }
