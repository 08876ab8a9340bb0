Puppet::Type.newtype(:mycmd) do
  newparam(:command, :namevar => true)
  newparam(:cwd)
  @isomorphic = false
end
