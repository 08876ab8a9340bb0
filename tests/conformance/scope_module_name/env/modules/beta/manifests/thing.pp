define beta::thing () {
  notify { "beta ${title} module=${module_name} caller=${caller_module_name}": }
}
