# The "params class" pattern: inheriting makes the params class evaluated before
# the parameter defaults are computed.
include example
