notice(epp('m/t.epp'))
notice(epp('m/t.epp'))
notice(inline_epp('<%= { z => 1, z => 2 } %>'))
