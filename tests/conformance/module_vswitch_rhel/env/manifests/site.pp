include vswitch
