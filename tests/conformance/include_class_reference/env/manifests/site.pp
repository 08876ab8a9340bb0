# include with class references, alone, in a list and in an array.
class base::linux { notify { 'base::linux': } }
class apache { notify { 'apache': } }
class mysql { notify { 'mysql': } }
include Class['base::linux']
include Class['apache'], mysql
include [Class['mysql'], 'apache']
