notify { 's': message => ['Ä' == 'ä', 'abc' < 'abd', 'a' == 'A', 'é' in 'CAFÉ', 'ß' == 'SS', sort(['b', 'Á', 'a'])] }
