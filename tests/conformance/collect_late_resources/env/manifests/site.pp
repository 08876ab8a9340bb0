# Collectors also find resources declared later, inside defined types.
define maker () {
  @notify { "made by ${title}": tag => 'made' }
}
Notify <| tag == 'made' |> { message => 'collected' }
maker { 'one': }
class later {
  maker { 'two': }
}
include later
