include app
$t = lookup('secret_token')
notify { 'token type': message => String(type($t, generalized)) }
notify { 'token': message => $t }
