function h(Lower $x) >> String { "h(${x}) ${environment::g()}" }
