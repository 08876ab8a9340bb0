notify { "json": message => ["${lookup("big")}", "${lookup("small")}", lookup("big") > 1, lookup("small")[1] < 0] }
