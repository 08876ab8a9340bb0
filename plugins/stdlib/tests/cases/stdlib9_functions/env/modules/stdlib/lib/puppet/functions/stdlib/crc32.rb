# Marks stdlib 9's stdlib::crc32 present (Marionette implements it; regen-9.sh puts the real module here for Puppet).
