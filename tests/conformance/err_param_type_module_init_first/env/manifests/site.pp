# Declaring m::sub loads m's init.pp first (#4220), and makes its class then:
# its parameter type names nothing.
include m::sub
