class app {}
