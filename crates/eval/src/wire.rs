//! Runtime values to catalog data (Puppet's rich-data form).

use crate::types::{PType, Size};
use crate::value::Value;
use marionette_catalog::Data;

/// Converts a parameter value. `top` is true for a parameter's own value (where a
/// `Sensitive` is written in clear text and listed in `sensitive_parameters`).
pub fn to_data(v: &Value, top: bool) -> Data {
    match v {
        Value::Undef => Data::Undef,
        Value::Default => Data::Default,
        Value::Bool(b) => Data::Bool(*b),
        Value::Int(i) => Data::Integer(*i),
        Value::BigInt(i) => Data::BigInteger(**i),
        Value::Float(f) => Data::Float(*f),
        Value::Str(s) => Data::String(String::from(&**s)),
        Value::Regex(r) => Data::Regexp(r.source.clone()),
        Value::Array(items) => Data::Array(items.iter().map(|v| to_data(v, false)).collect()),
        Value::Hash(map) => Data::Hash(
            map.iter()
                .map(|(k, v)| (to_data(k, false), to_data(v, false)))
                .collect(),
        ),
        Value::Type(t) => type_data(t),
        Value::Sensitive(inner) => {
            let _ = top;
            Data::Sensitive(Box::new(to_data(inner, false)))
        }
        Value::Deferred(d) => Data::Deferred {
            name: d.name.clone(),
            arguments: d
                .arguments
                .as_ref()
                .map(|a| a.iter().map(|v| to_data(v, false)).collect()),
        },
        Value::Timestamp(t) => Data::Timestamp(t.format()),
        Value::Timespan(t) => pvalue("Timespan", t.format()),
        Value::SemVer(v) => pvalue("SemVer", v.to_string()),
        Value::SemVerRange(r) => pvalue("SemVerRange", r.text.clone()),
        Value::Binary(b) => pvalue("Binary", crate::value::base64_encode(b)),
        // Refused as an attribute (`check_attribute_value`); elsewhere (a function
        // from outside, Hiera) its elements.
        Value::Object(o) => Data::Type {
            ptype: o.ty.label().to_string(),
            attributes: o
                .serialized()
                .into_iter()
                .map(|(k, v)| (k.to_string(), to_data(v, false)))
                .collect(),
        },
        Value::Iterator(it) => Data::Array(
            it.walk(crate::value::Walk::FromStart)
                .1
                .iter()
                .map(|v| to_data(v, false))
                .collect(),
        ),
    }
}

/// What Puppet refuses in a resource attribute's value when it converts it for the
/// catalog (`Runtime3Converter`): an Iterator, anywhere in it.
pub fn check_attribute_value(v: &Value) -> Result<(), String> {
    match v {
        Value::Iterator(_) => Err("Use of an Iterator is not supported here".into()),
        // `Class` (or `Resource['class']`) without a name becomes no reference.
        Value::Type(t)
            if matches!(t.resolved(), PType::Class(None))
                || matches!(t.resolved(), PType::Resource { type_name: Some(tn), title: None } if tn == "Class") =>
        {
            Err("No title provided and \"class\" is not a valid resource reference".into())
        }
        Value::Object(o) => o.values.iter().try_for_each(check_attribute_value),
        Value::BigInt(i) => Err(format!(
            "Use of a Ruby Integer outside of Puppet Integer {} range, got '0x{}'",
            if **i < 0 { "min" } else { "max" },
            ruby_hex(**i)
        )),
        Value::Array(items) => items.iter().try_for_each(check_attribute_value),
        Value::Hash(map) => map.iter().try_for_each(|(k, v)| {
            check_attribute_value(k)?;
            check_attribute_value(v)
        }),
        _ => Ok(()),
    }
}

/// Ruby's `"%x"`: a negative number in two's complement, `..f` for the ones
/// before it (`-1` is `..f`, `-16` is `..f0`).
fn ruby_hex(i: i128) -> String {
    if i >= 0 {
        return format!("{i:x}");
    }
    let digits = format!("{:x}", i.unsigned_abs()).len();
    let complement = (1u128 << (4 * digits).min(127)).wrapping_sub(i.unsigned_abs());
    let mut text = format!("f{complement:0digits$x}");
    while text.starts_with("ff") {
        text.remove(0);
    }
    format!("..{text}")
}

/// Whether `v` holds a type that refers to itself through an alias, which Puppet
/// cannot serialize.
pub fn has_recursive_alias(v: &Value) -> bool {
    fn in_type(t: &PType, seen: &mut Vec<String>) -> bool {
        if let PType::Alias { name, target } = t {
            if seen.contains(name) {
                return true;
            }
            seen.push(name.clone());
            let found = target.get().is_some_and(|a| in_type(a.resolved(), seen));
            seen.pop();
            return found;
        }
        let mut found = false;
        t.each_child(&mut |c| found = found || in_type(c, seen));
        found
    }
    match v {
        Value::Type(t) => in_type(t, &mut Vec::new()),
        Value::Array(items) => items.iter().any(has_recursive_alias),
        Value::Hash(map) => map
            .iter()
            .any(|(k, v)| has_recursive_alias(k) || has_recursive_alias(v)),
        Value::Sensitive(inner) => has_recursive_alias(inner),
        _ => false,
    }
}

/// A rich value Puppet serializes by its string form:
/// `{"__ptype": "SemVer", "__pvalue": "1.2.3"}`.
fn pvalue(ptype: &str, text: String) -> Data {
    Data::Type {
        ptype: ptype.into(),
        attributes: vec![("__pvalue".into(), Data::String(text))],
    }
}

/// References are strings (`File[/x]`); other types are Pcore objects with the
/// attributes Puppet writes (`{"__ptype": "Pcore::ArrayType", "element_type": ...}`).
fn type_data(t: &PType) -> Data {
    reference_string(t).map_or_else(|| pcore(t), Data::String)
}

/// A resource or class reference as Puppet's `Puppet::Resource` writes it
/// (`File[/x]`, `Class[Foo::Bar]`); `None` for other types.
pub(crate) fn reference_string(t: &PType) -> Option<String> {
    match t {
        PType::Resource {
            type_name: Some(tn),
            title: Some(title),
        } => Some([tn.as_str(), "[", title.as_str(), "]"].concat()),
        PType::Class(Some(name)) => {
            Some(["Class[", &crate::types::capitalize_segments(name), "]"].concat())
        }
        _ => None,
    }
}

fn pcore(t: &PType) -> Data {
    let mut attrs: Vec<(String, Data)> = Vec::new();
    let mut put = |k: &str, v: Data| attrs.push((k.to_string(), v));
    let size = |s: &Size| {
        let mut a = vec![("from".to_string(), Data::Integer(s.min))];
        if let Some(m) = s.max {
            a.push(("to".to_string(), Data::Integer(m)));
        }
        Data::Type {
            ptype: "Pcore::IntegerType".into(),
            attributes: a,
        }
    };
    let name = match t {
        PType::Integer { from, to } => {
            if from.is_some() || to.is_some() {
                put("from", from.map_or(Data::Undef, Data::Integer));
                if let Some(t) = to {
                    put("to", Data::Integer(*t));
                }
            }
            "Integer"
        }
        PType::Float { from, to } => {
            if from.is_some() || to.is_some() {
                put("from", from.map_or(Data::Undef, Data::Float));
                if let Some(t) = to {
                    put("to", Data::Float(*t));
                }
            }
            "Float"
        }
        PType::Timestamp { from, to } => {
            if from.is_some() || to.is_some() {
                put(
                    "from",
                    from.map_or(Data::Undef, |t| Data::Timestamp(t.format())),
                );
                if let Some(t) = to {
                    put("to", Data::Timestamp(t.format()));
                }
            }
            "Timestamp"
        }
        PType::Timespan { from, to } => {
            if from.is_some() || to.is_some() {
                put(
                    "from",
                    from.map_or(Data::Undef, |t| pvalue("Timespan", t.format())),
                );
                if let Some(t) = to {
                    put("to", pvalue("Timespan", t.format()));
                }
            }
            "Timespan"
        }
        PType::String { size: s, value } => {
            if let Some(v) = value {
                put("size_type_or_value", Data::String(v.to_string()));
            } else if let Some(s) = s {
                put("size_type_or_value", size(s));
            }
            "String"
        }
        PType::Enum {
            values,
            case_insensitive,
        } => {
            if !values.is_empty() {
                put(
                    "values",
                    Data::Array(values.iter().map(|v| Data::String(v.clone())).collect()),
                );
            }
            if *case_insensitive {
                put("case_insensitive", Data::Bool(true));
            }
            "Enum"
        }
        PType::Pattern(ps) => {
            if !ps.is_empty() {
                put(
                    "patterns",
                    Data::Array(
                        ps.iter()
                            .map(|p| Data::Type {
                                ptype: "Pcore::RegexpType".into(),
                                attributes: vec![(
                                    "pattern".into(),
                                    Data::String(p.source.clone()),
                                )],
                            })
                            .collect(),
                    ),
                );
            }
            "Pattern"
        }
        PType::Regexp(r) => {
            if let Some(r) = r {
                put("pattern", Data::String(r.source.clone()));
            }
            "Regexp"
        }
        PType::Array { elem, size: s } => {
            if !matches!(**elem, PType::Any) || s.is_some() {
                put("element_type", pcore(elem));
            }
            if let Some(s) = s {
                put("size_type", size(s));
            }
            "Array"
        }
        PType::Hash {
            key,
            value,
            size: s,
        } => {
            if !matches!(**key, PType::Any) || !matches!(**value, PType::Any) || s.is_some() {
                put("key_type", pcore(key));
                put("value_type", pcore(value));
            }
            if let Some(s) = s {
                put("size_type", size(s));
            }
            "Hash"
        }
        PType::Collection(s) => {
            if let Some(s) = s {
                put("size_type", size(s));
            }
            "Collection"
        }
        PType::Tuple { types, size: s } => {
            if !types.is_empty() {
                put("types", Data::Array(types.iter().map(pcore).collect()));
            }
            if let Some(s) = s {
                put("size_type", size(s));
            }
            "Tuple"
        }
        PType::Struct(members) => {
            if !members.is_empty() {
                put(
                    "elements",
                    Data::Array(
                        members
                            .iter()
                            .map(|m| {
                                let key = pcore(&PType::string_value(&m.key));
                                let key = if m.optional && !m.value.is_assignable(&PType::Undef) {
                                    Data::Type {
                                        ptype: "Pcore::OptionalType".into(),
                                        attributes: vec![("type".into(), key)],
                                    }
                                } else {
                                    key
                                };
                                Data::Type {
                                    ptype: "Pcore::StructElement".into(),
                                    attributes: vec![
                                        ("key_type".into(), key),
                                        ("value_type".into(), pcore(&m.value)),
                                    ],
                                }
                            })
                            .collect(),
                    ),
                );
            }
            "Struct"
        }
        PType::Variant(types) => {
            if !types.is_empty() {
                put("types", Data::Array(types.iter().map(pcore).collect()));
            }
            "Variant"
        }
        PType::Optional(inner) | PType::NotUndef(inner) | PType::Type(inner) => {
            if let Some(i) = inner {
                put("type", pcore(i));
            }
            t.simple_name()
        }
        PType::Iterable(inner) | PType::Iterator(inner) => {
            if let Some(i) = inner {
                put("type", pcore(i));
            }
            t.simple_name()
        }
        PType::Callable => {
            put("param_types", Data::Undef);
            put("block_type", Data::Undef);
            put("return_type", Data::Undef);
            "Callable"
        }
        PType::Resource { type_name, title } => {
            if let Some(tn) = type_name {
                put("type_name", Data::String(tn.clone()));
            }
            if let Some(t) = title {
                put("title", Data::String(t.clone()));
            }
            "Resource"
        }
        PType::Class(_) => "Class",
        PType::Alias { name, target } => {
            put("name", Data::String(name.clone()));
            put("type_expr", Data::Undef);
            let resolved = target.get().map_or(Data::Undef, |a| pcore(a.resolved()));
            put("resolved_type", resolved);
            t.simple_name()
        }
        PType::Init(inner, args) => {
            if let Some(i) = inner {
                put("type", pcore(i));
            }
            if !args.is_empty() {
                put(
                    "init_args",
                    Data::Array(args.iter().map(|a| to_data(a, false)).collect()),
                );
            }
            "Init"
        }
        PType::Boolean(_) | PType::Sensitive(_) => t.simple_name(),
        PType::Unresolved(name) => {
            put("type_string", Data::String(name.clone()));
            "TypeReference"
        }
        other => other.simple_name(),
    };
    Data::Type {
        ptype: format!("Pcore::{name}Type"),
        attributes: attrs,
    }
}
