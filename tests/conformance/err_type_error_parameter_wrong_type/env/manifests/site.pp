notice(Error['a', 2])
