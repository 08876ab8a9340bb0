$j = @(EOT:json)
  {"a": [1, 2]}
  | EOT
$k = @("END":yaml/t)
  key:\tvalue
  | END
notify { 'h': message => [$j, $k] }
