# redefining a built-in type (rejected by the loader, not by the checker)
type Integer = String
