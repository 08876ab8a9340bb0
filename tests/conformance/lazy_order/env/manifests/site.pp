# Puppet's order: main code, then defined types and collectors until nothing
# changes. Resources appear in the order they were added.
define level1 () {
  notify { "l1 ${title}": }
  level2 { "${title}": }
  @notify { "virtual from l1 ${title}": tag => 'late' }
}
define level2 () {
  notify { "l2 ${title}": }
}
Notify <| tag == 'late' |>
level1 { 'a': }
notify { 'main': }
level1 { 'b': }
