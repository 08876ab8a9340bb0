# strftime(format[, timezone]) formats the current time; Puppet warns once that the
# form is deprecated.
$year = strftime('%Y')
notify { 'year':
  message => [$year =~ /^\d{4}$/, Integer($year) >= 2024, strftime('literal', 'UTC')],
}
$a = [1, 2].map |$x| { strftime('%%') }
notify { 'again': message => $a }
