# Records what Ruby's ERB renders for every ERB template of the Debian module corpus,
# each with a synthetic scope, for tests/erb_corpus.rs to compare Marionette with.
#
#   ruby tools/erb-corpus/record.rb [MODULES_DIR] > tests/erb_corpus/expected.json
#
# For each template the variables it reads (`@x`, `scope['x']`, `scope.lookupvar('x')`,
# `has_variable?('x')`) get plausible values: first all strings, then, while rendering
# fails, each variable in turn tries a boolean, an array, a hash, an integer or nil,
# keeping a value that lets the render go further. Rendering is ERB with
# trim_mode '-' in an object that has the variables as instance variables and a
# `scope` that reads them, as Puppet's TemplateWrapper does; `versioncmp` is Puppet's.
# Each entry: the template (relative to MODULES_DIR), the variables, and the sha256
# and length of the output (or the Ruby error).
require 'erb'
require 'json'
require 'yaml'
require 'ripper'
require 'digest'

def versioncmp(a, b)
  # Puppet::Util::Package.versioncmp, without loading Puppet
  vre = /[-.]|\d+|[^-.\d]+/
  ax = a.scan(vre)
  bx = b.scan(vre)
  while ax.length > 0 && bx.length > 0
    a = ax.shift
    b = bx.shift
    next if a == b
    return -1 if a == '-'
    return 1 if b == '-'
    return -1 if a == '.'
    return 1 if b == '.'
    if a =~ /^\d+$/ && b =~ /^\d+$/
      return a.to_s.upcase <=> b.to_s.upcase if a =~ /^0/ || b =~ /^0/
      return a.to_i <=> b.to_i
    end
    return a.upcase <=> b.upcase
  end
  ax.length <=> bx.length
end

class FakeScope
  def initialize(vars); @vars = vars; end
  def lookupvar(name); @vars[name.sub(/\A::/, '')]; end
  def [](name); lookupvar(name); end
  def include?(name); !lookupvar(name).nil?; end
  def to_hash; @vars.reject { |k, _| k.include?('::') }; end
  def call_function(name, args); dispatch(name, args); end
  def method_missing(m, *args)
    name = m.to_s[/\Afunction_(.*)\z/, 1]
    super unless name
    dispatch(name, args[0])
  end
  def respond_to_missing?(m, p = false); m.to_s.start_with?('function_') || super; end
  def dispatch(name, args)
    case name
    when 'versioncmp' then versioncmp(args[0], args[1])
    else raise ArgumentError, "Unknown function #{name}"
    end
  end
end

class Wrapper
  def initialize(vars)
    @__scope__ = FakeScope.new(vars)
    @__scope__.to_hash.each { |k, v| instance_variable_set("@#{k.gsub(/[^\w]/, '_')}", v) }
  end
  def scope; @__scope__; end
  def file; nil; end
  def has_variable?(name); scope.include?(name.to_s); end
  def render(src); ERB.new(src, trim_mode: '-').result(binding); end
end

def referenced(src)
  code = ERB.new(src, trim_mode: '-').src
  names = []
  Ripper.lex(code).each { |(_, type, tok, _)| names << tok[1..] if type == :on_ivar }
  code.scan(/(?:lookupvar|scope\[|has_variable\?)\(?\s*['"]([\w:]+)['"]/) { names << $1.sub(/\A::/, '') }
  names.uniq.reject { |n| n.start_with?('__') }
end

def attempt(src, vars)
  # templates may change the values they get (map!, <<): each attempt gets copies
  out = Wrapper.new(Marshal.load(Marshal.dump(vars))).render(src)
  [true, out, 1 << 30]
rescue Exception => e
  line = (e.backtrace || []).find { |l| l.start_with?('(erb)') }.to_s[/:(\d+)/, 1].to_i
  [false, "#{e.class}: #{e.message}", line]
end

modules = ARGV[0] || '/usr/share/puppet/modules'
files = Dir.glob("#{modules}/*/**/*.erb").sort
entries = files.map do |path|
  src = File.read(path)
  names = referenced(src)
  vars = names.to_h { |n| [n, "#{n.split('::').last}_value"] }
  candidates = lambda { |n| [true, false, ['one', 'two'], { 'key1' => 'value1', 'key2' => 'value2' }, 8080, nil, "#{n}_value"] }
  ok, out, line = attempt(src, vars)
  2.times do
    break if ok
    names.each do |n|
      break if ok
      best = nil
      candidates.call(n).each do |c|
        trial = vars.merge(n => c)
        r = attempt(src, trial)
        if r[0] || r[2] > line
          best = [trial, r]
          break if r[0]
        end
      end
      next unless best
      vars = best[0]
      ok, out, line = best[1]
    end
  end
  vars = vars.reject { |_, v| v.nil? }
  entry = { 'template' => path.sub("#{modules}/", ''), 'vars' => vars }
  if ok
    entry['sha256'] = Digest::SHA256.hexdigest(out)
    entry['length'] = out.bytesize
  else
    entry['error'] = out
  end
  entry
end
puts JSON.pretty_generate(entries)
