notice(m::f())
