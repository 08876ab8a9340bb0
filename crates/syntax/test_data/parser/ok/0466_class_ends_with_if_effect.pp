# class ending with an if whose branches have effects
class a {
  if $x { notice(1) } else { notice(2) }
}
