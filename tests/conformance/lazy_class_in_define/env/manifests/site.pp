# A class included from a defined type is evaluated when the define is.
define d () {
  include from_define
  notify { "d ${title}": }
}
class from_define { notify { 'class from define': } }
d { 'x': }
notify { 'main after d': }
