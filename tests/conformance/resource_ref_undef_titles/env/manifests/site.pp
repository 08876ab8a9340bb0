# Undef titles in a resource reference are dropped (firewall::linux::redhat writes
# Service[$service_name, $service_name_v6] with no v6 service).
$v6 = undef
service { "netfilter": }
exec { "reload": command => "/bin/true", before => Service["netfilter", $v6] }
notify { "refs": message => [Service["a", undef], Service[[undef, "b"]], Class["x", undef], Service[undef], Notify[[]]] }
