# A module file holds definitions only: a variable assigned beside the class is an error.
include app
