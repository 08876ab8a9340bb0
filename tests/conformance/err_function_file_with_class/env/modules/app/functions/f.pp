function app::f() { 1 }
class app::fclass {}
