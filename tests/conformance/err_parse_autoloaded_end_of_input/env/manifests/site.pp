# A syntax error at the end of an autoloaded type alias's file: no line or column.
notice(1 =~ M::T)
