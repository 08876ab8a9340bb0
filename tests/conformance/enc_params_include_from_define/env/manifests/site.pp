define wants_app () {
  include app
  notify { "wants ${title}": message => "port ${app::port}" }
}
node default {
  wants_app { 'x': }
}
