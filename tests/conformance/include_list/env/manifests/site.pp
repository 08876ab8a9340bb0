# include with a comma-separated list.
class base::linux { notify { 'base::linux': } }
class apache { notify { 'apache': } }
include base::linux
include base::linux
include base::linux, apache
