if 'outer-1' =~ /(\w+)-(\d)/ {
  if 'inner' =~ /(in)(ner)/ {
    notify { 'inner': message => "${1} ${2}" }
  }
  notify { 'outer': message => "${1} ${2}" }
}
notify { 'after': message => "[${1}]" }
if 'x' =~ /y/ { } elsif 'abc' =~ /(b)/ { notify { 'elsif': message => $1 } }
case 'foo123' {
  /^foo(\d+)$/: { notify { 'case': message => $1 } }
  default: {}
}
$s = 'k=v' ? { /^(\w)=(\w)$/ => "${2}${1}", default => 'none' }
notify { 'sel': message => $s }
unless 'abc' !~ /(c)/ { notify { 'unless': message => "[${1}]" } }
