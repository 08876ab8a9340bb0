notify { 's': message => [
  sprintf('%s-%s', 'a', 1), sprintf('%d', 42), sprintf('%05d', 42), sprintf('%-5s|', 'ab'), sprintf('%5s|', 'ab'),
  sprintf('%.2f', 3.14159), sprintf('%x %X %o %b', 255, 255, 8, 5), sprintf('%e', 12345.678), sprintf('%+d %+d', 5, -5),
  sprintf('%%'), sprintf('%s', [1, 'a']), sprintf('%s', {'a' => 1}), sprintf('%c', 65), sprintf('%.3s', 'abcdef'),
  sprintf('%08.3f', 3.14159), sprintf('%g', 1.5), sprintf('%d', '12'), sprintf('%s', undef), sprintf('%-+5d|', 3),
  sprintf('%<a>s and %<b>d', {'a' => 'x', 'b' => 2}), sprintf('%p', 'q'), sprintf('%#x', 255), sprintf('% d', 7),
] }
