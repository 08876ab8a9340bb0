class app::sub::x { notice('x') }
define app::sub::y() { }
define app::suby() { }
