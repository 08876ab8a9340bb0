class m::sub { notice("sub") }
