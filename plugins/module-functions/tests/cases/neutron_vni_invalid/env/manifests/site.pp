# A VNI beyond 24 bits: neutron's validator raises.
validate_vni_ranges(['1:100', '100:16777216'])
