notice(sort(['a', 1, 'b']))
