//! The `validate_*` and `is_*` functions. Most exist twice in stdlib 8.5: a 3.x
//! function with the logic, and a 4.x function of the same name (the one manifests
//! call) that first gives a deprecation warning and then calls the 3.x one with the
//! arguments as they are (an `undef` stays `nil`, a regexp a regexp). `validate_legacy`
//! calls the 3.x ones directly ([`legacy`]).

use crate::net;
use crate::ruby::{self, args3x, class, inspect, to_s};
use crate::{native, FunctionContext, NativeFunction, ANY};
use marionette_catalog::Data;

type R = Result<Data, String>;
type Core = fn(&[Data]) -> R;

fn err<T>(msg: impl Into<String>) -> Result<T, String> {
    Err(msg.into())
}

/// The 3.x functions, by name, as a 3.x caller (`validate_legacy`) calls them.
const CORES: &[(&str, Core)] = &[
    ("validate_absolute_path", validate_absolute_path),
    ("validate_array", |a| {
        each(
            a,
            "validate_array",
            |v| matches!(v, Data::Array(_)),
            "an Array",
        )
    }),
    ("validate_bool", |a| {
        each(
            a,
            "validate_bool",
            |v| matches!(v, Data::Bool(_)),
            "a boolean",
        )
    }),
    ("validate_hash", |a| {
        each(a, "validate_hash", |v| matches!(v, Data::Hash(_)), "a Hash")
    }),
    ("validate_string", |a| {
        each(
            a,
            "validate_string",
            |v| matches!(v, Data::String(_) | Data::Undef),
            "a string",
        )
    }),
    ("validate_integer", |a| validate_number(a, true)),
    ("validate_numeric", |a| validate_number(a, false)),
    ("validate_re", validate_re),
    ("validate_slength", validate_slength),
    ("validate_ip_address", |a| {
        validate_ip(a, "validate_ip_address", "IP", |_| true)
    }),
    ("validate_ipv4_address", |a| {
        validate_ip(a, "validate_ipv4_address", "IPv4", |n| n.addr.is_ipv4())
    }),
    ("validate_ipv6_address", |a| {
        validate_ip(a, "validate_ipv6_address", "IPv6", |n| n.addr.is_ipv6())
    }),
    ("validate_domain_name", |a| {
        validate_strings(
            a,
            "validate_domain_name",
            "is not a syntactically correct domain name",
            is_domain_name,
        )
    }),
    ("validate_email_address", |a| {
        validate_strings(
            a,
            "validate_email_address",
            "is not a valid email address",
            is_email_address,
        )
    }),
    ("is_absolute_path", |a| {
        arity(a, "is_absolute_path", 1)?;
        Ok(Data::Bool(absolute_path(&a[0])))
    }),
    ("is_array", |a| {
        is1(a, "is_array", true, |v| matches!(v, Data::Array(_)))
    }),
    ("is_bool", |a| {
        is1(a, "is_bool", true, |v| matches!(v, Data::Bool(_)))
    }),
    ("is_hash", |a| {
        is1(a, "is_hash", true, |v| matches!(v, Data::Hash(_)))
    }),
    ("is_string", |a| {
        is1(a, "is_string", false, |v| match v {
            Data::Undef => true,
            Data::String(s) => *s != ruby::to_f_to_s(s) && *s != ruby::str_to_i(s).to_string(),
            _ => false,
        })
    }),
    ("is_float", |a| {
        is1(a, "is_float", false, |v| match v {
            Data::Float(_) => true,
            Data::String(s) => *s == ruby::to_f_to_s(s),
            _ => false,
        })
    }),
    ("is_integer", |a| {
        is1(a, "is_integer", false, crate::strings::is_integer3x)
    }),
    ("is_numeric", |a| {
        is1(a, "is_numeric", false, |v| match v {
            Data::Integer(_) | Data::Float(_) => true,
            Data::String(s) => s.split('\n').any(numeric_line),
            _ => false,
        })
    }),
    ("is_ip_address", |a| is_ip(a, "is_ip_address", |_| true)),
    ("is_ipv4_address", |a| {
        is_ip(a, "is_ipv4_address", |n| n.addr.is_ipv4())
    }),
    ("is_ipv6_address", |a| {
        is_ip(a, "is_ipv6_address", |n| n.addr.is_ipv6())
    }),
    ("is_domain_name", |a| {
        is1(
            a,
            "is_domain_name",
            false,
            |v| matches!(v, Data::String(s) if is_domain_name(s)),
        )
    }),
    ("is_email_address", |a| {
        is1(
            a,
            "is_email_address",
            false,
            |v| matches!(v, Data::String(s) if is_email_address(s)),
        )
    }),
    ("is_mac_address", |a| {
        is1(
            a,
            "is_mac_address",
            false,
            |v| matches!(v, Data::String(s) if is_mac_address(s)),
        )
    }),
];

/// A 3.x `validate_*` or `is_*` function by name, for `validate_legacy`.
pub fn legacy(name: &str) -> Option<Core> {
    CORES.iter().find(|(n, _)| *n == name).map(|(_, f)| *f)
}

fn core(name: &str) -> Core {
    legacy(name).unwrap_or(|_| Err("no such function".into()))
}

/// The 3.x-only functions, called from manifests with Puppet's 3.x argument
/// conversion.
pub const FUNCTIONS: &[NativeFunction] = &[
    native!("validate_domain_name", ANY, |a, _| core(
        "validate_domain_name"
    )(&args3x(a))),
    native!("validate_email_address", ANY, |a, _| core(
        "validate_email_address"
    )(&args3x(a))),
    native!("is_hash", ANY, |a, _| core("is_hash")(&args3x(a))),
    native!("is_integer", ANY, |a, _| core("is_integer")(&args3x(a))),
    native!("is_domain_name", ANY, |a, _| core("is_domain_name")(
        &args3x(a)
    )),
    native!("is_email_address", ANY, |a, _| core("is_email_address")(
        &args3x(a)
    )),
    native!("is_mac_address", ANY, |a, _| core("is_mac_address")(
        &args3x(a)
    )),
];

/// The 4.x deprecation wrappers: (name, deprecation key, message).
const DEPRECATED: &[(&str, &str, &str)] = &[
    ("is_absolute_path", "is_absolute_path", "This method is deprecated, please use match expressions with Stdlib::Compat::Absolute_Path instead. They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions."),
    ("is_array", "is_array", "This method is deprecated, please use match expressions with Stdlib::Compat::Array instead. They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions."),
    ("is_bool", "is_bool", "This method is deprecated, please use match expressions with Stdlib::Compat::Bool instead. They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions."),
    ("is_float", "is_float", "This method is deprecated, please use match expressions with Stdlib::Compat::Float instead. They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions."),
    ("is_ip_address", "is_ip_address", "This method is deprecated, please use match expressions with Stdlib::Compat::Ip_address instead. They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions."),
    ("is_ipv4_address", "is_ipv4_address", "This method is deprecated, please use match expressions with Stdlib::Compat::Ipv4 instead. They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions."),
    // stdlib's own slip: is_ipv6_address warns under is_ipv4_address's key.
    ("is_ipv6_address", "is_ipv4_address", "This method is deprecated, please use match expressions with Stdlib::Compat::Ipv6 instead. They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions."),
    ("is_numeric", "is_numeric", "This method is deprecated, please use match expressions with Stdlib::Compat::Numeric instead. They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions."),
    ("is_string", "is_string", "This method is deprecated, please use match expressions with Stdlib::Compat::String instead. They are described at https://docs.puppet.com/puppet/latest/reference/lang_data_type.html#match-expressions."),
    ("validate_absolute_path", "validate_absolute_path", "This method is deprecated, please use the stdlib validate_legacy function,\n                    with Stdlib::Compat::Absolute_Path. There is further documentation for validate_legacy function in the README."),
    ("validate_array", "validate_array", "This method is deprecated, please use the stdlib validate_legacy function,\n                    with Stdlib::Compat::Array. There is further documentation for validate_legacy function in the README."),
    ("validate_bool", "validate_bool", "This method is deprecated, please use the stdlib validate_legacy function,\n                    with Stdlib::Compat::Bool. There is further documentation for validate_legacy function in the README."),
    ("validate_hash", "validate_hash", "This method is deprecated, please use the stdlib validate_legacy function,\n                    with Stdlib::Compat::Hash. There is further documentation for validate_legacy function in the README."),
    ("validate_integer", "validate_integer", "This method is deprecated, please use the stdlib validate_legacy function,\n                    with Stdlib::Compat::Integer. There is further documentation for validate_legacy function in the README."),
    ("validate_ip_address", "validate_ip_address", "This method is deprecated, please use the stdlib validate_legacy function,\n                    with Stdlib::Compat::Ip_Address. There is further documentation for validate_legacy function in the README."),
    ("validate_ipv4_address", "validate_ipv4_address", "This method is deprecated, please use the stdlib validate_legacy function,\n                    with Stdlib::Compat::Ipv4_Address. There is further documentation for validate_legacy function in the README."),
    ("validate_ipv6_address", "validate_ipv6_address", "This method is deprecated, please use the stdlib validate_legacy function,\n                    with Stdlib::Compat::Ipv6_address. There is further documentation for validate_legacy function in the README."),
    ("validate_numeric", "validate_numeric", "This method is deprecated, please use the stdlib validate_legacy function,\n                    with Stdlib::Compat::Numeric. There is further documentation for validate_legacy function in the README."),
    ("validate_re", "validate_re", "This method is deprecated, please use the stdlib validate_legacy function,\n                    with Pattern[]. There is further documentation for validate_legacy function in the README."),
    ("validate_slength", "validate_slength", "This method is deprecated, please use the stdlib validate_legacy function,\n                    with String[]. There is further documentation for validate_legacy function in the README."),
    ("validate_string", "validate_string", "This method is deprecated, please use the stdlib validate_legacy function,\n                    with Stdlib::Compat::String. There is further documentation for validate_legacy function in the README."),
];

/// A 4.x wrapper: the deprecation warning, then the 3.x function.
fn wrapped(name: &str, args: &[Data], cx: &mut dyn FunctionContext) -> R {
    if let Some((_, key, message)) = DEPRECATED.iter().find(|(n, _, _)| *n == name) {
        crate::deprecation(cx, key, message);
    }
    core(name)(args)
}

macro_rules! wrappers {
    ($($name:literal),* $(,)?) => {
        &[$(native!($name, ANY, |a, cx| wrapped($name, a, cx))),*]
    };
}

pub const WRAPPERS: &[NativeFunction] = wrappers![
    "is_absolute_path",
    "is_array",
    "is_bool",
    "is_float",
    "is_ip_address",
    "is_ipv4_address",
    "is_ipv6_address",
    "is_numeric",
    "is_string",
    "validate_absolute_path",
    "validate_array",
    "validate_bool",
    "validate_hash",
    "validate_integer",
    "validate_ip_address",
    "validate_ipv4_address",
    "validate_ipv6_address",
    "validate_numeric",
    "validate_re",
    "validate_slength",
    "validate_string",
];

fn arity(args: &[Data], name: &str, n: usize) -> Result<(), String> {
    if args.len() == n {
        Ok(())
    } else {
        err(format!(
            "{name}(): Wrong number of arguments given ({} for {n})",
            args.len()
        ))
    }
}

/// A one-argument `is_*` test; `paren` chooses stdlib's two wordings of the count
/// error (`(2 for 1)` or `2 for 1`).
fn is1(args: &[Data], name: &str, paren: bool, test: impl Fn(&Data) -> bool) -> R {
    let empty_ok = matches!(name, "is_array" | "is_string");
    if args.len() != 1 && !(empty_ok && args.len() > 1) {
        return err(if paren || empty_ok {
            format!(
                "{name}(): Wrong number of arguments given ({} for 1)",
                args.len()
            )
        } else {
            format!(
                "{name}(): Wrong number of arguments given {} for 1",
                args.len()
            )
        });
    }
    Ok(Data::Bool(test(&args[0])))
}

fn is_ip(args: &[Data], name: &str, family: fn(&net::Net) -> bool) -> R {
    if args.len() != 1 {
        return err(format!(
            "{name}(): Wrong number of arguments given {} for 1",
            args.len()
        ));
    }
    let s = match &args[0] {
        Data::String(s) => s.clone(),
        other => to_s(other),
    };
    Ok(Data::Bool(net::parse(&s).is_some_and(|n| family(&n))))
}

fn each(args: &[Data], name: &str, ok: fn(&Data) -> bool, what: &str) -> R {
    if args.is_empty() {
        return err(format!(
            "{name}(): wrong number of arguments (0; must be > 0)"
        ));
    }
    for a in args {
        if !ok(a) {
            return err(format!(
                "{} is not {what}.  It looks to be a {}",
                inspect(a),
                class(a)
            ));
        }
    }
    Ok(Data::Undef)
}

/// Puppet's `Puppet::Util.absolute_path?` for POSIX or Windows.
pub(crate) fn absolute_path(d: &Data) -> bool {
    let Data::String(p) = d else { return false };
    if p.starts_with('/') {
        return true;
    }
    let b = p.as_bytes();
    let slash = |c: u8| c == b'/' || c == b'\\';
    if b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && slash(b[2]) {
        return true;
    }
    // \\server\share or \\?\label
    if b.len() >= 2 && slash(b[0]) && slash(b[1]) {
        let rest = &p[2..];
        let parts: Vec<&str> = rest.splitn(3, ['/', '\\']).collect();
        if parts.len() >= 2 && !parts[0].is_empty() && !parts[1].is_empty() {
            return true;
        }
    }
    false
}

fn validate_absolute_path(args: &[Data]) -> R {
    if args.is_empty() {
        return err("validate_absolute_path(): wrong number of arguments (0; must be > 0)");
    }
    for a in args {
        for path in match a {
            Data::Array(items) => items.clone(),
            other => vec![other.clone()],
        } {
            if !absolute_path(&path) {
                return err(format!("{} is not an absolute path.", inspect(&path)));
            }
        }
    }
    Ok(Data::Undef)
}

/// stdlib's `validate_integer` and `validate_numeric`.
fn validate_number(args: &[Data], integer: bool) -> R {
    let (name, kind, article) = if integer {
        ("validate_integer", "Integer", "an")
    } else {
        ("validate_numeric", "Numeric", "a")
    };
    if args.is_empty() || args.len() > 3 {
        return err(format!(
            "{name}(): Wrong number of arguments; must be 1, 2 or 3, got {}",
            args.len()
        ));
    }
    let convert = |d: &Data| -> Option<f64> {
        let s = Data::String(to_s(d));
        if integer {
            ruby::integer(&s).map(|i| i as f64)
        } else {
            ruby::float(&s)
        }
    };
    let show = |f: f64| {
        if integer {
            (f as i64).to_string()
        } else {
            marionette_catalog::wire::ruby_float(f)
        }
    };
    let input = &args[0];
    let max = match args.get(1) {
        None => None,
        Some(m) if args.len() > 2 && to_s(m).is_empty() => None,
        Some(m) => Some(convert(m).ok_or_else(|| {
            format!(
                "{name}(): Expected second argument to be unset or {article} {kind}, got {}:String",
                to_s(m)
            )
        })?),
    };
    let min = match args.get(2) {
        None => None,
        Some(m) => Some(convert(m).ok_or_else(|| {
            format!(
                "{name}(): Expected third argument to be unset or {article} {kind}, got {}:{}",
                to_s(m),
                class(m)
            )
        })?),
    };
    if let (Some(lo), Some(hi)) = (min, max) {
        if lo > hi {
            return err(format!(
                "{name}(): Expected second argument to be larger than third argument, got {} < {}",
                show(hi),
                show(lo)
            ));
        }
    }
    let check_as = |n: f64, shown: &Data| -> Result<(), String> {
        let shown = if integer {
            &Data::Integer(n as i64)
        } else {
            shown
        };
        let input = if matches!(input, Data::Array(_)) {
            input
        } else {
            shown
        };
        if let Some(hi) = max {
            if n > hi {
                return err(format!(
                    "{name}(): Expected {} to be smaller or equal to {}, got {}.",
                    inspect(input),
                    show(hi),
                    inspect(input)
                ));
            }
        }
        if let Some(lo) = min {
            if n < lo {
                return err(format!(
                    "{name}(): Expected {} to be greater or equal to {}, got {}.",
                    inspect(input),
                    show(lo),
                    inspect(input)
                ));
            }
        }
        Ok(())
    };
    match input {
        Data::Array(items) => {
            for (pos, a) in items.iter().enumerate() {
                let n = match a {
                    Data::Hash(_) => None,
                    other => convert(other),
                };
                match n {
                    Some(n) => check_as(n, input)?,
                    None => {
                        return err(format!(
                            "{name}(): Expected element at array position {pos} to be {article} {kind}, got {}",
                            class(a)
                        ))
                    }
                }
            }
        }
        Data::Hash(_) => {
            return err(format!(
            "validate_integer(): Expected first argument to be {article} {kind} or Array, got Hash"
        ))
        }
        other => match convert(other) {
            // stdlib reassigns the input to the converted number before it checks
            Some(n) => check_as(n, &Data::Float(n))?,
            None => {
                return err(format!(
                    "{name}(): Expected first argument to be {article} {kind} or Array, got {}",
                    class(other)
                ))
            }
        },
    }
    Ok(Data::Undef)
}

fn validate_re(args: &[Data]) -> R {
    if args.len() < 2 || args.len() > 3 {
        return err(format!(
            "validate_re(): wrong number of arguments ({}; must be 2 or 3)",
            args.len()
        ));
    }
    let Data::String(input) = &args[0] else {
        return err(format!(
            "validate_re(): input needs to be a String, not a {}",
            class(&args[0])
        ));
    };
    let mut patterns = Vec::new();
    ruby::flatten(std::slice::from_ref(&args[1]), &mut patterns);
    for p in &patterns {
        if ruby::regexp(p)?.is_match(input) {
            return Ok(Data::Undef);
        }
    }
    match args.get(2) {
        Some(m) if ruby::truthy(m) => err(to_s(m)),
        _ => err(format!(
            "validate_re(): {} does not match {}",
            inspect(&args[0]),
            inspect(&args[1])
        )),
    }
}

fn validate_slength(args: &[Data]) -> R {
    if args.len() != 2 && args.len() != 3 {
        return err(format!(
            "validate_slength(): Wrong number of arguments ({}; must be 2 or 3)",
            args.len()
        ));
    }
    let max = ruby::integer(&args[1]).filter(|m| *m > 0).ok_or_else(|| {
        format!(
            "validate_slength(): Expected second argument to be a positive Numeric, got {}:{}",
            to_s(&args[1]),
            class(&args[1])
        )
    })?;
    let min = match args.get(2) {
        None | Some(Data::Undef) | Some(Data::Bool(false)) => 0,
        Some(m) => ruby::integer(m).filter(|m| *m >= 0).ok_or_else(|| {
            format!(
                "validate_slength(): Expected third argument to be unset or a positive Numeric, got {}:{}",
                to_s(m),
                class(m)
            )
        })?,
    };
    if max < min {
        return err("validate_slength(): Expected second argument to be equal to or larger than third argument");
    }
    let check = |s: &str| {
        let n = s.chars().count() as i64;
        if n <= max && n >= min {
            Ok(())
        } else {
            let input_len = match &args[0] {
                Data::String(s) => s.chars().count(),
                Data::Array(items) => items.len(),
                _ => 0,
            };
            err(format!(
                "validate_slength(): Expected length of {} to be between {min} and {max}, was {input_len}",
                inspect(&args[0])
            ))
        }
    };
    match &args[0] {
        Data::String(s) => check(s)?,
        Data::Array(items) => {
            for (pos, a) in items.iter().enumerate() {
                let Data::String(s) = a else {
                    return err(format!(
                        "validate_slength(): Expected element at array position {pos} to be a String, got {}",
                        class(a)
                    ));
                };
                check(s)?;
            }
        }
        other => {
            return err(format!(
                "validate_slength(): Expected first argument to be a String or Array, got {}",
                class(other)
            ))
        }
    }
    Ok(Data::Undef)
}

fn validate_ip(args: &[Data], name: &str, what: &str, family: fn(&net::Net) -> bool) -> R {
    let message = format!("is not a valid {what} address.");
    validate_strings(args, name, &message, |s| {
        net::parse(s).is_some_and(|n| family(&n))
    })
}

fn validate_strings(args: &[Data], name: &str, what: &str, ok: impl Fn(&str) -> bool) -> R {
    if args.is_empty() {
        return err(format!(
            "{name}(): wrong number of arguments (0; must be > 0)"
        ));
    }
    for a in args {
        let Data::String(s) = a else {
            return err(format!("{} is not a string.", inspect(a)));
        };
        if !ok(s) {
            return err(format!("{} {what}", inspect(a)));
        }
    }
    Ok(Data::Undef)
}

/// `^-?(?:(?:[1-9]\d*)|0)(?:\.\d+)?(?:[eE]-?\d+)?$` on one line.
fn numeric_line(l: &str) -> bool {
    let l = l.strip_prefix('-').unwrap_or(l);
    let int_end = l.find(|c: char| !c.is_ascii_digit()).unwrap_or(l.len());
    let int = &l[..int_end];
    if int.is_empty() || (int.len() > 1 && int.starts_with('0')) {
        return false;
    }
    let mut rest = &l[int_end..];
    if let Some(r) = rest.strip_prefix('.') {
        let n = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
        if n == 0 {
            return false;
        }
        rest = &r[n..];
    }
    if let Some(r) = rest.strip_prefix(['e', 'E']) {
        let r = r.strip_prefix('-').unwrap_or(r);
        return !r.is_empty() && r.bytes().all(|b| b.is_ascii_digit());
    }
    rest.is_empty()
}

/// stdlib's `is_domain_name`.
pub(crate) fn is_domain_name(domain: &str) -> bool {
    if domain == "." {
        return true;
    }
    let d = domain.strip_suffix('.').unwrap_or(domain);
    if d.is_empty() || d.len() > 255 {
        return false;
    }
    if d.contains('.') {
        let tld = d.rsplit('.').next().unwrap_or("");
        if tld.is_empty() || !tld.bytes().all(|b| b.is_ascii_alphabetic()) {
            return false;
        }
    }
    d.split('.').all(|label| {
        !label.is_empty()
            && label.len() <= 63
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-')
    })
}

/// stdlib's `is_email_address`: `\A([\w+\-].?)+@[a-z\d\-]+(\.[a-z]+)*\.[a-z]+\z`.
pub(crate) fn is_email_address(s: &str) -> bool {
    let Ok(re) =
        marionette_eval::value::Regex::new(r"\A([\w+\-].?)+@[a-z\d\-]+(\.[a-z]+)*\.[a-z]+\z")
    else {
        return false;
    };
    re.is_match(s)
}

fn is_mac_address(s: &str) -> bool {
    s.split('\n').any(|l| {
        let parts: Vec<&str> = l.split(':').collect();
        (parts.len() == 6 || parts.len() == 20)
            && parts
                .iter()
                .all(|p| (1..=2).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_hexdigit()))
    })
}
