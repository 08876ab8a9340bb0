class { 'app': overridden => 'resource-like wins' }
