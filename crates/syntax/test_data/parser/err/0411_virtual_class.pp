# classes are not virtualizable
@class { 'a': }
