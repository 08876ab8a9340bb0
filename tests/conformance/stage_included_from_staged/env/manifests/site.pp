# A class included from a class in another stage stays in main.
stage { 'first': }
Stage['first'] -> Stage['main']
class outer { include helper notify { 'outer': } }
class helper { notify { 'helper': } }
class { 'outer': stage => first }
