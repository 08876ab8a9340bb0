Puppet::Type.newtype(:mytype) do
  @doc = 'A test type.'
  ensurable
  newparam(:name, namevar: true) do
    desc 'The name.'
  end
  newproperty(:value) do
    desc 'The value.'
  end
  newparam(:force, boolean: true)
end
