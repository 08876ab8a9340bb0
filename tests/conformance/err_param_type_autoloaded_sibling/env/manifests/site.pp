# Loading m (init.pp) makes m::other too: its type names nothing.
include m
