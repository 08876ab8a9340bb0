class m { notice("m") }
class m::other(Optional[Foo::Bar] $x = undef) {}
