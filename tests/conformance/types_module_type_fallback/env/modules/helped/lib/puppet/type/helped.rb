require_relative '../../puppet_x/helped/params'

Puppet::Type.newtype(:helped) do
  extend PuppetX::Helped::Params
  newparam(:name, namevar: true)
  create_parameters
end
