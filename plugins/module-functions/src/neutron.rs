//! puppet-neutron: the validators of network ranges (`validate_network_vlan_ranges`,
//! `validate_tunnel_id_ranges`, `validate_vni_ranges`, `validate_vxlan_udp_port`) and
//! the converters `convert_to_json_string` and `convert_cert_to_string`. All but the
//! last are 4.x functions without a dispatch (any arguments, the first one used).
//!
//! The validators return what the Ruby's last expression gives: the ranges as an
//! Array (`value.each`), and `nil` for the port.

use crate::NativeFunction;
use marionette_catalog::Data;
use marionette_eval::value::Regex;
use marionette_stdlib::ruby::{inspect, integer, to_s};
use marionette_stdlib::serialize::{json, JsonStyle};

pub const FUNCTIONS: &[NativeFunction] = &[
    NativeFunction {
        name: "validate_network_vlan_ranges",
        signatures: &["Any args*"],
        imp: |a, _| {
            each_range(a, |range| {
                if let Some(m) = match_str(r"^(.+:)?(\d+):(\d+)$", range)? {
                    let first = integer_of_digits(&m[2])?;
                    let second = integer_of_digits(&m[3])?;
                    if first > 4094 || second > 4094 {
                        return Err("vlan id are invalid.".into());
                    }
                    if second - first < 0 {
                        return Err("network vlan ranges are invalid.".into());
                    }
                    Ok(())
                } else if match_str(r"^([^:]+)?(:\d+)?$", range)?.is_some() {
                    Ok(())
                } else {
                    invalid_unless_nil(range, "network vlan ranges are invalid.")
                }
            })
        },
    },
    NativeFunction {
        name: "validate_tunnel_id_ranges",
        signatures: &["Any args*"],
        imp: |a, _| {
            each_range(a, |range| {
                id_range(range, "tunnel id ranges are invalid.", |first, second| {
                    if second - first > 1_000_000 {
                        return Err("tunnel id ranges are to large.".into());
                    }
                    if second - first < 0 {
                        return Err("tunnel id ranges are invalid.".into());
                    }
                    Ok(())
                })
            })
        },
    },
    NativeFunction {
        name: "validate_vni_ranges",
        signatures: &["Any args*"],
        imp: |a, _| {
            each_range(a, |range| {
                id_range(range, "vni ranges are invalid.", |first, second| {
                    let vni = 0..=16_777_215;
                    if !vni.contains(&first) || !vni.contains(&second) || second < first {
                        return Err("vni ranges are invalid.".into());
                    }
                    Ok(())
                })
            })
        },
    },
    NativeFunction {
        name: "validate_vxlan_udp_port",
        signatures: &["Any args*"],
        imp: |a, _| {
            let port = ruby_integer(a.first().unwrap_or(&Data::Undef))?;
            if port != 4789 && (49151 >= port || port > 65535) {
                return Err("vxlan udp port is invalid.".into());
            }
            Ok(Data::Undef)
        },
    },
    NativeFunction {
        name: "convert_to_json_string",
        signatures: &["Any args*"],
        imp: |a, _| convert_to_json_string(a.first().unwrap_or(&Data::Undef)),
    },
    NativeFunction {
        name: "convert_cert_to_string",
        signatures: &["String cert_file"],
        imp: |a, _| convert_cert_to_string(&to_s(&a[0])).map(Data::String),
    },
];

/// The first argument as a list of ranges (a non-Array in an Array of one), each
/// checked; the list is the value.
fn each_range(args: &[Data], check: impl Fn(&Data) -> Result<(), String>) -> Result<Data, String> {
    let ranges = match args.first() {
        Some(Data::Array(items)) => items.clone(),
        Some(other) => vec![other.clone()],
        None => vec![Data::Undef],
    };
    for range in &ranges {
        check(range)?;
    }
    Ok(Data::Array(ranges))
}

/// A `first:last` range of ids checked by `check`; anything else but `nil` is
/// `invalid`.
fn id_range(
    range: &Data,
    invalid: &str,
    check: impl Fn(i128, i128) -> Result<(), String>,
) -> Result<(), String> {
    match match_str(r"^(\d+):(\d+)$", range)? {
        Some(m) => check(integer_of_digits(&m[1])?, integer_of_digits(&m[2])?),
        None => invalid_unless_nil(range, invalid),
    }
}

/// Ruby's `/re/.match(value)`: the groups (`""` for one that did not take part), none
/// for `nil` or no match; a value that is not a String is a `TypeError`.
fn match_str(pattern: &str, value: &Data) -> Result<Option<Vec<String>>, String> {
    let text = match value {
        Data::Undef => return Ok(None),
        Data::String(s) => s.clone(),
        Data::Default => "default".to_string(),
        other => {
            return Err(format!(
                "no implicit conversion of {} into String",
                class_for_conversion(other)
            ))
        }
    };
    let re = Regex::shared(pattern)?;
    Ok(re
        .captures(&text)
        .map(|groups| groups.into_iter().map(Option::unwrap_or_default).collect()))
}

/// How Ruby names a value in `no implicit conversion of X into String`.
fn class_for_conversion(d: &Data) -> String {
    match d {
        Data::Undef => "nil".into(),
        Data::Bool(b) => b.to_string(),
        Data::Integer(_) => "Integer".into(),
        Data::Float(_) => "Float".into(),
        Data::Array(_) => "Array".into(),
        Data::Hash(_) => "Hash".into(),
        Data::Regexp(_) => "Regexp".into(),
        Data::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive".into(),
        Data::Timestamp(_) => "Puppet::Pops::Time::Timestamp".into(),
        _ => "Object".into(),
    }
}

/// `elsif range; raise ...`: only `nil` passes.
fn invalid_unless_nil(range: &Data, message: &str) -> Result<(), String> {
    match range {
        Data::Undef => Ok(()),
        _ => Err(message.to_string()),
    }
}

/// Ruby's `Integer(s)` of the digits a `\d+` group took: decimal, or octal with a
/// leading `0` (`"09"` is invalid). Beyond 128 bits the value saturates, which keeps
/// the validators' comparisons right.
fn integer_of_digits(digits: &str) -> Result<i128, String> {
    let invalid = || {
        format!(
            "invalid value for Integer(): {}",
            inspect(&Data::String(digits.into()))
        )
    };
    let (radix, body) = match digits.strip_prefix('0') {
        Some(rest) if !rest.is_empty() => (8, rest),
        _ => (10, digits),
    };
    let mut value: i128 = 0;
    for c in body.chars() {
        let d = c.to_digit(radix).ok_or_else(invalid)?;
        value = value
            .saturating_mul(i128::from(radix))
            .saturating_add(i128::from(d));
    }
    Ok(value)
}

/// Ruby's `Integer(value)`, with its messages.
fn ruby_integer(value: &Data) -> Result<i64, String> {
    match value {
        Data::Float(f) if f.is_nan() => Err("NaN".into()),
        Data::Float(f) if f.is_infinite() => {
            Err(if *f > 0.0 { "Infinity" } else { "-Infinity" }.into())
        }
        Data::String(s) => integer(value).ok_or_else(|| {
            format!(
                "invalid value for Integer(): {}",
                inspect(&Data::String(s.clone()))
            )
        }),
        Data::Undef => Err("can't convert nil into Integer".into()),
        Data::Bool(b) => Err(format!("can't convert {b} into Integer")),
        other => integer(other)
            .ok_or_else(|| format!("can't convert {} into Integer", class_for_conversion(other))),
    }
}

/// `convert_to_json_string`: an Array of `"key:value"` strings is a JSON object of
/// them (`k, v = s.split(/:/)`); anything else its JSON.
fn convert_to_json_string(value: &Data) -> Result<Data, String> {
    let mut out = String::new();
    if let Data::Array(items) = value {
        let mut all_pairs = true;
        for item in items {
            if !includes_colon(item)? {
                all_pairs = false;
                break;
            }
        }
        if all_pairs {
            let mut object: Vec<(Data, Data)> = Vec::new();
            for item in items {
                let Data::String(s) = item else {
                    return Err(format!("undefined method `split' for {}", receiver(item)));
                };
                let mut parts = ruby_split_colon(s).into_iter();
                let key = parts.next().map_or(Data::Undef, Data::String);
                let value = parts.next().map_or(Data::Undef, Data::String);
                match object.iter_mut().find(|(k, _)| *k == key) {
                    Some(entry) => entry.1 = value,
                    None => object.push((key, value)),
                }
            }
            json(&Data::Hash(object), &JsonStyle::COMPACT, 0, &mut out)?;
            return Ok(Data::String(out));
        }
    }
    json(value, &JsonStyle::COMPACT, 0, &mut out)?;
    Ok(Data::String(out))
}

/// `x.include? ":"` for a String, an Array (an element equal to it) or a Hash (a key).
fn includes_colon(item: &Data) -> Result<bool, String> {
    let colon = Data::String(":".into());
    match item {
        Data::String(s) => Ok(s.contains(':')),
        Data::Array(items) => Ok(items.contains(&colon)),
        Data::Hash(entries) => Ok(entries.iter().any(|(k, _)| *k == colon)),
        other => Err(format!(
            "undefined method `include?' for {}",
            receiver(other)
        )),
    }
}

/// A receiver as Ruby 3.1's NoMethodError names it (`1:Integer`, `nil:NilClass`).
fn receiver(d: &Data) -> String {
    match d {
        Data::Undef => "nil:NilClass".into(),
        Data::Bool(true) => "true:TrueClass".into(),
        Data::Bool(false) => "false:FalseClass".into(),
        Data::Default => ":default:Symbol".into(),
        other => format!("{}:{}", inspect(other), class_for_conversion(other)),
    }
}

/// Ruby's `s.split(/:/)`: trailing empty fields dropped.
fn ruby_split_colon(s: &str) -> Vec<String> {
    let mut parts: Vec<String> = s.split(':').map(String::from).collect();
    while parts.last().is_some_and(String::is_empty) {
        parts.pop();
    }
    parts
}

/// `convert_cert_to_string`: the lines of a PEM file without the `-----` lines, each
/// stripped, joined.
fn convert_cert_to_string(path: &str) -> Result<String, String> {
    let not_found = || format!("Certificate file not found: {path}");
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return Err(not_found());
    }
    let bytes = std::fs::read(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::PermissionDenied => {
            format!("Permission denied @ rb_sysopen - {path}")
        }
        _ => format!("{e} @ rb_sysopen - {path}"),
    })?;
    let text = String::from_utf8_lossy(&bytes);
    Ok(text
        .split_inclusive('\n')
        .filter(|line| !line.contains("-----"))
        .map(ruby_strip)
        .collect())
}

/// Ruby's `String#strip`: whitespace (and trailing NULs) off both ends.
fn ruby_strip(s: &str) -> &str {
    let space = |c: char| matches!(c, ' ' | '\t' | '\n' | '\u{b}' | '\u{c}' | '\r');
    s.trim_start_matches(space)
        .trim_end_matches(|c: char| space(c) || c == '\0')
}

#[cfg(test)]
mod tests {
    use crate::testing::{call, s, Cx};
    use marionette_catalog::Data;

    fn a(items: &[&str]) -> Data {
        Data::Array(items.iter().map(|i| s(i)).collect())
    }

    /// (function, its one argument, what puppet-neutron's Ruby returned or raised under
    /// Puppet 7.23)
    fn cases() -> Vec<(&'static str, Data, Result<Data, &'static str>)> {
        let int = Data::Integer;
        let nil = || Data::Array(vec![Data::Undef]);
        let (vni, tunnel, vlan, port, json) = (
            "validate_vni_ranges",
            "validate_tunnel_id_ranges",
            "validate_network_vlan_ranges",
            "validate_vxlan_udp_port",
            "convert_to_json_string",
        );
        vec![
            (vni, s("10:100"), Ok(a(&["10:100"]))),
            (vni, a(&["1:2", "3:4"]), Ok(a(&["1:2", "3:4"]))),
            (vni, Data::Undef, Ok(nil())),
            (vni, a(&[]), Ok(a(&[]))),
            (vni, s("1:16777216"), Err("vni ranges are invalid.")),
            (vni, s("x"), Err("vni ranges are invalid.")),
            (
                vni,
                int(5),
                Err("no implicit conversion of Integer into String"),
            ),
            (
                vni,
                Data::Array(vec![a(&["1:2"])]),
                Err("no implicit conversion of Array into String"),
            ),
            (tunnel, a(&["010:0100"]), Ok(a(&["010:0100"]))),
            (
                tunnel,
                s("1:1000002"),
                Err("tunnel id ranges are to large."),
            ),
            (
                tunnel,
                s("09:10"),
                Err("invalid value for Integer(): \"09\""),
            ),
            (
                vlan,
                a(&["physnet1", "p:1", "1:2", ""]),
                Ok(a(&["physnet1", "p:1", "1:2", ""])),
            ),
            (vlan, s("a\n1:2"), Ok(a(&["a\n1:2"]))),
            (vlan, s("p:4095:4096"), Err("vlan id are invalid.")),
            (vlan, s("p:10:1"), Err("network vlan ranges are invalid.")),
            (vlan, s("a:b:c:"), Err("network vlan ranges are invalid.")),
            (port, int(4789), Ok(Data::Undef)),
            (port, s(" 0xC350 "), Ok(Data::Undef)),
            (port, Data::Float(4789.9), Ok(Data::Undef)),
            (port, int(80), Err("vxlan udp port is invalid.")),
            (port, Data::Undef, Err("can't convert nil into Integer")),
            (port, s("x"), Err("invalid value for Integer(): \"x\"")),
            (
                json,
                a(&["a:b", "c:d:e", "f:"]),
                Ok(s(r#"{"a":"b","c":"d","f":null}"#)),
            ),
            (json, s("s"), Ok(s(r#""s""#))),
            (json, Data::Undef, Ok(s("null"))),
            (json, a(&[]), Ok(s("{}"))),
            (json, Data::Array(vec![s("a"), int(1)]), Ok(s(r#"["a",1]"#))),
            (
                json,
                Data::Array(vec![s("a:b"), int(1)]),
                Err("undefined method `include?' for 1:Integer"),
            ),
            (
                "convert_cert_to_string",
                s("/nonexistent"),
                Err("Certificate file not found: /nonexistent"),
            ),
        ]
    }

    #[test]
    fn as_puppet_neutron_does() {
        for (name, arg, want) in cases() {
            let got = call(name, std::slice::from_ref(&arg), &mut Cx::default());
            assert_eq!(got, want.map_err(String::from), "{name}({arg:?})");
        }
        // No argument at all is `args[0]`, nil.
        let got = call("validate_vni_ranges", &[], &mut Cx::default());
        assert_eq!(got, Ok(Data::Array(vec![Data::Undef])));
    }

    #[test]
    fn a_certificate_without_its_armour() {
        let dir = std::env::temp_dir().join(format!("neutron-cert-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        let file = dir.join("cert.pem");
        std::fs::write(
            &file,
            "-----BEGIN CERTIFICATE-----\n  MIIB  \r\nabc\n-----END CERTIFICATE-----\n",
        )
        .expect("written");
        let got = call(
            "convert_cert_to_string",
            &[s(&file.to_string_lossy())],
            &mut Cx::default(),
        );
        std::fs::remove_dir_all(&dir).ok();
        assert_eq!(got, Ok(s("MIIBabc")));
    }
}
