# Defined types declaring defined types; evaluation order and containment.
define outer_def () {
  inner_def { "${title}-a": }
  inner_def { "${title}-b": }
  notify { "outer ${title}": }
}
define inner_def () {
  notify { "inner ${title}": }
}
outer_def { 'x': }
notify { 'top': }
