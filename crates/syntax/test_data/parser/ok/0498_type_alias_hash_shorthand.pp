# type alias with a bare hash (Object shorthand)
type ObjShort = { attributes => { a => Integer } }
