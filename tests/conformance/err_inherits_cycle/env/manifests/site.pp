# Classes that inherit each other: Ruby runs out of stack, and Puppet prints
# only that.
class a inherits b {}
class b inherits a {}
include a
