# A parameter type that cannot be made fails when the file loads.
class unused(Integer[1, "a"] $x = 1) {}
notice("before")
