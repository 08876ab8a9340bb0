node default {
  notify { 'in-node': }
}
