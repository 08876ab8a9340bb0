define probe () {
  notify { "define ${title}": message => "${::role} ${role}" }
}
class probe_class {
  notify { 'class': message => "${::role} ${role}" }
}
include probe_class
probe { 'x': }
notify { 'top': message => "${::role} ${role}" }
