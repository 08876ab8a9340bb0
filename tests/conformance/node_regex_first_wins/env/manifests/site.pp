# Two regexes match: the first in file order wins.
node /^web/ {
  notify { 'first regex': }
}
node /example\.com$/ {
  notify { 'second regex': }
}
