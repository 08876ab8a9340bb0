# A class in the main manifest that a module file defines too: the clash is found
# when the module's file is loaded.
class web::extra {
  notify { 'site extra': }
}
include web
