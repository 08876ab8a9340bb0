$x = Timestamp('2024-05-06', ['%Y/%m/%d', '%d.%m.%Y'])
