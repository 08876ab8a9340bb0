# chain arrow at end of line
File['a'] ->
File['b']
