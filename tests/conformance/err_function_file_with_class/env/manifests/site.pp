# A class beside the function in its file is an additional definition.
notice(app::f())
