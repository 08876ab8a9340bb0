# Absolute class names (leading ::) and names with capitals in strings.
class apache { notify { 'apache': } }
include ::apache
include 'Apache'
require '::apache'
contain ::apache
