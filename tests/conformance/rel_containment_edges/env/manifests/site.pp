# Containment edges: stage -> class -> resources; define -> its resources.
define d () { notify { "in ${title}": } }
class c {
  d { 'inst': }
  notify { 'in c': }
}
include c
notify { 'in main': }
