class backup {
  notify { 'backup': message => "for ${trusted['certname']} in ${environment}" }
}
