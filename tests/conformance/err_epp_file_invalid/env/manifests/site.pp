# An EPP template that does not validate: epp() names it and where it is.
notice(epp('m/v.epp', { x => 1 }))
