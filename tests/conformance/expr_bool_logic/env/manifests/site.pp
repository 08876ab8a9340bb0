notify { 'logic': message => [true and false, true or false, !true, !undef, 'a' and 1, undef or 'x', !'', (1 < 2) and ('b' > 'a'), false or undef] }
