# A run-time error in an inline EPP template is located in "inlined-epp-text".
$out = inline_epp("line one\n<% \$x = 1 -%>\n<% \$x = 2 -%>\n")
