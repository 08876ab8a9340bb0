$l = ['a', undef, ['b', undef]]
notify { 't': message => inline_template('<%= @l.join(",") %>|<%= @l.flatten.compact.join(" ") %>|<%= @l.to_s %>|<%= [nil].to_s %>|<%= @l.map(&:to_s).inspect %>') }
