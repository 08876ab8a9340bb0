include ovn
