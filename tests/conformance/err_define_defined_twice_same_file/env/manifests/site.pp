# A define twice in one manifest: Puppet's loader refuses the second, naming the
# first by its file URI, and the error has no location.
define app::site($port = 80) { }
define app::site($port = 8080) { }
app::site { 'x': }
