File.expand_path('../..', File.dirname(__FILE__)).tap { |dir| $LOAD_PATH.unshift(dir) unless $LOAD_PATH.include?(dir) }
require 'puppet_x/composite/namevar'

Puppet::Type.newtype(:comp_service) do
  ensurable
  newparam(:name, :namevar => true)
  newparam(:type, :namevar => true)
  newproperty(:description)

  def self.title_patterns
    PuppetX::Composite::Namevar.split_patterns(:name, :type)
  end
end
