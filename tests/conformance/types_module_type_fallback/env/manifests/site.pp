# A type whose attributes come from a helper the static reader cannot follow:
# any attribute is accepted (Puppet knows x and y).
helped { 'h': x => 1, y => 2 }
