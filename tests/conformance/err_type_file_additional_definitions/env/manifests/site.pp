# A type file of a module holds its one type alias: a second one fails the use.
notice(80 =~ App::Port)
