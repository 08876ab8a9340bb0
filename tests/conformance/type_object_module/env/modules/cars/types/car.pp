type Cars::Car = Object[{attributes => {make => String, year => Integer}}]
