# A selector's regex captures are seen by the selected value only.
'release-7' =~ /(\w+)-(\d+)/
$major = 'app-2.1' ? {
  /^(\w+)-(\d+)/ => "${1}:${2}",
  default        => 'none',
}
$other = 'zzz' ? {
  /^(q)/  => 'q',
  default => "kept ${1} ${2}",
}
notify { 'sel': message => [$major, $other, "after ${1} ${2}"] }
