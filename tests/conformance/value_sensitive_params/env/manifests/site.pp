$s = Sensitive('hunter2')
file { '/tmp/secret': content => $s, mode => '0600' }
notify { 'wrapped': message => [$s =~ Sensitive, $s =~ Sensitive[String], "${s}", $s.unwrap.length, String($s)] }
