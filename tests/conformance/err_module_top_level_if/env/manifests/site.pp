# A class in an if at the top of a module file: two errors (the if, the class).
# An init.pp of comments only is not checked.
include app::x
