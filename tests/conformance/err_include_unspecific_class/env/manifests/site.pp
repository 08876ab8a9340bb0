# A Class type without a name is no class to include.
include Class
