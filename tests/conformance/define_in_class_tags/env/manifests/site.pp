# A define instance in a class gets the class tags; its resources get both.
define web::site () {
  file { "/srv/${title}": }
}
class web::sites {
  web::site { 'blog': tag => 'extra' }
}
include web::sites
