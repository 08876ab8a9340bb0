# Marks stdlib 9's stdlib::nested_values present (Marionette implements it; regen-9.sh puts the real module here for Puppet).
