class m::x { notify { "m::x ${module_name} ${caller_module_name}": } }
