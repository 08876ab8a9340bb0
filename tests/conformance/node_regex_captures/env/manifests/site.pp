# A regex node; captures are $1, $2 in its body.
node /^(www)(\d+)$/ {
  notify { "kind ${1} number ${2} all ${0}": }
}
node default {
  notify { 'default': }
}
