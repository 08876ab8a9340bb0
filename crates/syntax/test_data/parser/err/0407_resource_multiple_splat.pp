# * => may only be used once per body
file { 'a': * => $a, * => $b }
