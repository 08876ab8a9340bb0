# Ruby's format %g/%G in templates: significant digits, %e form for small and large
# exponents, trailing zeros dropped unless '#'; infinities and NaN as C writes them.
$vals = [1234.5, 0.0001, 1e-5, 123456.0, 1234567.0, 0.0, -2.5, 100.0, 1.0e20, 0.000123456, 3]
notice(inline_template('<%= @vals.map { |v| "%g" % v }.join(" ") %>'))
notice(inline_template('<%= @vals.map { |v| "%.3g" % v }.join(" ") %>'))
notice(inline_template('<%= @vals.map { |v| "%#.3g" % v }.join(" ") %>'))
notice(inline_template('<%= @vals.map { |v| "%G|%.0g|%10.2g|%-8g|%+g" % [v, v, v, v, v] }.join(" ") %>'))
notice(inline_template('<%= format("%g %e %f %G", 1.0/0, -1.0/0, 0.0/0, 1.0/0) %>'))
