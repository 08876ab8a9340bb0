# strftime with a width: %3N/%6N/%12N give that many digits of the fraction, %5L
# too; numbers pad with zeros, words with blanks, the zone after its sign.
$t = Timestamp('2024-02-29T12:34:56.789123Z')
notify { 'widths':
  message => [
    $t.strftime('%3N|%6N|%N|%12N|%L|%5L'), $t.strftime('%10A|%5d|%_5d|%-5d|%05e|%3Y|%8s'),
    $t.strftime('%^a %^B %10z'),
  ],
}
