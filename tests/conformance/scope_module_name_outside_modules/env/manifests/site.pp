# $module_name and $caller_module_name outside modules: the main manifests, their
# classes, defines and nodes are of the module '' (top scope has no caller).
define d1() {
  notify { "d1-${title}": message => [$module_name, $caller_module_name, $module_name == undef, $caller_module_name == undef] }
}
class c1 {
  notify { 'c1': message => [$module_name, $caller_module_name, $module_name == undef, $caller_module_name == undef] }
  d1 { 'from-c1': }
  mm::d { 'from-c1': }
}
node default {
  notify { 'node': message => [$module_name, $caller_module_name, $module_name == undef, $caller_module_name == undef] }
  d1 { 'from-node': }
  mm::d { 'from-node': }
  include c1
  include mm
}
d1 { 'top': }
mm::d { 'top': }
notify { 'top': message => [$module_name, $caller_module_name, $module_name == undef, $caller_module_name == undef] }
