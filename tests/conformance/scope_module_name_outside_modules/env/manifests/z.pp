class inh::base { notify { 'inh-base': message => [$module_name, $caller_module_name] } }
class inh inherits inh::base { notify { 'inh': message => [$module_name, $caller_module_name] } }
include inh
[1].each |$x| { notify { 'lambda': message => [$module_name, $caller_module_name] } }
