# Timestamp() is now (puppetlabs-apt's update frequency compares it with a fact).
$now = Timestamp()
$daily_threshold = Integer($now.strftime('%s')) - 86400
if $now > Timestamp('2020-01-01T00:00:00Z') {
  notify { 'after 2020': }
}
if 1600000000 < $daily_threshold {
  notify { 'apt update is due': }
}
