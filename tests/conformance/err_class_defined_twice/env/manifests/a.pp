# The same class in two manifests of the main manifest directory.
class a { notify { 'one': } }
include a
