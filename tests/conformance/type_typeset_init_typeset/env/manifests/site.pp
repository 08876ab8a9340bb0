$r = Tsm::Rec.new('abc')
notify { "rec ${r.n}": }
notify { 'chk': message => [5 =~ Tsm::Small, 50 =~ Tsm::Small].join(',') }
