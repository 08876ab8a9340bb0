class ts(Ts::Set::Name $n = 'dflt') { notify { "ts ${n}": } }
