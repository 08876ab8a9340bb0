# References to classes must name declared classes.
class c { }
notify { 'a': before => [Notify['b'], Class['c']] }
notify { 'b': }
