class app { }
define app::site { }
define app::site { }
