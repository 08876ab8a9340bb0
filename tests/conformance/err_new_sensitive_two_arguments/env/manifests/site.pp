notice(Sensitive('a', 'b'))
