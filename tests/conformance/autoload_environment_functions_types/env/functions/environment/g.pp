function environment::g() >> Environment::Small { 3 }
