class m1 { notify { 'm1': } }
