class mymod(Mymod::Conf $conf = { 'name' => 'x', 'port' => 80 }) {
  notify { "conf ${conf['name']}:${conf['port']}": }
  notify { 'types': message => [String(Mymod::Port), Mymod::Conf =~ Type, 22 =~ Mymod::Port, 0 =~ Mymod::Port].join(' ') }
}
