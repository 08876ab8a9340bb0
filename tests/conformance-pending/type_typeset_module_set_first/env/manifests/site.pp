notify { 'set': message => String(Ts::Set) =~ String }
$r = Ts::Set::Rec.new('abc')
notify { "rec ${r.n}": }
