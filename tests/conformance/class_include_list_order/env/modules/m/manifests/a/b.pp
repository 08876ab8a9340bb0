class m::a::b { notify { "m::a::b ${module_name} ${caller_module_name}": } }
