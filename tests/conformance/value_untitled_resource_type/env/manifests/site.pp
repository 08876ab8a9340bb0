# A resource type without a title in an attribute value is a reference with an
# empty title.
define app::thing() {}
notify { 'r': message => [Notify, Resource['exec'], Stage, App::Thing, {Notify => Exec}, Class['x'], File['/x']] }
Notify { loglevel => Notify }
notify { 'defaulted': }
