node /^web(\d+)\./ {
  notify { 'web': message => $1 }
}
node default { }
