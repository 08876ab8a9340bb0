# A type file of comments only: the type reference fails (it is empty).
notice(80 =~ App::Port)
