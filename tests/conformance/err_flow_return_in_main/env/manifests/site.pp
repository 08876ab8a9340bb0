notify { 'before': }
if true {
  return()
}
notify { 'after': }
