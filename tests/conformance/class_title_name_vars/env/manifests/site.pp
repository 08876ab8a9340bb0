# $title and $name in a class are the class name.
class some::thing {
  notify { "title=${title} name=${name}": }
}
include some::thing
