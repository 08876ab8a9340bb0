# A parameter default cannot read the parameter itself.
class example ($port = $port) {
  notify { "port ${port}": }
}
include example
