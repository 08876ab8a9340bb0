# A syntax error at the end of the input has no line in Puppet's message.
class a {
  notify { "x": }
