class web {
  # base is an ENC class too, declared but not evaluated yet: evaluated here
  include base
  notify { 'web': message => "base ran first: ${defined(Notify['base'])}" }
}
