class m {
  $taken = 1
  $text = inline_template("<%- scope.setvar('taken', 2) -%>")
}
include m
