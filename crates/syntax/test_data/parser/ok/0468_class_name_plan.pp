# 'plan' as a class name is only a deprecation warning
class plan { }
