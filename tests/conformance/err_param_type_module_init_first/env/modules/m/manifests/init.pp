class m(Optional[Stdlib::Nothing_here] $x = undef) {}
