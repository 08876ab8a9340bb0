# inline_epp() with a syntax error names the text as inlined-epp-text.
notice(inline_epp('<%= if { %>'))
