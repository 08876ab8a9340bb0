# missing )
notice(1
