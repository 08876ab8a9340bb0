# node body ending in a string
node default { 'x' }
