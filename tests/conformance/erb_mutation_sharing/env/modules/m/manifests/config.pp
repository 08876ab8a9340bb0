class m::config($settings = {}) {
  notify { 'settings when declared': message => $settings }
}
