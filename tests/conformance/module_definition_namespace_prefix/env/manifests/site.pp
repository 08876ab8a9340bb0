# Names in a module file only need to start with the file's namespace (as strings):
# app::basement and app::base::x may be in app/manifests/base.pp.
include app
