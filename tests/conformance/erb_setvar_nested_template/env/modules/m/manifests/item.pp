# Each instance of a define has its own variables: setvar in one does not clash with another.
define m::item {
  $text = template('m/item.erb')
  notify { "item ${title}": message => $text }
  notify { "item ${title} seen": message => $seen }
}
