//! Ruby's `IPAddr` (the ipaddr gem 1.2.4 of Ruby 3.1): parsing with its rules and
//! messages (no zero-filled IPv4 octets, `/prefix` or `/mask`, IPv6 in brackets or
//! with a `%zone`), the address masked by its prefix, and its printing (`to_s`
//! compresses the first longest run of zero groups and writes IPv4-compatible and
//! mapped addresses dotted).

use super::error as err;
use super::Object;
use crate::interp::RubyError;
use crate::value::{Key, Range, Value};
use std::cmp::Ordering;
use std::rc::Rc;

pub(crate) const AF_UNSPEC: i64 = 0;
pub(crate) const AF_INET: i64 = 2;
pub(crate) const AF_INET6: i64 = 10;

const IN4MASK: u128 = 0xffff_ffff;
const IN6MASK: u128 = u128::MAX;

/// An address, its netmask and zone.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IpAddr {
    addr: u128,
    mask: u128,
    v6: bool,
    zone: Option<String>,
}

type Res<T> = Result<T, RubyError>;

fn invalid(message: impl Into<String>, line: u32) -> RubyError {
    err("IPAddr::InvalidAddressError", message, line)
}

fn bad_prefix(message: impl Into<String>, line: u32) -> RubyError {
    err("IPAddr::InvalidPrefixError", message, line)
}

fn family_error(message: impl Into<String>, line: u32) -> RubyError {
    err("IPAddr::AddressFamilyError", message, line)
}

impl IpAddr {
    fn full(&self) -> u128 {
        if self.v6 {
            IN6MASK
        } else {
            IN4MASK
        }
    }

    fn width(&self) -> u32 {
        if self.v6 {
            128
        } else {
            32
        }
    }

    fn family(&self) -> i64 {
        if self.v6 {
            AF_INET6
        } else {
            AF_INET
        }
    }

    /// `IPAddr.new(addr, family)`.
    pub fn new(addr: &Value, family: i64, line: u32) -> Res<IpAddr> {
        let text = match addr {
            Value::Str(s) => s.borrow().clone(),
            other => {
                let v6 = match family {
                    AF_INET => false,
                    AF_INET6 => true,
                    AF_UNSPEC => {
                        return Err(family_error("address family must be specified", line))
                    }
                    f => {
                        return Err(family_error(
                            format!("unsupported address family: {f}"),
                            line,
                        ))
                    }
                };
                let n = match other {
                    Value::Int(i) => *i,
                    Value::Nil => 0,
                    Value::Object(o) => match o.as_any().downcast_ref::<IpAddr>() {
                        Some(ip) => return Ok(ip.clone()),
                        None => return Err(invalid("invalid address: ", line)),
                    },
                    _ => return Err(invalid("invalid address: ", line)),
                };
                let full = if v6 { IN6MASK } else { IN4MASK };
                let addr = u128::try_from(n)
                    .ok()
                    .filter(|a| *a <= full)
                    .ok_or_else(|| invalid("invalid address: ", line))?;
                return Ok(IpAddr {
                    addr,
                    mask: full,
                    v6,
                    zone: None,
                });
            }
        };
        Self::parse(&text, family, line)
    }

    fn parse(text: &str, mut family: i64, line: u32) -> Res<IpAddr> {
        let (mut prefix, prefixlen) = match text.split_once('/') {
            Some((a, p)) => (a, Some(p)),
            None => (text, None),
        };
        if let Some(inner) = prefix.strip_prefix('[').and_then(|p| p.strip_suffix(']')) {
            prefix = inner;
            family = AF_INET6;
        }
        let mut zone = None;
        if let Some(i) = prefix.rfind('%') {
            let word = &prefix[i + 1..];
            if !word.is_empty() && word.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                zone = Some(prefix[i..].to_string());
                prefix = &prefix[..i];
                family = AF_INET6;
            }
        }
        let mut parsed = None;
        if family == AF_UNSPEC || family == AF_INET {
            if let Some(a) = in_addr(prefix, line)? {
                parsed = Some((a, false));
            }
        }
        if parsed.is_none() && (family == AF_UNSPEC || family == AF_INET6) {
            let a = in6_addr(prefix, line)?.ok_or_else(|| invalid("invalid address: ", line))?;
            parsed = Some((a, true));
        }
        let Some((addr, v6)) = parsed else {
            return Err(invalid("invalid address: ", line));
        };
        if family != AF_UNSPEC && (family == AF_INET6) != v6 {
            return Err(family_error("address family mismatch", line));
        }
        let mut ip = IpAddr {
            addr,
            mask: if v6 { IN6MASK } else { IN4MASK },
            v6,
            zone,
        };
        if let Some(p) = prefixlen {
            ip.mask_by(&Value::str(p), line)?;
        }
        Ok(ip)
    }

    /// `mask!`: by a prefix length (Integer or digits) or a netmask.
    fn mask_by(&mut self, mask: &Value, line: u32) -> Res<()> {
        let len = match mask {
            Value::Str(s) => {
                let s = s.borrow().clone();
                if s == "0" || (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())) {
                    if s.len() > 1 && s.starts_with('0') {
                        return Err(bad_prefix("leading zeros in prefix", line));
                    }
                    s.parse::<i64>().unwrap_or(i64::MAX)
                } else {
                    let m = IpAddr::new(&Value::str(s.clone()), AF_UNSPEC, line)?;
                    if m.v6 != self.v6 {
                        return Err(bad_prefix(
                            format!("address family is not same: {}", self.addr),
                            line,
                        ));
                    }
                    let host = m.addr ^ m.mask;
                    if host.wrapping_add(1) & host != 0 {
                        return Err(bad_prefix(format!("invalid mask {s}: {}", self.addr), line));
                    }
                    self.mask = m.addr;
                    self.addr &= m.addr;
                    return Ok(());
                }
            }
            Value::Int(i) => *i,
            other => {
                return Err(err(
                    "NoMethodError",
                    format!(
                        "undefined method `<' for {}",
                        crate::methods::describe(other)
                    ),
                    line,
                ))
            }
        };
        let width = i64::from(self.width());
        if !(0..=width).contains(&len) {
            return Err(bad_prefix(format!("invalid length: {}", self.addr), line));
        }
        let host_bits = (width - len) as u32;
        let keep = self.full().checked_shl(host_bits).unwrap_or(0) & self.full();
        self.mask = keep;
        self.addr &= keep;
        Ok(())
    }

    fn prefix(&self) -> u32 {
        let host = self.full() ^ self.mask;
        self.width() - (128 - host.leading_zeros())
    }

    /// `to_string`'s address part: dotted, or eight groups of four hex digits.
    fn canonical(&self, n: u128) -> String {
        if self.v6 {
            (0..8)
                .map(|i| format!("{:04x}", (n >> (112 - 16 * i)) & 0xffff))
                .collect::<Vec<_>>()
                .join(":")
        } else {
            let b = (n as u32).to_be_bytes();
            format!("{}.{}.{}.{}", b[0], b[1], b[2], b[3])
        }
    }

    fn zone_text(&self) -> &str {
        self.zone.as_deref().unwrap_or("")
    }

    fn canonical_text(&self) -> String {
        format!("{}{}", self.canonical(self.addr), self.zone_text())
    }

    fn to_s(&self) -> String {
        if !self.v6 {
            return self.canonical_text();
        }
        // Leading zeros go from every hex word (the zone's too, when it is one).
        let text = self.canonical_text();
        let mut words: Vec<String> = Vec::new();
        let (groups, zone) = match text.split_once('%') {
            Some((g, z)) => (g, Some(z)),
            None => (text.as_str(), None),
        };
        for g in groups.split(':') {
            words.push(strip_zeros(g));
        }
        let mut s = words.join(":");
        if let Some(z) = zone {
            s.push('%');
            s.push_str(&if z.bytes().all(|b| b.is_ascii_hexdigit()) {
                strip_zeros(z)
            } else {
                z.to_string()
            });
        }
        // The first longest run of zero groups becomes `::` (all eight only without a
        // zone: Ruby anchors that one pattern at both ends).
        let zero: Vec<bool> = words.iter().map(|w| w == "0").collect();
        let longest = if zone.is_some() { 7 } else { 8 };
        let run = (2..=longest).rev().find_map(|len| {
            (0..=8 - len)
                .find(|&i| zero[i..i + len].iter().all(|z| *z))
                .map(|start| (start, len))
        });
        if let Some((start, len)) = run {
            let zone_part = s.find('%').map_or("", |i| &s[i..]).to_string();
            s = format!(
                "{}::{}{zone_part}",
                words[..start].join(":"),
                words[start + len..].join(":")
            );
        }
        // `::X:Y` and `::ffff:X:Y` are written with the IPv4 address dotted.
        let dotted = |mapped: bool, x: &str, y: &str| {
            let (x, y) = (
                u32::from_str_radix(x, 16).ok()?,
                u32::from_str_radix(y, 16).ok()?,
            );
            Some(format!(
                "::{}{}.{}.{}.{}",
                if mapped { "ffff:" } else { "" },
                x / 256,
                x % 256,
                y / 256,
                y % 256
            ))
        };
        if let Some(rest) = s.strip_prefix("::") {
            let parts: Vec<&str> = rest.split(':').collect();
            let hex =
                |p: &str| !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_hexdigit());
            let converted = match parts.as_slice() {
                [f, x, y] if f.eq_ignore_ascii_case("ffff") && hex(x) && hex(y) => {
                    dotted(true, x, y)
                }
                [x, y] if hex(x) && hex(y) => dotted(false, x, y),
                _ => None,
            };
            if let Some(c) = converted {
                s = c;
            }
        }
        s
    }

    fn inspect(&self) -> String {
        format!(
            "#<IPAddr: {}:{}{}/{}>",
            if self.v6 { "IPv6" } else { "IPv4" },
            self.canonical(self.addr),
            self.zone_text(),
            self.canonical(self.mask)
        )
    }

    fn with_addr(&self, addr: u128) -> IpAddr {
        IpAddr {
            addr,
            ..self.clone()
        }
    }

    /// `coerce_other`: an IPAddr, a String read as one, or a number in this family.
    fn coerce(&self, other: &Value, line: u32) -> Res<IpAddr> {
        match other {
            Value::Str(_) => IpAddr::new(other, AF_UNSPEC, line),
            _ => IpAddr::new(other, self.family(), line),
        }
    }

    fn range(&self) -> (IpAddr, IpAddr) {
        let bound = |addr| IpAddr {
            addr,
            mask: self.full(),
            v6: self.v6,
            zone: None,
        };
        (
            bound(self.addr & self.mask),
            bound(self.addr | (self.full() ^ self.mask)),
        )
    }

    fn include(&self, other: &IpAddr) -> bool {
        if other.v6 != self.v6 {
            return false;
        }
        let ((a, b), (c, d)) = (self.range(), other.range());
        a.addr <= c.addr && b.addr >= d.addr
    }

    fn is_ipv4_mapped(&self) -> bool {
        self.v6 && self.addr >> 32 == 0xffff
    }

    fn is_ipv4_compat(&self) -> bool {
        self.v6 && self.addr >> 32 == 0 && self.addr > 1
    }

    fn reverse(&self) -> String {
        if self.v6 {
            self.nibbles() + ".ip6.arpa"
        } else {
            let b = (self.addr as u32).to_be_bytes();
            format!("{}.{}.{}.{}.in-addr.arpa", b[3], b[2], b[1], b[0])
        }
    }

    fn nibbles(&self) -> String {
        let hex = format!("{:032x}", self.addr);
        hex.chars()
            .rev()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(".")
    }

    fn private(&self) -> bool {
        if self.v6 {
            self.addr >> 121 == 0xfc >> 1
        } else {
            v4_private(self.addr as u32)
        }
    }

    fn loopback(&self) -> bool {
        if self.v6 {
            self.addr == 1
        } else {
            (self.addr as u32) >> 24 == 127
        }
    }

    fn link_local(&self) -> bool {
        if self.v6 {
            self.addr >> 118 == 0xfe80 >> 6
        } else {
            (self.addr as u32) >> 16 == 0xa9fe
        }
    }
}

fn v4_private(a: u32) -> bool {
    a >> 24 == 10 || a >> 20 == 0xac1 || a >> 16 == 0xc0a8
}

/// A hex word without up to three leading zeros (one digit stays).
fn strip_zeros(w: &str) -> String {
    let zeros = w.bytes().take_while(|b| *b == b'0').count();
    w[zeros.min(3).min(w.len().saturating_sub(1))..].to_string()
}

/// Four decimal octets, as `in_addr` reads them: `None` when the text is not of
/// that shape, an error for an octet over 255 or with a leading zero.
fn in_addr(text: &str, line: u32) -> Res<Option<u128>> {
    let octets: Vec<&str> = text.split('.').collect();
    if octets.len() != 4
        || octets
            .iter()
            .any(|o| o.is_empty() || !o.bytes().all(|b| b.is_ascii_digit()))
    {
        return Ok(None);
    }
    octets_value(&octets, line).map(Some)
}

fn octets_value(octets: &[&str], line: u32) -> Res<u128> {
    let mut n = 0u128;
    for o in octets {
        let v = o.parse::<u32>().ok().filter(|v| *v < 256);
        let Some(v) = v else {
            return Err(invalid("invalid address: ", line));
        };
        if o.len() > 1 && o.starts_with('0') {
            return Err(invalid(
                "zero-filled number in IPv4 address is ambiguous: ",
                line,
            ));
        }
        n = n << 8 | u128::from(v);
    }
    Ok(n)
}

fn hex_group(g: &str) -> bool {
    (1..=4).contains(&g.len()) && g.bytes().all(|b| b.is_ascii_hexdigit())
}

fn dotted_quad(s: &str) -> Option<Vec<&str>> {
    let o: Vec<&str> = s.split('.').collect();
    (o.len() == 4
        && o.iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())))
    .then_some(o)
}

/// `in6_addr`: eight groups, six and a dotted quad, or a `::` form.
fn in6_addr(text: &str, line: u32) -> Res<Option<u128>> {
    let groups = |s: &str| -> Option<Vec<u128>> {
        if s.is_empty() {
            return Some(Vec::new());
        }
        s.split(':')
            .map(|g| {
                hex_group(g)
                    .then(|| u128::from_str_radix(g, 16).ok())
                    .flatten()
            })
            .collect()
    };
    let fold = |gs: &[u128]| gs.iter().fold(0u128, |acc, g| acc << 16 | g);
    match text.find("::") {
        None => {
            let parts: Vec<&str> = text.split(':').collect();
            if parts.len() == 8 && parts.iter().all(|g| hex_group(g)) {
                return Ok(groups(text).map(|g| fold(&g)));
            }
            if parts.len() == 7 && parts[..6].iter().all(|g| hex_group(g)) {
                if let Some(q) = dotted_quad(parts[6]) {
                    let v4 = octets_value(&q, line)?;
                    let high = groups(&parts[..6].join(":")).unwrap_or_default();
                    return Ok(Some(fold(&high) << 32 | v4));
                }
            }
            Err(invalid("invalid address: ", line))
        }
        Some(i) => {
            let (left, right) = (&text[..i], &text[i + 2..]);
            let Some(l) = groups(left) else {
                return Err(invalid("invalid address: ", line));
            };
            // The right side: groups, the last of which may be a dotted quad.
            let (right_groups, v4) = match right.rsplit_once(':') {
                _ if right.is_empty() => (Vec::new(), None),
                Some((head, last)) if dotted_quad(last).is_some() => (
                    groups(head).ok_or_else(|| invalid("invalid address: ", line))?,
                    dotted_quad(last),
                ),
                None if dotted_quad(right).is_some() => (Vec::new(), dotted_quad(right)),
                _ => (
                    groups(right).ok_or_else(|| invalid("invalid address: ", line))?,
                    None,
                ),
            };
            let colons = text.matches(':').count();
            let limit = match v4 {
                Some(_) => 6,
                None if left.is_empty() || right.is_empty() => 8,
                None => 7,
            };
            if colons > limit {
                return Err(invalid("invalid address: ", line));
            }
            let mut r = right_groups;
            let low = match &v4 {
                Some(q) => {
                    r.extend([0, 0]);
                    octets_value(q, line)?
                }
                None => 0,
            };
            let Some(rest) = 8usize.checked_sub(l.len() + r.len()) else {
                return Ok(None);
            };
            let mut all = l;
            all.extend(std::iter::repeat_n(0, rest));
            all.extend(r);
            Ok(Some(fold(&all) | low))
        }
    }
}

/// An `IPAddr` value.
pub(crate) fn value(ip: IpAddr) -> Value {
    Value::Object(Rc::new(ip))
}

/// `IPAddr.new`, `IPAddr.ntop`.
pub(crate) fn class_method(name: &str, args: &[Value], line: u32) -> Res<Option<Value>> {
    Ok(Some(match name {
        "new" => {
            if args.len() > 2 {
                return Err(err(
                    "ArgumentError",
                    format!(
                        "wrong number of arguments (given {}, expected 0..2)",
                        args.len()
                    ),
                    line,
                ));
            }
            let addr = args.first().cloned().unwrap_or_else(|| Value::str("::"));
            let family = match args.get(1) {
                None => AF_UNSPEC,
                Some(Value::Int(f)) => *f,
                Some(other) => {
                    return Err(family_error(
                        format!("unsupported address family: {}", other.to_s()),
                        line,
                    ))
                }
            };
            value(IpAddr::new(&addr, family, line)?)
        }
        _ => return Ok(None),
    }))
}

const METHODS: &[&str] = &[
    "to_s",
    "to_string",
    "inspect",
    "to_i",
    "ipv4?",
    "ipv6?",
    "family",
    "prefix",
    "netmask",
    "to_range",
    "include?",
    "===",
    "mask",
    "==",
    "<=>",
    "succ",
    "reverse",
    "ip6_arpa",
    "private?",
    "loopback?",
    "link_local?",
    "ipv4_mapped?",
    "ipv4_compat?",
    "ipv4_mapped",
    "ipv4_compat",
    "native",
    "zone_id",
    "&",
    "|",
    "~",
    "<<",
    ">>",
    "eql?",
];

impl Object for IpAddr {
    fn class_name(&self) -> &'static str {
        "IPAddr"
    }

    fn is_a(&self, class: &str) -> bool {
        matches!(class, "IPAddr" | "Comparable")
    }

    fn to_s(&self) -> String {
        IpAddr::to_s(self)
    }

    fn inspect(&self) -> String {
        IpAddr::inspect(self)
    }

    fn eq(&self, other: &Value) -> bool {
        match self.coerce(other, 0) {
            Ok(o) => o.v6 == self.v6 && o.addr == self.addr,
            Err(_) => false,
        }
    }

    fn key(&self) -> Key {
        Key::Other(self.inspect())
    }

    fn compare(&self, other: &Value) -> Option<Ordering> {
        let o = self.coerce(other, 0).ok()?;
        (o.v6 == self.v6).then(|| self.addr.cmp(&o.addr))
    }

    fn methods(&self) -> &'static [&'static str] {
        METHODS
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn call(&self, name: &str, args: &[Value], line: u32) -> Res<Option<Value>> {
        let one = || args.first().cloned().unwrap_or(Value::Nil);
        let shift = |line| {
            match args.first() {
            Some(Value::Int(n)) if *n >= 0 => Ok(u32::try_from(*n).unwrap_or(u32::MAX)),
            _ => Err(err(
                "NotImplementedError",
                "unsupported Ruby in a template: an IPAddr shift by other than a non-negative Integer",
                line,
            )),
        }
        };
        let need_v6 = || -> Res<()> {
            if self.v6 {
                Ok(())
            } else {
                Err(invalid(format!("not an IPv6 address: {}", self.addr), line))
            }
        };
        Ok(Some(match name {
            "to_s" => Value::str(self.to_s()),
            "to_string" => Value::str(self.canonical_text()),
            "inspect" => Value::str(self.inspect()),
            "to_i" => match i64::try_from(self.addr) {
                Ok(i) => Value::Int(i),
                Err(_) => {
                    return Err(err(
                        "NotImplementedError",
                        "unsupported Ruby in a template: an Integer beyond 64 bits (IPAddr#to_i of an IPv6 address)",
                        line,
                    ))
                }
            },
            "ipv4?" => Value::Bool(!self.v6),
            "ipv6?" => Value::Bool(self.v6),
            "family" => Value::Int(self.family()),
            "prefix" => Value::Int(i64::from(self.prefix())),
            "netmask" => Value::str(self.canonical(self.mask)),
            "to_range" => {
                let (a, b) = self.range();
                Value::Range(Rc::new(Range {
                    start: value(a),
                    end: value(b),
                    exclusive: false,
                }))
            }
            "include?" | "===" => {
                let other = self.coerce(&one(), line)?;
                Value::Bool(self.include(&other))
            }
            "mask" => {
                let mut m = self.clone();
                m.mask_by(&one(), line)?;
                value(m)
            }
            "==" => Value::Bool(Object::eq(self, &one())),
            "eql?" => Value::Bool(
                matches!(one(), Value::Object(o) if o.as_any().downcast_ref::<IpAddr>().is_some_and(|o| o == self)),
            ),
            "<=>" => match Object::compare(self, &one()) {
                Some(o) => Value::Int(o as i64),
                None => Value::Nil,
            },
            "succ" => {
                let next = self.addr + 1;
                if next > self.full() {
                    return Err(invalid("invalid address: ", line));
                }
                value(self.with_addr(next))
            }
            "reverse" => Value::str(self.reverse()),
            "ip6_arpa" => {
                need_v6()?;
                Value::str(self.nibbles() + ".ip6.arpa")
            }
            "ip6_int" => {
                need_v6()?;
                Value::str(self.nibbles() + ".ip6.int")
            }
            "private?" => Value::Bool(self.private()),
            "loopback?" => Value::Bool(self.loopback()),
            "link_local?" => Value::Bool(self.link_local()),
            "ipv4_mapped?" => Value::Bool(self.is_ipv4_mapped()),
            "ipv4_compat?" => Value::Bool(self.is_ipv4_compat()),
            "ipv4_mapped" | "ipv4_compat" => {
                if self.v6 {
                    return Err(invalid(format!("not an IPv4 address: {}", self.addr), line));
                }
                let mapped = name == "ipv4_mapped";
                value(IpAddr {
                    addr: self.addr | if mapped { 0xffff << 32 } else { 0 },
                    mask: self.mask | if mapped { IN6MASK << 32 } else { 0 },
                    v6: true,
                    ..self.clone()
                })
            }
            "native" if self.is_ipv4_mapped() || self.is_ipv4_compat() => value(IpAddr {
                addr: self.addr & IN4MASK,
                mask: self.mask & IN4MASK,
                v6: false,
                ..self.clone()
            }),
            "native" => value(self.clone()),
            "zone_id" => {
                if !self.v6 {
                    return Err(invalid("not an IPv6 address", line));
                }
                self.zone.clone().map(Value::str).unwrap_or(Value::Nil)
            }
            "&" | "|" => {
                let o = self.coerce(&one(), line)?.addr;
                value(self.with_addr(if name == "&" { self.addr & o } else { self.addr | o }))
            }
            "~" => value(self.with_addr(!self.addr & self.full())),
            ">>" => value(self.with_addr(self.addr.checked_shr(shift(line)?).unwrap_or(0))),
            "<<" => value(
                self.with_addr(self.addr.checked_shl(shift(line)?).unwrap_or(0) & self.full()),
            ),
            _ => return Ok(None),
        }))
    }
}
