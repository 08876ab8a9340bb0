$all = {
  'str'   => $str,
  'int'   => $int,
  'neg'   => $neg,
  'float' => $float,
  'yes'   => $yes_word,
  'no'    => $bool_false,
  'null'  => $nothing,
  'empty' => $empty,
  'quoted_int' => $quoted_int,
  'octal' => $octal,
  'sexa'  => $sexa,
  'exp'   => $exp,
  'sym'   => $sym,
  'arr'   => $arr,
  'hash'  => $hash,
}
$all.each |$k, $v| {
  notify { "type ${k}": message => String(type($v, generalized)) }
}
notify { 'values': message => $all }
notify { 'null is set': message => defined('$nothing') }
notify { 'null is undef': message => $nothing =~ Undef }
