#!/usr/bin/env ruby
# Writes crates/eval/test_data/corpus_types.json: for every Ruby resource type of the
# Debian module corpus (/usr/share/puppet/modules/*/lib/puppet/type/*.rb), what real
# Puppet 7.23 loads from it (parameters, properties, key attributes, isomorphism, title
# patterns: regex source, options and attributes, `null` for an attribute with a proc), or
# the error loading it. tests/ruby_types.rs compares the static reader with it.
# Needs Ruby and Puppet (`apt-get install puppet-agent`); CI never runs it.
#
#   ruby crates/eval/gen/corpus_types.rb [MODULES_DIR]
require 'puppet'
require 'json'
require 'tmpdir'

# The title patterns as [source, options ('mix' letters), keys]; a key with a proc is
# null (its value is rewritten by code).
def title_patterns(type)
  type.title_patterns.map do |regex, keys|
    options = { 'm' => Regexp::MULTILINE, 'i' => Regexp::IGNORECASE, 'x' => Regexp::EXTENDED }
              .select { |_, bit| (regex.options & bit) != 0 }.keys.join
    [regex.source, options, keys.map { |k, proc| proc ? nil : k.to_s }]
  end
rescue StandardError => e
  "#{e.class}: #{e.message.lines.first&.chomp}"
end

modules = ARGV[0] || '/usr/share/puppet/modules'
out = File.expand_path('../test_data/corpus_types.json', __dir__)
result = {}
Dir.mktmpdir('marionette-types') do |dir|
  Puppet.initialize_settings(%W[--confdir #{dir}/conf --vardir #{dir}/var
                                --codedir #{dir}/code --vendormoduledir #{dir}/vendor])
  Dir.glob("#{modules}/*/lib").sort.each { |lib| $LOAD_PATH.unshift(lib) }
  env = Puppet::Node::Environment.create(:corpus, [modules])
  Puppet.override(current_environment: env) do
    Dir.glob("#{modules}/*/lib/puppet/type/*.rb").sort.each do |file|
      name = File.basename(file, '.rb')
      key = file.delete_prefix("#{modules}/")
      begin
        t = Puppet::Type.type(name.to_sym)
        raise 'not loaded' unless t
        result[key] = {
          'parameters' => t.parameters.map(&:to_s),
          'properties' => t.validproperties.map(&:to_s),
          'key_attributes' => t.key_attributes.map(&:to_s),
          'isomorphic' => t.isomorphic?,
          'title_patterns' => title_patterns(t),
        }
      rescue Exception => e # rubocop:disable Lint/RescueException
        result[key] = { 'error' => "#{e.class}: #{e.message.lines.first&.chomp}" }
      end
    end
  end
end
File.write(out, JSON.pretty_generate(result) + "\n")
puts "wrote #{out}: #{result.size} types, #{result.count { |_, v| v['error'] }} not loadable"
