#!/usr/bin/ruby
# Rewrites yaml.txt with real Ruby's `to_yaml` of each case's expression (run with the
# Ruby Puppet 7.23 runs on: Debian 12's ruby 3.1, Psych 4.0.3, libyaml 0.2.5).
#
#   ruby crates/erb/tests/yaml-regen.rb
#
# yaml.txt: a header of `#` lines, then cases: `=== EXPR` and the lines `EXPR.to_yaml`
# gives (or, when EXPR ends with its own `.to_yaml(options)` call, what EXPR gives). EXPR
# is Ruby the template interpreter also runs (`<%= (EXPR).to_yaml %>`).
require 'yaml'
path = File.join(__dir__, 'yaml.txt')
header, *cases = File.read(path).split(/^=== /)
File.open(path, 'w') do |out|
  out.write(header)
  cases.each do |c|
    expr = c.lines.first.chomp
    out.write("=== #{expr}\n")
    out.write(expr.match?(/\.to_yaml\(.*\)\z/) ? eval(expr) : eval(expr).to_yaml)
  end
end
