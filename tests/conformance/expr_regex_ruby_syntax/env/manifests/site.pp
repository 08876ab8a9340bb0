$nl = "a\nb"
notify { 'r': message => [
  'é' =~ /\w/, 'é' =~ /^\W$/, '٣' =~ /\d/, "\u00a0" =~ /\s/,
  $nl =~ /(?m)a.b/, $nl =~ /a.b/, $nl =~ /^b$/, $nl =~ /\Aa\z/, "ab\n" =~ /ab\Z/,
  'ABC' =~ /(?i)abc/, 'x7f' =~ /\A\h+\z/, '7f' =~ /\A\h+\z/, 'a_b-c' =~ /\A[\w-]+\z/,
  'foo.bar' =~ /(?<first>\w+)\.(?<second>\w+)/, 'aaa' =~ /\Aa{2,}\z/, 'tab	x' =~ /[[:space:]]/, 'Ünï' =~ /\A[[:alpha:]]+\z/,
] }
if 'key=value' =~ /(?<k>\w+)=(?<v>\w+)/ { notify { 'named': message => [$0, $1, $2] } }
