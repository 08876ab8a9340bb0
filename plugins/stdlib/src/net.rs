//! IP addresses as Ruby's `IPAddr` reads them: `is_ip_address`, `enclose_ipv6`,
//! `stdlib::ip_in_range`...

use crate::ruby::{args3x, class, to_s};
use crate::{native, NativeFunction};
use marionette_catalog::Data;
use std::net::IpAddr;

/// An address with its prefix length (`IPAddr.new("10.0.0.0/8")`).
#[derive(Clone, Copy, Debug)]
pub struct Net {
    pub addr: IpAddr,
    pub prefix: u8,
}

impl Net {
    fn bits(&self) -> (u128, u32) {
        match self.addr {
            IpAddr::V4(a) => (u128::from(u32::from(a)), 32),
            IpAddr::V6(a) => (u128::from(a), 128),
        }
    }

    /// `IPAddr#include?`: same family, and the address within the network.
    pub fn includes(&self, other: &Net) -> bool {
        let ((a, width), (b, w2)) = (self.bits(), other.bits());
        if width != w2 {
            return false;
        }
        let host_bits = width - u32::from(self.prefix);
        let mask = if host_bits >= 128 {
            0
        } else {
            !0u128 << host_bits
        };
        a & mask == b & mask
    }
}

/// Ruby's `IPAddr.new(s)`: IPv4 (no zero-filled octets), IPv6 (optionally in
/// brackets, with a zone), each with an optional `/prefix` or `/mask`.
pub fn parse(s: &str) -> Option<Net> {
    let (addr, prefix) = match s.split_once('/') {
        Some((a, p)) => (a, Some(p)),
        None => (s, None),
    };
    let addr = addr
        .strip_prefix('[')
        .and_then(|a| a.strip_suffix(']'))
        .unwrap_or(addr);
    let addr = match addr.split_once('%') {
        Some((a, zone)) if a.contains(':') && !zone.is_empty() => a,
        _ => addr,
    };
    let ip: IpAddr = addr.parse().ok()?;
    let width = if ip.is_ipv4() { 32 } else { 128 };
    let prefix = match prefix {
        None => width,
        Some(p) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => {
            let n: u32 = p.parse().ok()?;
            if n > width {
                return None;
            }
            n
        }
        Some(mask) => {
            let m: IpAddr = mask.parse().ok()?;
            let bits = match (m, ip) {
                (IpAddr::V4(m), IpAddr::V4(_)) => u128::from(u32::from(m)) << 96,
                (IpAddr::V6(m), IpAddr::V6(_)) => u128::from(m),
                _ => return None,
            };
            let ones = bits.leading_ones();
            if bits.checked_shl(ones).unwrap_or(0) != 0 {
                return None;
            }
            ones.min(width)
        }
    };
    Some(Net {
        addr: ip,
        prefix: prefix as u8,
    })
}

fn err<T>(msg: impl Into<String>) -> Result<T, String> {
    Err(msg.into())
}

/// Ruby's `IPAddr#to_s` of an IPv6 address (the longest run of zero groups, the
/// leftmost of equals, as `::`), which is what Rust's `Display` writes too.
fn ip_to_s(ip: IpAddr) -> String {
    ip.to_string()
}

pub const FUNCTIONS: &[NativeFunction] = &[
    native!("enclose_ipv6", crate::ANY, |a, _| {
        let a = args3x(a);
        if a.len() != 1 {
            return err(format!(
                "enclose_ipv6(): Wrong number of arguments given {} for 1",
                a.len()
            ));
        }
        let input: Vec<Data> = match &a[0] {
            Data::String(_) => vec![a[0].clone()],
            Data::Array(items) => {
                let mut flat = Vec::new();
                crate::ruby::flatten(items, &mut flat);
                flat.into_iter().filter(|v| *v != Data::Undef).collect()
            }
            other => {
                return err(format!(
                    "enclose_ipv6(): Wrong argument type given {} expected String or Array",
                    class(other)
                ))
            }
        };
        let mut out: Vec<Data> = Vec::new();
        for v in input {
            let s = to_s(&v);
            let val = if s == "*" {
                v
            } else {
                match parse(&s) {
                    Some(n) if n.addr.is_ipv6() => Data::String(format!("[{}]", ip_to_s(n.addr))),
                    Some(_) => v,
                    None => {
                        return err(format!(
                            "enclose_ipv6(): Wrong argument given {s} is not an ip address."
                        ))
                    }
                }
            };
            if !out.contains(&val) {
                out.push(val);
            }
        }
        Ok(Data::Array(out))
    }),
    native!(
        "stdlib::ip_in_range",
        &["String ipaddress, Variant[String, Array] range"],
        |a, _| {
            let ip = parse(&to_s(&a[0])).ok_or_else(|| invalid(&to_s(&a[0])))?;
            let ranges = match &a[1] {
                Data::Array(items) => items.clone(),
                other => vec![other.clone()],
            };
            for r in &ranges {
                let s = to_s(r);
                let net = parse(&s).ok_or_else(|| invalid(&s))?;
                if net.includes(&ip) {
                    return Ok(Data::Bool(true));
                }
            }
            Ok(Data::Bool(false))
        }
    ),
];

/// Ruby's `IPAddr::InvalidAddressError` message.
pub fn invalid(s: &str) -> String {
    format!("invalid address: {s}")
}
