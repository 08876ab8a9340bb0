$x = Timestamp('2024-05-06 +01:00', '%Y-%m-%d %z', 'UTC')
