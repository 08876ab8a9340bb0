class m { notify { "m ${module_name} ${caller_module_name}": } }
