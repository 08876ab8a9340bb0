type App::Port = Integer[1,65535]
type App::Portx = String
