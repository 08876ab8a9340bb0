# type alias for a Struct
type X = Struct[{a => Integer, Optional[b] => String}]
