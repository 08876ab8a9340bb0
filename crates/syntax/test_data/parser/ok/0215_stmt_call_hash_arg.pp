# statement call with a hash argument (parsed via the resource-without-title rule)
notice {a => 1}
