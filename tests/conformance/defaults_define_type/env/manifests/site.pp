# A resource default for a defined type.
define app::site ($port = 80, $ssl = false) {
  notify { "${title} ${port} ${ssl}": }
}
App::Site { ssl => true }
app::site { 'a': }
app::site { 'b': ssl => false }
