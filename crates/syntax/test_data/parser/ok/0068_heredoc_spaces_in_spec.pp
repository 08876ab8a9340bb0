# whitespace allowed inside @( ) and around syntax
$x = @( END : json)
  {}
  END
