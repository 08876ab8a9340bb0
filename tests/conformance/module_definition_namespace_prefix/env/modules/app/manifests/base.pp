class app::base { notice('base') }
class app::basement { notice('basement') }
class app::base::x { notice('x') }
