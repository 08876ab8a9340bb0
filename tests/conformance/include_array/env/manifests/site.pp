# include with an array (and nested arrays).
class base::linux { notify { 'base::linux': } }
class apache { notify { 'apache': } }
class extra { notify { 'extra': } }
$my_classes = ['base::linux', 'apache']
include $my_classes
include [['extra'], $my_classes]
