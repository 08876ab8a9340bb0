# Which types are Iterable values: an Integer range with both ends and an Enum list
# their instances; Integer, an open range and String[1] do not.
notify { 'iterable':
  message => [
    Integer[1, 3] =~ Iterable, Enum['a', 'b'] =~ Iterable, Integer =~ Iterable, Integer[1, default] =~ Iterable,
    String[1] =~ Iterable, Type[Integer] =~ Iterable, Integer[1, 3] =~ Iterable[Integer],
    Enum['a', 'b'].map |$x| { $x }, Integer[2, 4].map |$x| { $x },
  ],
}
