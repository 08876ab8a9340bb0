# arithmetic containing a call is still value-only
1 + notice(2)
notice(1)
