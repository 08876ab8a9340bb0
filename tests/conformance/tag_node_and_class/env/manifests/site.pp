# Resources in a node get the node's tags; classes declared there too.
node default {
  include web
  notify { 'in node': }
}
class web { notify { 'in web': } }
