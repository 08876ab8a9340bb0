node /^(foo|bar)\.example\.com$/ {
  notify { "matched ${1}": }
}
