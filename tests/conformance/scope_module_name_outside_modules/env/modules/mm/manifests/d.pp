define mm::d() {
  notify { "mm-${title}": message => [$module_name, $caller_module_name, $module_name == undef, $caller_module_name == undef] }
}
