# app/types/port.pp must define App::Port, not another name.
notice(80 =~ App::Port)
