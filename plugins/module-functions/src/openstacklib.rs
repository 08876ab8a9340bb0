//! openstacklib: `is_service_default`, `normalize_ip_for_uri`, `inet6_prefix` and
//! `os_transport_url` (4.x functions taking any arguments). Not here:
//! `os_database_connection` (no manifest of the corpus calls it).

use crate::{percent_encode, FunctionContext, NativeFunction};
use marionette_catalog::Data;
use marionette_stdlib::{net, ruby};

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
    NativeFunction {
        name: "os_transport_url",
        signatures: &["Any args*"],
        imp: os_transport_url,
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

/// A messaging URL (`rabbit://user:pass@host:5672,.../vhost?ssl=1`) from a Hash of
/// its parts, checked and assembled as openstacklib's Ruby does.
fn os_transport_url(args: &[Data], cx: &mut dyn FunctionContext) -> Result<Data, String> {
    let [Data::Hash(raw)] = args else {
        return match args {
            [other] => Err(format!(
                "os_transport_url(): Requires an hash, got {}",
                ruby::class(other)
            )),
            _ => Err("os_transport_url(): Wrong number of arguments".into()),
        };
    };
    let mut v: Vec<(Data, Data)> = Vec::with_capacity(raw.len());
    for (key, value) in raw {
        let key_is = |name: &str| matches!(key, Data::String(k) if k == name);
        let value = if key_is("port") {
            Data::String(ruby::to_s(value))
        } else {
            value.clone()
        };
        let (ok, class) = if key_is("hosts") {
            (matches!(value, Data::Array(_)), "Array")
        } else if key_is("query") {
            (matches!(value, Data::Hash(_)), "Hash")
        } else {
            (matches!(value, Data::String(_)), "String")
        };
        if !ok {
            return Err(format!(
                "os_transport_url(): {} should be a {class}",
                ruby::to_s(key)
            ));
        }
        ruby::put(&mut v, key.clone(), value);
    }
    let get = |name: &str| ruby::get(&v, &Data::String(name.into()));
    let Some(transport) = get("transport") else {
        return Err("os_transport_url(): transport is required".into());
    };
    let (host, hosts) = (get("host"), get("hosts"));
    match (host, hosts) {
        (None, None) => return Err("os_transport_url(): host or hosts is required".into()),
        (Some(_), Some(_)) => {
            return Err("os_transport_url(): cannot use both host and hosts.".into())
        }
        _ => {}
    }
    let present = |d: Option<&Data>| d.map(ruby::to_s).filter(|s| !s.is_empty());
    let userinfo = present(get("username")).map(|user| {
        let mut info = percent_encode(&user, false);
        if let Some(pw) = present(get("password")) {
            info.push(':');
            info.push_str(&percent_encode(&pw, false));
        }
        info
    });
    let port = get("port").map(ruby::to_s);
    let with_user = |h: String| match &userinfo {
        Some(u) => format!("{u}@{h}"),
        None => h,
    };
    let with_port = |h: String| match &port {
        Some(p) => format!("{h}:{p}"),
        None => h,
    };
    let mut hostinfo = "localhost".to_string();
    if let Some(host) = host {
        let host = cx.call_function("normalize_ip_for_uri", vec![host.clone()])?;
        hostinfo = with_user(with_port(ruby::to_s(&host)));
    }
    if let Some(hosts) = hosts {
        let hosts = match cx.call_function("normalize_ip_for_uri", vec![hosts.clone()])? {
            Data::Array(items) => items,
            one => vec![one],
        };
        let hosts: Vec<String> = hosts
            .iter()
            .map(|h| with_user(with_port(ruby::to_s(h))))
            .collect();
        hostinfo = hosts.join(",");
    }
    let path = match get("virtual_host") {
        Some(vhost) => format!("/{}", ruby::to_s(vhost)),
        None => "/".into(),
    };
    let mut query = match get("query") {
        Some(Data::Hash(q)) => q.clone(),
        _ => Vec::new(),
    };
    if let Some(ssl) = get("ssl") {
        let on = str2bool(ssl)?;
        ruby::put(
            &mut query,
            Data::String("ssl".into()),
            Data::Integer(on.into()),
        );
    }
    let mut url = format!("{}://{hostinfo}{path}", ruby::to_s(transport));
    if !query.is_empty() {
        let pairs: Vec<String> = query
            .iter()
            .map(|(k, val)| format!("{}={}", ruby::to_s(k), ruby::to_s(val)))
            .collect();
        url.push('?');
        url.push_str(&pairs.join("&"));
    }
    Ok(Data::String(url))
}

/// openstacklib's `_str2bool`: Ruby's line anchors, so any line of the text decides,
/// tried in the order of its `case`.
fn str2bool(d: &Data) -> Result<bool, String> {
    let s = match d {
        Data::Bool(b) => return Ok(*b),
        Data::String(s) => s,
        _ => return Err("str2bool(): Requires string to work with".into()),
    };
    let any_line = |words: &[&str], fold: bool| {
        s.split('\n').any(|line| {
            words.iter().any(|w| {
                if fold {
                    line.eq_ignore_ascii_case(w)
                } else {
                    line == *w
                }
            })
        })
    };
    if any_line(&[""], false) {
        Ok(false)
    } else if any_line(&["1", "t", "y", "true", "yes"], true) {
        Ok(true)
    } else if any_line(&["0", "f", "n", "false", "no"], true)
        || any_line(&["undef", "undefined"], false)
    {
        Ok(false)
    } else {
        Err("os_transport_url _str2bool(): Unknown type of boolean given".into())
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
