notice(inline_epp('<%= { k => 1, k => 2 } %>'))
