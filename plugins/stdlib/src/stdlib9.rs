//! The functions stdlib 9.x added under `stdlib::` (`stdlib::crc32`, `stdlib::sha256`,
//! `stdlib::nested_values`, `stdlib::sort_by`, `stdlib::validate_domain_name`,
//! `stdlib::validate_email_address`) and the `stdlib::` versions of 8.5 functions
//! that 9.x rewrote as 4.x functions with other arguments or other facts
//! (`stdlib::os_version_gte` reads `os`, `stdlib::has_interface_with` and
//! `stdlib::fqdn_rotate` read `networking`, ...). Like every bundled function, these
//! are registered only where a module ships their Ruby file, that is with stdlib 9.

use crate::compile::{defined_with_params, ensure_resource};
use crate::ruby::{self, to_s};
use crate::{err, native, FunctionContext, NativeFunction};
use marionette_catalog::Data;
use std::cmp::Ordering;

type R = Result<Data, String>;

/// What `crc32` and `sha256` accept (Sensitive values are hashed unwrapped).
const SCALAR_OR_SENSITIVE: &[&str] =
    &["Variant[ScalarData, Sensitive[ScalarData], Binary, Sensitive[Binary]] my_data"];

pub const FUNCTIONS: &[NativeFunction] = &[
    native!("stdlib::crc32", SCALAR_OR_SENSITIVE, |a, _| {
        Ok(Data::String(format!(
            "{:x}",
            crc32(digest_input(&a[0]).as_bytes())
        )))
    }),
    native!("stdlib::sha256", SCALAR_OR_SENSITIVE, |a, _| {
        use sha2::Digest;
        let digest = sha2::Sha256::digest(digest_input(&a[0]).as_bytes());
        Ok(Data::String(
            digest.iter().map(|b| format!("{b:02x}")).collect(),
        ))
    }),
    native!("stdlib::nested_values", &["Hash hash"], |a, _| {
        let mut out = Vec::new();
        nested_values(&a[0], &mut out);
        Ok(Data::Array(out))
    }),
    native!(
        "stdlib::sort_by",
        &[
            "Array ary, &[1, 1] block",
            "String str, &[1, 1] block",
            "Hash hsh, &[1, 1] block",
            "Hash hsh, &[2, 2] block"
        ],
        sort_by
    ),
    native!("stdlib::validate_domain_name", &["Any values*"], |a, cx| {
        validate_all(
            a,
            "Variant[Stdlib::Fqdn, Stdlib::Dns::Zone]",
            "stdlib::validate_domain_name",
            cx,
        )
    }),
    native!(
        "stdlib::validate_email_address",
        &["Any values*"],
        |a, cx| validate_all(a, "Stdlib::Email", "stdlib::validate_email_address", cx)
    ),
    native!(
        "stdlib::os_version_gte",
        &["String[1] os, String[1] version"],
        |a, cx| {
            let os = fact(cx, &["os", "name"]);
            let major = fact(cx, &["os", "release", "major"]);
            let same = os.is_some_and(|os| ruby::equal(&os, &a[0]));
            Ok(Data::Bool(
                same && marionette_eval::versioncmp(
                    &major.map(|m| to_s(&m)).unwrap_or_default(),
                    &to_s(&a[1]),
                ) >= 0,
            ))
        }
    ),
    native!(
        "stdlib::has_interface_with",
        &[
            "String[1] interface",
            "Enum['macaddress','netmask','ipaddress','network','ip','mac'] kind, String[1] value"
        ],
        has_interface_with
    ),
    native!(
        "stdlib::fqdn_rotate",
        &[
            "String input, Variant[Integer,String] seeds*",
            "Array input, Variant[Integer,String] seeds*"
        ],
        fqdn_rotate
    ),
    native!(
        "stdlib::fqdn_rand_string",
        &["Integer[1] length, Optional[String] charset?, Any seed*"],
        fqdn_rand_string
    ),
    native!(
        "stdlib::seeded_rand",
        &["Integer[1] max, String seed"],
        |a, _| { crate::strings::seeded_rand(a) }
    ),
    native!(
        "stdlib::ensure_packages",
        &[
            "Variant[String[1], Array[String[1]]] packages, Hash default_attributes?",
            "Hash[String[1], Any] packages, Hash default_attributes?"
        ],
        ensure_packages
    ),
];

/// `my_data.unwrap.to_s`, or `to_s` of what has no `unwrap`.
fn digest_input(d: &Data) -> String {
    match d {
        Data::Sensitive(inner) => to_s(inner),
        other => to_s(other),
    }
}

/// CRC-32 as zlib computes it (reflected, polynomial 0xEDB88320).
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn nested_values(d: &Data, out: &mut Vec<Data>) {
    if let Data::Hash(h) = d {
        for (_, v) in h {
            match v {
                Data::Hash(_) => nested_values(v, out),
                other => out.push(other.clone()),
            }
        }
    }
}

/// Each value must be a `ty` (a type alias of the module: the signature is checked
/// here, where the environment's aliases resolve), and there must be one at least.
fn validate_all(args: &[Data], ty: &str, name: &str, cx: &mut dyn FunctionContext) -> R {
    for value in args {
        if let Some(mismatch) = cx.type_mismatch(&Data::String(ty.into()), value)? {
            return err(format!("'{name}' parameter 'values' {mismatch}"));
        }
    }
    if args.is_empty() {
        return err(format!(
            "{name}(): Wrong number of arguments need at least one"
        ));
    }
    Ok(Data::Undef)
}

/// Ruby's `<=>` on the keys `sort_by` computes; `None` where Ruby's fails.
fn compare(a: &Data, b: &Data) -> Option<Ordering> {
    match (a, b) {
        (Data::Integer(x), Data::Integer(y)) => Some(x.cmp(y)),
        (Data::String(x), Data::String(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        (Data::Array(x), Data::Array(y)) => {
            for (p, q) in x.iter().zip(y) {
                match compare(p, q)? {
                    Ordering::Equal => {}
                    other => return Some(other),
                }
            }
            Some(x.len().cmp(&y.len()))
        }
        _ => ruby::float(a)
            .zip(ruby::float(b))
            .filter(|_| !matches!(a, Data::String(_)) && !matches!(b, Data::String(_)))
            .and_then(|(x, y)| x.partial_cmp(&y)),
    }
}

fn sort_by(args: &[Data], cx: &mut dyn FunctionContext) -> R {
    let items: Vec<Data> = match &args[0] {
        Data::Array(items) => items.clone(),
        Data::String(s) => s.chars().map(|c| Data::String(c.to_string())).collect(),
        Data::Hash(h) => h
            .iter()
            .map(|(k, v)| Data::Array(vec![k.clone(), v.clone()]))
            .collect(),
        _ => return err("stdlib::sort_by(): expects an Array, a String or a Hash"),
    };
    let mut keyed = Vec::with_capacity(items.len());
    for item in items {
        // Ruby's `sort_by` yields a Hash's pairs as one value: a block of two
        // parameters fails for the missing second, as in Puppet
        keyed.push((cx.call_block(vec![item.clone()])?, item));
    }
    let mut failed = None;
    keyed.sort_by(|(a, _), (b, _)| {
        compare(a, b).unwrap_or_else(|| {
            failed.get_or_insert_with(|| {
                format!(
                    "comparison of {} with {} failed",
                    ruby::class(a),
                    ruby::class(b)
                )
            });
            Ordering::Equal
        })
    });
    if let Some(msg) = failed {
        return err(msg);
    }
    let sorted = keyed.into_iter().map(|(_, item)| item);
    Ok(match &args[0] {
        Data::String(_) => Data::String(sorted.map(|c| to_s(&c)).collect()),
        Data::Hash(_) => Data::Hash(
            sorted
                .filter_map(|pair| match pair {
                    Data::Array(mut kv) if kv.len() == 2 => {
                        let v = kv.pop()?;
                        Some((kv.pop()?, v))
                    }
                    _ => None,
                })
                .collect(),
        ),
        _ => Data::Array(sorted.collect()),
    })
}

/// A fact by its path under `$facts`.
fn fact(cx: &mut dyn FunctionContext, path: &[&str]) -> Option<Data> {
    let mut cur = cx.variable("facts")?;
    for key in path {
        cur = match cur {
            Data::Hash(h) => ruby::get(&h, &Data::String((*key).into()))?.clone(),
            _ => return None,
        };
    }
    Some(cur)
}

fn has_interface_with(args: &[Data], cx: &mut dyn FunctionContext) -> R {
    let interfaces = match fact(cx, &["networking", "interfaces"]) {
        Some(Data::Hash(h)) => h,
        Some(_) | None => {
            return err(
                "stdlib::has_interface_with(): the fact networking.interfaces is not a Hash",
            )
        }
    };
    if let [interface] = args {
        return Ok(Data::Bool(ruby::get(&interfaces, interface).is_some()));
    }
    let kind = match to_s(&args[0]).as_str() {
        "ipaddress" => "ip".to_string(),
        "macaddress" => "mac".to_string(),
        other => other.to_string(),
    };
    let kind = Data::String(kind);
    Ok(Data::Bool(interfaces.iter().any(
        |(_, params)| match params {
            Data::Hash(p) => ruby::get(p, &kind).is_some_and(|v| ruby::equal(v, &args[1])),
            _ => false,
        },
    )))
}

fn fqdn_rotate(args: &[Data], cx: &mut dyn FunctionContext) -> R {
    use md5::Digest;
    let (input, seeds) = (&args[0], &args[1..]);
    let mut items: Vec<Data> = match input {
        Data::String(s) => s.chars().map(|c| Data::String(c.to_string())).collect(),
        other => ruby::array(other),
    };
    if items.len() <= 1 {
        return Ok(input.clone());
    }
    let fqdn = fact(cx, &["networking", "fqdn"])
        .map(|f| to_s(&f))
        .unwrap_or_default();
    // `[fqdn, seeds].join(':')`: the seeds joined, empty without any ("fqdn:")
    let seeds: Vec<String> = seeds.iter().map(to_s).collect();
    let digest = md5::Md5::digest(format!("{fqdn}:{}", seeds.join(":")).as_bytes());
    let len = items.len();
    let offset = marionette_eval::deterministic_rand(&digest, len as i64);
    items.rotate_left(offset as usize % len);
    Ok(match input {
        Data::String(_) => Data::String(items.iter().map(to_s).collect()),
        _ => Data::Array(items),
    })
}

fn fqdn_rand_string(args: &[Data], cx: &mut dyn FunctionContext) -> R {
    let length = ruby::to_i(&args[0]);
    let chars: Vec<char> = match args.get(1) {
        Some(Data::String(s)) if !s.is_empty() => s.chars().collect(),
        _ => ('0'..='9').chain('A'..='Z').chain('a'..='z').collect(),
    };
    let mut seeds = Vec::new();
    ruby::flatten(args.get(2..).unwrap_or_default(), &mut seeds);
    let seeds: Vec<String> = seeds.iter().map(to_s).collect();
    crate::compile::fqdn_rand_chars(length, &chars, &seeds, cx)
}

fn ensure_packages(args: &[Data], cx: &mut dyn FunctionContext) -> R {
    let defaults = match args.get(1) {
        Some(Data::Hash(h)) => h.clone(),
        _ => Vec::new(),
    };
    match &args[0] {
        Data::Hash(packages) => {
            for (name, attributes) in packages {
                let mut merged = defaults.clone();
                match attributes {
                    Data::Hash(attrs) => {
                        for (k, v) in attrs {
                            ruby::put(&mut merged, k.clone(), v.clone());
                        }
                    }
                    Data::Undef => return err("no implicit conversion of nil into Hash"),
                    other => {
                        return err(format!(
                            "no implicit conversion of {} into Hash",
                            ruby::class(other)
                        ))
                    }
                }
                ensure_package(name, &merged, cx)?;
            }
        }
        other => {
            for name in ruby::array(other) {
                ensure_package(&name, &defaults, cx)?;
            }
        }
    }
    Ok(Data::Undef)
}

/// One package: `ensure` defaults to `installed`; `present` and `installed` stay
/// `present` where the catalog already has the package with `ensure => present`.
fn ensure_package(name: &Data, attributes: &[(Data, Data)], cx: &mut dyn FunctionContext) -> R {
    let ensure = Data::String("ensure".into());
    let mut defaults = vec![(ensure.clone(), Data::String("installed".into()))];
    for (k, v) in attributes {
        ruby::put(&mut defaults, k.clone(), v.clone());
    }
    let current = ruby::get(&defaults, &ensure).map(to_s);
    if matches!(current.as_deref(), Some("present" | "installed"))
        && matches!(ruby::get(&defaults, &ensure), Some(Data::String(_)))
    {
        let present = Data::String("present".into());
        let reference = Data::String(format!("Package[{}]", to_s(name)));
        let query = Data::Hash(vec![(ensure.clone(), present.clone())]);
        let value = if defined_with_params(&[reference, query], cx)? {
            present
        } else {
            Data::String("installed".into())
        };
        ruby::put(&mut defaults, ensure, value);
    }
    ensure_resource(
        &[
            Data::String("package".into()),
            name.clone(),
            Data::Hash(defaults),
        ],
        cx,
    )
}
