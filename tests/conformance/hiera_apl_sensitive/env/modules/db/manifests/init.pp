class db (Sensitive $password, $admin_password, String $user) {
  notify { 'user': message => $user }
  notify { 'pw': message => $password }
  notify { 'admin is sensitive': message => $admin_password =~ Sensitive }
}
