class mymod {
  notify { 'loaded': }
}
