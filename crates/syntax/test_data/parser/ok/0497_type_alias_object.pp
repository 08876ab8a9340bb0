# type alias for an Object type
type Obj = Object[{ attributes => { a => Integer } }]
