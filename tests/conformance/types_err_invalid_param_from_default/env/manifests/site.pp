# Defaults are attributes too, checked when the resource is finished.
File { nosuch => 1 }
file { '/tmp/x': }
