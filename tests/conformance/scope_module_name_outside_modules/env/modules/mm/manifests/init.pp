class mm {
  notify { 'mm': message => [$module_name, $caller_module_name, $module_name == undef, $caller_module_name == undef] }
  d1 { 'from-mm': }
  mm::d { 'from-mm': }
}
