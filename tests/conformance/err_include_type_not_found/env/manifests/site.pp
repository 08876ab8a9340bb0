# A bare capitalised name is a type reference, not a class name.
class some::thing { }
include Some::Thing
