# The same class twice in one manifest: Puppet reports it when it loads the
# definitions, with both files and lines (not as a parse error).
class app { notify { 'one': } }

class app { notify { 'two': } }
include app
