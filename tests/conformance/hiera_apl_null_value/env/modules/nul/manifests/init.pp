class nul (
  $tilde = 'default tilde',
  $word = 'default word',
  $empty = 'default empty',
  Optional[String] $typed = 'default typed',
  $required,
) {
  notify { 'tilde': message => String($tilde) }
  notify { 'word': message => String($word) }
  notify { 'empty': message => String($empty) }
  notify { 'typed': message => String($typed) }
  notify { 'required': message => String($required) }
  notify { 'lookup': message => String(lookup('nul::tilde')) }
}
