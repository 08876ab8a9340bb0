//! Puppet's type system: the types, their parameters (`Integer[1, 5]`), instance and
//! assignability checks, type inference from values, and the names Puppet prints.
//!
//! The rules follow Puppet 7's `Puppet::Pops::Types`: `is_instance` is `instance?`,
//! `is_assignable` is `assignable?`, [`PType::infer`] and [`PType::infer_set`] are the
//! type calculator's `infer` and `infer_set`, [`PType::generalize`] and
//! [`PType::normalize`] are the methods of the same names, and `Display` is the type
//! formatter (`to_s`).

use crate::ops::AccessError;
use crate::value::{format_float, Regex, Timespan, Timestamp, Value, VersionRange};
use std::fmt;
use std::sync::{Arc, OnceLock, Weak};

/// A size constraint of a collection or string: `min..=max` (`max` `None` is unlimited).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    pub min: i64,
    pub max: Option<i64>,
}

impl Size {
    pub const DEFAULT: Size = Size { min: 0, max: None };

    /// Puppet's `to_size`: a range clamped to non-negative numbers.
    pub fn new(from: Option<i64>, to: Option<i64>) -> Size {
        let min = from.unwrap_or(0).max(0);
        let max = to.map(|t| t.max(0));
        Size { min, max }
    }

    pub fn exact(n: usize) -> Size {
        Size {
            min: n as i64,
            max: Some(n as i64),
        }
    }

    pub fn contains(&self, n: usize) -> bool {
        let n = n as i64;
        n >= self.min && self.max.is_none_or(|m| n <= m)
    }

    /// Whether every size in `other` is in `self`.
    pub fn covers(&self, other: &Size) -> bool {
        self.min <= other.min
            && match (self.max, other.max) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some(a), Some(b)) => b <= a,
            }
    }
}

/// A Puppet type. Resource and class references are types (`File['/x']`, `Class[a]`).
#[derive(Clone, Debug)]
pub enum PType {
    Any,
    /// The type of "nothing was given" (the element type of `Array[0, 0]`); assignable
    /// to and from everything.
    Unit,
    Undef,
    Default,
    /// `Boolean`, `Boolean[true]`
    Boolean(Option<bool>),
    /// `Integer[from, to]`; `None` is unbounded.
    Integer {
        from: Option<i64>,
        to: Option<i64>,
    },
    Float {
        from: Option<f64>,
        to: Option<f64>,
    },
    Numeric,
    /// `String`, `String[min, max]`, or the type of one string value (`value`, what
    /// `type('x')` gives; printed as `String`).
    String {
        size: Option<Size>,
        value: Option<Arc<str>>,
    },
    /// Values are sorted and unique, as Puppet keeps them.
    Enum {
        values: Vec<String>,
        case_insensitive: bool,
    },
    Pattern(Vec<Arc<Regex>>),
    Regexp(Option<Arc<Regex>>),
    Array {
        elem: Box<PType>,
        size: Option<Size>,
    },
    Hash {
        key: Box<PType>,
        value: Box<PType>,
        size: Option<Size>,
    },
    Tuple {
        types: Vec<PType>,
        size: Option<Size>,
    },
    Struct(Vec<StructMember>),
    Optional(Option<Box<PType>>),
    NotUndef(Option<Box<PType>>),
    Variant(Vec<PType>),
    Scalar,
    ScalarData,
    Data,
    RichData,
    Collection(Option<Size>),
    Iterable(Option<Box<PType>>),
    Iterator(Option<Box<PType>>),
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
    /// `Init[T, args...]`: the values `T.new(value, args...)` accepts (`Init`: any
    /// rich data). `args` are the values written after the type.
    Init(Option<Box<PType>>, Vec<Value>),
    Deferred,
    /// `Timestamp[from, to]`; `None` is unbounded.
    Timestamp {
        from: Option<Timestamp>,
        to: Option<Timestamp>,
    },
    /// `Timespan[from, to]`; `None` is unbounded.
    Timespan {
        from: Option<Timespan>,
        to: Option<Timespan>,
    },
    /// `SemVer['>=1.0', ...]`: versions in any of the ranges (all when empty).
    SemVer(Vec<Arc<VersionRange>>),
    SemVerRange,
    Binary,
    Runtime,
    /// `Object`, or an Object type declared in the language.
    Object(Option<Arc<crate::object::ObjectType>>),
    /// An Object type with type parameters, given values (`Error['KIND', 'CODE']`):
    /// its instances whose parameter attributes match them as `=~` matches (a string
    /// equals, a regexp matches, a type has the attribute as an instance; `undef`
    /// matches `undef` only). `type()` of an `Error` is one.
    ObjectExt {
        base: Arc<crate::object::ObjectType>,
        /// By position among the base's type parameters; `None`: not given.
        params: Vec<Option<Value>>,
    },
    /// `TypeSet`, or a TypeSet declared in the language.
    TypeSet(Option<Arc<crate::object::TypeSetType>>),
    Uri,
    /// A named alias (`type Port = Integer[1, 65535]`), resolved lazily and
    /// normalized; it may refer to itself (`type Tree = Array[Variant[String, Tree]]`).
    Alias {
        name: String,
        target: AliasLink,
    },
    /// A capitalised name that is neither a built-in type nor a known alias: Puppet
    /// treats it as a resource type reference until it is used.
    Unresolved(String),
}

/// One `key => type` of a `Struct`.
#[derive(Clone, Debug)]
pub struct StructMember {
    pub key: String,
    /// The key type is `Optional[...]`: the key may be missing. Puppet makes a key
    /// optional when it is written `Optional['key']` or when its value type accepts
    /// undef.
    pub optional: bool,
    pub value: PType,
}

impl StructMember {
    /// A member as Puppet's `Struct[{key => value}]` creates it.
    pub fn new(key: impl Into<String>, value: PType) -> StructMember {
        let optional = value.is_assignable(&PType::Undef);
        StructMember {
            key: key.into(),
            optional,
            value,
        }
    }
}

/// A type alias of one compile: its name and, once its definition has been evaluated,
/// the type it stands for. The compile keeps one per alias name
/// ([`crate::Compiler`]'s alias table), so every reference shares it.
#[derive(Debug)]
pub struct AliasType {
    pub name: String,
    resolved: OnceLock<PType>,
    /// Whether the resolved type reaches this alias again (Puppet's `self_recursion?`):
    /// such an alias is checked under a [`RecursionGuard`]. Unset until the aliases
    /// resolved together are all resolved, and taken as recursive until then.
    recursive: OnceLock<bool>,
}

impl AliasType {
    pub fn new(name: String) -> Arc<AliasType> {
        Arc::new(AliasType {
            name,
            resolved: OnceLock::new(),
            recursive: OnceLock::new(),
        })
    }

    /// The aliased type; `Any` while the alias's own definition is being evaluated.
    pub fn resolved(&self) -> &PType {
        self.resolved.get().unwrap_or(&PType::Any)
    }

    pub fn is_resolved(&self) -> bool {
        self.resolved.get().is_some()
    }

    /// Sets the aliased type (once; later calls are ignored).
    pub fn resolve(&self, t: PType) {
        let _ = self.resolved.set(t);
    }

    /// Decides, once the aliases resolved together are all resolved, whether this one
    /// refers back to itself.
    pub fn settle_recursion(self: &Arc<AliasType>) {
        let mut seen = Vec::new();
        let recursive = reaches_alias(self.resolved(), self, &mut seen);
        let _ = self.recursive.set(recursive);
    }

    fn is_recursive(&self) -> bool {
        self.recursive.get().copied().unwrap_or(true)
    }

    fn id(self: &Arc<AliasType>) -> usize {
        Arc::as_ptr(self) as usize
    }
}

/// How a type refers to its alias. References made while the alias's own definition
/// is evaluated (a recursive alias) are weak, so that an alias and its body form no
/// reference cycle; the compile's alias table holds every alias for the compile.
#[derive(Clone, Debug)]
pub enum AliasLink {
    Strong(Arc<AliasType>),
    Back(Weak<AliasType>),
}

impl AliasLink {
    /// The alias; `None` only for a back reference that outlived its compile.
    pub fn get(&self) -> Option<Arc<AliasType>> {
        match self {
            AliasLink::Strong(a) => Some(a.clone()),
            AliasLink::Back(w) => w.upgrade(),
        }
    }
}

/// Checks the type an alias's definition gave (Puppet's `PTypeAliasType#resolve`): it
/// must contain a type other than aliases and variants, and a recursive alias drops
/// the variants that are not real types (`type X = Variant[X, Integer]` is `Integer`).
pub(crate) fn settle_alias(a: &Arc<AliasType>, t: PType) -> Result<PType, crate::error::EvalError> {
    if !is_real(&t, a, &t, &mut Vec::new()) {
        return Err(crate::error::EvalError::new(format!(
            "Type alias '{}' cannot be resolved to a real type",
            a.name
        )));
    }
    if !reaches_alias(&t, a, &mut Vec::new()) {
        return Ok(t);
    }
    Ok(match t {
        PType::Variant(types) => {
            let total = types.len();
            let mut real: Vec<PType> = types
                .into_iter()
                .filter(|m| {
                    let itself = matches!(m, PType::Alias { name, .. } if *name == a.name);
                    !itself && is_real(m, a, m, &mut Vec::new())
                })
                .collect();
            if real.len() == total {
                PType::Variant(real)
            } else if real.len() == 1 {
                real.remove(0)
            } else {
                PType::variant_of(real)
            }
        }
        other => other,
    })
}

/// Whether `t` contains a type other than aliases and variants (Puppet's
/// `AssertOtherTypeAcceptor`); `current` is the alias being resolved, standing for
/// `body`; an alias still being resolved counts as a real type, as in Puppet.
fn is_real(t: &PType, current: &Arc<AliasType>, body: &PType, seen: &mut Vec<usize>) -> bool {
    match t {
        PType::Variant(types) => types.iter().any(|m| is_real(m, current, body, seen)),
        PType::Alias { target, .. } => {
            let Some(a) = target.get() else {
                return true;
            };
            if seen.contains(&a.id()) {
                return false;
            }
            seen.push(a.id());
            if Arc::ptr_eq(&a, current) {
                is_real(body, current, body, seen)
            } else if a.is_resolved() {
                is_real(a.resolved(), current, body, seen)
            } else {
                true
            }
        }
        _ => true,
    }
}

/// Whether a type may be kept beyond its compile, for every compile of the
/// environment: each alias it reaches is resolved, settled and linked strongly (a weak
/// link's alias lives in one compile's alias table), and it holds no Object type or
/// TypeSet declared in the language (those belong to a compile).
pub(crate) fn outlives_compile(t: &PType) -> bool {
    fn walk(t: &PType, seen: &mut Vec<usize>) -> bool {
        match t {
            PType::Object(Some(_)) | PType::TypeSet(Some(_)) => false,
            PType::Alias {
                target: AliasLink::Strong(a),
                ..
            } => {
                if seen.contains(&a.id()) {
                    return true;
                }
                seen.push(a.id());
                a.is_resolved() && a.recursive.get().is_some() && walk(a.resolved(), seen)
            }
            PType::Alias { .. } => false,
            other => {
                let mut kept = true;
                other.each_child(&mut |c| kept = kept && walk(c, seen));
                kept
            }
        }
    }
    walk(t, &mut Vec::new())
}

/// Whether `t` refers to `target` through aliases (each alias followed once).
fn reaches_alias(t: &PType, target: &Arc<AliasType>, seen: &mut Vec<usize>) -> bool {
    let mut found = false;
    t.each_child(&mut |c| {
        if found {
            return;
        }
        if let PType::Alias { target: link, .. } = c {
            if let Some(a) = link.get() {
                if Arc::ptr_eq(&a, target) {
                    found = true;
                } else if !seen.contains(&a.id()) {
                    seen.push(a.id());
                    found = reaches_alias(a.resolved(), target, seen);
                }
            }
        } else {
            found = reaches_alias(c, target, seen);
        }
    });
    found
}

/// Puppet's `PTypeAliasType#really_instance?`: a recursive alias checks `value` under
/// the guard, and is not matched when met again for the same value.
fn alias_instance(a: &Arc<AliasType>, value: &Value, g: &mut RecursionGuard) -> bool {
    if !a.is_recursive() {
        return a.resolved().instance_g(value, g);
    }
    // A value's identity, as Ruby's `object_id`: the same value checked again
    // without descending into it is at the same address.
    let that = value as *const Value as usize;
    let (new_that, _) = g.enter_that(that);
    let (new_this, state) = g.enter_this(a.id());
    let r = state != RecursionGuard::IN_BOTH && a.resolved().instance_g(value, g);
    if new_this {
        g.leave_this(a.id());
    }
    if new_that {
        g.leave_that(that);
    }
    r
}

/// The guard's identity of `Data` (alias identities are addresses).
const DATA_GUARD: usize = usize::MAX;

/// Puppet's `RecursionGuard`: the aliases (`this`) and values or types (`that`) a
/// check of a recursive alias is inside, and the state flags that end it. Puppet's
/// quirks are kept: a flag, once set by meeting an alias again, stays set until the
/// outermost check that entered something new returns, so
/// `[1, [2]] =~ A` is false for `type A = Variant[Integer, B]`, `type B = Array[A]`.
#[derive(Default)]
pub(crate) struct RecursionGuard {
    state: u8,
    this: Vec<usize>,
    that: Vec<usize>,
}

impl RecursionGuard {
    const IN_THIS: u8 = 1;
    const IN_THAT: u8 = 2;
    const IN_BOTH: u8 = 3;

    /// Enters `id` as `this`; returns whether it was new (to be left with
    /// [`RecursionGuard::leave_this`]) and the state to decide with.
    fn enter_this(&mut self, id: usize) -> (bool, u8) {
        Self::enter(&mut self.state, &mut self.this, Self::IN_THIS, id)
    }

    fn leave_this(&mut self, id: usize) {
        self.state &= !Self::IN_THIS;
        self.this.retain(|x| *x != id);
    }

    fn enter_that(&mut self, id: usize) -> (bool, u8) {
        Self::enter(&mut self.state, &mut self.that, Self::IN_THAT, id)
    }

    fn leave_that(&mut self, id: usize) {
        self.state &= !Self::IN_THAT;
        self.that.retain(|x| *x != id);
    }

    /// Puppet's `add_that`: notes `id` without a scope to leave.
    fn add_that(&mut self, id: usize) -> u8 {
        let _ = Self::enter(&mut self.state, &mut self.that, Self::IN_THAT, id);
        self.state
    }

    fn enter(state: &mut u8, seen: &mut Vec<usize>, flag: u8, id: usize) -> (bool, u8) {
        if *state & flag == 0 {
            if seen.contains(&id) {
                *state |= flag;
            } else {
                seen.push(id);
                return (true, *state);
            }
        }
        (false, *state)
    }
}

/// Whether an Object's attribute value matches a type parameter's value, as Puppet's
/// `=~` with a value on its right matches: a string equals (ignoring case), a regexp
/// matches a string, a type has it as an instance; anything else equals.
fn param_matches(value: &Value, param: &Value) -> bool {
    match param {
        Value::Regex(r) => matches!(value, Value::Str(s) if r.is_match(s)),
        Value::Type(t) => t.is_instance(value),
        _ => crate::ops::equals(value, param),
    }
}

impl PartialEq for PType {
    fn eq(&self, other: &PType) -> bool {
        use PType as T;
        match (self, other) {
            (T::Alias { name: a, .. }, T::Alias { name: b, .. }) => a == b,
            (
                T::Enum {
                    values: a,
                    case_insensitive: x,
                },
                T::Enum {
                    values: b,
                    case_insensitive: y,
                },
            ) => a == b && x == y,
            (T::String { size: a, value: v }, T::String { size: b, value: w }) => a == b && v == w,
            (T::Pattern(a), T::Pattern(b)) => {
                a.len() == b.len() && a.iter().all(|p| b.iter().any(|q| p.source == q.source))
            }
            (T::Variant(a), T::Variant(b)) => a.len() == b.len() && a.iter().all(|t| b.contains(t)),
            (
                T::Resource {
                    type_name: a,
                    title: t,
                },
                T::Resource {
                    type_name: b,
                    title: u,
                },
            ) => {
                a.as_ref().map(|s| s.to_lowercase()) == b.as_ref().map(|s| s.to_lowercase())
                    && t == u
            }
            (a, b) => {
                std::mem::discriminant(a) == std::mem::discriminant(b)
                    && a.to_string() == b.to_string()
            }
        }
    }
}

/// [`capitalize_segments`], borrowed when the name is so already.
pub fn canonical_type_name(name: &str) -> std::borrow::Cow<'_, str> {
    let ascii_canonical = name.is_ascii()
        && !name.starts_with("::")
        && marionette_syntax::names::segments(name).all(|seg| {
            let mut bytes = seg.bytes();
            bytes.next().is_none_or(|b| !b.is_ascii_lowercase())
                && bytes.all(|b| !b.is_ascii_uppercase())
        });
    if ascii_canonical {
        std::borrow::Cow::Borrowed(name)
    } else {
        std::borrow::Cow::Owned(capitalize_segments(name))
    }
}

/// Capitalises each `::` segment: `foo::bar` → `Foo::Bar`.
pub fn capitalize_segments(name: &str) -> String {
    let name = name.strip_prefix("::").unwrap_or(name);
    let mut out = String::with_capacity(name.len());
    for (i, seg) in marionette_syntax::names::segments(name).enumerate() {
        if i > 0 {
            out.push_str("::");
        }
        let mut chars = seg.chars();
        let Some(first) = chars.next() else {
            continue;
        };
        let rest = chars.as_str();
        if seg.is_ascii() {
            out.push(first.to_ascii_uppercase());
            out.extend(rest.bytes().map(|b| char::from(b.to_ascii_lowercase())));
        } else {
            out.extend(first.to_uppercase());
            out.push_str(&rest.to_lowercase());
        }
    }
    out
}

fn boxed(t: PType) -> Box<PType> {
    Box::new(t)
}

pub(crate) const fn int(from: Option<i64>, to: Option<i64>) -> PType {
    PType::Integer { from, to }
}

impl PType {
    pub const STRING: PType = PType::String {
        size: None,
        value: None,
    };
    pub const INTEGER: PType = int(None, None);
    pub const FLOAT: PType = PType::Float {
        from: None,
        to: None,
    };

    pub fn resource(type_name: &str, title: Option<String>) -> PType {
        PType::Resource {
            type_name: Some(capitalize_segments(type_name)),
            title,
        }
    }

    pub fn string_value(s: &str) -> PType {
        PType::String {
            size: None,
            value: Some(s.into()),
        }
    }

    pub fn array_of(elem: PType) -> PType {
        PType::Array {
            elem: boxed(elem),
            size: None,
        }
    }

    pub fn hash_of(key: PType, value: PType) -> PType {
        PType::Hash {
            key: boxed(key),
            value: boxed(value),
            size: None,
        }
    }

    /// `Enum[values]`, sorted and unique as Puppet keeps them.
    pub fn enumeration(mut values: Vec<String>, case_insensitive: bool) -> PType {
        values.sort();
        values.dedup();
        PType::Enum {
            values,
            case_insensitive,
        }
    }

    /// A `Variant` of the types, or the one type if there is only one.
    pub fn variant_of(types: Vec<PType>) -> PType {
        let mut flat: Vec<PType> = Vec::new();
        for t in types {
            match t {
                PType::Variant(inner) => {
                    for i in inner {
                        if !flat.contains(&i) {
                            flat.push(i)
                        }
                    }
                }
                other => {
                    if !flat.contains(&other) {
                        flat.push(other)
                    }
                }
            }
        }
        if flat.len() == 1 {
            flat.pop().expect("one")
        } else {
            PType::Variant(flat)
        }
    }

    /// The built-in type with this name (without parameters), if there is one.
    pub fn builtin(name: &str) -> Option<PType> {
        Some(match name {
            "Any" => PType::Any,
            "Undef" => PType::Undef,
            "Default" => PType::Default,
            "Boolean" => PType::Boolean(None),
            "Integer" => PType::INTEGER,
            "Float" => PType::FLOAT,
            "Numeric" => PType::Numeric,
            "String" => PType::STRING,
            "Enum" => PType::Enum {
                values: Vec::new(),
                case_insensitive: false,
            },
            "Pattern" => PType::Pattern(Vec::new()),
            "Regexp" => PType::Regexp(None),
            "Array" => PType::array_of(PType::Any),
            "Hash" => PType::hash_of(PType::Any, PType::Any),
            "Tuple" => PType::Tuple {
                types: Vec::new(),
                size: None,
            },
            "Struct" => PType::Struct(Vec::new()),
            "Optional" => PType::Optional(None),
            "NotUndef" => PType::NotUndef(None),
            "Variant" => PType::Variant(Vec::new()),
            "Scalar" => PType::Scalar,
            "ScalarData" => PType::ScalarData,
            "Data" => PType::Data,
            "RichData" => PType::RichData,
            "Collection" => PType::Collection(None),
            "Iterable" => PType::Iterable(None),
            "Iterator" => PType::Iterator(None),
            "Callable" => PType::Callable,
            "Type" => PType::Type(None),
            "CatalogEntry" => PType::CatalogEntry,
            "Resource" => PType::Resource {
                type_name: None,
                title: None,
            },
            "Class" => PType::Class(None),
            "Sensitive" => PType::Sensitive(None),
            "Init" => PType::Init(None, Vec::new()),
            "Deferred" => PType::Deferred,
            "Timestamp" => PType::Timestamp {
                from: None,
                to: None,
            },
            "Timespan" => PType::Timespan {
                from: None,
                to: None,
            },
            "SemVer" => PType::SemVer(Vec::new()),
            "SemVerRange" => PType::SemVerRange,
            "Binary" => PType::Binary,
            "Runtime" => PType::Runtime,
            "Object" => PType::Object(None),
            "TypeSet" => PType::TypeSet(None),
            "URI" => PType::Uri,
            "Annotation" => PType::Object(Some(crate::object::annotation_type())),
            "Pcore" => PType::Object(Some(crate::object::pcore_type())),
            "Error" => PType::Object(Some(crate::object::error_type())),
            _ => return None,
        })
    }

    /// Follows aliases.
    pub fn resolved(&self) -> &PType {
        match self {
            PType::Alias {
                target: AliasLink::Strong(a),
                ..
            } => a.resolved().resolved(),
            // A reference back to an alias from inside its own body; the checks that
            // meet it (`is_instance`, `is_assignable`) follow it through `AliasLink::get`.
            PType::Alias { .. } => &PType::Any,
            other => other,
        }
    }

    /// Calls `f` with the type aliases stand for, following back references too.
    pub fn with_resolved<R>(&self, f: impl FnOnce(&PType) -> R) -> R {
        fn follow<R>(t: &PType, depth: usize, f: impl FnOnce(&PType) -> R) -> R {
            match t {
                PType::Alias { target, .. } if depth < 64 => match target.get() {
                    Some(a) => follow(a.resolved(), depth + 1, f),
                    None => f(&PType::Any),
                },
                other => f(other),
            }
        }
        follow(self, 0, f)
    }

    /// Calls `f` on each type parameter of this type (not through aliases).
    pub fn each_child(&self, f: &mut dyn FnMut(&PType)) {
        use PType as T;
        match self {
            T::Array { elem, .. } => f(elem),
            T::Hash { key, value, .. } => {
                f(key);
                f(value);
            }
            T::Tuple { types, .. } | T::Variant(types) => types.iter().for_each(f),
            T::Struct(members) => members.iter().for_each(|m| f(&m.value)),
            T::Optional(Some(t))
            | T::NotUndef(Some(t))
            | T::Iterable(Some(t))
            | T::Iterator(Some(t))
            | T::Type(Some(t))
            | T::Sensitive(Some(t))
            | T::Init(Some(t), _) => f(t),
            _ => {}
        }
    }

    // ------------------------------------------------------------------ instance?

    /// Whether `value` is an instance of this type (Puppet's `instance?`).
    pub fn is_instance(&self, value: &Value) -> bool {
        self.instance_g(value, &mut RecursionGuard::default())
    }

    fn instance_g(&self, value: &Value, g: &mut RecursionGuard) -> bool {
        use PType as T;
        match self {
            T::Any | T::Unit => true,
            T::Undef => value.is_undef(),
            T::Default => matches!(value, Value::Default),
            T::Boolean(b) => matches!(value, Value::Bool(v) if b.is_none_or(|b| b == *v)),
            T::Integer { from, to } => match value {
                Value::Int(i) => from.is_none_or(|f| *i >= f) && to.is_none_or(|t| *i <= t),
                Value::BigInt(i) => {
                    from.is_none_or(|f| **i >= f as i128) && to.is_none_or(|t| **i <= t as i128)
                }
                _ => false,
            },
            T::Float { from, to } => match value {
                Value::Float(x) => from.is_none_or(|f| *x >= f) && to.is_none_or(|t| *x <= t),
                _ => false,
            },
            T::Numeric => matches!(value, Value::Int(_) | Value::BigInt(_) | Value::Float(_)),
            T::String { size, value: v } => match value {
                Value::Str(s) => match (size, v) {
                    (Some(size), _) => size.contains(s.chars().count()),
                    (None, Some(v)) => **v == **s,
                    (None, None) => true,
                },
                _ => false,
            },
            T::Enum {
                values,
                case_insensitive,
            } => match value {
                Value::Str(s) => values.iter().any(|v| {
                    if *case_insensitive {
                        v.to_lowercase() == s.to_lowercase()
                    } else {
                        **v == **s
                    }
                }),
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
            T::Array { elem, size } => match value {
                Value::Array(items) => {
                    items.iter().all(|v| elem.instance_g(v, g))
                        && size.is_none_or(|s| s.contains(items.len()))
                }
                _ => false,
            },
            T::Hash {
                key,
                value: vt,
                size,
            } => match value {
                Value::Hash(map) => {
                    map.iter()
                        .all(|(k, v)| key.instance_g(k, g) && vt.instance_g(v, g))
                        && size.is_none_or(|s| s.contains(map.len()))
                }
                _ => false,
            },
            T::Tuple { types, size } => match value {
                Value::Array(items) => {
                    let size_ok = match size {
                        Some(s) => s.contains(items.len()),
                        None => types.is_empty() || types.len() == items.len(),
                    };
                    size_ok
                        && (types.is_empty()
                            || items.iter().enumerate().all(|(i, v)| {
                                types
                                    .get(i)
                                    .or(types.last())
                                    .is_some_and(|t| t.instance_g(v, g))
                            }))
                }
                _ => false,
            },
            T::Struct(members) => match value {
                Value::Hash(map) => {
                    let mut matched = 0;
                    members
                        .iter()
                        .all(|m| match map.get(&Value::str(m.key.as_str())) {
                            Some(v) => {
                                matched += 1;
                                m.value.instance_g(v, g)
                            }
                            None => m.optional,
                        })
                        && matched == map.len()
                }
                _ => false,
            },
            T::Optional(inner) => {
                value.is_undef() || inner.as_ref().is_some_and(|t| t.instance_g(value, g))
            }
            T::NotUndef(inner) => {
                !value.is_undef() && inner.as_ref().is_none_or(|t| t.instance_g(value, g))
            }
            T::Variant(types) => types.iter().any(|t| t.instance_g(value, g)),
            T::Scalar => matches!(
                value,
                Value::Str(_)
                    | Value::Int(_)
                    | Value::BigInt(_)
                    | Value::Float(_)
                    | Value::Bool(_)
                    | Value::Regex(_)
                    | Value::Timestamp(_)
                    | Value::Timespan(_)
                    | Value::SemVer(_)
                    | Value::SemVerRange(_)
            ),
            T::ScalarData => matches!(
                value,
                Value::Str(_) | Value::Int(_) | Value::BigInt(_) | Value::Float(_) | Value::Bool(_)
            ),
            T::Data => is_data(value),
            T::RichData => is_rich_data(value),
            T::Collection(size) => match value {
                Value::Array(a) => size.is_none_or(|s| s.contains(a.len())),
                Value::Hash(h) => size.is_none_or(|s| s.contains(h.len())),
                _ => false,
            },
            T::Iterable(elem) => {
                let iterable = match value {
                    Value::Array(_) | Value::Hash(_) | Value::Str(_) => true,
                    Value::Int(i) => *i >= 0,
                    // A type is iterable when it lists its instances: an Integer
                    // range with both ends, an Enum (`Integer`, `String[1]` are not).
                    Value::Type(t) => PType::Type(Some(Box::new((**t).clone())))
                        .iterable_type()
                        .is_some(),
                    Value::Iterator(_) => true,
                    _ => false,
                };
                iterable
                    && match elem {
                        None => true,
                        Some(e) => match PType::infer(value).iterable_type() {
                            Some(Some(et)) => e.is_assignable(&et),
                            _ => false,
                        },
                    }
            }
            T::Iterator(elem) => match value {
                Value::Iterator(it) => elem
                    .as_ref()
                    .is_none_or(|e| e.is_assignable(&it.element_type)),
                _ => false,
            },
            T::Object(ot) => match value {
                Value::Object(o) => ot.as_ref().is_none_or(|t| o.ty.is_a(t)),
                _ => false,
            },
            T::ObjectExt { base, params } => match value {
                Value::Object(o) if o.ty.is_a(base) => {
                    base.type_parameters().iter().zip(params).all(|(name, p)| {
                        p.as_ref()
                            .is_none_or(|p| param_matches(o.get(name).unwrap_or(&Value::Undef), p))
                    })
                }
                _ => false,
            },
            T::Callable | T::Runtime | T::Uri | T::TypeSet(_) => false,
            T::Type(inner) => match value {
                Value::Type(t) => inner.as_ref().is_none_or(|i| i.is_assignable(t)),
                _ => false,
            },
            // References are types; `File['/x'] =~ Resource` is false in Puppet too.
            T::CatalogEntry | T::Resource { .. } | T::Class(_) => false,
            T::Sensitive(inner) => match value {
                Value::Sensitive(v) => inner.as_ref().is_none_or(|t| t.instance_g(v, g)),
                _ => false,
            },
            T::Init(None, _) => T::RichData.instance_g(value, g),
            T::Init(Some(t), args) => {
                t.instance_g(value, g) || crate::functions::convert::init_accepts(t, args, value)
            }
            T::Deferred => matches!(value, Value::Deferred(_)),
            T::Timestamp { from, to } => match value {
                Value::Timestamp(t) => {
                    from.is_none_or(|f| t.nanos_total() >= f.nanos_total())
                        && to.is_none_or(|x| t.nanos_total() <= x.nanos_total())
                }
                _ => false,
            },
            T::Timespan { from, to } => match value {
                Value::Timespan(t) => {
                    from.is_none_or(|f| t.nanos >= f.nanos) && to.is_none_or(|x| t.nanos <= x.nanos)
                }
                _ => false,
            },
            T::SemVer(ranges) => match value {
                Value::SemVer(v) => ranges.is_empty() || ranges.iter().any(|r| r.includes(v)),
                _ => false,
            },
            T::SemVerRange => matches!(value, Value::SemVerRange(_)),
            T::Binary => matches!(value, Value::Binary(_)),
            T::Alias { target, .. } => match target.get() {
                Some(a) => alias_instance(&a, value, g),
                None => true,
            },
            T::Unresolved(_) => false,
        }
    }

    // ------------------------------------------------------------------ assignable?

    /// Whether every instance of `other` is an instance of `self` (Puppet's
    /// `assignable?`).
    pub fn is_assignable(&self, other: &PType) -> bool {
        self.assignable_g(other, &mut RecursionGuard::default())
    }

    /// `is_assignable` under a guard; a recursive alias met again in both `self` and
    /// `other` is assignable (Puppet's `PTypeAliasType#assignable?`).
    fn assignable_g(&self, other: &PType, g: &mut RecursionGuard) -> bool {
        // Data is a recursive alias in Puppet, guarded as one.
        if matches!(self, PType::Data) {
            let (new, state) = g.enter_this(DATA_GUARD);
            let r = state == RecursionGuard::IN_BOTH || self.assignable_any(other, g);
            if new {
                g.leave_this(DATA_GUARD);
            }
            return r;
        }
        if let PType::Alias { target, .. } = self {
            let Some(a) = target.get() else {
                return true;
            };
            if a.is_recursive() {
                let (new, state) = g.enter_this(a.id());
                let r = state == RecursionGuard::IN_BOTH || self.assignable_any(other, g);
                if new {
                    g.leave_this(a.id());
                }
                return r;
            }
        }
        self.assignable_any(other, g)
    }

    /// Puppet's `PAnyType#assignable?`.
    fn assignable_any(&self, other: &PType, g: &mut RecursionGuard) -> bool {
        self.with_resolved(|s| s.assignable_any_resolved(self, other, g))
    }

    fn assignable_any_resolved(&self, me: &PType, other: &PType, g: &mut RecursionGuard) -> bool {
        use PType as T;
        let s = self;
        if matches!(s, T::Unit) {
            return true;
        }
        match other {
            T::Unit => true,
            T::Alias { target, .. } => {
                let Some(a) = target.get() else {
                    return true;
                };
                if a.is_recursive() && g.add_that(a.id()) == RecursionGuard::IN_BOTH {
                    return true;
                }
                me.assignable_g(a.resolved(), g)
            }
            T::Variant(types) => {
                if matches!(s, T::Any) {
                    return true;
                }
                if let T::Variant(mine) = s {
                    if mine.is_empty() {
                        return true;
                    }
                }
                if matches!(s, T::NotUndef(_)) && types.is_empty() {
                    return s.assignable_inner(other, g);
                }
                !types.is_empty() && types.iter().all(|t| me.assignable_g(t, g))
            }
            T::Optional(inner) => {
                me.assignable_g(&T::Undef, &mut RecursionGuard::default())
                    && inner
                        .as_ref()
                        .is_none_or(|t| me.assignable_g(t, &mut RecursionGuard::default()))
            }
            T::NotUndef(Some(inner)) if !inner.is_assignable(&T::Undef) => {
                me.assignable_g(inner, g)
            }
            // Puppet's Data is an alias of a Variant: a Variant takes it when it takes
            // each of its types (Data is recursive: under the guard).
            T::Data if matches!(s, T::Variant(_)) => {
                if g.add_that(DATA_GUARD) == RecursionGuard::IN_BOTH {
                    return true;
                }
                [
                    T::ScalarData,
                    T::Undef,
                    PType::hash_of(PType::STRING, T::Data),
                    PType::array_of(T::Data),
                ]
                .iter()
                .all(|t| me.assignable_g(t, g))
            }
            _ => s.assignable_inner(other, g),
        }
    }

    /// Puppet's `_assignable?`: `self` is resolved, `o` is not a Variant, Optional or alias.
    fn assignable_inner(&self, o: &PType, g: &mut RecursionGuard) -> bool {
        use PType as T;
        match self {
            T::Any | T::Unit => true,
            T::Undef => matches!(o, T::Undef),
            T::Default => matches!(o, T::Default),
            T::Boolean(b) => matches!(o, T::Boolean(c) if b.is_none() || b == c),
            T::Integer { from, to } => match o {
                T::Integer { from: f, to: t } => range_covers_i(*from, *to, *f, *t),
                _ => false,
            },
            T::Float { from, to } => match o {
                T::Float { from: f, to: t } => {
                    from.is_none_or(|a| f.is_some_and(|c| c >= a))
                        && to.is_none_or(|b| t.is_some_and(|d| d <= b))
                }
                _ => false,
            },
            T::Numeric => matches!(o, T::Numeric | T::Integer { .. } | T::Float { .. }),
            T::Scalar => {
                matches!(
                    o,
                    T::Scalar
                        | T::ScalarData
                        | T::Numeric
                        | T::Integer { .. }
                        | T::Float { .. }
                        | T::String { .. }
                        | T::Enum { .. }
                        | T::Pattern(_)
                        | T::Boolean(_)
                        | T::Regexp(_)
                        | T::SemVer(_)
                        | T::SemVerRange
                        | T::Timespan { .. }
                        | T::Timestamp { .. }
                )
            }
            T::ScalarData => matches!(
                o,
                T::ScalarData
                    | T::Numeric
                    | T::Integer { .. }
                    | T::Float { .. }
                    | T::String { .. }
                    | T::Enum { .. }
                    | T::Pattern(_)
                    | T::Boolean(_)
            ),
            T::Enum {
                values,
                case_insensitive,
            } => {
                if self == o {
                    return true;
                }
                if values.is_empty()
                    && matches!(o, T::String { .. } | T::Enum { .. } | T::Pattern(_))
                {
                    return true;
                }
                match o {
                    T::String { value: Some(v), .. } => self.instance_g(&Value::str(&**v), g),
                    T::Enum {
                        values: ov,
                        case_insensitive: oci,
                    } => {
                        !ov.is_empty()
                            && (*case_insensitive || !oci)
                            && ov.iter().all(|s| self.is_instance(&Value::str(s.as_str())))
                    }
                    _ => false,
                }
            }
            T::String { size, value } => match size {
                Some(size) => match o {
                    T::String { .. } => size.covers(&o.derived_string_size()),
                    T::Enum { values, .. } => {
                        if values.is_empty() {
                            size.covers(&Size::DEFAULT)
                        } else {
                            let lens = values.iter().map(|v| v.chars().count());
                            let (lo, hi) =
                                (lens.clone().min().unwrap_or(0), lens.max().unwrap_or(0));
                            size.covers(&Size {
                                min: lo as i64,
                                max: Some(hi as i64),
                            })
                        }
                    }
                    T::Pattern(_) => size.covers(&Size::DEFAULT),
                    _ => false,
                },
                None => match o {
                    T::String {
                        value: ov,
                        size: os,
                    } => value.is_none() || (value == ov && os.is_none()),
                    T::Enum {
                        values,
                        case_insensitive,
                    } => {
                        value.is_none()
                            || (values.len() == 1
                                && !case_insensitive
                                && value.as_deref() == Some(values[0].as_str()))
                    }
                    T::Pattern(_) => value.is_none(),
                    _ => false,
                },
            },
            T::Pattern(patterns) => {
                if self == o {
                    return true;
                }
                match o {
                    T::String { value: v, .. } => match v {
                        None => patterns.is_empty(),
                        Some(v) => patterns.is_empty() || patterns.iter().any(|p| p.is_match(v)),
                    },
                    T::Enum { values, .. } => {
                        if values.is_empty() {
                            patterns.is_empty()
                        } else {
                            patterns.is_empty()
                                || values
                                    .iter()
                                    .all(|s| patterns.iter().any(|p| p.is_match(s)))
                        }
                    }
                    T::Pattern(_) => patterns.is_empty(),
                    _ => false,
                }
            }
            T::Regexp(p) => match o {
                T::Regexp(q) => match (p, q) {
                    (None, _) => true,
                    (Some(a), Some(b)) => a.source == b.source,
                    _ => false,
                },
                _ => false,
            },
            T::Collection(size) => {
                let s = size.unwrap_or(Size::DEFAULT);
                match o {
                    T::Collection(os) | T::Array { size: os, .. } | T::Hash { size: os, .. } => {
                        s.covers(&os.unwrap_or(Size::DEFAULT))
                    }
                    T::Tuple { types, size: os } => {
                        s.covers(&os.unwrap_or(Size::exact(types.len())))
                    }
                    T::Struct(members) => s.covers(&Size::exact(members.len())),
                    _ => false,
                }
            }
            T::Array { elem, size } => match o {
                T::Tuple { types, size: os } => {
                    let s = size.unwrap_or(Size::DEFAULT);
                    s.covers(&os.unwrap_or(Size::exact(types.len())))
                        && types.iter().all(|t| elem.assignable_g(t, g))
                }
                T::Array { elem: oe, size: os } => {
                    size.unwrap_or(Size::DEFAULT)
                        .covers(&os.unwrap_or(Size::DEFAULT))
                        && elem.assignable_g(oe, g)
                }
                _ => false,
            },
            T::Hash { key, value, size } => match o {
                T::Hash {
                    key: ok,
                    value: ov,
                    size: os,
                } => {
                    if size.is_none_or(|s| s.min == 0) && o.is_empty_hash() {
                        return true;
                    }
                    key.assignable_g(ok, g)
                        && value.assignable_g(ov, g)
                        && size
                            .unwrap_or(Size::DEFAULT)
                            .covers(&os.unwrap_or(Size::DEFAULT))
                }
                T::Struct(members) => {
                    size.unwrap_or(Size::DEFAULT).contains(members.len())
                        && members.iter().all(|m| {
                            key.is_instance(&Value::str(m.key.as_str()))
                                && value.assignable_g(&m.value, g)
                        })
                }
                _ => false,
            },
            T::Tuple { types, size } => {
                if self == o {
                    return true;
                }
                let size_s = size.unwrap_or(self.tuple_size_range());
                match o {
                    T::Tuple {
                        types: ot,
                        size: os,
                    } => {
                        let size_o = os.unwrap_or(o.tuple_size_range());
                        if !size_s.covers(&size_o) {
                            return false;
                        }
                        if !types.is_empty() {
                            if ot.is_empty() {
                                return size_s.min == 0;
                            }
                            for (i, t) in ot.iter().enumerate() {
                                let st = types.get(i).or(types.last()).expect("non-empty");
                                if !st.assignable_g(t, g) {
                                    return false;
                                }
                            }
                        }
                        true
                    }
                    T::Array { elem: oe, size: os } => {
                        let size_o = os.unwrap_or(Size::DEFAULT);
                        if !size_s.covers(&size_o) {
                            return false;
                        }
                        if !types.is_empty() {
                            let n = match size_o.max {
                                Some(m) => (m as usize).min(types.len()),
                                None => types.len(),
                            };
                            for st in types.iter().take(n) {
                                if !st.assignable_g(oe, g) {
                                    return false;
                                }
                            }
                        }
                        true
                    }
                    _ => false,
                }
            }
            T::Struct(members) => match o {
                T::Struct(others) => {
                    let mut matched = 0;
                    members
                        .iter()
                        .all(|e1| match others.iter().find(|e2| e2.key == e1.key) {
                            None => e1.optional,
                            Some(e2) => {
                                matched += 1;
                                (e1.optional || !e2.optional) && e1.value.assignable_g(&e2.value, g)
                            }
                        })
                        && matched == others.len()
                }
                T::Hash {
                    key: ok,
                    value: ov,
                    size: os,
                } => {
                    let mut required = 0;
                    let ok_all = members.iter().all(|m| {
                        if m.optional {
                            true
                        } else {
                            required += 1;
                            m.value.assignable_g(ov, g) && PType::STRING.assignable_g(ok, g)
                        }
                    });
                    ok_all
                        && Size {
                            min: required,
                            max: Some(members.len() as i64),
                        }
                        .covers(&os.unwrap_or(Size::DEFAULT))
                }
                _ => false,
            },
            T::Variant(types) => types.iter().any(|t| t.assignable_g(o, g)),
            T::Optional(inner) => match o {
                T::Undef => true,
                _ => match inner {
                    None => true,
                    Some(t) => t.assignable_g(o, g),
                },
            },
            T::NotUndef(inner) => {
                !o.assignable_g(&T::Undef, g) && inner.as_ref().is_none_or(|t| t.assignable_g(o, g))
            }
            T::Data => match o {
                T::Data | T::Undef => true,
                T::Array { elem, .. } => T::Data.assignable_g(elem, g),
                T::Hash { key, value, .. } => {
                    PType::STRING.assignable_g(key, g) && T::Data.assignable_g(value, g)
                }
                T::Tuple { types, .. } => types.iter().all(|t| T::Data.assignable_g(t, g)),
                T::Struct(members) => members.iter().all(|m| T::Data.assignable_g(&m.value, g)),
                other => T::ScalarData.assignable_inner(other, g),
            },
            T::RichData => match o {
                T::Iterator(_) | T::Callable | T::Runtime | T::Unresolved(_) => false,
                T::Array { elem, .. } => T::RichData.assignable_g(elem, g),
                T::Hash { key, value, .. } => {
                    T::Variant(vec![PType::STRING, T::Numeric]).assignable_g(key, g)
                        && T::RichData.assignable_g(value, g)
                }
                T::Tuple { types, .. } => types.iter().all(|t| T::RichData.assignable_g(t, g)),
                T::Struct(members) => members
                    .iter()
                    .all(|m| T::RichData.assignable_g(&m.value, g)),
                _ => true,
            },
            T::Iterable(elem) => match elem {
                None => o.iterable_type().is_some(),
                Some(e) => match o.iterable_type() {
                    Some(Some(et)) => e.assignable_g(&et, g),
                    _ => false,
                },
            },
            T::Iterator(elem) => match o {
                T::Iterator(oe) => match (elem, oe) {
                    (None, _) => true,
                    (Some(e), Some(oe)) => e.assignable_g(oe, g),
                    (Some(_), None) => false,
                },
                _ => false,
            },
            T::Type(inner) => match o {
                T::Type(oi) => match (inner, oi) {
                    (None, _) => true,
                    (Some(_), None) => false,
                    (Some(a), Some(b)) => a.assignable_g(b, g),
                },
                _ => false,
            },
            T::CatalogEntry => matches!(o, T::CatalogEntry | T::Resource { .. } | T::Class(_)),
            T::Class(name) => match o {
                T::Class(other) => name.is_none() || name == other,
                _ => false,
            },
            T::Resource { type_name, title } => match o {
                T::Resource {
                    type_name: ot,
                    title: oti,
                } => match type_name {
                    None => true,
                    Some(tn) => {
                        ot.as_ref().is_some_and(|o| o.eq_ignore_ascii_case(tn))
                            && (title.is_none() || title == oti)
                    }
                },
                _ => false,
            },
            T::Sensitive(inner) => match o {
                T::Sensitive(oi) => match (inner, oi) {
                    (None, _) => true,
                    (Some(a), Some(b)) => a.assignable_g(b, g),
                    (Some(a), None) => a.assignable_g(&T::Any, g),
                },
                _ => false,
            },
            T::Init(None, _) => matches!(o, T::Init(..)) || T::RichData.assignable_g(o, g),
            // What `T.new` takes of a type is known here only for T's own instances
            // and for String's `new`, which takes anything.
            T::Init(Some(t), _) => match o {
                T::Init(Some(ot), _) => t.assignable_g(ot, g),
                T::Init(None, _) => false,
                o => t.assignable_g(o, g) || matches!(t.resolved(), T::String { .. }),
            },
            T::Alias { .. } => self.assignable_g(o, g),
            T::Unresolved(_) => self == o,
            T::Timestamp { from, to } => match o {
                T::Timestamp { from: f2, to: t2 } => {
                    from.is_none_or(|a| f2.is_some_and(|b| b.nanos_total() >= a.nanos_total()))
                        && to.is_none_or(|a| t2.is_some_and(|b| b.nanos_total() <= a.nanos_total()))
                }
                _ => false,
            },
            T::Timespan { from, to } => match o {
                T::Timespan { from: f2, to: t2 } => {
                    from.is_none_or(|a| f2.is_some_and(|b| b.nanos >= a.nanos))
                        && to.is_none_or(|a| t2.is_some_and(|b| b.nanos <= a.nanos))
                }
                _ => false,
            },
            T::SemVer(ranges) => match o {
                T::SemVer(others) => {
                    ranges.is_empty()
                        || (!others.is_empty()
                            && others
                                .iter()
                                .all(|r| ranges.iter().any(|q| q.text == r.text)))
                }
                _ => false,
            },
            T::Callable | T::Deferred | T::SemVerRange | T::Binary | T::Runtime | T::Uri => {
                std::mem::discriminant(self) == std::mem::discriminant(o)
            }
            T::Object(None) => matches!(o, T::Object(_) | T::ObjectExt { .. }),
            T::TypeSet(_) => matches!(o, T::TypeSet(_)),
            T::Object(Some(t)) => match o {
                T::Object(Some(u)) | T::ObjectExt { base: u, .. } => u.is_a(t),
                _ => false,
            },
            // Given values only ever narrow: the same values, or none for a parameter.
            T::ObjectExt { base, params } => match o {
                T::ObjectExt {
                    base: u,
                    params: given,
                } => {
                    u.is_a(base)
                        && params.iter().enumerate().all(|(i, p)| {
                            p.is_none() || given.get(i).is_some_and(|g| g.is_some() && g == p)
                        })
                }
                _ => false,
            },
        }
    }

    fn is_empty_hash(&self) -> bool {
        matches!(
            self,
            PType::Hash {
                size: Some(Size {
                    min: 0,
                    max: Some(0)
                }),
                ..
            }
        )
    }

    /// The size of a string type, as Puppet derives it for assignability.
    fn derived_string_size(&self) -> Size {
        match self {
            PType::String { size: Some(s), .. } => *s,
            PType::String { value: Some(v), .. } => Size::exact(v.chars().count()),
            _ => Size::DEFAULT,
        }
    }

    /// A tuple's implied size: the number of its types, or any size when it has none.
    fn tuple_size_range(&self) -> Size {
        match self {
            PType::Tuple { types, size } => size.unwrap_or(if types.is_empty() {
                Size::DEFAULT
            } else {
                Size::exact(types.len())
            }),
            _ => Size::DEFAULT,
        }
    }

    /// `Some(element type)` if values of this type can be iterated (`None` inside when
    /// the element type is not known).
    pub fn iterable_type(&self) -> Option<Option<PType>> {
        use PType as T;
        match self.resolved() {
            T::Iterable(e) | T::Iterator(e) => Some(e.as_deref().cloned()),
            T::String { .. } | T::Enum { .. } | T::Pattern(_) => Some(Some(PType::String {
                size: Some(Size::exact(1)),
                value: None,
            })),
            T::Integer { .. } => Some(Some(PType::INTEGER)),
            T::Array { elem, .. } => Some(if matches!(**elem, T::Any) {
                None
            } else {
                Some((**elem).clone())
            }),
            T::Collection(_) => Some(None),
            T::Hash { key, value, .. } => Some(Some(T::Tuple {
                types: vec![(**key).clone(), (**value).clone()],
                size: Some(Size::exact(2)),
            })),
            T::Tuple { types, .. } => Some(Some(PType::variant_of(types.clone()))),
            T::Struct(members) => Some(Some(T::Tuple {
                types: vec![
                    PType::variant_of(
                        members
                            .iter()
                            .map(|m| PType::string_value(&m.key))
                            .collect(),
                    ),
                    PType::variant_of(members.iter().map(|m| m.value.clone()).collect()),
                ],
                size: Some(Size::exact(2)),
            })),
            T::Type(Some(inner)) => match inner.resolved() {
                T::Integer {
                    from: Some(_),
                    to: Some(_),
                } => Some(Some((**inner).clone())),
                T::Enum { .. } => Some(Some((**inner).clone())),
                _ => None,
            },
            _ => None,
        }
    }

    // ------------------------------------------------------------------ inference

    /// The type Puppet infers for a value (`infer`): one common type for the elements
    /// of an array or hash.
    pub fn infer(value: &Value) -> PType {
        match value {
            Value::Undef => PType::Undef,
            Value::Default => PType::Default,
            Value::Bool(b) => PType::Boolean(Some(*b)),
            Value::Int(i) => int(Some(*i), Some(*i)),
            // FIXME: Puppet's type is `Integer[n, n]`; a type's bounds stop at 64 bits
            // here.
            Value::BigInt(_) => PType::INTEGER,
            Value::Float(f) => PType::Float {
                from: Some(*f),
                to: Some(*f),
            },
            Value::Str(s) => PType::string_value(s),
            Value::Regex(r) => PType::Regexp(Some(r.clone())),
            Value::Array(items) => {
                if items.is_empty() {
                    return PType::empty_array();
                }
                let elem = items
                    .iter()
                    .map(PType::infer)
                    .reduce(|a, b| common_type(&a, &b))
                    .unwrap_or(PType::Unit);
                PType::Array {
                    elem: boxed(elem),
                    size: Some(Size::exact(items.len())),
                }
            }
            Value::Hash(map) => {
                if map.is_empty() {
                    return PType::empty_hash();
                }
                let k = map
                    .keys()
                    .map(PType::infer)
                    .reduce(|a, b| common_type(&a, &b))
                    .unwrap_or(PType::Unit);
                let v = map
                    .values()
                    .map(PType::infer)
                    .reduce(|a, b| common_type(&a, &b))
                    .unwrap_or(PType::Unit);
                PType::Hash {
                    key: boxed(k),
                    value: boxed(v),
                    size: Some(Size::exact(map.len())),
                }
            }
            Value::Type(t) => PType::Type(Some(boxed((**t).clone()))),
            Value::Sensitive(v) => PType::Sensitive(Some(boxed(PType::infer(v).generalize()))),
            Value::Deferred(_) => PType::Deferred,
            Value::Timestamp(t) => PType::Timestamp {
                from: Some(**t),
                to: Some(**t),
            },
            Value::Timespan(t) => PType::Timespan {
                from: Some(**t),
                to: Some(**t),
            },
            Value::SemVer(v) => PType::SemVer(vec![Arc::new(VersionRange::between(v, v, false))]),
            Value::SemVerRange(_) => PType::SemVerRange,
            Value::Binary(_) => PType::Binary,
            Value::Iterator(it) => PType::Iterator(Some(boxed(it.element_type.clone()))),
            Value::Object(o) if !o.ty.type_parameters().is_empty() => PType::ObjectExt {
                base: o.ty.clone(),
                params: o
                    .ty
                    .type_parameters()
                    .iter()
                    .map(|name| Some(o.get(name).cloned().unwrap_or(Value::Undef)))
                    .collect(),
            },
            Value::Object(o) => PType::Object(Some(o.ty.clone())),
        }
    }

    /// The detailed type of a value (`infer_set`): tuples for arrays and structs for
    /// hashes with string keys. Mismatch messages describe values with it.
    pub fn infer_set(value: &Value) -> PType {
        match value {
            Value::Array(items) => {
                if items.is_empty() {
                    PType::empty_array()
                } else {
                    PType::Tuple {
                        types: items.iter().map(PType::infer_set).collect(),
                        size: None,
                    }
                }
            }
            Value::Hash(map) => {
                if map.is_empty() {
                    PType::empty_hash()
                } else if map
                    .keys()
                    .all(|k| matches!(k, Value::Str(s) if !s.is_empty()))
                {
                    PType::Struct(
                        map.iter()
                            .map(|(k, v)| StructMember {
                                key: k.as_str().unwrap_or_default().to_string(),
                                optional: false,
                                value: PType::infer_set(v),
                            })
                            .collect(),
                    )
                } else {
                    let k = PType::variant_of(map.keys().map(PType::infer_set).collect());
                    let v = PType::variant_of(map.values().map(PType::infer_set).collect());
                    PType::Hash {
                        key: boxed(k),
                        value: boxed(v),
                        size: Some(Size::exact(map.len())),
                    }
                }
            }
            other => PType::infer(other),
        }
    }

    fn empty_array() -> PType {
        PType::Array {
            elem: boxed(PType::Unit),
            size: Some(Size::exact(0)),
        }
    }

    fn empty_hash() -> PType {
        PType::Hash {
            key: boxed(PType::Unit),
            value: boxed(PType::Unit),
            size: Some(Size::exact(0)),
        }
    }

    /// Puppet's `generalize`: drops value-specific parameters (`Integer[1, 1]` →
    /// `Integer`, `String` sizes, collection sizes).
    pub fn generalize(&self) -> PType {
        use PType as T;
        match self {
            T::ObjectExt { base, .. } => T::Object(Some(base.clone())),
            T::Integer { .. } => PType::INTEGER,
            T::Float { .. } => PType::FLOAT,
            T::String { .. } => PType::STRING,
            T::Boolean(_) => T::Boolean(None),
            T::Enum { values, .. } => {
                if values.is_empty() {
                    PType::STRING
                } else {
                    let lens = values.iter().map(|v| v.chars().count() as i64);
                    T::String {
                        size: Some(Size {
                            min: lens.clone().min().unwrap_or(0),
                            max: lens.max(),
                        }),
                        value: None,
                    }
                }
            }
            T::Collection(_) => T::Collection(None),
            T::Array { elem, .. } => {
                if matches!(**elem, T::Any) {
                    PType::array_of(T::Any)
                } else {
                    PType::array_of(elem.generalize())
                }
            }
            T::Hash { key, value, size } => {
                if self.is_empty_hash()
                    || (matches!(**key, T::Any) && matches!(**value, T::Any) && size.is_none())
                {
                    self.clone()
                } else {
                    PType::hash_of(key.generalize(), value.generalize())
                }
            }
            T::Tuple { types, size } => T::Tuple {
                types: types.iter().map(PType::generalize).collect(),
                size: *size,
            },
            T::Struct(members) => T::Struct(
                members
                    .iter()
                    .map(|m| StructMember {
                        key: m.key.clone(),
                        optional: m.optional,
                        value: m.value.generalize(),
                    })
                    .collect(),
            ),
            T::Optional(Some(t)) => T::Optional(Some(boxed(t.generalize()))),
            T::NotUndef(Some(t)) => T::NotUndef(Some(boxed(t.generalize()))),
            T::Type(Some(t)) => T::Type(Some(boxed(t.generalize()))),
            T::Sensitive(Some(t)) => T::Sensitive(Some(boxed(t.generalize()))),
            T::SemVer(_) => T::SemVer(Vec::new()),
            T::Timespan { .. } => T::Timespan {
                from: None,
                to: None,
            },
            T::Timestamp { .. } => T::Timestamp {
                from: None,
                to: None,
            },
            T::Iterable(Some(t)) => T::Iterable(Some(boxed(t.generalize()))),
            T::Iterator(Some(t)) => T::Iterator(Some(boxed(t.generalize()))),
            T::Variant(types) if !types.is_empty() => {
                PType::variant_of(types.iter().map(PType::generalize).collect())
            }
            other => other.clone(),
        }
    }

    /// Puppet's `normalize`: simplifies variants (merging enums, patterns and integer
    /// ranges, turning `Variant[Undef, T]` into `Optional[T]`) and optionals.
    pub fn normalize(&self) -> PType {
        use PType as T;
        match self {
            T::Variant(original) if !original.is_empty() => {
                let types: Vec<PType> = original.iter().map(PType::normalize).collect();
                let modified = types != *original;
                if types.len() == 1 {
                    return types.into_iter().next().expect("one");
                }
                if types.iter().any(|t| matches!(t, T::Undef | T::Optional(_))) {
                    let rest: Vec<PType> = types
                        .into_iter()
                        .filter(|t| !matches!(t, T::Undef))
                        .map(|t| match t {
                            T::Optional(Some(inner)) => *inner,
                            T::Optional(None) => T::Any,
                            other => other,
                        })
                        .collect();
                    return T::Optional(Some(boxed(PType::variant_of(rest)))).normalize();
                }
                let mut flat = match PType::variant_of(types) {
                    T::Variant(ts) => ts,
                    one => return one,
                };
                let size_before_merge = flat.len();
                flat = merge_enums(flat);
                flat = merge_patterns(flat);
                flat = merge_integers(flat);
                if flat.len() == 1 {
                    flat.pop().expect("one")
                } else if modified || flat.len() != size_before_merge {
                    PType::variant_of(flat)
                } else {
                    // Nothing changed: Puppet keeps the Variant as written (its order
                    // shows in mismatch messages).
                    self.clone()
                }
            }
            T::Optional(Some(t)) => {
                let n = t.normalize();
                match n {
                    T::NotUndef(inner) => T::Optional(inner).normalize(),
                    n if n.is_assignable(&T::Undef) => n,
                    n => T::Optional(Some(boxed(n))),
                }
            }
            T::NotUndef(Some(t)) => {
                let n = t.normalize();
                match n {
                    T::Optional(inner) => T::NotUndef(inner).normalize(),
                    n if !n.is_assignable(&T::Undef) => n,
                    n => T::NotUndef(Some(boxed(n))),
                }
            }
            T::Array { elem, size } => {
                if matches!(**elem, T::Any) {
                    self.clone()
                } else {
                    T::Array {
                        elem: boxed(elem.normalize()),
                        size: *size,
                    }
                }
            }
            T::Hash { key, value, size } => T::Hash {
                key: boxed(key.normalize()),
                value: boxed(value.normalize()),
                size: *size,
            },
            T::Tuple { types, size } => T::Tuple {
                types: types.iter().map(PType::normalize).collect(),
                size: *size,
            },
            T::Struct(members) => T::Struct(
                members
                    .iter()
                    .map(|m| StructMember {
                        key: m.key.clone(),
                        optional: m.optional,
                        value: m.value.normalize(),
                    })
                    .collect(),
            ),
            T::Type(Some(t)) => T::Type(Some(boxed(t.normalize()))),
            T::Sensitive(Some(t)) => T::Sensitive(Some(boxed(t.normalize()))),
            other => other.clone(),
        }
    }

    /// The name Puppet uses for the kind of type (`Integer` for `Integer[1, 2]`).
    pub fn simple_name(&self) -> &'static str {
        use PType as T;
        match self {
            T::Any => "Any",
            T::Unit => "Unit",
            T::Undef => "Undef",
            T::Default => "Default",
            T::Boolean(_) => "Boolean",
            T::Integer { .. } => "Integer",
            T::Float { .. } => "Float",
            T::Numeric => "Numeric",
            T::String { .. } => "String",
            T::Enum { .. } => "Enum",
            T::Pattern(_) => "Pattern",
            T::Regexp(_) => "Regexp",
            T::Array { .. } => "Array",
            T::Hash { .. } => "Hash",
            T::Tuple { .. } => "Tuple",
            T::Struct(_) => "Struct",
            T::Optional(_) => "Optional",
            T::NotUndef(_) => "NotUndef",
            T::Variant(_) => "Variant",
            T::Scalar => "Scalar",
            T::ScalarData => "ScalarData",
            T::Data => "Data",
            T::RichData => "RichData",
            T::Collection(_) => "Collection",
            T::Iterable(_) => "Iterable",
            T::Iterator(_) => "Iterator",
            T::Callable => "Callable",
            T::Type(_) => "Type",
            T::CatalogEntry => "CatalogEntry",
            T::Resource { .. } => "Resource",
            T::Class(_) => "Class",
            T::Sensitive(_) => "Sensitive",
            T::Init(..) => "Init",
            T::Deferred => "Deferred",
            T::Timestamp { .. } => "Timestamp",
            T::Timespan { .. } => "Timespan",
            T::SemVer(_) => "SemVer",
            T::SemVerRange => "SemVerRange",
            T::Binary => "Binary",
            T::Runtime => "Runtime",
            T::Object(_) | T::ObjectExt { .. } => "Object",
            T::TypeSet(_) => "TypeSet",
            T::Uri => "URI",
            T::Alias { .. } => "TypeAlias",
            T::Unresolved(_) => "TypeReference",
        }
    }

    /// The type's string form with aliases expanded (`Port = Integer[1, 65535]`), as
    /// mismatch messages print expected types.
    pub fn alias_expanded(&self) -> String {
        let mut s = String::new();
        write_type(&mut s, self, Some(&Expanded::default()));
        s
    }

    /// The default instance of this kind of type (`Integer` for `Integer[1, 2]`):
    /// Puppet's `T.class::DEFAULT`.
    pub fn kind_default(&self) -> PType {
        use PType as T;
        match self.resolved() {
            T::Integer { .. } => PType::INTEGER,
            T::Float { .. } => PType::FLOAT,
            T::String { .. } => PType::STRING,
            T::Boolean(_) => T::Boolean(None),
            T::Enum { .. } => T::Enum {
                values: Vec::new(),
                case_insensitive: false,
            },
            T::Pattern(_) => T::Pattern(Vec::new()),
            T::Regexp(_) => T::Regexp(None),
            T::Array { .. } => PType::array_of(T::Any),
            T::Hash { .. } => PType::hash_of(T::Any, T::Any),
            T::Tuple { .. } => T::Tuple {
                types: Vec::new(),
                size: None,
            },
            T::Struct(_) => T::Struct(Vec::new()),
            T::Optional(_) => T::Optional(None),
            T::NotUndef(_) => T::NotUndef(None),
            T::Variant(_) => T::Variant(Vec::new()),
            T::Collection(_) => T::Collection(None),
            T::Iterable(_) => T::Iterable(None),
            T::Iterator(_) => T::Iterator(None),
            T::Type(_) => T::Type(None),
            T::Resource { .. } => T::Resource {
                type_name: None,
                title: None,
            },
            T::Class(_) => T::Class(None),
            T::Sensitive(_) => T::Sensitive(None),
            T::Init(..) => T::Init(None, Vec::new()),
            T::SemVer(_) => T::SemVer(Vec::new()),
            T::Timespan { .. } => T::Timespan {
                from: None,
                to: None,
            },
            T::Timestamp { .. } => T::Timestamp {
                from: None,
                to: None,
            },
            other => other.clone(),
        }
    }
}

fn range_covers_i(a: Option<i64>, b: Option<i64>, c: Option<i64>, d: Option<i64>) -> bool {
    a.is_none_or(|a| c.is_some_and(|c| c >= a)) && b.is_none_or(|b| d.is_some_and(|d| d <= b))
}

fn merge_enums(types: Vec<PType>) -> Vec<PType> {
    let is_enum = |t: &PType| {
        matches!(t, PType::Enum { values, case_insensitive: false } if !values.is_empty())
            || matches!(t, PType::String { value: Some(_), .. })
    };
    if types.iter().filter(|t| is_enum(t)).count() < 2 {
        return types;
    }
    let (enums, mut others): (Vec<PType>, Vec<PType>) = types.into_iter().partition(is_enum);
    {
        let mut values = Vec::new();
        for e in enums {
            match e {
                PType::Enum { values: v, .. } => values.extend(v),
                PType::String { value: Some(v), .. } => values.push(v.to_string()),
                _ => {}
            }
        }
        others.push(PType::enumeration(values, false));
        others
    }
}

fn merge_patterns(types: Vec<PType>) -> Vec<PType> {
    if types
        .iter()
        .filter(|t| matches!(t, PType::Pattern(_)))
        .count()
        < 2
    {
        return types;
    }
    let (patterns, mut others): (Vec<PType>, Vec<PType>) = types
        .into_iter()
        .partition(|t| matches!(t, PType::Pattern(_)));
    {
        let mut all: Vec<Arc<Regex>> = Vec::new();
        for p in patterns {
            if let PType::Pattern(ps) = p {
                for r in ps {
                    if !all.iter().any(|x| x.source == r.source) {
                        all.push(r);
                    }
                }
            }
        }
        others.push(PType::Pattern(all));
        others
    }
}

fn merge_integers(types: Vec<PType>) -> Vec<PType> {
    if types
        .iter()
        .filter(|t| matches!(t, PType::Integer { .. }))
        .count()
        < 2
    {
        return types;
    }
    let (mut ranges, others): (Vec<PType>, Vec<PType>) = types
        .into_iter()
        .partition(|t| matches!(t, PType::Integer { .. }));
    let bounds = |t: &PType| match t {
        PType::Integer { from, to } => (from.unwrap_or(i64::MIN), to.unwrap_or(i64::MAX)),
        _ => (0, 0),
    };
    let mut result: Vec<PType> = Vec::new();
    while let Some(x) = ranges.pop() {
        let (mut lo, mut hi) = bounds(&x);
        let mut unmerged = Vec::new();
        for y in ranges.drain(..) {
            let (a, b) = bounds(&y);
            let adjacent = hi.checked_add(1) == Some(a) || b.checked_add(1) == Some(lo);
            if !(hi < a || b < lo) || adjacent {
                lo = lo.min(a);
                hi = hi.max(b);
            } else {
                unmerged.push(y);
            }
        }
        result.push(int(
            (lo != i64::MIN).then_some(lo),
            (hi != i64::MAX).then_some(hi),
        ));
        ranges = unmerged;
    }
    result.extend(others);
    result
}

/// Puppet's `common_type`: the most specific type both types are assignable to.
pub fn common_type(t1: &PType, t2: &PType) -> PType {
    use PType as T;
    if matches!(t1, T::Unit) {
        return t2.clone();
    }
    if matches!(t2, T::Unit) {
        return t1.clone();
    }
    if t1.is_assignable(t2) {
        return t1.clone();
    }
    if t2.is_assignable(t1) {
        return t2.clone();
    }
    match (t1, t2) {
        (T::Array { elem: a, .. }, T::Array { elem: b, .. }) => {
            return PType::array_of(common_type(a, b))
        }
        (
            T::Hash {
                key: k1, value: v1, ..
            },
            T::Hash {
                key: k2, value: v2, ..
            },
        ) => return PType::hash_of(common_type(k1, k2), common_type(v1, v2)),
        (T::Class(_), T::Class(_)) => return T::Class(None),
        (
            T::Resource {
                type_name: a,
                title: _,
            },
            T::Resource { type_name: b, .. },
        ) => {
            return if a == b {
                T::Resource {
                    type_name: a.clone(),
                    title: None,
                }
            } else {
                T::Resource {
                    type_name: None,
                    title: None,
                }
            }
        }
        (T::Integer { from: a, to: b }, T::Integer { from: c, to: d }) => {
            return int(
                a.zip(*c).map(|(x, y)| x.min(y)),
                b.zip(*d).map(|(x, y)| x.max(y)),
            )
        }
        (T::Float { from: a, to: b }, T::Float { from: c, to: d }) => {
            return T::Float {
                from: a.zip(*c).map(|(x, y)| x.min(y)),
                to: b.zip(*d).map(|(x, y)| x.max(y)),
            }
        }
        (
            T::String {
                size: s1,
                value: v1,
            },
            T::String {
                size: s2,
                value: v2,
            },
        ) => {
            return match (s1, s2) {
                (Some(a), Some(b)) => T::String {
                    size: Some(Size {
                        min: a.min.min(b.min),
                        max: a.max.zip(b.max).map(|(x, y)| x.max(y)),
                    }),
                    value: None,
                },
                _ => match (v1, v2) {
                    (Some(a), Some(b)) => {
                        PType::enumeration(vec![a.to_string(), b.to_string()], false)
                    }
                    _ => PType::STRING,
                },
            }
        }
        (T::String { value, .. }, T::Enum { values, .. })
        | (T::Enum { values, .. }, T::String { value, .. }) => {
            return match value {
                None => T::Enum {
                    values: Vec::new(),
                    case_insensitive: false,
                },
                Some(v) => {
                    let mut all = values.clone();
                    all.push(v.to_string());
                    PType::enumeration(all, false)
                }
            }
        }
        (T::Enum { values: a, .. }, T::Enum { values: b, .. }) => {
            let mut all = a.clone();
            all.extend(b.iter().cloned());
            return PType::enumeration(all, false);
        }
        (T::Pattern(a), T::Pattern(b)) => {
            let mut all = a.clone();
            for r in b {
                if !all.iter().any(|x| x.source == r.source) {
                    all.push(r.clone());
                }
            }
            return T::Pattern(all);
        }
        (T::Variant(a), T::Variant(b)) => {
            let mut all = a.clone();
            all.extend(b.iter().cloned());
            return PType::variant_of(all);
        }
        (T::Regexp(_), T::Regexp(_)) => return T::Regexp(None),
        (T::Callable, T::Callable) => return T::Callable,
        _ => {}
    }
    if T::Numeric.is_assignable(t1) && T::Numeric.is_assignable(t2) {
        return T::Numeric;
    }
    if T::ScalarData.is_assignable(t1) && T::ScalarData.is_assignable(t2) {
        return T::ScalarData;
    }
    if T::Scalar.is_assignable(t1) && T::Scalar.is_assignable(t2) {
        return T::Scalar;
    }
    if T::Data.is_assignable(t1) && T::Data.is_assignable(t2) {
        return T::Data;
    }
    if let (T::Type(a), T::Type(b)) = (t1, t2) {
        return T::Type(Some(boxed(common_type(
            a.as_deref().unwrap_or(&T::Any),
            b.as_deref().unwrap_or(&T::Any),
        ))));
    }
    if T::RichData.is_assignable(t1) && T::RichData.is_assignable(t2) {
        return T::RichData;
    }
    T::Any
}

fn is_data(value: &Value) -> bool {
    match value {
        Value::Undef
        | Value::Bool(_)
        | Value::Int(_)
        | Value::BigInt(_)
        | Value::Float(_)
        | Value::Str(_) => true,
        Value::Array(items) => items.iter().all(is_data),
        Value::Hash(map) => map
            .iter()
            .all(|(k, v)| matches!(k, Value::Str(_)) && is_data(v)),
        _ => false,
    }
}

fn is_rich_data(value: &Value) -> bool {
    match value {
        Value::Array(items) => items.iter().all(is_rich_data),
        Value::Hash(map) => map.iter().all(|(k, v)| {
            matches!(
                k,
                Value::Str(_) | Value::Int(_) | Value::BigInt(_) | Value::Float(_)
            ) && is_rich_data(v)
        }),
        Value::Iterator(_) => false,
        _ => true,
    }
}

// ---------------------------------------------------------------------- formatting

pub use crate::value::puppet_quote;

/// A regexp as Puppet prints it: `/source/` with unescaped slashes escaped.
pub fn regexp_with_delimiters(source: &str) -> String {
    let mut out = String::with_capacity(source.len() + 2);
    out.push('/');
    let mut escaped = false;
    for c in source.chars() {
        if c == '/' && !escaped {
            out.push('\\');
        }
        escaped = c == '\\' && !escaped;
        out.push(c);
    }
    out.push('/');
    out
}

fn write_size(out: &mut Vec<String>, size: &Option<Size>) {
    if let Some(s) = size {
        out.push(s.min.to_string());
        if let Some(m) = s.max {
            out.push(m.to_string());
        }
    }
}

/// The aliases a type's expanded form has expanded: each is expanded once, then
/// printed by name (`A = Variant[Integer, B = Array[A]]`).
type Expanded = std::cell::RefCell<Vec<String>>;

fn write_type(out: &mut String, t: &PType, expanded: Option<&Expanded>) {
    use PType as T;
    let sub = |t: &PType| {
        let mut s = String::new();
        write_type(&mut s, t, expanded);
        s
    };
    let with_params = |out: &mut String, name: &str, params: Vec<String>| {
        out.push_str(name);
        if !params.is_empty() {
            out.push('[');
            out.push_str(&params.join(", "));
            out.push(']');
        }
    };
    match t {
        T::Integer { from, to } => {
            let mut params = Vec::new();
            if from.is_some() || to.is_some() {
                params.push(from.map_or("default".to_string(), |v| v.to_string()));
                if let Some(t) = to {
                    params.push(t.to_string());
                }
            }
            with_params(out, "Integer", params)
        }
        T::Float { from, to } => {
            // The infinities are no bounds (`type(Infinity)` is `Float[Infinity]`).
            let from = from.filter(|f| *f != f64::NEG_INFINITY);
            let to = to.filter(|t| *t != f64::INFINITY);
            let (from, to) = (&from, &to);
            let mut params = Vec::new();
            if from.is_some() || to.is_some() {
                params.push(from.map_or("default".to_string(), format_float));
                if let Some(t) = to {
                    params.push(format_float(*t));
                }
            }
            with_params(out, "Float", params)
        }
        T::Boolean(b) => with_params(out, "Boolean", b.iter().map(|b| b.to_string()).collect()),
        T::String { size, .. } => {
            let mut params = Vec::new();
            write_size(&mut params, size);
            with_params(out, "String", params)
        }
        T::Enum {
            values,
            case_insensitive,
        } => {
            let mut params: Vec<String> = values.iter().map(|v| puppet_quote(v)).collect();
            if *case_insensitive && !params.is_empty() {
                params.push("true".into());
            }
            with_params(out, "Enum", params)
        }
        T::Pattern(ps) => with_params(
            out,
            "Pattern",
            ps.iter()
                .map(|p| regexp_with_delimiters(&p.source))
                .collect(),
        ),
        T::Regexp(r) => with_params(
            out,
            "Regexp",
            r.iter()
                .map(|r| regexp_with_delimiters(&r.source))
                .collect(),
        ),
        T::Array { elem, size } => {
            if size.is_some_and(|s| s.min == 0 && s.max == Some(0)) {
                out.push_str("Array[0, 0]");
            } else if matches!(**elem, T::Any) && size.is_none() {
                out.push_str("Array");
            } else {
                let mut params = vec![sub(elem)];
                write_size(&mut params, size);
                with_params(out, "Array", params)
            }
        }
        T::Hash { key, value, size } => {
            if size.is_some_and(|s| s.min == 0 && s.max == Some(0)) {
                out.push_str("Hash[0, 0]");
            } else if matches!(**key, T::Any) && matches!(**value, T::Any) && size.is_none() {
                out.push_str("Hash");
            } else {
                let mut params = vec![sub(key), sub(value)];
                write_size(&mut params, size);
                with_params(out, "Hash", params)
            }
        }
        T::Collection(size) => {
            let mut params = Vec::new();
            write_size(&mut params, size);
            with_params(out, "Collection", params)
        }
        T::Tuple { types, size } => {
            let mut params: Vec<String> = types.iter().map(sub).collect();
            if !types.is_empty() {
                write_size(&mut params, size);
            }
            with_params(out, "Tuple", params)
        }
        T::Struct(members) => {
            if members.is_empty() {
                out.push_str("Struct");
            } else {
                let parts: Vec<String> = members
                    .iter()
                    .map(|m| {
                        let value_optional = m.value.is_assignable(&T::Undef);
                        let key = match (m.optional, value_optional) {
                            (true, true) | (false, false) => puppet_quote(&m.key),
                            (true, false) => format!("Optional[{}]", puppet_quote(&m.key)),
                            (false, true) => format!("NotUndef[{}]", puppet_quote(&m.key)),
                        };
                        format!("{key} => {}", sub(&m.value))
                    })
                    .collect();
                out.push_str(&format!("Struct[{{{}}}]", parts.join(", ")));
            }
        }
        T::Optional(inner) => with_params(
            out,
            "Optional",
            inner
                .iter()
                .map(|t| match &**t {
                    T::String {
                        value: Some(v),
                        size: None,
                    } => puppet_quote(v),
                    other => sub(other),
                })
                .collect(),
        ),
        T::NotUndef(inner) => with_params(
            out,
            "NotUndef",
            inner
                .iter()
                .filter(|t| !matches!(***t, T::Any))
                .map(|t| match &**t {
                    T::String {
                        value: Some(v),
                        size: None,
                    } => puppet_quote(v),
                    other => sub(other),
                })
                .collect(),
        ),
        T::Variant(ts) => with_params(out, "Variant", ts.iter().map(sub).collect()),
        T::Iterable(e) => with_params(out, "Iterable", e.iter().map(|t| sub(t)).collect()),
        T::Iterator(e) => with_params(out, "Iterator", e.iter().map(|t| sub(t)).collect()),
        T::Type(e) => with_params(out, "Type", e.iter().map(|t| sub(t)).collect()),
        T::Sensitive(e) => with_params(
            out,
            "Sensitive",
            e.iter()
                .filter(|t| !matches!(***t, T::Any))
                .map(|t| sub(t))
                .collect(),
        ),
        T::Init(e, args) => with_params(
            out,
            "Init",
            e.iter()
                .map(|t| sub(t))
                .chain(args.iter().map(Value::to_quoted_string))
                .collect(),
        ),
        T::Resource {
            type_name: None, ..
        } => out.push_str("Resource"),
        T::Resource {
            type_name: Some(tn),
            title,
        } => with_params(out, tn, title.iter().map(|t| puppet_quote(t)).collect()),
        T::Class(name) => with_params(out, "Class", name.iter().cloned().collect()),
        T::Object(None) => out.push_str("Object[{}]"),
        T::ObjectExt { base, params } => {
            let mut given: Vec<String> = params
                .iter()
                .map(|p| {
                    p.as_ref()
                        .map_or("default".to_string(), Value::to_quoted_string)
                })
                .collect();
            while params
                .get(given.len().wrapping_sub(1))
                .is_some_and(Option::is_none)
            {
                given.pop();
            }
            with_params(out, &base.name, given);
        }
        T::TypeSet(Some(set)) => out.push_str(&set.describe(&|t| sub(t))),
        T::Object(Some(ot)) => {
            // A named Object type prints its definition at the top, its name inside.
            let full = ot.name.is_empty()
                || expanded.is_some_and(|done| {
                    let first = !done.borrow().contains(&ot.name);
                    done.borrow_mut().push(ot.name.clone());
                    first
                });
            if full {
                // The types inside print by name.
                out.push_str(&ot.describe(&|t| {
                    let mut s = String::new();
                    write_type(&mut s, t, None);
                    s
                }));
            } else if ot.in_set {
                // A TypeSet's member, by its name in the set.
                out.push_str(ot.name.rsplit("::").next().unwrap_or(&ot.name));
            } else {
                out.push_str(&ot.name);
            }
        }
        T::Alias { name, target } => {
            out.push_str(name);
            if let (Some(done), Some(a)) = (expanded, target.get()) {
                if !done.borrow().contains(name) {
                    done.borrow_mut().push(name.clone());
                    out.push_str(" = ");
                    write_type(out, a.resolved(), expanded);
                }
            }
        }
        T::Unresolved(name) => out.push_str(name),
        T::SemVer(ranges) => with_params(
            out,
            "SemVer",
            ranges.iter().map(|r| puppet_quote(&r.text)).collect(),
        ),
        T::Timespan { from, to } => {
            let q = |t: &Option<Timespan>| {
                t.map_or("default".to_string(), |t| puppet_quote(&t.format()))
            };
            with_params(out, "Timespan", range_params(from, to, q))
        }
        T::Timestamp { from, to } => {
            let q = |t: &Option<Timestamp>| {
                t.map_or("default".to_string(), |t| puppet_quote(&t.format()))
            };
            with_params(out, "Timestamp", range_params(from, to, q))
        }
        other => out.push_str(other.simple_name()),
    }
}

impl fmt::Display for PType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        // An alias prints expanded at the top level (`Port = Integer[1, 65535]`).
        let expanded = Expanded::default();
        let top = matches!(self, PType::Alias { .. } | PType::Object(Some(_))).then_some(&expanded);
        write_type(&mut s, self, top);
        f.write_str(&s)
    }
}

// ---------------------------------------------------------------------- parameters

/// `Type[keys]`: a parameterized type, or for `File['a', 'b']` and `Class[a, b]` an
/// array of references (Puppet's `AccessOperator`). Errors carry Puppet's wording and
/// the index of the key Puppet blames (none: the whole `[]` expression).
pub fn parameterize(t: &PType, keys: &[Value]) -> Result<Value, AccessError> {
    use PType as T;
    let flat: Vec<Value> = flatten(keys);
    let ty = |t: PType| Value::Type(Arc::new(t));
    let n = flat.len();
    let result = match t.resolved() {
        T::Integer { .. } => {
            if !(1..=2).contains(&n) {
                return Err(whole(format!(
                    "Integer-Type supports [] with one or two arguments (from, to). Got {n}"
                )));
            }
            let mut bounds = Vec::new();
            for (i, k) in flat.iter().enumerate() {
                bounds.push(match k {
                    Value::Int(v) => Some(*v),
                    Value::Default => None,
                    other => {
                        return Err(at(
                            i,
                            format!(
                                "Integer-Type [] requires all arguments to be integers (or default). Got {}",
                                other.ruby_class()
                            ),
                        ))
                    }
                });
            }
            integer_range(bounds[0], bounds.get(1).copied().flatten())?
        }
        T::Float { .. } => {
            if !(1..=2).contains(&n) {
                return Err(whole(format!(
                    "Float-Type supports [] with one or two arguments (from, to). Got {n}"
                )));
            }
            let mut bounds = Vec::new();
            for (i, k) in flat.iter().enumerate() {
                bounds.push(match k {
                    Value::Int(v) => Some(*v as f64),
                    Value::Float(f) => Some(*f),
                    Value::Default => None,
                    other => {
                        return Err(at(
                            i,
                            format!(
                                "Float-Type [] requires all arguments to be floats, or integers (or default). Got {}",
                                other.ruby_class()
                            ),
                        ))
                    }
                });
            }
            let (from, to) = (bounds[0], bounds.get(1).copied().flatten());
            if let (Some(a), Some(b)) = (from, to) {
                if a > b {
                    return Err(reversed_range(format_float(a), format_float(b)));
                }
            }
            T::Float { from, to }
        }
        T::Boolean(_) => {
            assert_keys(&flat, t, 1, Some(1), "TrueClass or FalseClass", |k| {
                matches!(k, Value::Bool(_))
            })?;
            let Value::Bool(b) = flat[0] else {
                unreachable!("checked by assert_keys")
            };
            T::Boolean(Some(b))
        }
        T::String { .. } => {
            if !(1..=2).contains(&n) {
                return Err(whole(format!(
                    "String supports [] with one or two arguments. Got {n}"
                )));
            }
            T::String {
                size: Some(collection_size(0, &flat)?),
                value: None,
            }
        }
        T::Collection(_) => {
            if !(1..=2).contains(&n) {
                return Err(whole(arity_message("Collection-Type", 1, Some(2), n)));
            }
            T::Collection(Some(collection_size(0, &flat)?))
        }
        T::Enum { .. } => {
            let mut items = flat.clone();
            let mut case_insensitive = false;
            if let Some(Value::Bool(b)) = items.last() {
                case_insensitive = *b;
                items.pop();
            }
            assert_keys(&items, t, 1, None, "String", |k| matches!(k, Value::Str(_)))?;
            let values = items.iter().map(|k| k.to_string()).collect();
            PType::enumeration(values, case_insensitive)
        }
        T::Pattern(_) => {
            assert_keys(
                &flat,
                t,
                1,
                None,
                "String or Regexp or Pattern-Type or Regexp-Type",
                |k| match k {
                    Value::Str(_) | Value::Regex(_) => true,
                    Value::Type(t) => matches!(t.resolved(), T::Pattern(_) | T::Regexp(_)),
                    _ => false,
                },
            )?;
            let mut pats: Vec<Arc<Regex>> = Vec::new();
            for k in &flat {
                match k {
                    Value::Regex(r) => pats.push(r.clone()),
                    Value::Str(s) => pats.push(Regex::shared(s).map_err(whole)?),
                    Value::Type(t) => match t.resolved() {
                        T::Pattern(p) => pats.extend(p.iter().cloned()),
                        T::Regexp(Some(r)) => pats.push(r.clone()),
                        _ => {}
                    },
                    _ => {}
                }
            }
            // Puppet keeps each pattern once (by its source).
            let mut unique: Vec<Arc<Regex>> = Vec::with_capacity(pats.len());
            for p in pats {
                if !unique.iter().any(|u| u.source == p.source) {
                    unique.push(p);
                }
            }
            T::Pattern(unique)
        }
        T::Regexp(_) => {
            if n != 1 {
                let message = arity_message(&a_an_uc(&type_label(t)), 1, Some(1), n);
                return Err(if n == 0 {
                    whole(message)
                } else {
                    at(1, message)
                });
            }
            assert_keys(&flat, t, 1, Some(1), "String or Regexp", |k| {
                matches!(k, Value::Str(_) | Value::Regex(_))
            })?;
            match &flat[0] {
                Value::Regex(r) => T::Regexp(Some(r.clone())),
                Value::Str(s) => T::Regexp(Some(Regex::shared(s).map_err(whole)?)),
                _ => unreachable!("checked by assert_keys"),
            }
        }
        T::Array { .. } => match (n, flat.first()) {
            (1, Some(Value::Type(e))) => PType::array_of((**e).clone()),
            (1, Some(other)) => return Err(slice_type(0, "Array-Type", other)),
            (2, Some(Value::Type(e))) => T::Array {
                elem: boxed((**e).clone()),
                size: Some(collection_size(1, &flat[1..])?),
            },
            (2, _) => T::Array {
                elem: boxed(T::Any),
                size: Some(collection_size(0, &flat)?),
            },
            (3, Some(Value::Type(e))) => T::Array {
                elem: boxed((**e).clone()),
                size: Some(collection_size(1, &flat[1..])?),
            },
            (3, Some(other)) => return Err(slice_type(0, "Array-Type", other)),
            _ => return Err(whole(arity_message("Array-Type", 1, Some(3), n))),
        },
        T::Hash { .. } => {
            if let [Value::Int(a), Value::Int(b)] = flat.as_slice() {
                T::Hash {
                    key: boxed(T::Any),
                    value: boxed(T::Any),
                    size: Some(Size::new(Some(*a), Some(*b))),
                }
            } else {
                for (i, k) in flat.iter().take(2).enumerate() {
                    if !matches!(k, Value::Type(_)) {
                        return Err(slice_type(i, "Hash-Type", k));
                    }
                }
                if n < 2 {
                    return Err(whole(arity_message("Hash-Type", 2, Some(4), n)));
                }
                let size = match &flat[2..] {
                    [] => None,
                    [Value::Type(s)] if matches!(s.resolved(), T::Integer { .. }) => {
                        Some(collection_size(2, &flat[2..])?)
                    }
                    [Value::Int(i)] => Some(Size::new(Some(*i), None)),
                    [Value::Default] => Some(Size::DEFAULT),
                    [other] => {
                        return Err(runtime(format!(
                            "comparison of {} with Infinity failed",
                            other.ruby_class()
                        )))
                    }
                    [_, _] => Some(collection_size(2, &flat[2..])?),
                    _ => {
                        return Err(whole(arity_message("Hash-Type", 2, Some(4), n)));
                    }
                };
                let (Value::Type(k), Value::Type(v)) = (&flat[0], &flat[1]) else {
                    unreachable!("both checked to be types")
                };
                T::Hash {
                    key: boxed((**k).clone()),
                    value: boxed((**v).clone()),
                    size,
                }
            }
        }
        T::Tuple { .. } => {
            let is_range = |v: &Value| matches!(v, Value::Int(_) | Value::Default);
            let mut items = flat.clone();
            let mut size = None;
            let bound = |v: &Value| match v {
                Value::Int(i) => Some(*i),
                _ => None,
            };
            if n >= 2 && is_range(&items[n - 2]) && is_range(&items[n - 1]) {
                let (min, max) = (bound(&items[n - 2]), bound(&items[n - 1]));
                let PType::Integer { from, to } = integer_range(min, max)? else {
                    unreachable!("integer_range makes an Integer")
                };
                size = Some(Size::new(from, to));
                items.truncate(n - 2);
            } else if n >= 1 && is_range(&items[n - 1]) {
                size = Some(Size::new(bound(&items[n - 1]), None));
                items.truncate(n - 1);
            }
            assert_keys(&items, t, 1, None, "Any-Type", |k| {
                matches!(k, Value::Type(_))
            })?;
            let types = items
                .iter()
                .filter_map(|v| match v {
                    Value::Type(t) => Some((**t).clone()),
                    _ => None,
                })
                .collect();
            T::Tuple { types, size }
        }
        T::Struct(_) => {
            assert_keys(keys, t, 1, Some(1), "Hash", |k| matches!(k, Value::Hash(_)))?;
            let Value::Hash(map) = &keys[0] else {
                unreachable!("checked by assert_keys")
            };
            let mut members = Vec::new();
            for (k, v) in map.iter() {
                let value = match v {
                    Value::Type(t) => (**t).clone(),
                    other => PType::infer(other).generalize(),
                };
                let illegal = |got: String| {
                    runtime(format!(
                        "Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: {got}"
                    ))
                };
                match k {
                    Value::Str(s) => members.push(StructMember::new(s.to_string(), value)),
                    Value::Type(t) => {
                        let (key, optional) = match t.resolved() {
                            T::Optional(Some(inner)) => (string_key(inner), true),
                            T::NotUndef(Some(inner)) => (string_key(inner), false),
                            T::Enum { values, .. } if values.len() == 1 => {
                                (Some(values[0].clone()), value.is_assignable(&T::Undef))
                            }
                            other => (string_key(other), value.is_assignable(&T::Undef)),
                        };
                        let key = key.ok_or_else(|| illegal(k.ruby_class()))?;
                        members.push(StructMember {
                            key,
                            optional,
                            value,
                        });
                    }
                    other => return Err(illegal(other.ruby_class())),
                }
            }
            T::Struct(members)
        }
        T::Optional(_) => match flat.as_slice() {
            [Value::Str(s)] => T::Optional(Some(boxed(PType::string_value(s)))),
            [Value::Type(t)] => T::Optional(Some(boxed((**t).clone()))),
            [other] => return Err(slice_type(0, "Optional-Type", other)),
            _ => return Err(whole(arity_message("Optional-Type", 1, Some(1), n))),
        },
        T::NotUndef(_) => match flat.as_slice() {
            [] => T::NotUndef(None),
            [Value::Str(s)] => T::NotUndef(Some(boxed(PType::string_value(s)))),
            [Value::Type(t)] if matches!(**t, T::Any) => T::NotUndef(None),
            [Value::Type(t)] => T::NotUndef(Some(boxed((**t).clone()))),
            [other] => {
                return Err(at(
                    0,
                    format!(
                        "NotUndef-Type[] argument must be a Type or a String. Got {}",
                        other.ruby_class()
                    ),
                ))
            }
            _ => return Err(whole(arity_message("NotUndef-Type", 0, Some(1), n))),
        },
        T::Variant(_) => {
            assert_keys(&flat, t, 1, None, "Any-Type", |k| {
                matches!(k, Value::Type(_))
            })?;
            // Puppet flattens nested variants, keeps each type once and gives the
            // type itself when only one is left (`Variant[String, String]` is String).
            PType::variant_of(
                flat.iter()
                    .filter_map(|v| match v {
                        Value::Type(t) => Some((**t).clone()),
                        _ => None,
                    })
                    .collect(),
            )
        }
        T::Type(_) => T::Type(Some(boxed(one_type(&flat, "Type-Type")?))),
        T::Sensitive(_) => {
            T::Sensitive(Some(boxed(one_type(&flat, "Sensitive-Type")?.generalize())))
        }
        T::Iterable(_) => T::Iterable(Some(boxed(one_type(&flat, "Iterable-Type")?))),
        T::Init(..) => match flat.split_first() {
            Some((Value::Type(t), args)) => T::Init(Some(boxed((**t).clone())), args.to_vec()),
            Some((other, _)) => return Err(slice_type(0, "Init-Type", other)),
            None => return Err(whole(arity_message("Init-Type", 1, None, n))),
        },
        T::Iterator(_) => T::Iterator(Some(boxed(one_type(&flat, "Iterator-Type")?))),
        T::Callable => T::Callable,
        T::Object(Some(base)) if !base.type_parameters().is_empty() => {
            let names = base.type_parameters();
            let named = match flat.as_slice() {
                [Value::Hash(h)] => Some(h),
                _ => None,
            };
            let given: Vec<(usize, &Value)> = match named {
                Some(h) => {
                    let mut given = Vec::new();
                    for (k, v) in h.iter() {
                        let at = names.iter().position(|n| Value::str(*n) == *k);
                        let Some(at) = at else {
                            return Err(runtime(format!(
                                "'{k}' is not a known type parameter for {}-Type",
                                base.name
                            )));
                        };
                        given.push((at, v));
                    }
                    given
                }
                // Values past the parameters are left out, as Puppet leaves them.
                None => flat.iter().take(names.len()).enumerate().collect(),
            };
            let mut params: Vec<Option<Value>> = vec![None; names.len()];
            for (at, v) in given {
                if matches!(v, Value::Default) {
                    continue;
                }
                let fits = match v {
                    Value::Str(_) | Value::Regex(_) | Value::Undef => true,
                    // Type[Enum], Type[Pattern], Type[Undef], and Type[NotUndef]: any
                    // type that does not have undef.
                    Value::Type(t) => {
                        matches!(t.resolved(), T::Enum { .. } | T::Pattern(_) | T::Undef)
                            || !t.is_instance(&Value::Undef)
                    }
                    _ => false,
                };
                if !fits {
                    return Err(runtime(format!(
                        "type_parameter {}[{}] has wrong type, expects a value of type Undef, \
                         String, Regexp, Type[Enum], Type[Pattern], Type[NotUndef], or \
                         Type[Undef], got {}",
                        base.name,
                        names[at],
                        PType::infer(v).generalize()
                    )));
                }
                params[at] = Some(v.clone());
            }
            if params.iter().all(Option::is_none) {
                return Err(runtime(format!(
                    "The {}-Type cannot be parameterized using an empty parameter list",
                    base.name
                )));
            }
            T::ObjectExt {
                base: base.clone(),
                params,
            }
        }
        T::TypeSet(None) | T::Object(None) => {
            let what = format!("{}-Type", t.simple_name());
            if n != 1 {
                return Err(whole(arity_message(&what, 1, Some(1), n)));
            }
            let Value::Hash(h) = &flat[0] else {
                return Err(runtime(format!(
                    "undefined method `empty?' for {}:{}",
                    flat[0].ruby_inspect(),
                    flat[0].ruby_class()
                )));
            };
            if matches!(t, T::TypeSet(_)) {
                T::TypeSet(Some(Arc::new(
                    crate::object::TypeSetType::from_hash(h).map_err(whole)?,
                )))
            } else {
                T::Object(Some(Arc::new(
                    crate::object::ObjectType::from_hash(h).map_err(whole)?,
                )))
            }
        }
        T::Resource {
            type_name: None, ..
        } => {
            let Some(first) = keys.first() else {
                return Err(whole(arity_message("Resource", 1, None, 0)));
            };
            let tn = match first {
                Value::Str(s) => capitalize_segments(s),
                Value::Type(t) => match t.resolved() {
                    T::Resource {
                        type_name: Some(tn),
                        title: None,
                    } => tn.clone(),
                    _ => return Err(illegal_resource(first)),
                },
                other => return Err(illegal_resource(other)),
            };
            if !is_classref_ext(&tn) {
                return Err(at(
                    0,
                    format!(
                        "Illegal type reference. The given name '{tn}' does not conform to the naming rule"
                    ),
                ));
            }
            if keys.len() == 1 {
                return Ok(ty(PType::Resource {
                    type_name: Some(tn),
                    title: None,
                }));
            }
            return resource_titles(&tn, t, &keys[1..]);
        }
        T::Resource {
            type_name: Some(tn),
            title: None,
        } => return resource_titles(tn, t, keys),
        T::Class(None) => {
            if keys.is_empty() {
                return Err(whole(arity_message("Class", 1, None, 0)));
            }
            let many = keys.len() > 1 || matches!(keys[0], Value::Array(_));
            let mut refs = Vec::new();
            for (i, k) in flat.iter().enumerate() {
                let name = match k {
                    Value::Str(s) => s.to_lowercase(),
                    Value::Undef => continue,
                    other => {
                        return Err(at(
                            i,
                            format!(
                                "Illegal Class name in class reference. {} cannot be used where a String is expected",
                                a_an_uc(&crate::ops::label(other))
                            ),
                        ))
                    }
                };
                let name = marionette_syntax::names::trim_root(&name).to_string();
                if !is_class_name(&name) {
                    return Err(at(
                        i,
                        format!(
                            "Illegal name. The given name '{k}' does not conform to the naming rule /^((::)?[a-z_]\\w*)(::[a-z]\\w*)*$/"
                        ),
                    ));
                }
                refs.push(Value::Type(Arc::new(T::Class(Some(name)))));
            }
            return Ok(if many {
                Value::array(refs)
            } else {
                refs.pop().unwrap_or(Value::Undef)
            });
        }
        T::SemVer(_) => {
            assert_keys(
                &flat,
                t,
                1,
                None,
                "String or SemanticPuppet::VersionRange",
                |k| matches!(k, Value::Str(_) | Value::SemVerRange(_)),
            )?;
            let mut ranges = Vec::new();
            for v in &flat {
                ranges.push(match v {
                    Value::SemVerRange(r) => r.clone(),
                    Value::Str(s) => Arc::new(
                        VersionRange::parse(s)
                            .ok_or_else(|| runtime(format!("Unparsable version range: \"{s}\"")))?,
                    ),
                    _ => unreachable!("checked by assert_keys"),
                });
            }
            T::SemVer(ranges)
        }
        T::Timespan { .. } => {
            if n > 2 {
                return Err(whole(arity_message(
                    &a_an_uc(&type_label(t)),
                    0,
                    Some(2),
                    n,
                )));
            }
            let bound = |v: &Value| -> Result<Option<Timespan>, AccessError> {
                match v {
                    Value::Default => Ok(None),
                    Value::Int(i) => Ok(Some(Timespan::from_seconds(*i as f64))),
                    Value::Float(f) => Ok(Some(Timespan::from_seconds(*f))),
                    Value::Timespan(t) => Ok(Some(**t)),
                    Value::Str(s) => Timespan::parse(s).map(Some).ok_or_else(|| {
                        runtime(format!("Unable to parse '{s}' using any of the formats %D-%H:%M:%S.%-N, %H:%M:%S.%-N, %M:%S.%-N, %S.%-N, %D-%H:%M:%S, %H:%M:%S, %D-%H:%M, %S"))
                    }),
                    other => Err(runtime(format!(
                        "Unable to create a Puppet::Pops::Time::Timespan from a {}",
                        other.ruby_class()
                    ))),
                }
            };
            let from = flat.first().map(bound).transpose()?.flatten();
            let to = flat.get(1).map(bound).transpose()?.flatten();
            if let (Some(a), Some(b)) = (from, to) {
                if a > b {
                    return Err(reversed_range(a.format(), b.format()));
                }
            }
            T::Timespan { from, to }
        }
        T::Timestamp { .. } => {
            if n > 2 {
                return Err(whole(arity_message(
                    &a_an_uc(&type_label(t)),
                    0,
                    Some(2),
                    n,
                )));
            }
            let bound = |v: &Value| -> Result<Option<Timestamp>, AccessError> {
                match v {
                    Value::Default => Ok(None),
                    Value::Int(_) | Value::Float(_) | Value::Timestamp(_) => {
                        Ok(crate::time::timestamp_of(v))
                    }
                    Value::Str(s) => crate::time::parse_default(s).map(Some).map_err(runtime),
                    other => Err(runtime(format!(
                        "Unable to create a Puppet::Pops::Time::Timestamp from a {}",
                        other.ruby_class()
                    ))),
                }
            };
            let from = flat.first().map(bound).transpose()?.flatten();
            let to = flat.get(1).map(bound).transpose()?.flatten();
            if let (Some(a), Some(b)) = (from, to) {
                if a.nanos_total() > b.nanos_total() {
                    return Err(reversed_range(a.format(), b.format()));
                }
            }
            T::Timestamp { from, to }
        }
        T::Deferred => {
            return Err(runtime(
                "The Deferred-Type cannot be parameterized using []".to_string(),
            ))
        }
        _ => {
            return Err(whole(format!(
                "Operator '[]' is not applicable to {}.",
                crate::describe::a_an(&type_label(t))
            )))
        }
    };
    Ok(ty(result))
}

/// An error Puppet reports at the whole `[]` expression.
fn whole(message: impl Into<String>) -> AccessError {
    AccessError {
        message: message.into(),
        key: None,
    }
}

/// An error Puppet reports at the key `i` (of the keys as flattened, as Puppet counts).
fn at(i: usize, message: impl Into<String>) -> AccessError {
    AccessError {
        message: message.into(),
        key: Some(i),
    }
}

/// A Ruby error raised while making the type, as Puppet wraps it.
fn runtime(message: impl Into<String>) -> AccessError {
    whole(format!(
        "Error while evaluating a '[]' expression, {}",
        message.into()
    ))
}

/// A range type's `from` after its `to` (Puppet's message lacks its closing
/// parenthesis).
fn reversed_range(from: String, to: String) -> AccessError {
    runtime(format!(
        "'from' must be less or equal to 'to'. Got ({from}, {to}"
    ))
}

/// Puppet's label of a type as the left side of `[]` (`Enum['a']-Type`).
fn type_label(t: &PType) -> String {
    match t.resolved() {
        PType::Resource { title: Some(_), .. } => format!("{t} Resource-Reference"),
        PType::Unresolved(name) => format!("TypeReference['{name}']-Type"),
        _ => format!("{t}-Type"),
    }
}

/// `A`/`An` + `text`.
fn a_an_uc(text: &str) -> String {
    let a = crate::describe::article(text);
    format!("{}{} {text}", a[..1].to_uppercase(), &a[1..])
}

/// Puppet's `BAD_TYPE_SLICE_ARITY`.
fn arity_message(base: &str, min: usize, max: Option<usize>, actual: usize) -> String {
    match max {
        None => format!("{base}[] accepts {min} or more arguments. Got {actual}"),
        Some(m) if m != min => format!("{base}[] accepts {min} to {m} arguments. Got {actual}"),
        Some(_) => format!(
            "{base}[] accepts {min} argument{}. Got {actual}",
            if min == 1 { "" } else { "s" }
        ),
    }
}

/// Puppet's `BAD_TYPE_SLICE_TYPE` (at key `i`).
fn slice_type(i: usize, base: &str, got: &Value) -> AccessError {
    at(
        i,
        format!("{base}[] arguments must be types. Got {}", got.ruby_class()),
    )
}

/// The one type argument of `Type[T]`, `Sensitive[T]`, `Iterable[T]`, `Iterator[T]`.
fn one_type(keys: &[Value], base: &str) -> Result<PType, AccessError> {
    match keys {
        [Value::Type(t)] => Ok((**t).clone()),
        [other] => Err(slice_type(0, base, other)),
        _ => Err(whole(arity_message(base, 1, Some(1), keys.len()))),
    }
}

/// Puppet's `assert_keys`: between `min` and `max` keys (its arity message always says
/// at least 1), each accepted by `allowed` (`expected` names what is).
fn assert_keys(
    keys: &[Value],
    t: &PType,
    min: usize,
    max: Option<usize>,
    expected: &str,
    allowed: impl Fn(&Value) -> bool,
) -> Result<(), AccessError> {
    let n = keys.len();
    if n < min || max.is_some_and(|m| n > m) {
        return Err(whole(arity_message(&a_an_uc(&type_label(t)), 1, max, n)));
    }
    match keys.iter().position(|k| !allowed(k)) {
        Some(i) => Err(at(
            i,
            format!(
                "Error creating type specialization of {}, Cannot use {} where {expected} is expected",
                crate::describe::a_an(&type_label(t)),
                bad_key_type_name(&keys[i])
            ),
        )),
        None => Ok(()),
    }
}

/// Puppet's `bad_key_type_name`: the generalized type of a key.
fn bad_key_type_name(v: &Value) -> String {
    match v {
        Value::Undef => "Undef".into(),
        Value::Default => "Default".into(),
        other => PType::infer(other).generalize().to_string(),
    }
}

/// `Integer[from, to]`, refusing `from > to` as Puppet does.
fn integer_range(from: Option<i64>, to: Option<i64>) -> Result<PType, AccessError> {
    if let (Some(a), Some(b)) = (from, to) {
        if a > b {
            return Err(reversed_range(a.to_string(), b.to_string()));
        }
    }
    Ok(int(from, to))
}

/// Puppet's `collection_size_t`: one Integer type, or one or two integers (or default),
/// the first at key index `start`.
fn collection_size(start: usize, keys: &[Value]) -> Result<Size, AccessError> {
    if let [Value::Type(t)] = keys {
        if let PType::Integer { from, to } = t.resolved() {
            return Ok(Size::new(*from, *to));
        }
    }
    let mut bounds = Vec::new();
    for (i, k) in keys.iter().enumerate() {
        bounds.push(match k {
            Value::Int(v) => Some(*v),
            Value::Default => None,
            other => {
                let class = match other {
                    Value::Type(t) => format!("{}-Type", t.simple_name()),
                    v => v.ruby_class(),
                };
                return Err(at(
                    start + i,
                    format!(
                        "A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got {}",
                        crate::describe::a_an(&class)
                    ),
                ));
            }
        });
    }
    let PType::Integer { from, to } = integer_range(bounds[0], bounds.get(1).copied().flatten())?
    else {
        unreachable!("integer_range makes an Integer")
    };
    Ok(Size::new(from, to))
}

/// `ILLEGAL_RESOURCE_SPECIALIZATION`, at the first key.
fn illegal_resource(v: &Value) -> AccessError {
    at(
        0,
        format!(
            "First argument to Resource[] must be a resource type or a String. Got {}.",
            bad_key_type_name(v)
        ),
    )
}

/// Puppet's `CLASSREF_EXT`: capitalised segments (`Foo::Bar`, `::Foo`).
fn is_classref_ext(name: &str) -> bool {
    let name = name.strip_prefix("::").unwrap_or(name);
    !name.is_empty()
        && name.split("::").all(|seg| {
            let mut chars = seg.chars();
            chars.next().is_some_and(|c| c.is_ascii_uppercase())
                && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
}

/// Puppet's `NAME`: `/^((::)?[a-z_]\w*)(::[a-z]\w*)*$/` (after a leading `::` is gone).
fn is_class_name(name: &str) -> bool {
    let mut segs = name.split("::");
    let first_ok = segs.next().is_some_and(|s| {
        let mut c = s.chars();
        c.next().is_some_and(|c| c.is_ascii_lowercase() || c == '_')
            && c.all(|c| c.is_alphanumeric() || c == '_')
    });
    first_ok
        && segs.all(|s| {
            let mut c = s.chars();
            c.next().is_some_and(|c| c.is_ascii_lowercase())
                && c.all(|c| c.is_alphanumeric() || c == '_')
        })
}

/// The parameters a `[from, to]` range type prints: none when unbounded, one when
/// both ends are the same or only the start is bounded.
fn range_params<T: PartialEq>(
    from: &Option<T>,
    to: &Option<T>,
    q: impl Fn(&Option<T>) -> String,
) -> Vec<String> {
    match (from, to) {
        (None, None) => vec![],
        (Some(a), Some(b)) if a == b => vec![q(from)],
        (_, None) => vec![q(from)],
        _ => vec![q(from), q(to)],
    }
}

fn string_key(t: &PType) -> Option<String> {
    match t.resolved() {
        PType::String { value: Some(v), .. } => Some(v.to_string()),
        PType::Enum { values, .. } if values.len() == 1 => Some(values[0].clone()),
        _ => None,
    }
}

fn flatten(keys: &[Value]) -> Vec<Value> {
    fn into(keys: &[Value], out: &mut Vec<Value>) {
        for k in keys {
            match k {
                Value::Array(items) => into(items, out),
                other => out.push(other.clone()),
            }
        }
    }
    let mut out = Vec::with_capacity(keys.len());
    into(keys, &mut out);
    out
}

/// `File['a']` is one reference; `File['a', 'b']` and `File[['a']]` are arrays. Undef
/// titles are dropped. `base` is the type indexed (`File`, `Resource`).
fn resource_titles(type_name: &str, base: &PType, keys: &[Value]) -> Result<Value, AccessError> {
    let many = keys.len() > 1 || matches!(keys.first(), Some(Value::Array(_)));
    let titles: Vec<Value> = flatten(keys)
        .into_iter()
        .filter(|k| !matches!(k, Value::Undef))
        .collect();
    // Puppet blames the key one further along when flattening changed the count.
    let shift = usize::from(titles.len() != keys.len());
    let mut refs = Vec::new();
    for (i, k) in titles.iter().enumerate() {
        match k {
            Value::Str(s) => refs.push(Value::Type(Arc::new(PType::Resource {
                type_name: Some(type_name.to_string()),
                title: Some(String::from(&**s)),
            }))),
            other => {
                return Err(at(
                    i + shift,
                    format!(
                        "Error creating type specialization of {}, Cannot use {} where a resource title String is expected",
                        crate::describe::a_an(&type_label(base)),
                        bad_key_type_name(other)
                    ),
                ))
            }
        }
    }
    Ok(if many {
        Value::array(refs)
    } else {
        refs.pop().unwrap_or(Value::Undef)
    })
}

// ---------------------------------------------------------------------- type strings

/// The types Puppet's Ruby functions declare for their signatures (`local_types`),
/// by name: signature declarations use them, and mismatch messages print them as
/// aliases (`OptionsType = Struct[...]`).
const SIGNATURE_ALIASES: &[(&str, &str)] = &[
    ("Pcore::MemberName", r"Pattern[/\A[a-z_]\w*\z/]"),
    (
        "OptionsType",
        "Struct[{container_type => Optional[Type], include_root => Optional[Boolean], include_containers => Optional[Boolean], include_values => Optional[Boolean], order => Optional[Enum[depth_first, breadth_first]], include_refs => Optional[Boolean]}]",
    ),
];

/// The alias of [`SIGNATURE_ALIASES`] named `name`, made once per process (each
/// alone, so that one may name another).
pub(crate) fn signature_alias(name: &str) -> Option<PType> {
    const N: usize = SIGNATURE_ALIASES.len();
    static CELLS: [OnceLock<Arc<AliasType>>; N] = [const { OnceLock::new() }; N];
    let i = SIGNATURE_ALIASES.iter().position(|(n, _)| *n == name)?;
    let a = CELLS[i].get_or_init(|| {
        let (name, def) = SIGNATURE_ALIASES[i];
        let a = AliasType::new(name.to_string());
        let t = parse(def).unwrap_or_else(|e| panic!("signature alias {name}: {e}"));
        a.resolve(t);
        a.settle_recursion();
        a
    });
    Some(PType::Alias {
        name: a.name.clone(),
        target: AliasLink::Strong(a.clone()),
    })
}

/// Parses a type written in Puppet syntax (`Variant[Array[String], String]`,
/// `Struct[{a => Integer, Optional[b] => String}]`, `Callable[2, 2]`). Built-in function
/// signatures are declared with these. Aliases are not known here.
pub fn parse(text: &str) -> Result<PType, String> {
    let mut p = TypeParser {
        s: text.as_bytes(),
        i: 0,
    };
    let v = p.value()?;
    p.ws();
    if p.i != p.s.len() {
        return Err(format!("unexpected text in type '{text}' at {}", p.i));
    }
    match v {
        Value::Type(t) => Ok((*t).clone()),
        other => Err(format!("'{text}' is not a type: {other}")),
    }
}

struct TypeParser<'a> {
    s: &'a [u8],
    i: usize,
}

impl TypeParser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn value(&mut self) -> Result<Value, String> {
        self.ws();
        let start = self.i;
        let c = *self.s.get(self.i).ok_or("unexpected end of type")?;
        match c {
            b'\'' | b'"' => {
                self.i += 1;
                while self.i < self.s.len() && self.s[self.i] != c {
                    self.i += 1;
                }
                let v = String::from_utf8_lossy(&self.s[start + 1..self.i]).into_owned();
                self.i += 1;
                Ok(Value::str(v))
            }
            b'/' => {
                self.i += 1;
                while self.i < self.s.len() && self.s[self.i] != b'/' {
                    if self.s[self.i] == b'\\' {
                        self.i += 1;
                    }
                    self.i += 1;
                }
                let src = String::from_utf8_lossy(&self.s[start + 1..self.i]).into_owned();
                self.i += 1;
                Ok(Value::Regex(Regex::shared(&src)?))
            }
            b'{' => {
                self.i += 1;
                let mut map = crate::value::ValueMap::default();
                loop {
                    if self.eat(b'}') {
                        break;
                    }
                    let k = self.value()?;
                    self.ws();
                    if !(self.eat(b'=') && self.eat(b'>')) {
                        return Err("expected '=>' in type hash".into());
                    }
                    let v = self.value()?;
                    map.insert(k, v);
                    self.eat(b',');
                }
                Ok(Value::hash(map))
            }
            b'-' | b'0'..=b'9' => {
                self.i += 1;
                while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
                    self.i += 1;
                }
                let n = std::str::from_utf8(&self.s[start..self.i])
                    .map_err(|e| e.to_string())?
                    .parse::<i64>()
                    .map_err(|e| e.to_string())?;
                Ok(Value::Int(n))
            }
            _ => {
                while self.i < self.s.len()
                    && (self.s[self.i].is_ascii_alphanumeric()
                        || self.s[self.i] == b'_'
                        || self.s[self.i] == b':')
                {
                    self.i += 1;
                }
                let word = std::str::from_utf8(&self.s[start..self.i])
                    .map_err(|e| e.to_string())?
                    .to_string();
                if word.is_empty() {
                    return Err(format!("unexpected character '{}' in type", c as char));
                }
                match word.as_str() {
                    "default" => return Ok(Value::Default),
                    "true" => return Ok(Value::Bool(true)),
                    "false" => return Ok(Value::Bool(false)),
                    _ => {}
                }
                if !word.starts_with(|c: char| c.is_ascii_uppercase()) {
                    return Ok(Value::str(word));
                }
                let base = PType::builtin(&word)
                    .or_else(|| signature_alias(&word))
                    .unwrap_or_else(|| PType::resource(&word, None));
                if self.eat(b'[') {
                    let mut args = Vec::new();
                    loop {
                        if self.eat(b']') {
                            break;
                        }
                        args.push(self.value()?);
                        self.eat(b',');
                    }
                    if matches!(base, PType::Callable) {
                        return Ok(Value::Type(Arc::new(PType::Callable)));
                    }
                    parameterize(&base, &args).map_err(|e| e.message)
                } else {
                    Ok(Value::Type(Arc::new(base)))
                }
            }
        }
    }
}
