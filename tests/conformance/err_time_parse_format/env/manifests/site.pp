$x = Timestamp('2024-13-45', '%Y-%m-%d')
