# $module_name and $caller_module_name.
include alpha
beta::thing { 'from-site': }
notify { "site module=[${module_name}]": }
