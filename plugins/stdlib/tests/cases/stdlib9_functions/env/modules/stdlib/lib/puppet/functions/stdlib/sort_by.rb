# Marks stdlib 9's stdlib::sort_by present (Marionette implements it; regen-9.sh puts the real module here for Puppet).
