//! Puppet's wording for type mismatches: "parameter 'port' expects an Integer[1, 65535]
//! value, got Integer[70000, 70000]", "index 1 expects a String value, got Integer",
//! "expects size to be at least 1, got 0", "unrecognized key 'other'".
//!
//! This follows Puppet 7's `TypeMismatchDescriber`: an expected type is compared with the
//! detailed type of the value ([`PType::infer_set`]), the differences are collected with
//! their path (`parameter 'p'`, `entry 'k'`, `index 2`) and each is formatted the way
//! Puppet formats it, down to when it prints `Integer` and when `Integer[5, 5]`.

use crate::types::{PType, Size};
use crate::value::Value;

/// "a" or "an", as Puppet's label provider picks it (by the first letter, skipping a
/// quote; `y` counts as a vowel).
pub fn article(text: &str) -> &'static str {
    let mut chars = text.chars();
    let mut c = chars.next();
    if matches!(c, Some('"' | '\'')) {
        c = chars.next();
    }
    match c.map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u' | 'y') => "an",
        _ => "a",
    }
}

/// `a String`, `an Integer`.
pub fn a_an(text: &str) -> String {
    format!("{} {text}", article(text))
}

/// Where in a value a mismatch is.
#[derive(Clone, Debug, PartialEq)]
pub enum PathElem {
    /// Free text that starts the message (`assert_type():`).
    Subject(String),
    EntryValue(String),
    EntryKey(String),
    Parameter(String),
    Return,
    Block,
    Index(usize),
    Variant(usize),
    Signature(usize),
}

impl PathElem {
    fn text(&self) -> String {
        match self {
            PathElem::Subject(s) => s.clone(),
            PathElem::EntryValue(k) => format!("entry '{k}'"),
            PathElem::EntryKey(k) => format!("key of entry '{k}'"),
            PathElem::Parameter(k) => format!("parameter '{k}'"),
            PathElem::Return => "return".into(),
            PathElem::Block => "block".into(),
            PathElem::Index(i) => format!("index {i}"),
            PathElem::Variant(i) => format!("variant {i}"),
            PathElem::Signature(i) => format!("{}.", i + 1),
        }
    }

    fn is_variant(&self) -> bool {
        matches!(self, PathElem::Variant(_) | PathElem::Signature(_))
    }
}

#[derive(Clone, Debug)]
enum Kind {
    /// Expected and actual types (expected already normalized).
    Type(PType, PType),
    /// Enum and Pattern mismatches: "expects a match for ...".
    Pattern(PType, PType),
    Size(Size, Size),
    Count(Size, Size),
    MissingKey(String),
    MissingParameter(String),
    ExtraneousKey(String),
    InvalidParameter(String),
    UnexpectedBlock,
    MissingRequiredBlock,
    Unresolved(String),
}

/// One difference between an expected type and a value.
#[derive(Clone, Debug)]
pub struct Mismatch {
    path: Vec<PathElem>,
    kind: Kind,
}

impl Mismatch {
    fn new(path: &[PathElem], kind: Kind) -> Mismatch {
        let kind = match kind {
            Kind::Type(e, a) => Kind::Type(e.normalize(), a.normalize()),
            Kind::Pattern(e, a) => Kind::Pattern(e.normalize(), a.normalize()),
            other => other,
        };
        Mismatch {
            path: path.to_vec(),
            kind,
        }
    }

    pub fn missing_parameter(name: &str) -> Mismatch {
        Mismatch::new(&[], Kind::MissingParameter(name.to_string()))
    }

    pub fn invalid_parameter(name: &str) -> Mismatch {
        Mismatch::new(&[], Kind::InvalidParameter(name.to_string()))
    }

    /// "expects 2 arguments, got 1" (for a function or block; `path` adds `block`).
    pub fn count(expected: Size, actual: usize, block: bool) -> Mismatch {
        let path = if block {
            vec![PathElem::Block]
        } else {
            Vec::new()
        };
        Mismatch::new(&path, Kind::Count(expected, Size::exact(actual)))
    }

    /// A wrong number of arguments at `path`.
    pub(crate) fn count_at(path: &[PathElem], expected: Size, actual: Size) -> Mismatch {
        Mismatch::new(path, Kind::Count(expected, actual))
    }

    pub(crate) fn unexpected_block(path: &[PathElem]) -> Mismatch {
        Mismatch::new(path, Kind::UnexpectedBlock)
    }

    pub(crate) fn missing_block(path: &[PathElem]) -> Mismatch {
        Mismatch::new(path, Kind::MissingRequiredBlock)
    }

    /// The message without the path of signature alternatives ("rejected: ...").
    pub(crate) fn format_without_signature(&self) -> String {
        self.clone().chop_path(0).format()
    }

    fn canonical_path(&self) -> Vec<&PathElem> {
        self.path.iter().filter(|e| !e.is_variant()).collect()
    }

    fn chop_path(mut self, index: usize) -> Mismatch {
        if index < self.path.len() {
            self.path.remove(index);
        }
        self
    }

    /// Type and pattern mismatches merge (a pattern mismatch is a type mismatch).
    fn merges_with(&self, other: &Mismatch) -> bool {
        let typeish = |k: &Kind| matches!(k, Kind::Type(..) | Kind::Pattern(..));
        self.same_kind(other) || (typeish(&self.kind) && typeish(&other.kind))
    }

    fn same_kind(&self, other: &Mismatch) -> bool {
        std::mem::discriminant(&self.kind) == std::mem::discriminant(&other.kind)
    }

    /// The message, starting with a space (Puppet's `format`): " parameter 'p' expects
    /// a String value, got Integer".
    pub fn format(&self) -> String {
        let mut p: &[PathElem] = &self.path;
        let mut variant = String::new();
        if let Some(PathElem::Signature(_)) = p.first() {
            variant = format!(" {}", p[0].text());
            p = &p[1..];
        }
        let position = if p.is_empty() {
            String::new()
        } else {
            format!(
                " {}",
                p.iter().map(PathElem::text).collect::<Vec<_>>().join(" ")
            )
        };
        let vp = format!("{variant}{position}");
        match &self.kind {
            Kind::Type(e, a) => type_message(&vp, e, a),
            Kind::Pattern(e, a) => {
                let (e, pfx) = match e {
                    PType::Optional(Some(inner)) => (&**inner, "an undef value or "),
                    other => (other, ""),
                };
                let actual = match a {
                    PType::String {
                        value: Some(v),
                        size: None,
                    } => format!("'{v}'"),
                    other => short_name(other),
                };
                format!(
                    "{vp} expects {pfx}a match for {}, got {actual}",
                    e.alias_expanded()
                )
            }
            Kind::Size(e, a) => format!(
                "{vp} expects size to be {}, got {}",
                range_to_s(e, "0"),
                range_to_s(a, "0")
            ),
            Kind::Count(e, a) => {
                let suffix = if (e.min == 1 && (e.max == Some(1) || e.max.is_none()))
                    || (e.min == 0 && e.max == Some(1))
                {
                    ""
                } else {
                    "s"
                };
                format!(
                    "{vp} expects {} argument{suffix}, got {}",
                    range_to_s(e, "no"),
                    range_to_s(a, "none")
                )
            }
            Kind::MissingKey(k) => format!("{vp} expects a value for key '{k}'"),
            Kind::MissingParameter(k) => format!("{vp} expects a value for parameter '{k}'"),
            Kind::ExtraneousKey(k) => format!("{vp} unrecognized key '{k}'"),
            Kind::InvalidParameter(k) => format!("{vp} has no parameter named '{k}'"),
            Kind::UnexpectedBlock => format!("{vp} does not expect a block"),
            Kind::MissingRequiredBlock => format!("{vp} expects a block"),
            Kind::Unresolved(n) => format!("{vp} references an unresolved type '{n}'"),
        }
    }
}

fn range_to_s(range: &Size, zero: &str) -> String {
    let (min, max) = (range.min, range.max);
    if Some(min) == max {
        if min == 0 {
            zero.to_string()
        } else {
            min.to_string()
        }
    } else if min == 0 {
        match max {
            None => "unlimited".into(),
            Some(m) => format!("at most {m}"),
        }
    } else {
        match max {
            None => format!("at least {min}"),
            Some(m) => format!("between {min} and {m}"),
        }
    }
}

/// Puppet's `short_name`: `Optional[String]` keeps its parameter, others are plain names.
fn short_name(t: &PType) -> String {
    let contained = match t {
        PType::Optional(Some(i))
        | PType::NotUndef(Some(i))
        | PType::Sensitive(Some(i))
        | PType::Type(Some(i))
        | PType::Iterable(Some(i))
        | PType::Iterator(Some(i)) => Some(i),
        _ => None,
    };
    match contained {
        Some(inner) if !matches!(**inner, PType::Any) => {
            format!("{}[{}]", t.simple_name(), type_name(inner))
        }
        _ => type_name(t),
    }
}

/// Puppet's `name`: the alias name for aliases, the simple name otherwise.
fn type_name(t: &PType) -> String {
    match t {
        PType::Alias { name, .. } => name.clone(),
        PType::Object(Some(o)) if !o.name.is_empty() => o.name.clone(),
        PType::Resource {
            type_name: Some(_), ..
        } => "Resource".into(),
        other => other.simple_name().to_string(),
    }
}

fn all_resolved(t: &PType) -> PType {
    t.with_resolved(PType::clone)
}

fn same_class(a: &PType, b: &PType) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

fn specialization(e: &PType, a: &PType) -> bool {
    matches!(
        (e, a),
        (PType::Struct(_), PType::Hash { .. }) | (PType::Tuple { .. }, PType::Array { .. })
    )
}

fn always_fully_detailed(e: &[PType], a: &PType) -> bool {
    e.iter().any(|e| {
        same_class(e, a)
            || matches!(e, PType::Alias { .. })
            || matches!(a, PType::Alias { .. })
            || specialization(e, a)
    })
}

fn assignable_to_default(e: &[PType], a: &PType) -> bool {
    e.iter()
        .any(|e| all_resolved(e).kind_default().is_assignable(a))
}

fn report_detailed(e: &[PType], a: &PType) -> bool {
    always_fully_detailed(e, a) || assignable_to_default(e, a)
}

fn detailed_actual_to_s(e: &[PType], a: &PType) -> String {
    let e: Vec<PType> = e.iter().map(all_resolved).collect();
    if always_fully_detailed(&e, a) {
        a.alias_expanded()
    } else {
        let g = a.generalize();
        if e.iter().any(|t| t.is_assignable(&g)) {
            a.alias_expanded()
        } else {
            a.simple_name().to_string()
        }
    }
}

fn type_message(vp: &str, expected: &PType, actual: &PType) -> String {
    let mut e = expected;
    let mut optional = false;
    if let PType::Optional(Some(inner)) = e {
        e = inner;
        optional = true;
    }
    let list: Vec<PType> = match e {
        PType::Variant(types) => types.clone(),
        other => vec![other.clone()],
    };
    let is_list = matches!(e, PType::Variant(_));
    let (mut names, a): (Vec<String>, String) = if report_detailed(&list, actual) {
        (
            list.iter().map(PType::alias_expanded).collect(),
            detailed_actual_to_s(&list, actual),
        )
    } else {
        let mut names: Vec<String> = Vec::new();
        for t in &list {
            let n = short_name(t);
            if !names.contains(&n) {
                names.push(n);
            }
        }
        (names, short_name(actual))
    };
    let mut multi = false;
    let e_str = if is_list {
        if optional {
            names.insert(0, "Undef".into());
        }
        match names.len() {
            1 => names.remove(0),
            2 => {
                multi = true;
                format!("{} or {}", names[0], names[1])
            }
            n => {
                multi = true;
                format!("{}, or {}", names[..n - 1].join(", "), names[n - 1])
            }
        }
    } else if optional {
        multi = true;
        format!("Undef or {}", names.remove(0))
    } else {
        names.remove(0)
    };
    if multi {
        format!("{vp} expects a value of type {e_str}, got {a}")
    } else {
        format!("{vp} expects {} value, got {a}", a_an(&e_str))
    }
}

/// Compares `expected` with the (detailed) `actual` type; empty if they match.
pub fn describe(expected: &PType, actual: &PType, path: &[PathElem]) -> Vec<Mismatch> {
    if let Some(name) = unresolved(expected) {
        return vec![Mismatch::new(path, Kind::Unresolved(name))];
    }
    internal_describe(&expected.normalize(), expected, actual, path)
}

fn unresolved(t: &PType) -> Option<String> {
    match t {
        PType::Unresolved(n) => Some(n.clone()),
        PType::Optional(Some(i))
        | PType::NotUndef(Some(i))
        | PType::Type(Some(i))
        | PType::Sensitive(Some(i)) => unresolved(i),
        PType::Array { elem, .. } => unresolved(elem),
        PType::Hash { key, value, .. } => unresolved(key).or_else(|| unresolved(value)),
        PType::Variant(ts) | PType::Tuple { types: ts, .. } => ts.iter().find_map(unresolved),
        PType::Struct(ms) => ms.iter().find_map(|m| unresolved(&m.value)),
        _ => None,
    }
}

fn with(path: &[PathElem], e: PathElem) -> Vec<PathElem> {
    let mut p = path.to_vec();
    p.push(e);
    p
}

fn internal_describe(
    expected: &PType,
    original: &PType,
    actual: &PType,
    path: &[PathElem],
) -> Vec<Mismatch> {
    use PType as T;
    match expected {
        T::Variant(types) => {
            let mut all: Vec<Vec<Mismatch>> = Vec::new();
            let mut types = types.clone();
            if matches!(original, T::Optional(_)) {
                types.insert(0, T::Undef);
            }
            for (i, vt) in types.iter().enumerate() {
                let d = describe(vt, actual, &with(path, PathElem::Variant(i)));
                if d.is_empty() {
                    return Vec::new();
                }
                all.push(d);
            }
            let descriptions = merge_descriptions(path.len(), SizeKind::Size, all);
            if matches!(original, T::Alias { .. }) && descriptions.len() == 1 {
                vec![Mismatch::new(
                    path,
                    Kind::Type(original.clone(), actual.clone()),
                )]
            } else {
                descriptions
            }
        }
        T::Struct(elements) => match actual {
            T::Struct(actual_elements) => {
                let mut out = Vec::new();
                let mut remaining: Vec<&crate::types::StructMember> =
                    actual_elements.iter().collect();
                for e1 in elements {
                    match remaining.iter().position(|e2| e2.key == e1.key) {
                        None => {
                            if !e1.optional {
                                out.push(Mismatch::new(path, Kind::MissingKey(e1.key.clone())));
                            }
                        }
                        Some(i) => {
                            let e2 = remaining.remove(i);
                            if !e1.value.is_assignable(&e2.value) {
                                out.extend(describe(
                                    &e1.value,
                                    &e2.value,
                                    &with(path, PathElem::EntryValue(e1.key.clone())),
                                ));
                            }
                        }
                    }
                }
                for e2 in remaining {
                    out.push(Mismatch::new(path, Kind::ExtraneousKey(e2.key.clone())));
                }
                out
            }
            T::Hash { size, key, value } => {
                let actual_size = size.unwrap_or(Size::DEFAULT);
                let required = elements.iter().filter(|e| !e.optional).count() as i64;
                let expected_size = Size {
                    min: required,
                    max: Some(elements.len() as i64),
                };
                if expected_size.covers(&actual_size) {
                    vec![Mismatch::new(
                        path,
                        Kind::Type(
                            original.clone(),
                            T::Hash {
                                key: key.clone(),
                                value: value.clone(),
                                size: None,
                            },
                        ),
                    )]
                } else {
                    vec![Mismatch::new(path, Kind::Size(expected_size, actual_size))]
                }
            }
            _ => vec![Mismatch::new(
                path,
                Kind::Type(original.clone(), actual.clone()),
            )],
        },
        T::Hash {
            key: key_type,
            value: value_type,
            size: expected_size,
        } => match actual {
            T::Struct(elements) => {
                let es = expected_size.unwrap_or(Size::DEFAULT);
                let required = elements.iter().filter(|e| !e.optional).count() as i64;
                let actual_size = Size {
                    min: required,
                    max: Some(elements.len() as i64),
                };
                if es.covers(&actual_size) {
                    let mut out = Vec::new();
                    for a in elements {
                        let kt = PType::string_value(&a.key);
                        if !key_type.is_assignable(&kt) {
                            out.extend(describe(
                                key_type,
                                &kt,
                                &with(path, PathElem::EntryKey(a.key.clone())),
                            ));
                        }
                        if !value_type.is_assignable(&a.value) {
                            out.extend(describe(
                                value_type,
                                &a.value,
                                &with(path, PathElem::EntryValue(a.key.clone())),
                            ));
                        }
                    }
                    out
                } else {
                    vec![Mismatch::new(path, Kind::Size(es, actual_size))]
                }
            }
            T::Hash { key, value, size } => {
                let actual_size = size.unwrap_or(Size::DEFAULT);
                if expected_size.is_none_or(|s| s.covers(&actual_size)) {
                    vec![Mismatch::new(
                        path,
                        Kind::Type(
                            original.clone(),
                            T::Hash {
                                key: key.clone(),
                                value: value.clone(),
                                size: None,
                            },
                        ),
                    )]
                } else {
                    vec![Mismatch::new(
                        path,
                        Kind::Size(expected_size.expect("some"), actual_size),
                    )]
                }
            }
            _ => vec![Mismatch::new(
                path,
                Kind::Type(original.clone(), actual.clone()),
            )],
        },
        T::Tuple { types, size } => {
            describe_tuple(types, size, original, actual, path, SizeKind::Size)
        }
        T::Array {
            elem,
            size: expected_size,
        } => match actual {
            T::Tuple { types, size } => {
                let es = expected_size.unwrap_or(Size::DEFAULT);
                let actual_size = size.unwrap_or(Size::exact(types.len()));
                if es.covers(&actual_size) {
                    let mut out = Vec::new();
                    for (i, t) in types.iter().enumerate() {
                        if !elem.is_assignable(t) {
                            out.extend(describe(elem, t, &with(path, PathElem::Index(i))));
                        }
                    }
                    out
                } else {
                    vec![Mismatch::new(path, Kind::Size(es, actual_size))]
                }
            }
            T::Array { elem: ae, size } => {
                let actual_size = size.unwrap_or(Size::DEFAULT);
                if expected_size.is_none_or(|s| s.covers(&actual_size)) {
                    vec![Mismatch::new(
                        path,
                        Kind::Type(original.clone(), PType::array_of((**ae).clone())),
                    )]
                } else {
                    vec![Mismatch::new(
                        path,
                        Kind::Size(expected_size.expect("some"), actual_size),
                    )]
                }
            }
            _ => vec![Mismatch::new(
                path,
                Kind::Type(original.clone(), actual.clone()),
            )],
        },
        T::Optional(inner) => {
            if matches!(actual, T::Undef) {
                return Vec::new();
            }
            let Some(inner) = inner else {
                return Vec::new();
            };
            let orig = if matches!(original, T::Alias { .. }) {
                original
            } else {
                expected
            };
            internal_describe(inner, orig, actual, path)
        }
        T::Pattern(_) | T::Enum { .. } => {
            vec![Mismatch::new(
                path,
                Kind::Pattern(original.clone(), actual.clone()),
            )]
        }
        // Aliases that only name each other (`Variant[Integer, B]`, `B` a Variant
        // naming the first again) end when the path gets this deep.
        T::Alias { target, .. } if path.len() < 64 => match target.get() {
            Some(a) => internal_describe(&a.resolved().normalize(), expected, actual, path),
            None => Vec::new(),
        },
        _ => {
            if expected.is_assignable(actual) {
                Vec::new()
            } else {
                vec![Mismatch::new(
                    path,
                    Kind::Type(original.clone(), actual.clone()),
                )]
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
pub(crate) enum SizeKind {
    Size,
    Count,
}

fn describe_tuple(
    types: &[PType],
    size: &Option<Size>,
    original: &PType,
    actual: &PType,
    path: &[PathElem],
    kind: SizeKind,
) -> Vec<Mismatch> {
    let size_mismatch = |e: Size, a: Size| {
        Mismatch::new(
            path,
            if kind == SizeKind::Size {
                Kind::Size(e, a)
            } else {
                Kind::Count(e, a)
            },
        )
    };
    if types.is_empty() && matches!(actual, PType::Array { .. }) {
        return Vec::new();
    }
    let expected_size = size.unwrap_or(if types.is_empty() {
        Size::DEFAULT
    } else {
        Size::exact(types.len())
    });
    match actual {
        PType::Tuple {
            types: at,
            size: asz,
        } => {
            let actual_size = asz.unwrap_or(if at.is_empty() {
                Size::DEFAULT
            } else {
                Size::exact(at.len())
            });
            if expected_size.covers(&actual_size) {
                let mut out = Vec::new();
                if !types.is_empty() {
                    for (i, atype) in at.iter().enumerate() {
                        let adx = i.min(types.len() - 1);
                        out.extend(describe(
                            &types[adx],
                            atype,
                            &with(path, PathElem::Index(adx)),
                        ));
                    }
                }
                out
            } else {
                vec![size_mismatch(expected_size, actual_size)]
            }
        }
        PType::Array { elem, size: asz } => {
            let actual_size = asz.unwrap_or(Size::DEFAULT);
            if expected_size.covers(&actual_size) {
                let mut out = Vec::new();
                for (i, t) in types.iter().enumerate() {
                    out.extend(describe(t, elem, &with(path, PathElem::Index(i))));
                }
                out
            } else {
                vec![size_mismatch(expected_size, actual_size)]
            }
        }
        _ => vec![Mismatch::new(
            path,
            Kind::Type(original.clone(), actual.clone()),
        )],
    }
}

pub(crate) fn merge_descriptions(
    varying_path_position: usize,
    size_kind: SizeKind,
    variant_descriptions: Vec<Vec<Mismatch>>,
) -> Vec<Mismatch> {
    let count = variant_descriptions.len();
    let mut descriptions: Vec<Mismatch> = variant_descriptions.into_iter().flatten().collect();
    let probes: [fn(&Kind, SizeKind) -> bool; 4] = [
        |k, s| match k {
            Kind::Size(..) => s == SizeKind::Size,
            Kind::Count(..) => s == SizeKind::Count,
            _ => false,
        },
        |k, _| matches!(k, Kind::MissingRequiredBlock),
        |k, _| matches!(k, Kind::UnexpectedBlock),
        |k, _| matches!(k, Kind::Type(..) | Kind::Pattern(..)),
    ];
    for probe in probes {
        let same: Vec<&Mismatch> = descriptions
            .iter()
            .filter(|d| probe(&d.kind, size_kind))
            .collect();
        if same.len() == count && count > 0 {
            let first = same[0];
            if same
                .iter()
                .all(|d| d.canonical_path() == first.canonical_path() && d.merges_with(first))
            {
                let merged = match &first.kind {
                    Kind::Type(_, actual) | Kind::Pattern(_, actual) => {
                        let mut expected: Vec<PType> = Vec::new();
                        for d in &same {
                            if let Kind::Type(e, _) | Kind::Pattern(e, _) = &d.kind {
                                if !expected.contains(e) {
                                    expected.push(e.clone());
                                }
                            }
                        }
                        let expected = PType::variant_of(expected);
                        Mismatch::new(
                            &first.path,
                            if matches!(first.kind, Kind::Pattern(..)) {
                                Kind::Pattern(expected, actual.clone())
                            } else {
                                Kind::Type(expected, actual.clone())
                            },
                        )
                    }
                    Kind::Size(..) | Kind::Count(..) => {
                        let (mut lo, mut hi, actual, is_count) = match &first.kind {
                            Kind::Size(e, a) => (e.min, e.max, *a, false),
                            Kind::Count(e, a) => (e.min, e.max, *a, true),
                            _ => unreachable!("size kinds"),
                        };
                        for d in &same {
                            if let Kind::Size(e, _) | Kind::Count(e, _) = &d.kind {
                                lo = lo.min(e.min);
                                hi = match (hi, e.max) {
                                    (Some(a), Some(b)) => Some(a.max(b)),
                                    _ => None,
                                };
                            }
                        }
                        let e = Size { min: lo, max: hi };
                        Mismatch {
                            path: first.path.clone(),
                            kind: if is_count {
                                Kind::Count(e, actual)
                            } else {
                                Kind::Size(e, actual)
                            },
                        }
                    }
                    _ => first.clone(),
                };
                descriptions = vec![merged];
                break;
            }
        }
    }
    // `uniq` by class and canonical path.
    let mut unique: Vec<Mismatch> = Vec::new();
    for d in descriptions {
        if !unique.iter().any(|u| {
            u.same_kind(&d) && u.canonical_path() == d.canonical_path() && u.format() == d.format()
        }) {
            unique.push(d);
        }
    }
    if unique.len() == 1 {
        vec![unique.pop().expect("one").chop_path(varying_path_position)]
    } else {
        unique
    }
}

/// The mismatches of one value against a declared parameter type, with the path
/// `parameter 'name'` (Puppet's `describe_struct_signature` for one parameter). Empty if
/// the value is an instance of the type.
pub fn parameter_mismatches(name: &str, ty: &PType, value: &Value) -> Vec<Mismatch> {
    if ty.is_instance(value) {
        return Vec::new();
    }
    describe(
        ty,
        &PType::infer_set(value),
        &[PathElem::Parameter(name.to_string())],
    )
}

/// Puppet's `validate_parameters` message: "{subject}: parameter 'p' expects ...", one
/// mismatch per line when there are several.
pub fn join_mismatches(subject: &str, mismatches: &[Mismatch]) -> String {
    match mismatches {
        [one] => format!("{subject}:{}", one.format()),
        many => format!(
            "{subject}:\n {}",
            many.iter()
                .map(Mismatch::format)
                .collect::<Vec<_>>()
                .join("\n ")
        ),
    }
}

/// "{subject}: parameter 'p' expects ..." for one parameter value, or `None` if it fits.
pub fn parameter_error(subject: &str, name: &str, ty: &PType, value: &Value) -> Option<String> {
    let m = parameter_mismatches(name, ty, value);
    (!m.is_empty()).then(|| join_mismatches(subject, &m))
}

/// `describe_mismatch(name, expected, actual)`: "assert_type(): expects ..., got ...".
pub fn value_mismatch(name: &str, expected: &PType, value: &Value) -> String {
    let m = describe(
        expected,
        &PType::infer_set(value),
        &[PathElem::Subject(name.to_string())],
    );
    match m.as_slice() {
        [] => String::new(),
        [one] => one.format().trim().to_string(),
        many => many
            .iter()
            .map(Mismatch::format)
            .collect::<Vec<_>>()
            .join("\n "),
    }
}

/// "expects 2 arguments, got 1" with the function label in front.
pub fn count_error(label: &str, min: usize, max: Option<usize>, got: usize) -> String {
    let e = Size {
        min: min as i64,
        max: max.map(|m| m as i64),
    };
    format!("{label}{}", Mismatch::count(e, got, false).format())
}
