# A syntax error in an autoloaded class is reported as it is (no "Could not parse
# for environment"), at its line and column.
include m
