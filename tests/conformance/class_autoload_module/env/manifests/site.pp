# Classes autoloaded from modules: init.pp, a file per class, nested directories.
include web
include web::config::nested::deep
