notice(epp('m/t.epp'))
