class app::base { notice('base') }
class app::basement { notice('basement') }
class app::other { notice('other') }
