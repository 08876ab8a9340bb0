# Legacy matching: for each name (full, then chopped) exact names, then regexes.
node /^www\d+$/ {
  notify { "regex on chopped ${0}": }
}
node 'www01' {
  notify { 'exact chopped': }
}
node default {
  notify { 'default': }
}
