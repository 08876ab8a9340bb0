require 'puppet_x/composite/namevar'

Puppet::Type.newtype(:comp_endpoint) do
  newparam(:name, :namevar => true)
  newparam(:region, :namevar => true)
  newparam(:type, :namevar => true)
  newproperty(:url)

  def self.region_re
    Regexp.new(/[^\/]+/)
  end

  def self.title_patterns
    name = PuppetX::Composite::Namevar.not_two_colons
    type = Regexp.new(/.+/)
    region = region_re
    [
      [/^(#{region})\/(#{name})::(#{type})$/, [[:region], [:name], [:type]]],
      [/^(#{region})\/(#{name})$/, [[:region], [:name]]],
      [/^(#{name})$/i, [[:name]]]
    ]
  end
end
