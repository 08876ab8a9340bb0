# A value that is no name, type or reference at all fails inside Puppet's Ruby.
class foo {}
require [foo, true]
