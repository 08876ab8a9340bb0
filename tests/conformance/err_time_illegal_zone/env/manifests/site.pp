$x = Timestamp('2024-01-01').strftime('%F', 'America/New_York')
