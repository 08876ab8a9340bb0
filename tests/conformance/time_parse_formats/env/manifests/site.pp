$p = [
  Timestamp('2024-05-06 07:08:09', '%Y-%m-%d %H:%M:%S'),
  Timestamp('06/05/2024', ['%d/%m/%Y', '%Y']),
  Timestamp({string => '2024-05-06', format => '%Y-%m-%d'}),
  Timestamp('2024-05-06 07:08', '%Y-%m-%d %H:%M', 'CET'),
  Timestamp({string => '2024-05-06 07:08:00', timezone => '-05:00'}),
  Timestamp('2024-05-06 EST', '%Y-%m-%d %Z'),
  Timestamp('2024-05-06T10:11:12+02:00'),
  Timestamp('2024-05-06 10:11:12.123456789 PST'),
  Timestamp('Mon, 06 May 2024 10:11:12 GMT', '%a, %d %b %Y %H:%M:%S %Z'),
  Timestamp('12/31/99 11:59 PM', '%D %I:%M %p'),
  Timestamp('2024-100', '%Y-%j'),
  Timestamp(1700000000.25),
  Timestamp(-1),
]
notify { 'parsed': message => $p }
notify { 'formatted': message => [
  Timestamp(1700000000).strftime('%c | %x | %X | %r | %U %W %V %G %u %w %y %C %I %l %p %P %k %j %e %s %%'),
  Timestamp(-1).strftime('%F %T %s'),
  Timestamp('2024-05-06', '%F', '-0330').strftime('%FT%T %z %Z', '+0530'),
  strftime(Timestamp('2024-03-01T12:00:00Z'), '%F %T %z', 'EST'),
  Timestamp('2024-03-01T12:00:00Z').strftime('%F %T %z %:z %Z', 'CET'),
] }
