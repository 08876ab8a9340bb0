mykey { 'k@rsa': key => 'AAA' }
mykey { 'j': keytype => 'dsa' }
mykey { 'k@ecdsa': }
notify { 'n': require => [Mykey['k@rsa'], Mykey['j']] }
