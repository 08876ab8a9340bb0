type App::Other = Integer
