Puppet::Type.type(:mytype).provide(:ruby) do
end
