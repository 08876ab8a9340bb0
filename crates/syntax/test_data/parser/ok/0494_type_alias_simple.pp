# type alias for a plain type
type Simple = Integer
