$r = Ts::Set::Rec.new('abc')
notify { "rec ${r.n}": }
notify { 'chk': message => ['abc' =~ Ts::Set::Name, 'abcdefghijkl' =~ Ts::Set::Name].join(',') }
