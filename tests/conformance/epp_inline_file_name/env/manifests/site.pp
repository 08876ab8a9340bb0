# Code in an inline EPP template is in the file "inlined-epp-text": the resources
# it declares and its warnings name that file.
$out = inline_epp(@(EPP))
  <% notify { 'from-template': message => $missing_variable } -%>
  text
  | EPP
notice($out)
