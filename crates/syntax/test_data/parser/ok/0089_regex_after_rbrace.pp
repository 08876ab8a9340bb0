# regex after } (case options)
case $x {
  'a': { notice(1) }
  /b/: { notice(2) }
}
