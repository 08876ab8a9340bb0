$t = [File['a', undef], Struct[{'a' => 1}], NotUndef['a'], Optional['a'], Array[1, 2], Hash[1, 2], Tuple[String, 1], Tuple[String, 1, 3],
  Class[['a', 'b']], Resource['file', 'x'], Resource[File], Hash[String, Integer, 2], Hash[String, Integer, Integer[1, 3]], Array[Integer, Integer[1, 2]],
  String[Integer[2, 4]], Collection[1], Enum['b', 'a', true], NotUndef[Any], Variant[Integer, String], Pattern[/a/, 'b', Pattern[/c/]], Integer[default, 5],
  Float[1, 2.5], Timespan[1, 2], Timestamp['2020-01-01', default], SemVer['>=1.0.0'], Class['::Foo::Bar'], File[['a', ['b']]]]
notify { 'types': message => $t.map |$x| { "${x}" } }
