include m1
notify { 'site': }
