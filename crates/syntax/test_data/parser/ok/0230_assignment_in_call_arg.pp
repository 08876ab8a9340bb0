# assignment as a call argument
notice($x = 1)
