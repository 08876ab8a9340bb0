//! Puppet's check of a value found in a data hash (`DataProvider#validate_data_value`):
//! it must be a `Puppet::LookupValue` (`RichData`), or the lookup fails with the type
//! Puppet infers for it.
//!
//! Data files can hold what Puppet refuses there: a hash with a Boolean or `~` key, and
//! from YAML a Ruby Symbol (`:sym`). Puppet reads such a file without complaint and fails
//! only when a lookup finds the value, so the readers keep it:
//! - keys that are not strings or numbers are ordinary `Data` keys;
//! - a Ruby object that is not Puppet data (a Symbol) is the value [`ruby_object`]
//!   makes, a `Data::Type` whose `ptype` is the type Puppet infers for it
//!   (`Runtime[ruby, 'Symbol']`). No real type has that name, and it never leaves this
//!   crate: [`check_lookup_value`] refuses every value containing one before the lookup
//!   hands a value out.

use marionette_catalog::Data;

use crate::error::{ErrorKind, LookupError};

const RUNTIME_PREFIX: &str = "Runtime[ruby, '";

/// A Ruby object of class `class` that is not Puppet data; `text` is what it looks like
/// (a Symbol's name), kept for `--explain`.
pub(crate) fn ruby_object(class: &str, text: &str) -> Data {
    Data::Type {
        ptype: format!("{RUNTIME_PREFIX}{class}']"),
        attributes: vec![("value".into(), Data::String(text.into()))],
    }
}

/// The class of a [`ruby_object`] value.
fn ruby_class(d: &Data) -> Option<&str> {
    match d {
        Data::Type { ptype, .. } => ptype.strip_prefix(RUNTIME_PREFIX)?.strip_suffix("']"),
        _ => None,
    }
}

/// Puppet's `validate_data_value`: `described` says where the value came from ("Value
/// for key 'k', in hash returned from data_hash function 'yaml_data', when using location
/// 'data/common.yaml',").
pub(crate) fn check_lookup_value(
    value: &Data,
    described: impl FnOnce() -> String,
) -> Result<(), LookupError> {
    if is_rich_data(value) {
        return Ok(());
    }
    Err(LookupError::new(
        ErrorKind::Syntax,
        format!(
            "{} has wrong type, expects Puppet::LookupValue, got {}",
            described(),
            infer(value)
        ),
    ))
}

/// `RichData`: hash keys must be `RichDataKey` (strings and numbers).
fn is_rich_data(d: &Data) -> bool {
    match d {
        Data::Array(items) => items.iter().all(is_rich_data),
        Data::Hash(entries) => entries.iter().all(|(k, v)| {
            matches!(
                k,
                Data::String(_) | Data::Integer(_) | Data::BigInteger(_) | Data::Float(_)
            ) && is_rich_data(v)
        }),
        other => ruby_class(other).is_none(),
    }
}

/// The part of Puppet's type system that `TypeCalculator#infer` and `#common_type` need
/// for values read from data files.
#[derive(Debug, Clone, PartialEq)]
enum Ty {
    Any,
    Unit,
    Undef,
    Default,
    Data,
    RichData,
    Scalar,
    ScalarData,
    Numeric,
    Boolean(Option<bool>),
    Integer(i128, i128),
    Float(f64, f64),
    /// A string type; `Some` for the type of one string value (printed as `String`).
    String(Option<String>),
    Enum(Vec<String>),
    Runtime(String),
    /// Another kind of rich data (`Sensitive`, `Regexp`, ...), by name; `scalar` when it
    /// is a `Scalar`.
    Other {
        name: &'static str,
        scalar: bool,
    },
    Array(Box<Ty>, Option<(i64, i64)>),
    Hash(Box<Ty>, Box<Ty>, Option<(i64, i64)>),
}

fn infer(d: &Data) -> Ty {
    if let Some(class) = ruby_class(d) {
        return Ty::Runtime(class.into());
    }
    let size = |n: usize| Some((n as i64, n as i64));
    match d {
        Data::Undef => Ty::Undef,
        Data::Default => Ty::Default,
        Data::Bool(b) => Ty::Boolean(Some(*b)),
        Data::Integer(i) => Ty::Integer(*i as i128, *i as i128),
        Data::BigInteger(i) => Ty::Integer(*i, *i),
        Data::Float(f) => Ty::Float(*f, *f),
        Data::String(s) => Ty::String(Some(s.clone())),
        Data::Array(items) if items.is_empty() => Ty::Array(Box::new(Ty::Unit), size(0)),
        Data::Array(items) => Ty::Array(Box::new(reduce(items.iter())), size(items.len())),
        Data::Hash(entries) if entries.is_empty() => {
            Ty::Hash(Box::new(Ty::Unit), Box::new(Ty::Unit), size(0))
        }
        Data::Hash(entries) => Ty::Hash(
            Box::new(reduce(entries.iter().map(|(k, _)| k))),
            Box::new(reduce(entries.iter().map(|(_, v)| v))),
            size(entries.len()),
        ),
        Data::Sensitive(_) => Ty::Other {
            name: "Sensitive",
            scalar: false,
        },
        Data::Regexp(_) => Ty::Other {
            name: "Regexp",
            scalar: true,
        },
        Data::Timestamp(_) => Ty::Other {
            name: "Timestamp",
            scalar: true,
        },
        Data::Type { .. } => Ty::Other {
            name: "Type",
            scalar: false,
        },
        Data::Deferred { .. } => Ty::Other {
            name: "Deferred",
            scalar: false,
        },
        _ => Ty::Any,
    }
}

/// `infer_and_reduce_type`: the common type of the values' types.
fn reduce<'a>(values: impl Iterator<Item = &'a Data>) -> Ty {
    values
        .map(infer)
        .fold(None, |acc: Option<Ty>, t| Some(common_type(acc, t)))
        .unwrap_or(Ty::Undef)
}

fn common_type(t1: Option<Ty>, t2: Ty) -> Ty {
    let t1 = match t1 {
        None | Some(Ty::Undef) => return t2,
        Some(t) => t,
    };
    if t2 == Ty::Undef || t2 == Ty::Unit {
        return t1;
    }
    if t1 == Ty::Unit {
        return t2;
    }
    if assignable(&t1, &t2) {
        return t1;
    }
    if assignable(&t2, &t1) {
        return t2;
    }
    match (&t1, &t2) {
        (Ty::Array(e1, _), Ty::Array(e2, _)) => {
            return Ty::Array(
                Box::new(common_type(Some((**e1).clone()), (**e2).clone())),
                None,
            )
        }
        (Ty::Hash(k1, v1, _), Ty::Hash(k2, v2, _)) => {
            return Ty::Hash(
                Box::new(common_type(Some((**k1).clone()), (**k2).clone())),
                Box::new(common_type(Some((**v1).clone()), (**v2).clone())),
                None,
            )
        }
        (Ty::Integer(a, b), Ty::Integer(c, d)) => return Ty::Integer(*a.min(c), *b.max(d)),
        (Ty::Float(a, b), Ty::Float(c, d)) => return Ty::Float(a.min(*c), b.max(*d)),
        (Ty::String(v1), Ty::String(v2)) => {
            return match (v1, v2) {
                (Some(a), Some(b)) => enumeration([a.clone(), b.clone()]),
                _ => Ty::String(None),
            }
        }
        (Ty::String(v), Ty::Enum(values)) | (Ty::Enum(values), Ty::String(v)) => {
            return match v {
                None => Ty::Enum(Vec::new()),
                Some(v) => enumeration(values.iter().cloned().chain([v.clone()])),
            }
        }
        (Ty::Enum(a), Ty::Enum(b)) => return enumeration(a.iter().chain(b).cloned()),
        _ => {}
    }
    for general in [
        Ty::Numeric,
        Ty::ScalarData,
        Ty::Scalar,
        Ty::Data,
        Ty::RichData,
    ] {
        if assignable(&general, &t1) && assignable(&general, &t2) {
            return general;
        }
    }
    Ty::Any
}

fn enumeration(values: impl IntoIterator<Item = String>) -> Ty {
    let mut v: Vec<String> = values.into_iter().collect();
    v.sort();
    v.dedup();
    Ty::Enum(v)
}

fn size_covers(outer: Option<(i64, i64)>, inner: Option<(i64, i64)>) -> bool {
    let (a, b) = outer.unwrap_or((0, i64::MAX));
    let (c, d) = inner.unwrap_or((0, i64::MAX));
    a <= c && d <= b
}

fn is_string(t: &Ty) -> bool {
    matches!(t, Ty::String(_) | Ty::Enum(_))
}

fn is_scalar_data(t: &Ty) -> bool {
    is_string(t)
        || matches!(
            t,
            Ty::Integer(..) | Ty::Float(..) | Ty::Numeric | Ty::Boolean(_) | Ty::ScalarData
        )
}

fn is_scalar(t: &Ty) -> bool {
    is_scalar_data(t) || matches!(t, Ty::Scalar | Ty::Other { scalar: true, .. })
}

/// Whether a value of type `t2` is always a `t1` (Puppet's `assignable?`, for these types).
fn assignable(t1: &Ty, t2: &Ty) -> bool {
    if t1 == t2 || *t2 == Ty::Unit || *t1 == Ty::Any {
        return true;
    }
    match t1 {
        Ty::Boolean(None) => matches!(t2, Ty::Boolean(_)),
        Ty::Integer(a, b) => matches!(t2, Ty::Integer(c, d) if a <= c && d <= b),
        Ty::Float(a, b) => matches!(t2, Ty::Float(c, d) if a <= c && d <= b),
        Ty::Numeric => matches!(t2, Ty::Integer(..) | Ty::Float(..)),
        // A string type with a value matches exactly that string.
        Ty::String(None) => is_string(t2),
        Ty::String(Some(v)) => matches!(t2, Ty::Enum(e) if e.len() == 1 && e[0] == *v),
        Ty::Enum(values) if values.is_empty() => is_string(t2),
        Ty::Enum(values) => match t2 {
            Ty::String(Some(v)) => values.contains(v),
            Ty::Enum(e) => !e.is_empty() && e.iter().all(|v| values.contains(v)),
            _ => false,
        },
        Ty::ScalarData => is_scalar_data(t2),
        Ty::Scalar => is_scalar(t2),
        Ty::Data => match t2 {
            Ty::Undef | Ty::Data => true,
            Ty::Array(e, _) => assignable(&Ty::Data, e),
            Ty::Hash(k, v, _) => (is_string(k) || **k == Ty::Unit) && assignable(&Ty::Data, v),
            t => is_scalar_data(t),
        },
        Ty::RichData => match t2 {
            Ty::Undef | Ty::Default | Ty::Data | Ty::RichData | Ty::Other { .. } => true,
            Ty::Array(e, _) => assignable(&Ty::RichData, e),
            Ty::Hash(k, v, _) => {
                (is_string(k)
                    || matches!(
                        **k,
                        Ty::Unit | Ty::Integer(..) | Ty::Float(..) | Ty::Numeric
                    ))
                    && assignable(&Ty::RichData, v)
            }
            t => is_scalar(t),
        },
        Ty::Array(e1, s1) => match t2 {
            Ty::Array(e2, s2) => assignable(e1, e2) && size_covers(*s1, *s2),
            _ => false,
        },
        Ty::Hash(k1, v1, s1) => match t2 {
            Ty::Hash(k2, v2, s2) => {
                assignable(k1, k2) && assignable(v1, v2) && size_covers(*s1, *s2)
            }
            _ => false,
        },
        _ => false,
    }
}

impl std::fmt::Display for Ty {
    /// Puppet's `TypeFormatter` for these types.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let size = |s: &Option<(i64, i64)>| match s {
            Some((a, b)) => format!(", {a}, {b}"),
            None => String::new(),
        };
        match self {
            Ty::Any => f.write_str("Any"),
            Ty::Unit => f.write_str("Unit"),
            Ty::Undef => f.write_str("Undef"),
            Ty::Default => f.write_str("Default"),
            Ty::Data => f.write_str("Data"),
            Ty::RichData => f.write_str("RichData"),
            Ty::Scalar => f.write_str("Scalar"),
            Ty::ScalarData => f.write_str("ScalarData"),
            Ty::Numeric => f.write_str("Numeric"),
            Ty::Boolean(None) => f.write_str("Boolean"),
            Ty::Boolean(Some(b)) => write!(f, "Boolean[{b}]"),
            Ty::Integer(a, b) => write!(f, "Integer[{a}, {b}]"),
            Ty::Float(a, b) => write!(
                f,
                "Float[{}, {}]",
                marionette_catalog::wire::ruby_float(*a),
                marionette_catalog::wire::ruby_float(*b)
            ),
            Ty::String(_) => f.write_str("String"),
            Ty::Enum(values) if values.is_empty() => f.write_str("Enum"),
            Ty::Enum(values) => {
                let quoted: Vec<String> = values.iter().map(|v| puppet_quote(v)).collect();
                write!(f, "Enum[{}]", quoted.join(", "))
            }
            Ty::Runtime(class) => write!(f, "Runtime[ruby, {}]", puppet_quote(class)),
            Ty::Other { name, .. } => f.write_str(name),
            Ty::Array(_, Some((0, 0))) => f.write_str("Array[0, 0]"),
            Ty::Array(e, None) if **e == Ty::Any => f.write_str("Array"),
            Ty::Array(e, s) => write!(f, "Array[{e}{}]", size(s)),
            Ty::Hash(_, _, Some((0, 0))) => f.write_str("Hash[0, 0]"),
            Ty::Hash(k, v, None) if **k == Ty::Any && **v == Ty::Any => f.write_str("Hash"),
            Ty::Hash(k, v, s) => write!(f, "Hash[{k}, {v}{}]", size(s)),
        }
    }
}

/// A string as Puppet's type formatter quotes it.
fn puppet_quote(s: &str) -> String {
    let mut out = String::from("'");
    for c in s.chars() {
        match c {
            '\'' => out.push_str("\\'"),
            '\\' => out.push_str("\\\\"),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The type Puppet names for `a` in a YAML file read by `yaml_data`, when a lookup
    /// of `a` fails. Expected texts are Puppet 7.23's `TypeCalculator#infer`.
    fn inferred(yaml: &str) -> String {
        let (data, _) = crate::yaml::yaml_data_hash(&format!("a: {yaml}\n"), "t.yaml").unwrap();
        let Data::Hash(h) = data else { panic!() };
        infer(&h[0].1).to_string()
    }

    #[test]
    fn infers_like_puppet() {
        let cases = [
            ("{true: x}", "Hash[Boolean[true], String, 1, 1]"),
            ("{~: x, 1: 2}", "Hash[Integer[1, 1], ScalarData, 2, 2]"),
            ("[!ruby/sym a, b]", "Array[Any, 2, 2]"),
            (
                "[!ruby/sym a, !ruby/sym b]",
                "Array[Runtime[ruby, 'Symbol'], 2, 2]",
            ),
            (
                "{true: 1, false: 2}",
                "Hash[ScalarData, Integer[1, 2], 2, 2]",
            ),
            ("{true: 1, 2: 3.5}", "Hash[ScalarData, Numeric, 2, 2]"),
            ("[1, 2.5]", "Array[Numeric, 2, 2]"),
            ("[1, x]", "Array[ScalarData, 2, 2]"),
            ("[[!ruby/sym a], [1]]", "Array[Array, 2, 2]"),
            (
                "[{true: 1}, {a: 1}]",
                "Array[Hash[ScalarData, Integer[1, 1]], 2, 2]",
            ),
            ("[~, 1]", "Array[Integer[1, 1], 2, 2]"),
            ("[1, 5, -3]", "Array[Integer[-3, 5], 3, 3]"),
            ("[1.5, 2.5]", "Array[Float[1.5, 2.5], 2, 2]"),
            ("[[], {}]", "Array[Data, 2, 2]"),
            ("{true: [], false: {}}", "Hash[ScalarData, Data, 2, 2]"),
            ("[!ruby/sym a, [1]]", "Array[Any, 2, 2]"),
            ("{a: !ruby/sym x, b: 1}", "Hash[Enum['a', 'b'], Any, 2, 2]"),
            ("[x, y]", "Array[Enum['x', 'y'], 2, 2]"),
            ("[b, a, b]", "Array[Enum['a', 'b'], 3, 3]"),
            ("[1, [2]]", "Array[Data, 2, 2]"),
            (
                "[{a: 1}, {b: x}]",
                "Array[Hash[Enum['a', 'b'], ScalarData], 2, 2]",
            ),
            ("[[1], [x]]", "Array[Array[ScalarData], 2, 2]"),
            (
                "[{x: 1}, {x: 1, y: 2}]",
                "Array[Hash[Enum['x', 'y'], Integer[1, 2]], 2, 2]",
            ),
            ("[[], [1]]", "Array[Array[Integer[1, 1]], 2, 2]"),
            ("[{}, {a: 1}]", "Array[Hash[String, Integer[1, 1]], 2, 2]"),
            ("[true, false]", "Array[ScalarData, 2, 2]"),
            ("[[true], [false]]", "Array[Array[ScalarData], 2, 2]"),
            ("[~]", "Array[Undef, 1, 1]"),
            ("{1.5: x}", "Hash[Float[1.5, 1.5], String, 1, 1]"),
            (
                "{true: !ruby/sym a}",
                "Hash[Boolean[true], Runtime[ruby, 'Symbol'], 1, 1]",
            ),
        ];
        for (yaml, want) in cases {
            assert_eq!(inferred(yaml), want, "{yaml}");
        }
    }

    #[test]
    fn refuses_what_puppet_refuses() {
        let check = |yaml: &str| {
            let (data, _) = crate::yaml::yaml_data_hash(yaml, "t.yaml").unwrap();
            let Data::Hash(h) = data else { panic!() };
            check_lookup_value(&h[0].1, || "Value for key 'a'".into()).map_err(|e| e.message)
        };
        assert_eq!(
            check("a: :sym\n"),
            Err("Value for key 'a' has wrong type, expects Puppet::LookupValue, got Runtime[ruby, 'Symbol']".into())
        );
        assert_eq!(
            check("a: {x: [{~: 1}]}\n"),
            Err("Value for key 'a' has wrong type, expects Puppet::LookupValue, got Hash[String, Array[Hash[Undef, Integer[1, 1], 1, 1], 1, 1], 1, 1]".into())
        );
        for ok in [
            "a: {1: x, 2.5: y}\n",
            "a: [x, {b: [1, ~]}]\n",
            "a: :default\n",
            "a: :undef\n",
            "a:\n  :sym: x\n",
        ] {
            assert_eq!(check(ok), Ok(()), "{ok}");
        }
    }
}
