# 'plan' is a future reserved word: a class, define or function of that name, or a
# return type Plan, is warned of when the file is loaded.
class plan { notify { 'in plan': } }
function f() >> Plan { 1 }
include plan
