//! openstacklib: `is_service_default`, `normalize_ip_for_uri` and `inet6_prefix`
//! (4.x functions taking any arguments). Not here yet: `os_database_connection`,
//! `os_transport_url`.

use crate::NativeFunction;
use marionette_catalog::Data;
use marionette_stdlib::net;

pub const FUNCTIONS: &[NativeFunction] = &[
    NativeFunction {
        name: "is_service_default",
        signatures: &["Any args*"],
        imp: |a, _| match a {
            [value] => Ok(Data::Bool(
                matches!(value, Data::String(s) if s == "<SERVICE DEFAULT>"),
            )),
            _ => Err(format!(
                "is_service_default(): Wrong number of argumentsgiven ({} for 1)",
                a.len()
            )),
        },
    },
    NativeFunction {
        name: "normalize_ip_for_uri",
        signatures: &["Any args*"],
        imp: |a, _| Ok(each_ip(a, normalize_ip_for_uri)),
    },
    NativeFunction {
        name: "inet6_prefix",
        signatures: &["Any args*"],
        imp: |a, _| Ok(each_ip(a, inet6_prefix)),
    },
];

/// openstacklib's argument handling: the addresses are the first argument if it is
/// an Array, else all the arguments; one address gives one value, several an Array.
fn each_ip(args: &[Data], f: fn(&Data) -> Data) -> Data {
    let ips = match args.first() {
        Some(Data::Array(items)) => items.as_slice(),
        _ => args,
    };
    let mut out: Vec<Data> = ips.iter().map(f).collect();
    if out.len() == 1 {
        out.pop().unwrap_or(Data::Undef)
    } else {
        Data::Array(out)
    }
}

fn is_ipv6(s: &str) -> bool {
    net::parse(s).is_some_and(|n| n.addr.is_ipv6())
}

/// An IPv6 address in brackets (`[::1]`), unless it has some already; anything
/// else as it is.
fn normalize_ip_for_uri(ip: &Data) -> Data {
    match ip {
        Data::String(s) if is_ipv6(s) && !has_bracketed(s) => Data::String(format!("[{s}]")),
        other => other.clone(),
    }
}

/// Ruby's `s =~ /\[.+\]/` (`.` is not a newline).
fn has_bracketed(s: &str) -> bool {
    s.split('\n').any(|line| {
        line.find('[')
            .is_some_and(|i| line[i + 1..].rfind(']').is_some_and(|j| j > 0))
    })
}

/// An IPv6 address (`::1`, `[::1]:11211`) as `inet6:[::1]:11211`, memcached's form;
/// `inet6:...` and anything else as it is.
fn inet6_prefix(ip: &Data) -> Data {
    let Data::String(s) = ip else {
        return ip.clone();
    };
    let prefixed = s
        .split('\n')
        .any(|line| line.strip_prefix("inet6:").is_some_and(|r| !r.is_empty()));
    if prefixed {
        return ip.clone();
    }
    let parts: Vec<&str> = s
        .split(|c: char| " \t\n\r\x0c\x0b[]".contains(c))
        .filter(|p| !p.is_empty())
        .collect();
    match parts.split_first() {
        Some((first, rest)) if is_ipv6(first) => {
            Data::String(format!("inet6:[{first}]{}", rest.concat()))
        }
        _ => ip.clone(),
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{call, s, Cx};
    use marionette_catalog::Data;

    /// (function, arguments, what openstacklib's Ruby returned under Puppet 7.23)
    fn cases() -> Vec<(&'static str, Vec<Data>, Data)> {
        let a = |items: &[&str]| Data::Array(items.iter().map(|i| s(i)).collect());
        vec![
            (
                "is_service_default",
                vec![s("<SERVICE DEFAULT>")],
                Data::Bool(true),
            ),
            ("is_service_default", vec![s("x")], Data::Bool(false)),
            ("is_service_default", vec![Data::Undef], Data::Bool(false)),
            ("normalize_ip_for_uri", vec![s("::1")], s("[::1]")),
            ("normalize_ip_for_uri", vec![s("[::1]")], s("[::1]")),
            ("normalize_ip_for_uri", vec![s("10.0.0.1")], s("10.0.0.1")),
            (
                "normalize_ip_for_uri",
                vec![s("host.example.com")],
                s("host.example.com"),
            ),
            (
                "normalize_ip_for_uri",
                vec![a(&["fe80::1", "10.0.0.1"])],
                a(&["[fe80::1]", "10.0.0.1"]),
            ),
            (
                "normalize_ip_for_uri",
                vec![a(&["fe80::1"])],
                s("[fe80::1]"),
            ),
            (
                "normalize_ip_for_uri",
                vec![s("::1"), s("::2")],
                a(&["[::1]", "[::2]"]),
            ),
            ("inet6_prefix", vec![s("::1")], s("inet6:[::1]")),
            (
                "inet6_prefix",
                vec![s("[::1]:11211")],
                s("inet6:[::1]:11211"),
            ),
            (
                "inet6_prefix",
                vec![s("inet6:[::1]:11211")],
                s("inet6:[::1]:11211"),
            ),
            (
                "inet6_prefix",
                vec![s("127.0.0.1:11211")],
                s("127.0.0.1:11211"),
            ),
            (
                "inet6_prefix",
                vec![a(&["127.0.0.1:11211", "fd00::5"])],
                a(&["127.0.0.1:11211", "inet6:[fd00::5]"]),
            ),
            ("inet6_prefix", vec![a(&[])], a(&[])),
        ]
    }

    #[test]
    fn as_the_ruby_answers() {
        for (name, args, want) in cases() {
            let got = call(name, &args, &mut Cx::default());
            assert_eq!(got, Ok(want), "{name}({args:?})");
        }
    }

    #[test]
    fn is_service_default_checks_its_arity() {
        let got = call("is_service_default", &[], &mut Cx::default());
        assert_eq!(
            got,
            Err("is_service_default(): Wrong number of argumentsgiven (0 for 1)".into())
        );
    }
}
