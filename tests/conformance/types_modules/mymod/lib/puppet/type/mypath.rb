Puppet::Type.newtype(:mypath) do
  newparam(:path) do
    isnamevar
  end
  newproperty(:owner)
end
