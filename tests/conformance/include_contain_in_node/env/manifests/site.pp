# contain outside a class: in a node definition.
node default {
  contain inner
}
class inner { notify { 'inner': } }
