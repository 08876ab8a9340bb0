Puppet::Type.newtype(:mykey) do
  def self.title_patterns
    [
      [%r{^(.*?)@(.*)$}, [[:name], [:keytype]]],
      [%r{^([^@]+)$}, [[:name]]],
    ]
  end
  newparam(:name) do
    isnamevar
  end
  newparam(:keytype) do
    isnamevar
  end
  newproperty(:key)
end
