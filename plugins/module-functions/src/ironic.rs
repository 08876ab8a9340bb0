//! puppet-ironic: `ipv6_normalize_dnsmasq_ip_subnets`, dnsmasq's subnets with an IPv6
//! netmask as a prefix length and without an IPv6 gateway.

use crate::NativeFunction;
use marionette_catalog::Data;
use marionette_stdlib::{net, ruby};

pub const FUNCTIONS: &[NativeFunction] = &[NativeFunction {
    name: "ipv6_normalize_dnsmasq_ip_subnets",
    signatures: &["Any args"],
    imp: |a, _| match a.first() {
        Some(Data::Array(subnets)) => Ok(Data::Array(subnets.iter().map(normalize).collect())),
        Some(other) => Err(crate::no_method("each", other)),
        None => Err("ipv6_normalize_dnsmasq_ip_subnets: expects 1 argument".into()),
    },
}];

/// `IPAddr.new(s)` of a String that is an IPv6 address (or network).
fn ipv6(d: Option<&Data>) -> Option<net::Net> {
    match d {
        Some(Data::String(s)) => net::parse(s).filter(|n| n.addr.is_ipv6()),
        _ => None,
    }
}

fn normalize(subnet: &Data) -> Data {
    let Data::Hash(entries) = subnet else {
        return subnet.clone();
    };
    let key = |k: &str| Data::String(k.into());
    let mut out = entries.clone();
    if let Some(mask) = ipv6(ruby::get(entries, &key("netmask"))) {
        let std::net::IpAddr::V6(addr) = mask.addr else {
            return subnet.clone();
        };
        let keep = if mask.prefix == 0 {
            0
        } else {
            u128::MAX << (128 - u32::from(mask.prefix))
        };
        let ones = (u128::from(addr) & keep).count_ones();
        ruby::put(&mut out, key("netmask"), Data::Integer(ones.into()));
    }
    if ipv6(ruby::get(entries, &key("gateway"))).is_some() {
        out.retain(|(k, _)| !ruby::eql(k, &key("gateway")));
    }
    Data::Hash(out)
}
