# Local resource defaults: a hash of defaults used in a default: body.
include mymodule
