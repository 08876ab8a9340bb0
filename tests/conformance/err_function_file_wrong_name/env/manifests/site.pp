# The environment's functions/h.pp must define h (no namespace check there).
notice(h())
