notify { 'answer':
  message => lookup('fixture::answer'),
}
notify { 'other':
  message => lookup('fixture::other'),
}
