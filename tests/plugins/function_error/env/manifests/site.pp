notify { 'x':
  message => example::refuse('not today'),
}
