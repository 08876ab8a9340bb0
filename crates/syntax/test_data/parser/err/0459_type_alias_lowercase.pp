# type alias names must be capitalised
type foo = Integer
