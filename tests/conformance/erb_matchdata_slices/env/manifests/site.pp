# MatchData#[] with a range or a start and length slices the groups like an array.
$addr = '10.1.2.3:443'
notify { 'range':
  message => inline_template('<% md = /^((\d+)\.(\d+)\.(\d+)\.(\d+))?(.*)/.match(@addr) %><%= md[2..5].inspect %> <%= md[2..5].inject(0) { |a, o| (a << 8) + o.to_i } %> <%= md[-2..].inspect %> <%= md[5...9].inspect %> <%= md[9..].inspect %>'),
}
notify { 'start_length':
  message => inline_template('<% md = /(a)(b)?(c)/.match("xac") %><%= md[1, 2].inspect %> <%= md[0, 10].inspect %> <%= md[4, 1].inspect %> <%= md[5, 1].inspect %> <%= md[-1, 1].inspect %>'),
}
