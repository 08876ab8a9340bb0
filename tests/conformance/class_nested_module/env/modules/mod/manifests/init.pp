class mod {
  notify { 'mod': }
  class helper {
    notify { 'mod::helper': }
  }
}
