class first {
  # app has parameters: evaluated before this class, although listed after it
  notify { 'first': message => "app port seen: ${app::port}" }
}
