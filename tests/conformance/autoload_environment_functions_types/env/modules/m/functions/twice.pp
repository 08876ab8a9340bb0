function m::twice(Environment::Small $n) >> Integer { $n * 2 + environment::g() }
