# type alias for a parameterized type
type Range = Integer[1, 2]
