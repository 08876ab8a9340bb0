# include takes class references only: another resource type is refused.
class foo {}
include foo, Notify['x']
