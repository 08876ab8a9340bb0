$role = 'db'
include app
