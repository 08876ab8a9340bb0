# $server_facts is refused everywhere, also in an array assignment in a class.
class app {
  [$a, $server_facts] = [1, 2]
}
include app
