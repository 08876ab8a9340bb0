type M::T = Integer[
