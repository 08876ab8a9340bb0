notice(inline_epp("ab\n cd<%# unclosed"))
