class app (Sensitive[String] $password) {
  notify { 'unwrapped': message => $password.unwrap }
  notify { 'type': message => String(type($password, generalized)) }
}
