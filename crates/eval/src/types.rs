//! Puppet's type system: the types, their parameters, instance checks and names.

use crate::value::{Regex, Value};
use std::fmt;
use std::sync::Arc;

/// A Puppet type. Resource and class references are types (`File['/x']`, `Class[a]`).
#[derive(Clone, Debug)]
pub enum PType {
    Any,
    Undef,
    Default,
    Boolean,
    Integer {
        from: Option<i64>,
        to: Option<i64>,
    },
    Float {
        from: Option<f64>,
        to: Option<f64>,
    },
    Numeric,
    String {
        min: Option<i64>,
        max: Option<i64>,
    },
    Enum {
        values: Vec<String>,
        case_insensitive: bool,
    },
    Pattern(Vec<Arc<Regex>>),
    Regexp(Option<Arc<Regex>>),
    Array {
        elem: Box<PType>,
        min: Option<i64>,
        max: Option<i64>,
    },
    Hash {
        key: Box<PType>,
        value: Box<PType>,
        min: Option<i64>,
        max: Option<i64>,
    },
    Tuple {
        types: Vec<PType>,
        min: Option<i64>,
        max: Option<i64>,
    },
    Struct(Vec<StructMember>),
    Optional(Option<Box<PType>>),
    NotUndef(Option<Box<PType>>),
    Variant(Vec<PType>),
    Scalar,
    ScalarData,
    Data,
    RichData,
    Collection {
        min: Option<i64>,
        max: Option<i64>,
    },
    Iterable,
    Iterator,
    Callable,
    /// `Type[T]`
    Type(Option<Box<PType>>),
    CatalogEntry,
    /// `Resource`, `File`, `File['/x']`, `Resource[file, '/x']`. The type name is
    /// capitalised per segment (`Foo::Bar`).
    Resource {
        type_name: Option<String>,
        title: Option<String>,
    },
    /// `Class`, `Class[name]` (name lower case, no leading `::`).
    Class(Option<String>),
    Sensitive(Option<Box<PType>>),
    Deferred,
    Timestamp,
    Timespan,
    SemVer,
    SemVerRange,
    Binary,
    Runtime,
    Object,
    /// A named alias, resolved.
    Alias {
        name: String,
        resolved: Box<PType>,
    },
    /// A capitalised name that is neither a built-in type nor a known alias: Puppet
    /// treats it as a resource type reference until it is used.
    Unresolved(String),
}

#[derive(Clone, Debug)]
pub struct StructMember {
    pub key: String,
    /// `Optional[key]` or a value type that accepts undef makes a key optional.
    pub optional: bool,
    pub value: PType,
}

impl PartialEq for PType {
    fn eq(&self, other: &PType) -> bool {
        self.to_string() == other.to_string()
    }
}

/// Capitalises each `::` segment: `foo::bar` → `Foo::Bar`.
pub fn capitalize_segments(name: &str) -> String {
    let name = name.strip_prefix("::").unwrap_or(name);
    name.split("::")
        .map(|seg| {
            let mut c = seg.chars();
            match c.next() {
                Some(first) => {
                    first.to_uppercase().collect::<String>() + &c.as_str().to_lowercase()
                }
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join("::")
}

impl PType {
    pub fn resource(type_name: &str, title: Option<String>) -> PType {
        PType::Resource {
            type_name: Some(capitalize_segments(type_name)),
            title,
        }
    }

    /// The built-in type with this name (without parameters), if there is one.
    pub fn builtin(name: &str) -> Option<PType> {
        Some(match name {
            "Any" => PType::Any,
            "Undef" => PType::Undef,
            "Default" => PType::Default,
            "Boolean" => PType::Boolean,
            "Integer" => PType::Integer {
                from: None,
                to: None,
            },
            "Float" => PType::Float {
                from: None,
                to: None,
            },
            "Numeric" => PType::Numeric,
            "String" => PType::String {
                min: None,
                max: None,
            },
            "Enum" => PType::Enum {
                values: Vec::new(),
                case_insensitive: false,
            },
            "Pattern" => PType::Pattern(Vec::new()),
            "Regexp" => PType::Regexp(None),
            "Array" => PType::Array {
                elem: Box::new(PType::Any),
                min: None,
                max: None,
            },
            "Hash" => PType::Hash {
                key: Box::new(PType::Any),
                value: Box::new(PType::Any),
                min: None,
                max: None,
            },
            "Tuple" => PType::Tuple {
                types: Vec::new(),
                min: None,
                max: None,
            },
            "Struct" => PType::Struct(Vec::new()),
            "Optional" => PType::Optional(None),
            "NotUndef" => PType::NotUndef(None),
            "Variant" => PType::Variant(Vec::new()),
            "Scalar" => PType::Scalar,
            "ScalarData" => PType::ScalarData,
            "Data" => PType::Data,
            "RichData" => PType::RichData,
            "Collection" => PType::Collection {
                min: None,
                max: None,
            },
            "Iterable" => PType::Iterable,
            "Iterator" => PType::Iterator,
            "Callable" => PType::Callable,
            "Type" => PType::Type(None),
            "CatalogEntry" => PType::CatalogEntry,
            "Resource" => PType::Resource {
                type_name: None,
                title: None,
            },
            "Class" => PType::Class(None),
            "Sensitive" => PType::Sensitive(None),
            "Deferred" => PType::Deferred,
            "Timestamp" => PType::Timestamp,
            "Timespan" => PType::Timespan,
            "SemVer" => PType::SemVer,
            "SemVerRange" => PType::SemVerRange,
            "Binary" => PType::Binary,
            "Runtime" => PType::Runtime,
            "Object" => PType::Object,
            _ => return None,
        })
    }

    /// Follows aliases.
    pub fn resolved(&self) -> &PType {
        match self {
            PType::Alias { resolved, .. } => resolved.resolved(),
            other => other,
        }
    }

    /// Whether `value` is an instance of this type.
    pub fn is_instance(&self, value: &Value) -> bool {
        use PType as T;
        match self {
            T::Any => true,
            T::Undef => value.is_undef(),
            T::Default => matches!(value, Value::Default),
            T::Boolean => matches!(value, Value::Bool(_)),
            T::Integer { from, to } => match value {
                Value::Int(i) => from.is_none_or(|f| *i >= f) && to.is_none_or(|t| *i <= t),
                _ => false,
            },
            T::Float { from, to } => match value {
                Value::Float(x) => from.is_none_or(|f| *x >= f) && to.is_none_or(|t| *x <= t),
                _ => false,
            },
            T::Numeric => matches!(value, Value::Int(_) | Value::Float(_)),
            T::String { min, max } => match value {
                Value::Str(s) => in_size(s.chars().count(), *min, *max),
                _ => false,
            },
            T::Enum {
                values,
                case_insensitive,
            } => match value {
                Value::Str(s) => {
                    values.is_empty()
                        || values.iter().any(|v| {
                            if *case_insensitive {
                                v.eq_ignore_ascii_case(s)
                            } else {
                                **v == **s
                            }
                        })
                }
                _ => false,
            },
            T::Pattern(patterns) => match value {
                Value::Str(s) => patterns.is_empty() || patterns.iter().any(|p| p.is_match(s)),
                _ => false,
            },
            T::Regexp(pattern) => match value {
                Value::Regex(r) => pattern.as_ref().is_none_or(|p| p.source == r.source),
                _ => false,
            },
            T::Array { elem, min, max } => match value {
                Value::Array(items) => {
                    in_size(items.len(), *min, *max) && items.iter().all(|v| elem.is_instance(v))
                }
                _ => false,
            },
            T::Hash {
                key,
                value: vt,
                min,
                max,
            } => match value {
                Value::Hash(map) => {
                    in_size(map.len(), *min, *max)
                        && map
                            .iter()
                            .all(|(k, v)| key.is_instance(k) && vt.is_instance(v))
                }
                _ => false,
            },
            T::Tuple { types, min, max } => match value {
                Value::Array(items) => {
                    let min = min.unwrap_or(types.len() as i64);
                    let max = max.unwrap_or(types.len() as i64);
                    in_size(items.len(), Some(min), Some(max))
                        && items.iter().enumerate().all(|(i, v)| {
                            types
                                .get(i)
                                .or(types.last())
                                .is_some_and(|t| t.is_instance(v))
                        })
                }
                _ => false,
            },
            T::Struct(members) => match value {
                Value::Hash(map) => {
                    map.keys().all(|k| {
                        k.as_str()
                            .is_some_and(|k| members.iter().any(|m| m.key == k))
                    }) && members
                        .iter()
                        .all(|m| match map.get(&Value::str(m.key.as_str())) {
                            Some(v) => m.value.is_instance(v),
                            None => m.optional,
                        })
                }
                _ => false,
            },
            T::Optional(inner) => {
                value.is_undef() || inner.as_ref().is_none_or(|t| t.is_instance(value))
            }
            T::NotUndef(inner) => {
                !value.is_undef() && inner.as_ref().is_none_or(|t| t.is_instance(value))
            }
            T::Variant(types) => types.iter().any(|t| t.is_instance(value)),
            T::Scalar => matches!(
                value,
                Value::Str(_) | Value::Int(_) | Value::Float(_) | Value::Bool(_) | Value::Regex(_)
            ),
            T::ScalarData => matches!(
                value,
                Value::Str(_) | Value::Int(_) | Value::Float(_) | Value::Bool(_)
            ),
            T::Data => is_data(value),
            T::RichData => true,
            T::Collection { min, max } => match value {
                Value::Array(a) => in_size(a.len(), *min, *max),
                Value::Hash(h) => in_size(h.len(), *min, *max),
                _ => false,
            },
            T::Iterable => {
                matches!(
                    value,
                    Value::Array(_) | Value::Hash(_) | Value::Str(_) | Value::Int(_)
                ) || matches!(value, Value::Type(t) if matches!(t.resolved(), PType::Integer { from: Some(_), to: Some(_) } | PType::Enum { .. }))
            }
            T::Iterator | T::Callable | T::Object | T::Runtime => false,
            T::Type(inner) => match value {
                Value::Type(t) => inner.as_ref().is_none_or(|i| i.is_assignable(t)),
                _ => false,
            },
            T::CatalogEntry => {
                matches!(value, Value::Type(t) if matches!(t.resolved(), PType::Resource { .. } | PType::Class(_)))
            }
            T::Resource { .. } | T::Class(_) => match value {
                Value::Type(t) => self.is_assignable(t),
                _ => false,
            },
            T::Sensitive(inner) => match value {
                Value::Sensitive(v) => inner.as_ref().is_none_or(|t| t.is_instance(v)),
                _ => false,
            },
            T::Deferred => matches!(value, Value::Deferred(_)),
            T::Timestamp => matches!(value, Value::Timestamp(_)),
            T::Timespan | T::SemVer | T::SemVerRange | T::Binary => false,
            T::Alias { resolved, .. } => resolved.is_instance(value),
            T::Unresolved(_) => false,
        }
    }

    /// Whether every instance of `other` is an instance of `self` (approximately: exact
    /// for the cases the evaluator relies on).
    pub fn is_assignable(&self, other: &PType) -> bool {
        use PType as T;
        let other = other.resolved();
        match (self.resolved(), other) {
            (T::Any, _) => true,
            (T::Optional(inner), T::Undef) => {
                let _ = inner;
                true
            }
            (T::Optional(Some(inner)), o) => inner.is_assignable(o),
            (T::Variant(types), o) => types.iter().any(|t| t.is_assignable(o)),
            (s, T::Variant(types)) => !types.is_empty() && types.iter().all(|t| s.is_assignable(t)),
            (
                T::Resource {
                    type_name: None, ..
                },
                T::Resource { .. },
            ) => true,
            (
                T::Resource {
                    type_name: Some(a),
                    title: None,
                },
                T::Resource {
                    type_name: Some(b), ..
                },
            ) => a == b,
            (
                T::Resource {
                    type_name: Some(a),
                    title: Some(t),
                },
                T::Resource {
                    type_name: Some(b),
                    title: Some(u),
                },
            ) => a == b && t == u,
            (T::Class(None), T::Class(_)) => true,
            (T::Class(Some(a)), T::Class(Some(b))) => a == b,
            (T::CatalogEntry, T::Resource { .. } | T::Class(_)) => true,
            (T::Numeric, T::Integer { .. } | T::Float { .. } | T::Numeric) => true,
            (
                T::Scalar,
                T::Integer { .. }
                | T::Float { .. }
                | T::Numeric
                | T::String { .. }
                | T::Boolean
                | T::Enum { .. }
                | T::Pattern(_)
                | T::Regexp(_),
            ) => true,
            (
                T::Data | T::RichData,
                T::Integer { .. }
                | T::Float { .. }
                | T::Numeric
                | T::String { .. }
                | T::Boolean
                | T::Enum { .. }
                | T::Pattern(_)
                | T::Undef,
            ) => true,
            (T::Type(None), T::Type(_)) => true,
            (T::Type(Some(a)), T::Type(Some(b))) => a.is_assignable(b),
            (T::Integer { from: a, to: b }, T::Integer { from: c, to: d }) => {
                a.is_none_or(|a| c.is_some_and(|c| c >= a))
                    && b.is_none_or(|b| d.is_some_and(|d| d <= b))
            }
            (
                T::String {
                    min: None,
                    max: None,
                },
                T::String { .. } | T::Enum { .. } | T::Pattern(_),
            ) => true,
            (s, o) => s.to_string() == o.to_string(),
        }
    }

    /// The type Puppet infers for a value, for error messages ("got Integer").
    pub fn infer(value: &Value) -> PType {
        match value {
            Value::Undef => PType::Undef,
            Value::Default => PType::Default,
            Value::Bool(_) => PType::Boolean,
            Value::Int(i) => PType::Integer {
                from: Some(*i),
                to: Some(*i),
            },
            Value::Float(f) => PType::Float {
                from: Some(*f),
                to: Some(*f),
            },
            Value::Str(s) => {
                let n = s.chars().count() as i64;
                PType::String {
                    min: Some(n),
                    max: Some(n),
                }
            }
            Value::Regex(r) => PType::Regexp(Some(r.clone())),
            Value::Array(_) => PType::Array {
                elem: Box::new(PType::Any),
                min: None,
                max: None,
            },
            Value::Hash(_) => PType::Hash {
                key: Box::new(PType::Any),
                value: Box::new(PType::Any),
                min: None,
                max: None,
            },
            Value::Type(t) => PType::Type(Some(Box::new((**t).clone()))),
            Value::Sensitive(_) => PType::Sensitive(None),
            Value::Deferred(_) => PType::Deferred,
            Value::Timestamp(_) => PType::Timestamp,
        }
    }

    /// The short name used in "expects a X value, got Y" messages.
    pub fn generic_name(&self) -> String {
        match self.resolved() {
            PType::Integer { .. } => "Integer".into(),
            PType::Float { .. } => "Float".into(),
            PType::String { .. } => "String".into(),
            PType::Array { .. } => "Array".into(),
            PType::Hash { .. } => "Hash".into(),
            PType::Regexp(_) => "Regexp".into(),
            PType::Type(_) => "Type".into(),
            other => other.to_string(),
        }
    }
}

fn in_size(n: usize, min: Option<i64>, max: Option<i64>) -> bool {
    let n = n as i64;
    min.is_none_or(|m| n >= m) && max.is_none_or(|m| n <= m)
}

fn is_data(value: &Value) -> bool {
    match value {
        Value::Undef | Value::Bool(_) | Value::Int(_) | Value::Float(_) | Value::Str(_) => true,
        Value::Array(items) => items.iter().all(is_data),
        Value::Hash(map) => map
            .iter()
            .all(|(k, v)| matches!(k, Value::Str(_)) && is_data(v)),
        _ => false,
    }
}

fn fmt_range(
    f: &mut fmt::Formatter<'_>,
    name: &str,
    min: &Option<i64>,
    max: &Option<i64>,
    default_max: bool,
) -> fmt::Result {
    match (min, max) {
        (None, None) => f.write_str(name),
        (Some(a), None) => write!(f, "{name}[{a}]"),
        (a, Some(b)) => {
            let _ = default_max;
            write!(f, "{name}[{}, {b}]", a.unwrap_or(0))
        }
    }
}

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
}

impl fmt::Display for PType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PType as T;
        match self {
            T::Any => f.write_str("Any"),
            T::Undef => f.write_str("Undef"),
            T::Default => f.write_str("Default"),
            T::Boolean => f.write_str("Boolean"),
            T::Integer {
                from: None,
                to: None,
            } => f.write_str("Integer"),
            T::Integer { from, to } => {
                let from = from.map_or("default".to_string(), |v| v.to_string());
                let to = to.map_or("default".to_string(), |v| v.to_string());
                write!(f, "Integer[{from}, {to}]")
            }
            T::Float {
                from: None,
                to: None,
            } => f.write_str("Float"),
            T::Float { from, to } => {
                let from = from.map_or("default".to_string(), crate::value::format_float);
                let to = to.map_or("default".to_string(), crate::value::format_float);
                write!(f, "Float[{from}, {to}]")
            }
            T::Numeric => f.write_str("Numeric"),
            T::String { min, max } => fmt_range(f, "String", min, max, true),
            T::Enum { values, .. } if values.is_empty() => f.write_str("Enum"),
            T::Enum { values, .. } => {
                write!(
                    f,
                    "Enum[{}]",
                    values
                        .iter()
                        .map(|v| quote(v))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
            T::Pattern(ps) if ps.is_empty() => f.write_str("Pattern"),
            T::Pattern(ps) => {
                write!(
                    f,
                    "Pattern[{}]",
                    ps.iter()
                        .map(|p| format!("/{}/", p.source))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
            T::Regexp(None) => f.write_str("Regexp"),
            T::Regexp(Some(r)) => write!(f, "Regexp[/{}/]", r.source),
            T::Array { elem, min, max } => {
                if matches!(**elem, T::Any) && min.is_none() && max.is_none() {
                    f.write_str("Array")
                } else {
                    write!(f, "Array[{elem}")?;
                    if let Some(min) = min {
                        write!(f, ", {min}")?;
                    }
                    if let Some(max) = max {
                        write!(f, ", {max}")?;
                    }
                    f.write_str("]")
                }
            }
            T::Hash {
                key,
                value,
                min,
                max,
            } => {
                if matches!(**key, T::Any)
                    && matches!(**value, T::Any)
                    && min.is_none()
                    && max.is_none()
                {
                    f.write_str("Hash")
                } else {
                    write!(f, "Hash[{key}, {value}")?;
                    if let Some(min) = min {
                        write!(f, ", {min}")?;
                    }
                    if let Some(max) = max {
                        write!(f, ", {max}")?;
                    }
                    f.write_str("]")
                }
            }
            T::Tuple { types, .. } if types.is_empty() => f.write_str("Tuple"),
            T::Tuple { types, min, max } => {
                write!(
                    f,
                    "Tuple[{}",
                    types
                        .iter()
                        .map(|t| t.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                )?;
                if let Some(min) = min {
                    write!(f, ", {min}")?;
                }
                if let Some(max) = max {
                    write!(f, ", {max}")?;
                }
                f.write_str("]")
            }
            T::Struct(members) if members.is_empty() => f.write_str("Struct"),
            T::Struct(members) => {
                let parts: Vec<String> = members
                    .iter()
                    .map(|m| {
                        let key = if m.optional && !matches!(m.value, T::Optional(_)) {
                            format!("Optional[{}]", quote(&m.key))
                        } else {
                            quote(&m.key)
                        };
                        format!("{key} => {}", m.value)
                    })
                    .collect();
                write!(f, "Struct[{{{}}}]", parts.join(", "))
            }
            T::Optional(None) => f.write_str("Optional"),
            T::Optional(Some(t)) => write!(f, "Optional[{t}]"),
            T::NotUndef(None) => f.write_str("NotUndef"),
            T::NotUndef(Some(t)) => write!(f, "NotUndef[{t}]"),
            T::Variant(ts) if ts.is_empty() => f.write_str("Variant"),
            T::Variant(ts) => write!(
                f,
                "Variant[{}]",
                ts.iter()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            T::Scalar => f.write_str("Scalar"),
            T::ScalarData => f.write_str("ScalarData"),
            T::Data => f.write_str("Data"),
            T::RichData => f.write_str("RichData"),
            T::Collection { min, max } => fmt_range(f, "Collection", min, max, true),
            T::Iterable => f.write_str("Iterable"),
            T::Iterator => f.write_str("Iterator"),
            T::Callable => f.write_str("Callable"),
            T::Type(None) => f.write_str("Type"),
            T::Type(Some(t)) => write!(f, "Type[{t}]"),
            T::CatalogEntry => f.write_str("CatalogEntry"),
            T::Resource {
                type_name: None, ..
            } => f.write_str("Resource"),
            T::Resource {
                type_name: Some(t),
                title: None,
            } => f.write_str(t),
            T::Resource {
                type_name: Some(t),
                title: Some(title),
            } => write!(f, "{t}[{}]", quote(title)),
            T::Class(None) => f.write_str("Class"),
            T::Class(Some(name)) => write!(f, "Class[{name}]"),
            T::Sensitive(None) => f.write_str("Sensitive"),
            T::Sensitive(Some(t)) => write!(f, "Sensitive[{t}]"),
            T::Deferred => f.write_str("Deferred"),
            T::Timestamp => f.write_str("Timestamp"),
            T::Timespan => f.write_str("Timespan"),
            T::SemVer => f.write_str("SemVer"),
            T::SemVerRange => f.write_str("SemVerRange"),
            T::Binary => f.write_str("Binary"),
            T::Runtime => f.write_str("Runtime"),
            T::Object => f.write_str("Object"),
            T::Alias { name, .. } => f.write_str(name),
            T::Unresolved(name) => f.write_str(name),
        }
    }
}
