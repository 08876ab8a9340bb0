class app { include app::base }
