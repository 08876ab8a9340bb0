class app::x { notice('x') }
if true { class app::x::y { notice('y') } }
