# String#match and String#match? compile a string argument as a regular expression,
# not as literal text (apache's _directories.erb tests providers this way).
$providers = ['location', 'filesmatch', 'proxy', 'virtual', 'a.b']
notify { 'match':
  message => inline_template('<% @providers.each do |p| %><%= p %>=<%= p.match("(directory|location|files|proxy)") ? "y" : "n" %>/<%= p.match?("^.\\.b$") %>/<%= p.match("o(.)").inspect %> <% end %>'),
}
