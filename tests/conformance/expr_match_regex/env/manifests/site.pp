if 'abcdef' =~ /b(c)(d)?(x)?/ {
  notify { 'm1': message => "0=${0} 1=${1} 2=${2} 3=[${3}]" }
}
notify { 'm2': message => ['abc' =~ 'a.c', 'abc' !~ /z/, 'ABC' =~ /abc/, 'ABC' =~ /(?i)abc/, "line1\nline2" =~ /^line2$/] }
$r = /^(\w+)\.(\w+)$/
if 'host.example' =~ $r { notify { 'm3': message => "${1}|${2}" } }
