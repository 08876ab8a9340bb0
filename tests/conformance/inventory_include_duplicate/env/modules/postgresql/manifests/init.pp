class postgresql (String $version = '13') {
  notify { 'postgresql': message => "version=${version}" }
}
