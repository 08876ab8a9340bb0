# Ruby's `^` does not match at the end of a text that ends with a newline.
$t = "a\nb\n"
notice(regsubst($t, '^', '  ', 'G'))
notice("foo\n" =~ /^\s*$/)
notice("foo\n\n" =~ /^\s*$/)
notice("a\n" =~ /\n^/)
notice(regsubst("x\ny\n", '^(\s*)', '[\1]', 'G'))
notice(regsubst("x\ny\n", '^[a-z]', '#', 'G'))
notice(regsubst("x\ny\n", '^(?:x|)', '#', 'G'))
notice(regsubst("x\ny\n", '(?:^)y?', '#', 'G'))
notice(regsubst("", '^', '#', 'G'))
notice(regsubst("\n", '^', '#', 'G'))
notice(inline_template("<%= @t.gsub(/^/, '  ') %>|<%= @t.scan(/^/).size %>|<%= (@t =~ /\\n^/).inspect %>|<%= @t.gsub(/^(?:#|$)/, '-') %>|<%= @t.gsub(/^\\s*/, '>') %>|<%= @t.gsub(/^a/, '>') %>"))
