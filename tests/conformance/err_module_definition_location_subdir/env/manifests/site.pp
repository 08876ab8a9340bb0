# The namespace of app/manifests/sub/x.pp is app::sub::x: app::sub::y and app::suby fail.
include app::sub::x
