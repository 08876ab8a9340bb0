define needs ($required) {
  notify { $required: }
}
needs { 'x': }
