class alpha {
  notify { "alpha module=${module_name} caller=${caller_module_name}": }
  beta::thing { 'from-alpha': }
}
