class app { include app::base include app::basement }
