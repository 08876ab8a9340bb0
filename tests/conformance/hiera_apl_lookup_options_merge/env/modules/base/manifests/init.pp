class base (Array $packages, Hash $users) {
  notify { 'packages': message => $packages }
  notify { 'users': message => $users }
}
