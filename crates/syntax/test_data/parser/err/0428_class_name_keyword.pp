# keywords cannot be class names
class if { }
