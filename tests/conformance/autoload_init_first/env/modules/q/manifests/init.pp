# Loaded first whenever a manifest of the module is (#4220), so its classes are known.
class q { notify { "q": } }
class q::helper { notify { "helper from init.pp": } }
