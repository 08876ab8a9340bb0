$s = "line1
  line2"
$t = 'single
multi'
notify { 'm': message => [$s, $t, "tab\there", "\u{48}\u{49}"] }
