# String() of a Timestamp or Timespan with a format: Puppet hands it to Ruby's
# format, which writes the text for %s and the seconds for the number formats.
$t = Timestamp('2020-01-02T03:04:05.5Z')
$s = Timespan(-3600.25)
['%s', '%45s', '%d', '%x', '%o', '%.3f', '%e', '%g'].each |$f| {
  notice("${f}: ${String($t, $f)} | ${String($s, $f)}")
}
