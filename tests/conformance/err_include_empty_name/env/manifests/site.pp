# An empty string is no class name.
$classes = ['']
contain $classes
