# A nested class in a module's init.pp is visible once the outer class is loaded.
include mod
include mod::helper
