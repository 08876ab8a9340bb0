# Init[T]: instances (T.new takes the value), calls, comparisons, its rich-data form.
$checks = [
  Init[Integer] =~ Type,
  String(Init[Integer]),
  String(Init[String, '%x']),
  String(Init),
  '3' =~ Init[Integer],
  'x' =~ Init[Integer],
  3 =~ Init[Integer],
  [1] =~ Init[Integer],
  ['10', 16] =~ Init[Integer],
  true =~ Init[Integer],
  'x' =~ Init,
  Init[Integer]('0x10'),
  Init[Integer](['10', 16]),
  Init[String, '%x'](255),
  Init[Array](3),
  Init[Array]([1, 2]),
  Init[Boolean]('yes'),
  Init[Float]('2.5'),
  Init[Integer] == Init[Integer],
  Init[Integer] == Init[Float],
  Type[Init[Integer]] =~ Type,
  Init[Integer] < Init,
  Integer < Init[Integer],
  String < Init[Integer],
  Integer < Init[String],
  Integer[1,2] < Init[Integer],
  Init[Integer, 16],
  type(Init[Integer]),
  '12' =~ Init[Integer, 16],
  'zz' =~ Init[Integer, 16],
]
notify { 'init': message => $checks }
$m = ['1', '2'].map |Init[Integer] $x| { $x }
notify { 'param': message => $m }
function f(Init[Integer] $x) >> Integer { Integer($x) }
notify { 'func': message => f('0x20') }
