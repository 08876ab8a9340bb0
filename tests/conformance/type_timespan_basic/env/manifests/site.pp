$t = Timespan('1-02:03:04')
notify { 'str': message => "t=${t} ${Timespan({hours => 1})} ${Timespan(90)} ${Timespan(1.5)} ${Timespan({days => 1, hours => 2, minutes => 3, seconds => 4, milliseconds => 5})} ${Timespan('-00:00:01')} ${Timespan(0)}" }
notify { 'val': message => $t }
notify { 'arr': message => [Timespan(3600), Timespan('12:00:00.5')] }
notify { 'cmp': message => [Timespan(1) < Timespan(2), Timespan({minutes => 1}) == Timespan(60), Timespan(3) > 2, Timespan(3) >= Timespan('00:00:03')] }
notify { 'type': message => ["${type($t)}", $t =~ Timespan, $t =~ Timespan[0, 100], Timespan(5) =~ Timespan[0, 100]] }
notify { 'neg': message => "${Timespan({hours => -1})} ${Timespan(-90)}" }
notify { 'hash': message => ["${Timespan({string => '1-00:00:00'})}", "${Timespan(1, 2, 3, 4)}", "${Timespan({seconds => 5, negative => true})}", "${Timespan('12.250')}", "${Timespan('1:02:03')}", "${Timespan('2-03:04')}", "${Timespan('3:04.5')}", "${Timespan(0.05)}"] }
notify { 'type2': message => ["${Timespan[1, 10]}", "${Timespan['00:00:01']}", Timespan(3) =~ Timespan['00:00:01', '00:00:02']] }
