//! The functions that need the compile: resources (`ensure_packages`,
//! `ensure_resource(s)`, `defined_with_params`, `getparam`), facts and variables
//! (`fact`, `os_version_gte`, `fqdn_rotate`, `fqdn_rand_string`, `has_interface_with`),
//! types (`is_a`, `validate_legacy`), modules and files (`get_module_path`,
//! `load_module_metadata`, `loadyaml`, `loadjson`, `glob`), and `deprecation`.

use crate::ruby::{self, args3x, class, to_s, truthy};
use crate::{native, FunctionContext, NativeFunction, ANY, ONE_OR_MORE};
use marionette_catalog::Data;

type R = Result<Data, String>;

fn err<T>(msg: impl Into<String>) -> Result<T, String> {
    Err(msg.into())
}

pub const FUNCTIONS: &[NativeFunction] = &[
    native!(
        "ensure_packages",
        &["Variant[String[1], Array[String[1]], Hash[String[1], Any]] packages, Hash default_attributes?"],
        ensure_packages
    ),
    native!("ensure_resource", ANY, |a, cx| ensure_resource(&args3x(a), cx)),
    native!("ensure_resources", ANY, |a, cx| ensure_resources(&args3x(a), cx)),
    native!("defined_with_params", ANY, |a, cx| {
        defined_with_params(&args3x(a), cx).map(Data::Bool)
    }),
    native!("getparam", ANY, |a, cx| getparam(&args3x(a), cx)),
    native!("fact", &["String fact_name"], fact),
    native!("os_version_gte", &["String[1] os, String[1] version"], |a, cx| {
        let facts = cx.variable("facts").unwrap_or(Data::Undef);
        let get = |k: &str| match &facts {
            Data::Hash(h) => ruby::get(h, &Data::String(k.into())).cloned(),
            _ => None,
        };
        let same_os = get("operatingsystem").is_some_and(|os| ruby::equal(&os, &a[0]));
        let release = get("operatingsystemmajrelease").map(|r| to_s(&r)).unwrap_or_default();
        Ok(Data::Bool(
            same_os && marionette_eval::versioncmp(&release, &to_s(&a[1])) >= 0,
        ))
    }),
    native!("fqdn_rotate", ANY, |a, cx| fqdn_rotate(&args3x(a), cx)),
    native!("fqdn_rand_string", ONE_OR_MORE, |a, cx| fqdn_rand_string(&args3x(a), cx)),
    native!("has_interface_with", ANY, |a, cx| has_interface_with(&args3x(a), cx)),
    native!("has_ip_address", ANY, |a, cx| {
        let a = args3x(a);
        if a.len() != 1 {
            return err(format!(
                "has_ip_address(): Wrong number of arguments given ({} for 1)",
                a.len()
            ));
        }
        has_interface_with(&[Data::String("ipaddress".into()), a[0].clone()], cx)
    }),
    native!("has_ip_network", ANY, |a, cx| {
        let a = args3x(a);
        if a.len() != 1 {
            return err(format!(
                "has_ip_network(): Wrong number of arguments given ({} for 1)",
                a.len()
            ));
        }
        has_interface_with(&[Data::String("network".into()), a[0].clone()], cx)
    }),
    native!("is_a", &["Any value, Type type"], |a, cx| {
        Ok(Data::Bool(cx.type_mismatch(&a[1], &a[0])?.is_none()))
    }),
    native!(
        "validate_legacy",
        &[
            "Type target_type, String function_name, Any value, Any args*",
            "String type_string, String function_name, Any value, Any args*"
        ],
        validate_legacy
    ),
    // Puppet's `type(value)` is the same inference (`infer_set`).
    native!("type_of", &["Any value"], |a, cx| cx
        .call_function("type", a.to_vec())),
    native!("stdlib::str2resource", &["String res_string"], |a, cx| {
        str2resource(&to_s(&a[0]), cx)
    }),
    native!("deprecation", &["String key, String message"], |a, cx| {
        crate::deprecation(cx, &to_s(&a[0]), &to_s(&a[1]));
        Ok(Data::Undef)
    }),
    native!("get_module_path", ANY, |a, cx| {
        let a = args3x(a);
        if a.len() != 1 {
            return err("get_module_path(): Wrong number of arguments, expects one");
        }
        module_path(&to_s(&a[0]), cx).map(Data::String)
    }),
    native!("load_module_metadata", ANY, |a, cx| {
        let a = args3x(a);
        if a.is_empty() || a.len() > 2 {
            return err("load_module_metadata(): Wrong number of arguments, expects one or two");
        }
        let dir = module_path(&to_s(&a[0]), cx)?;
        let file = format!("{dir}/metadata.json");
        match std::fs::read_to_string(&file) {
            Ok(text) => marionette_lookup::parse_json(&text, &file).map_err(|e| e.message),
            Err(_) if a.get(1).is_some_and(truthy) => Ok(Data::Hash(Vec::new())),
            Err(_) => err(format!(
                "load_module_metadata(): No metadata.json file for module {}",
                to_s(&a[0])
            )),
        }
    }),
    native!("loadyaml", ONE_OR_MORE, |a, cx| {
        load(&args3x(a), cx, |text, file| {
            marionette_lookup::parse_yaml(text, file).map_err(|e| e.message)
        })
    }),
    native!("loadjson", ONE_OR_MORE, |a, cx| {
        load(&args3x(a), cx, |text, file| {
            marionette_lookup::parse_json(text, file).map_err(|e| e.message)
        })
    }),
    native!("glob", ANY, |a, _| {
        let a = args3x(a);
        if a.len() != 1 {
            return err(format!(
                "glob(): Wrong number of arguments given ({} for 1)",
                a.len()
            ));
        }
        let patterns = match &a[0] {
            Data::String(s) => vec![s.clone()],
            Data::Array(items) => items.iter().map(to_s).collect(),
            _ => return err("glob(): Requires either array or string to work"),
        };
        let mut out = Vec::new();
        for p in patterns {
            out.extend(glob(&p).into_iter().map(Data::String));
        }
        Ok(Data::Array(out))
    }),
    native!("assert_private", ANY, |a, cx| {
        let a = args3x(a);
        if a.len() > 1 {
            return err(format!(
                "assert_private(): Wrong number of arguments given ({}}}) for 0 or 1)",
                a.len()
            ));
        }
        let module = cx.variable("module_name").unwrap_or(Data::Undef);
        let caller = cx.variable("caller_module_name").unwrap_or(Data::Undef);
        if module == caller {
            return Ok(Data::Undef);
        }
        match a.first() {
            Some(Data::String(m)) => err(m.clone()),
            _ => {
                let name = cx.variable("title").map(|t| to_s(&t)).unwrap_or_default();
                err(format!("Class {name} is private"))
            }
        }
    }),
    native!("is_function_available", ANY, |a, _| {
        let a = args3x(a);
        if a.len() != 1 {
            return err(format!(
                "is_function_available?(): Wrong number of arguments given {} for 1",
                a.len()
            ));
        }
        Ok(Data::Bool(matches!(&a[0], Data::String(n) if FUNCTIONS_3X.contains(&n.as_str()))))
    }),
];

/// The 3.x functions Puppet 7.23 and stdlib 8.5 define (`is_function_available` asks
/// Puppet's 3.x function registry, which knows only these).
const FUNCTIONS_3X: &[&str] = &[
    "abs",
    "any2array",
    "any2bool",
    "assert_private",
    "assert_type",
    "base64",
    "basename",
    "binary_file",
    "bool2num",
    "bool2str",
    "break",
    "camelcase",
    "capitalize",
    "ceiling",
    "chomp",
    "chop",
    "clamp",
    "concat",
    "contain",
    "convert_base",
    "count",
    "create_resources",
    "deep_merge",
    "defined",
    "defined_with_params",
    "delete",
    "delete_at",
    "delete_regex",
    "delete_undef_values",
    "delete_values",
    "deprecation",
    "difference",
    "dig",
    "dig44",
    "digest",
    "dirname",
    "dos2unix",
    "downcase",
    "each",
    "empty",
    "enclose_ipv6",
    "ensure_packages",
    "ensure_resource",
    "ensure_resources",
    "epp",
    "fail",
    "file",
    "filter",
    "find_file",
    "flatten",
    "floor",
    "fqdn_rand",
    "fqdn_rand_string",
    "fqdn_rotate",
    "fqdn_uuid",
    "generate",
    "get_module_path",
    "getparam",
    "getvar",
    "glob",
    "grep",
    "has_interface_with",
    "has_ip_address",
    "has_ip_network",
    "has_key",
    "hash",
    "hiera",
    "hiera_array",
    "hiera_hash",
    "hiera_include",
    "include",
    "inline_epp",
    "inline_template",
    "intersection",
    "is_absolute_path",
    "is_array",
    "is_bool",
    "is_domain_name",
    "is_email_address",
    "is_float",
    "is_function_available",
    "is_hash",
    "is_integer",
    "is_ip_address",
    "is_ipv4_address",
    "is_ipv6_address",
    "is_mac_address",
    "is_numeric",
    "is_string",
    "join",
    "join_keys_to_values",
    "keys",
    "lest",
    "load_module_metadata",
    "loadjson",
    "loadyaml",
    "lookup",
    "lstrip",
    "map",
    "match",
    "max",
    "md5",
    "member",
    "merge",
    "min",
    "new",
    "next",
    "num2bool",
    "parsejson",
    "parseyaml",
    "pick",
    "pick_default",
    "prefix",
    "private",
    "pry",
    "pw_hash",
    "range",
    "realize",
    "reduce",
    "regexpescape",
    "regsubst",
    "reject",
    "require",
    "return",
    "reverse",
    "reverse_each",
    "round",
    "rstrip",
    "scanf",
    "seeded_rand",
    "sha1",
    "sha256",
    "shell_join",
    "shell_split",
    "shellquote",
    "shuffle",
    "size",
    "slice",
    "sort",
    "split",
    "sprintf",
    "squeeze",
    "step",
    "str2bool",
    "str2saltedpbkdf2",
    "str2saltedsha512",
    "strftime",
    "strip",
    "suffix",
    "swapcase",
    "tag",
    "tagged",
    "template",
    "then",
    "time",
    "to_bytes",
    "try_get_value",
    "type",
    "type3x",
    "union",
    "unique",
    "unix2dos",
    "upcase",
    "uriescape",
    "validate_absolute_path",
    "validate_array",
    "validate_augeas",
    "validate_bool",
    "validate_cmd",
    "validate_domain_name",
    "validate_email_address",
    "validate_hash",
    "validate_integer",
    "validate_ip_address",
    "validate_ipv4_address",
    "validate_ipv6_address",
    "validate_numeric",
    "validate_re",
    "validate_slength",
    "validate_string",
    "validate_x509_rsa_key_pair",
    "values",
    "values_at",
    "versioncmp",
    "with",
    "zip",
];

fn ensure_packages(args: &[Data], cx: &mut dyn FunctionContext) -> R {
    let mut defaults = vec![(
        Data::String("ensure".into()),
        Data::String("installed".into()),
    )];
    if let Some(Data::Hash(attrs)) = args.get(1) {
        for (k, v) in attrs {
            ruby::put(&mut defaults, k.clone(), v.clone());
        }
        let ensure = Data::String("ensure".into());
        if ruby::get(&defaults, &ensure) == Some(&Data::String("present".into())) {
            ruby::put(&mut defaults, ensure, Data::String("installed".into()));
        }
    }
    let package = Data::String("package".into());
    match &args[0] {
        Data::Hash(_) => {
            ensure_resources(&[package, args[0].clone(), Data::Hash(defaults)], cx)?;
        }
        other => {
            for name in ruby::array(other) {
                ensure_resource(&[package.clone(), name, Data::Hash(defaults.clone())], cx)?;
            }
        }
    }
    Ok(Data::Undef)
}

/// Ruby's `String#capitalize` per `::` segment is what `create_resources` needs; Ruby's
/// plain `capitalize` is enough there (Puppet resolves the type name case-insensitively).
fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f
            .to_uppercase()
            .chain(c.flat_map(char::to_lowercase))
            .collect(),
        None => String::new(),
    }
}

pub(crate) fn ensure_resource(args: &[Data], cx: &mut dyn FunctionContext) -> R {
    let (Some(ty), Some(title)) = (args.first(), args.get(1)) else {
        return err(if args.is_empty() {
            "Must specify a type"
        } else {
            "Must specify a title"
        });
    };
    let params = match args.get(2) {
        Some(Data::Undef) | None => Data::Hash(Vec::new()),
        Some(p) => p.clone(),
    };
    let mut items = Vec::new();
    ruby::flatten(std::slice::from_ref(title), &mut items);
    for item in items {
        let reference = Data::String(format!("{}[{}]", to_s(ty), to_s(&item)));
        if !defined_with_params(&[reference, params.clone()], cx)? {
            cx.call_function(
                "create_resources",
                vec![
                    Data::String(capitalize(&to_s(ty))),
                    Data::Hash(vec![(item.clone(), params.clone())]),
                ],
            )?;
        }
    }
    Ok(Data::Undef)
}

fn ensure_resources(args: &[Data], cx: &mut dyn FunctionContext) -> R {
    let (Some(ty), Some(titles)) = (args.first(), args.get(1)) else {
        return err(if args.is_empty() {
            "Must specify a type"
        } else {
            "Must specify a title"
        });
    };
    let defaults = match args.get(2) {
        Some(Data::Hash(h)) => h.clone(),
        _ => Vec::new(),
    };
    let Data::Hash(entries) = titles else {
        return err("ensure_resources(): Requires second argument to be a Hash");
    };
    for (name, params) in entries {
        let merged = match params {
            Data::Hash(p) => {
                let mut m = defaults.clone();
                for (k, v) in p {
                    ruby::put(&mut m, k.clone(), v.clone());
                }
                m
            }
            _ => defaults.clone(),
        };
        ensure_resource(&[ty.clone(), name.clone(), Data::Hash(merged)], cx)?;
    }
    Ok(Data::Undef)
}

/// `Type[title]` split as Puppet's `Resource.type_and_title` does.
fn type_and_title(reference: &str) -> Option<(String, String)> {
    let open = reference.find('[')?;
    let inner = reference[open + 1..].strip_suffix(']')?;
    Some((reference[..open].to_string(), inner.to_string()))
}

pub(crate) fn defined_with_params(
    args: &[Data],
    cx: &mut dyn FunctionContext,
) -> Result<bool, String> {
    let Some(reference) = args.first() else {
        return err("Must specify a reference");
    };
    let params = match args.get(1) {
        Some(Data::Hash(h)) => h.clone(),
        _ => Vec::new(),
    };
    let Data::String(reference) = reference else {
        return err(format!(
            "Reference is not understood: '{}'",
            class(reference)
        ));
    };
    let Some((ty, title)) = type_and_title(reference) else {
        return Ok(false);
    };
    let Some(res) = cx.resource(&ty, &title) else {
        return Ok(false);
    };
    Ok(params.iter().all(|(k, v)| {
        let actual = ruby::get(&res_hash(&res), k)
            .cloned()
            .unwrap_or(Data::Undef);
        (actual == Data::Undef && *v == Data::Undef) || ruby::equal(&actual, v)
    }))
}

fn res_hash(res: &[(String, Data)]) -> Vec<(Data, Data)> {
    res.iter()
        .map(|(k, v)| (Data::String(k.clone()), v.clone()))
        .collect()
}

fn getparam(args: &[Data], cx: &mut dyn FunctionContext) -> R {
    let Some(reference) = args.first().filter(|r| truthy(r)) else {
        return err("Must specify a reference");
    };
    let Some(Data::String(param)) = args.get(1) else {
        return err("Must specify name of a parameter");
    };
    if param.is_empty() {
        return Ok(Data::String(String::new()));
    }
    let found = type_and_title(&to_s(reference))
        .and_then(|(ty, title)| cx.resource(&ty, &title))
        .and_then(|res| res.into_iter().find(|(k, _)| k == param).map(|(_, v)| v));
    Ok(found.unwrap_or(Data::String(String::new())))
}

fn fact(args: &[Data], cx: &mut dyn FunctionContext) -> R {
    let name = to_s(&args[0]);
    // ([^."]+)|"([^"]+)": dotted segments, quoted ones may hold dots
    let mut path = Vec::new();
    let mut rest = name.as_str();
    while !rest.is_empty() {
        if let Some(q) = rest.strip_prefix('"') {
            match q.find('"') {
                Some(end) if end > 0 => {
                    path.push(q[..end].to_string());
                    rest = &q[end + 1..];
                }
                _ => rest = q,
            }
        } else {
            let end = rest.find(['.', '"']).unwrap_or(rest.len());
            if end > 0 {
                path.push(rest[..end].to_string());
            }
            rest = &rest[end..];
            rest = rest.strip_prefix('.').unwrap_or(rest);
        }
    }
    let mut cur = cx.variable("facts").unwrap_or(Data::Undef);
    let mut walked: Vec<String> = Vec::new();
    let dotted = |w: &[String]| {
        w.iter()
            .map(|s| {
                if s.contains('.') {
                    format!("\"{s}\"")
                } else {
                    s.clone()
                }
            })
            .collect::<Vec<_>>()
            .join(".")
    };
    for k in path {
        cur = match &cur {
            Data::Undef => return Ok(Data::Undef),
            Data::Array(items) => match ruby::parse_integer(&k) {
                Some(i) => {
                    let i = if i < 0 { items.len() as i64 + i } else { i };
                    usize::try_from(i)
                        .ok()
                        .and_then(|i| items.get(i))
                        .cloned()
                        .unwrap_or(Data::Undef)
                }
                None => {
                    cx.warning(format!(
                        "fact request for {name} returning nil: '{}' is an array; cannot index to '{k}'",
                        dotted(&walked)
                    ));
                    Data::Undef
                }
            },
            Data::Hash(h) => ruby::get(h, &Data::String(k.clone()))
                .cloned()
                .unwrap_or(Data::Undef),
            _ => {
                cx.warning(format!(
                    "fact request for {name} returning nil: '{}' is not a collection; cannot walk to '{k}'",
                    dotted(&walked)
                ));
                Data::Undef
            }
        };
        walked.push(k);
    }
    Ok(cur)
}

fn fqdn_rotate(args: &[Data], cx: &mut dyn FunctionContext) -> R {
    use md5::Digest;
    let Some((value, seeds)) = args.split_first() else {
        return err("fqdn_rotate(): Wrong number of arguments given (0 for 1)");
    };
    let mut items: Vec<Data> = match value {
        Data::Array(items) => items.clone(),
        Data::String(s) => s.chars().map(|c| Data::String(c.to_string())).collect(),
        _ => return err("fqdn_rotate(): Requires either array or string to work with"),
    };
    if items.len() <= 1 {
        return Ok(value.clone());
    }
    let fqdn = cx.lookupvar("::fqdn").map(|f| to_s(&f)).unwrap_or_default();
    // `[fqdn, args].join(':')`: the (possibly empty) rest of the arguments, joined
    let mut flat = Vec::new();
    ruby::flatten(seeds, &mut flat);
    let rest: Vec<String> = flat.iter().map(to_s).collect();
    let digest = md5::Md5::digest(format!("{fqdn}:{}", rest.join(":")).as_bytes());
    let offset = marionette_eval::deterministic_rand(&digest, items.len() as i64);
    let len = items.len();
    items.rotate_left(offset as usize % len);
    Ok(match value {
        Data::String(_) => Data::String(items.iter().map(to_s).collect()),
        _ => Data::Array(items),
    })
}

fn fqdn_rand_string(args: &[Data], cx: &mut dyn FunctionContext) -> R {
    if !crate::strings::is_integer3x(&args[0]) || ruby::to_i(&args[0]) <= 0 {
        return err("fqdn_rand_string(): first argument must be a positive integer");
    }
    let charset = match args.get(1) {
        None | Some(Data::Undef) => String::new(),
        Some(Data::String(s)) => s.clone(),
        Some(_) => return err("fqdn_rand_string(): second argument must be undef or a string"),
    };
    let chars: Vec<char> = if charset.is_empty() {
        ('0'..='9').chain('A'..='Z').chain('a'..='z').collect()
    } else {
        charset.chars().collect()
    };
    let seeds: Vec<String> = args.iter().skip(2).map(to_s).collect();
    fqdn_rand_chars(ruby::to_i(&args[0]), &chars, &seeds, cx)
}

/// `length` characters of `chars`, each picked by `fqdn_rand(chars.size, "seeds:i")`.
pub(crate) fn fqdn_rand_chars(
    length: i64,
    chars: &[char],
    seeds: &[String],
    cx: &mut dyn FunctionContext,
) -> R {
    let mut out = String::new();
    for current in 1..=length {
        let mut parts = seeds.to_vec();
        parts.push(current.to_string());
        let r = cx.call_function(
            "fqdn_rand",
            vec![
                Data::Integer(chars.len() as i64),
                Data::String(parts.join(":")),
            ],
        )?;
        let i = ruby::to_i(&Data::String(to_s(&r)));
        out.push(chars.get(i as usize).copied().unwrap_or_default());
    }
    Ok(Data::String(out))
}

fn has_interface_with(args: &[Data], cx: &mut dyn FunctionContext) -> R {
    if args.is_empty() || args.len() > 2 {
        return err(format!(
            "has_interface_with(): Wrong number of arguments given ({} for 1 or 2)",
            args.len()
        ));
    }
    let interfaces = match cx.lookupvar("interfaces") {
        None | Some(Data::Undef) => return Ok(Data::Bool(false)),
        Some(i) => to_s(&i),
    };
    let interfaces: Vec<&str> = interfaces.split(',').collect();
    if args.len() == 1 {
        return Ok(Data::Bool(interfaces.contains(&to_s(&args[0]).as_str())));
    }
    let kind = to_s(&args[0]);
    if cx
        .variable(&kind)
        .is_some_and(|v| ruby::equal(&v, &args[1]))
    {
        return Ok(Data::Bool(true));
    }
    for iface in interfaces {
        let name = format!("{kind}_{}", iface.to_lowercase());
        if cx
            .variable(&name)
            .is_some_and(|v| ruby::equal(&v, &args[1]))
        {
            return Ok(Data::Bool(true));
        }
    }
    Ok(Data::Bool(false))
}

fn validate_legacy(args: &[Data], cx: &mut dyn FunctionContext) -> R {
    let (ty, function, value, rest) = (&args[0], to_s(&args[1]), &args[2], &args[3..]);
    let previous = |v: &Data| -> bool {
        let Some(f) = crate::validate::legacy(&function) else {
            return false;
        };
        let mut call = vec![v.clone()];
        call.extend(rest.iter().cloned());
        f(&call).is_ok()
    };
    match cx.type_mismatch(ty, value)? {
        None => {
            if crate::validate::legacy(&function).is_none() {
                return err(format!("Unknown function: '{function}'"));
            }
            if !previous(value) {
                let text = cx.type_string(ty).unwrap_or_else(|| type_text(ty));
                cx.notice(format!(
                    "Accepting previously invalid value for target type '{text}'"
                ));
            }
            Ok(Data::Undef)
        }
        Some(mismatch) => {
            let message = format!("validate_legacy({function}) {mismatch}");
            if previous(value) {
                crate::deprecation(cx, "validate_legacy", &message);
                Ok(Data::Undef)
            } else {
                err(message)
            }
        }
    }
}

/// A type's source text, for messages (a type given as a string is that string).
fn type_text(ty: &Data) -> String {
    to_s(ty)
}

fn module_path(name: &str, cx: &mut dyn FunctionContext) -> Result<String, String> {
    cx.module_path(name).ok_or_else(|| {
        let env = cx
            .variable("environment")
            .map(|e| to_s(&e))
            .unwrap_or_default();
        format!("Could not find module {name} in environment {env}")
    })
}

/// `loadyaml`/`loadjson`: a file's data, its default when the file is missing (with
/// Puppet's warning) or unreadable (when a default is given).
fn load(
    args: &[Data],
    cx: &mut dyn FunctionContext,
    parse: fn(&str, &str) -> Result<Data, String>,
) -> R {
    let path = to_s(&args[0]);
    let default = args.get(1).cloned().unwrap_or(Data::Undef);
    if path.starts_with("http://") || path.starts_with("https://") {
        return err(format!(
            "cannot load '{path}': Marionette does not fetch URLs during a compile"
        ));
    }
    let result = match std::fs::read_to_string(&path) {
        Ok(text) => parse(&text, &path),
        Err(_) if !std::path::Path::new(&path).exists() => {
            cx.scope_warning(format!("Can't load '{path}' File does not exist!"));
            return Ok(default);
        }
        Err(e) => Err(e.to_string()),
    };
    match result {
        Ok(d) if truthy(&d) => Ok(d),
        Ok(_) => Ok(default),
        Err(_) if truthy(&default) => Ok(default),
        Err(e) => Err(e),
    }
}

/// Ruby's `Dir.glob` (sorted): `*`, `?`, `[set]`, `{a,b}` and `**/`.
pub fn glob(pattern: &str) -> Vec<String> {
    let mut out = Vec::new();
    for p in expand_braces(pattern) {
        let absolute = p.starts_with('/');
        let parts: Vec<&str> = p.split('/').filter(|s| !s.is_empty()).collect();
        let start = if absolute {
            "/".to_string()
        } else {
            String::new()
        };
        walk(&start, &parts, &mut out);
    }
    out.sort();
    out.dedup();
    out
}

fn expand_braces(p: &str) -> Vec<String> {
    let Some(open) = p.find('{') else {
        return vec![p.to_string()];
    };
    let mut depth = 0;
    let mut close = None;
    for (i, c) in p[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(open + i);
                    break;
                }
            }
            _ => {}
        }
    }
    let Some(close) = close else {
        return vec![p.to_string()];
    };
    let (head, body, tail) = (&p[..open], &p[open + 1..close], &p[close + 1..]);
    body.split(',')
        .flat_map(|alt| expand_braces(&format!("{head}{alt}{tail}")))
        .collect()
}

fn walk(base: &str, parts: &[&str], out: &mut Vec<String>) {
    let join = |name: &str| {
        if base.is_empty() {
            name.to_string()
        } else if base.ends_with('/') {
            format!("{base}{name}")
        } else {
            format!("{base}/{name}")
        }
    };
    let Some((first, rest)) = parts.split_first() else {
        if !base.is_empty() {
            out.push(base.to_string());
        }
        return;
    };
    if *first == "**" {
        walk(base, rest, out);
        for name in entries(base) {
            let path = join(&name);
            if !name.starts_with('.') && std::path::Path::new(&path).is_dir() {
                walk(&path, parts, out);
            }
        }
        return;
    }
    if !first.contains(['*', '?', '[']) {
        let path = join(first);
        if std::path::Path::new(&path).exists()
            || (rest.is_empty() && std::fs::symlink_metadata(&path).is_ok())
        {
            walk(&path, rest, out);
        }
        return;
    }
    for name in entries(base) {
        if name.starts_with('.') && !first.starts_with('.') {
            continue;
        }
        if wildcard(first, &name) {
            walk(&join(&name), rest, out);
        }
    }
}

fn entries(dir: &str) -> Vec<String> {
    let dir = if dir.is_empty() { "." } else { dir };
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
                .collect()
        })
        .unwrap_or_default()
}

/// `fnmatch` of one path segment: `*`, `?`, `[abc]`, `[a-z]`, `[!x]`/`[^x]`.
fn wildcard(p: &str, s: &str) -> bool {
    let (p, s): (Vec<char>, Vec<char>) = (p.chars().collect(), s.chars().collect());
    fn go(p: &[char], s: &[char]) -> bool {
        match p.first() {
            None => s.is_empty(),
            Some('*') => (0..=s.len()).any(|i| go(&p[1..], &s[i..])),
            Some('?') => !s.is_empty() && go(&p[1..], &s[1..]),
            Some('[') => {
                let Some(end) = p.iter().skip(1).position(|c| *c == ']').map(|e| e + 1) else {
                    return !s.is_empty() && s[0] == '[' && go(&p[1..], &s[1..]);
                };
                let Some(&c) = s.first() else { return false };
                let set = &p[1..end];
                let (neg, set) = match set.first() {
                    Some('!' | '^') => (true, &set[1..]),
                    _ => (false, set),
                };
                let mut hit = false;
                let mut i = 0;
                while i < set.len() {
                    if i + 2 < set.len() && set[i + 1] == '-' {
                        hit |= (set[i]..=set[i + 2]).contains(&c);
                        i += 3;
                    } else {
                        hit |= set[i] == c;
                        i += 1;
                    }
                }
                hit != neg && go(&p[end + 1..], &s[1..])
            }
            Some('\\') if p.len() > 1 => !s.is_empty() && s[0] == p[1] && go(&p[2..], &s[1..]),
            Some(c) => !s.is_empty() && s[0] == *c && go(&p[1..], &s[1..]),
        }
    }
    go(&p, &s)
}

/// The resource a reference string names (`File[/tmp/x]`), found in the catalog, as
/// its reference. Puppet returns the resource itself, which manifests use as a
/// reference (`require => ...`, `"${r}"`, `type($r)`); only `$r =~ File` differs.
fn str2resource(text: &str, cx: &mut dyn FunctionContext) -> R {
    let parsed = text.split_once('[').and_then(|(ty, rest)| {
        let title = rest.strip_suffix(']')?;
        (!ty.is_empty() && !ty.contains(']') && !title.is_empty()).then_some((ty, title))
    });
    let Some((ty, title)) = parsed else {
        return err(format!(
            "No title provided and {} is not a valid resource reference",
            ruby::inspect(&Data::String(text.into()))
        ));
    };
    let capitalize = |s: &str| s.split("::").map(capitalize).collect::<Vec<_>>().join("::");
    let ty = capitalize(ty);
    let title = if ty == "Class" {
        capitalize(title)
    } else {
        title.to_string()
    };
    if cx.resource(&ty, &title).is_none() {
        return err(format!(
            "stdlib::str2resource(): could not find {ty}[{title}], this is parse order dependent and values should not be quoted"
        ));
    }
    let quoted = title.replace('\\', "\\\\").replace('\'', "\\'");
    cx.call_function("Type", vec![Data::String(format!("{ty}['{quoted}']"))])
}
