# A function file of comments only: the call fails (it is empty).
notice(app::f())
