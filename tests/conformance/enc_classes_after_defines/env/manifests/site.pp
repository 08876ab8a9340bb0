define early () {
  # runs before the ENC classes are evaluated
  notify { "early ${title}": message => "app evaluated: ${defined('$app::port')}" }
}
node default {
  early { 'x': }
}
