$s = Sensitive('secret')
notify { 't': message => inline_template('<%= @s %>|<%= @s.class %>') }
