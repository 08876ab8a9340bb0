# A function file of a module holds its one function: a second one is an error at the call.
notice(app::f())
