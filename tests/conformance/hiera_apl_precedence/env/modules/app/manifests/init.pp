class app (
  $from_hiera,
  $overridden = 'default loses',
  $with_default = 'default loses too',
  $only_default = 'default used',
  Optional[String] $nothing = undef,
) {
  notify { 'from_hiera': message => $from_hiera }
  notify { 'overridden': message => $overridden }
  notify { 'with_default': message => $with_default }
  notify { 'only_default': message => $only_default }
  notify { 'nothing': message => String($nothing) }
}
