//! Ruby values as templates see them, with Ruby 3.1's `to_s`, `inspect`, equality and
//! hashing. Strings, arrays and hashes are mutable and shared, as in Ruby.

use indexmap::IndexMap;
use std::any::Any;
use std::cell::RefCell;
use std::fmt::Write as _;
use std::rc::Rc;

/// A Ruby value.
#[derive(Clone, Debug)]
pub enum Value {
    Nil,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(Rc<RefCell<String>>),
    Sym(Rc<str>),
    Array(Rc<RefCell<Vec<Value>>>),
    Hash(Rc<RefCell<Hash>>),
    Range(Rc<Range>),
    Regexp(Rc<Regexp>),
    Proc(Rc<crate::interp::Proc>),
    /// A value of the host's that Ruby code only prints and passes back (a Puppet
    /// type, a Sensitive value, ...).
    Foreign(Rc<Foreign>),
    /// The template's `scope` (Puppet's `Puppet::Parser::Scope`).
    Scope,
    /// The template itself (`self`, Puppet's `TemplateWrapper`).
    Template,
    /// A class or module (`String`, `Array`, `Integer`, ...), by name.
    Class(Rc<str>),
    /// The result of a regular expression match (`MatchData`).
    Match(Rc<crate::methods::MatchData>),
    /// A rescued exception.
    Exception(Rc<crate::interp::RubyError>),
    /// An instance of a library class (`IPAddr`).
    Object(Rc<dyn crate::classes::Object>),
}

/// A Ruby `Hash`: insertion ordered, keyed by Ruby equality (`eql?`).
pub type Hash = IndexMap<Key, (Value, Value), foldhash::fast::RandomState>;

/// A value as a hash key: Ruby's `eql?` (1 and 1.0 differ; strings by content).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Key {
    Nil,
    Bool(bool),
    Int(i64),
    Float(u64),
    Str(String),
    Sym(Rc<str>),
    Array(Vec<Key>),
    Other(String),
}

// By hand, so that [`StrKey`] can hash as a `Key::Str` does: a tag, then the content.
impl std::hash::Hash for Key {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        fn tagged<H: std::hash::Hasher>(state: &mut H, tag: u8, content: &impl std::hash::Hash) {
            state.write_u8(tag);
            content.hash(state);
        }
        match self {
            Key::Nil => state.write_u8(0),
            Key::Bool(b) => tagged(state, 1, b),
            Key::Int(i) => tagged(state, 2, i),
            Key::Float(f) => tagged(state, 3, f),
            Key::Str(s) => StrKey(s).hash(state),
            Key::Sym(s) => tagged(state, 5, s),
            Key::Array(items) => tagged(state, 6, items),
            Key::Other(s) => tagged(state, 7, s),
        }
    }
}

/// A String key looked up without making a [`Key`] of it (which copies the text).
pub struct StrKey<'a>(pub &'a str);

impl std::hash::Hash for StrKey<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u8(4);
        self.0.hash(state);
    }
}

impl indexmap::Equivalent<Key> for StrKey<'_> {
    fn equivalent(&self, key: &Key) -> bool {
        matches!(key, Key::Str(s) if s == self.0)
    }
}

#[derive(Debug)]
pub struct Range {
    pub start: Value,
    pub end: Value,
    pub exclusive: bool,
}

#[derive(Debug)]
pub struct Regexp {
    pub source: String,
    pub flags: String,
    /// Shared by every literal with the same pattern (see `make_regexp`).
    pub regex: std::sync::Arc<fancy_regex::Regex>,
}

/// A host value: its Ruby class name, how Ruby prints it, and the host's own value.
pub struct Foreign {
    pub class: String,
    pub to_s: String,
    pub inspect: String,
    pub payload: Box<dyn Any>,
}

impl std::fmt::Debug for Foreign {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Foreign({})", self.inspect)
    }
}

impl Value {
    pub fn str(s: impl Into<String>) -> Value {
        Value::Str(Rc::new(RefCell::new(s.into())))
    }

    pub fn sym(s: &str) -> Value {
        Value::Sym(Rc::from(s))
    }

    pub fn array(items: Vec<Value>) -> Value {
        Value::Array(Rc::new(RefCell::new(items)))
    }

    pub fn hash(h: Hash) -> Value {
        Value::Hash(Rc::new(RefCell::new(h)))
    }

    pub fn hash_from(pairs: impl IntoIterator<Item = (Value, Value)>) -> Value {
        let mut h = Hash::default();
        for (k, v) in pairs {
            hash_insert(&mut h, k, v);
        }
        Value::hash(h)
    }

    /// A Regexp from Ruby source (no flags), if it compiles.
    pub fn regexp(source: &str) -> Option<Value> {
        crate::methods::make_regexp(source, "").ok()
    }

    /// A Regexp's source.
    pub fn regexp_source(&self) -> Option<String> {
        match self {
            Value::Regexp(r) => Some(r.source.clone()),
            _ => None,
        }
    }

    pub fn truthy(&self) -> bool {
        !matches!(self, Value::Nil | Value::Bool(false))
    }

    /// Ruby's class name, as error messages give it.
    pub fn class_name(&self) -> String {
        match self {
            Value::Nil => "NilClass".into(),
            Value::Bool(true) => "TrueClass".into(),
            Value::Bool(false) => "FalseClass".into(),
            Value::Int(_) => "Integer".into(),
            Value::Float(_) => "Float".into(),
            Value::Str(_) => "String".into(),
            Value::Sym(_) => "Symbol".into(),
            Value::Array(_) => "Array".into(),
            Value::Hash(_) => "Hash".into(),
            Value::Range(_) => "Range".into(),
            Value::Regexp(_) => "Regexp".into(),
            Value::Proc(_) => "Proc".into(),
            Value::Foreign(f) => f.class.clone(),
            Value::Scope => "Puppet::Parser::Scope".into(),
            Value::Template => "Puppet::Parser::TemplateWrapper".into(),
            Value::Class(_) => "Class".into(),
            Value::Match(_) => "MatchData".into(),
            Value::Exception(e) => e.class.clone(),
            Value::Object(o) => o.class_name().into(),
        }
    }

    /// The string's content, if this is a String.
    pub fn as_string(&self) -> Option<String> {
        match self {
            Value::Str(s) => Some(s.borrow().clone()),
            _ => None,
        }
    }

    /// Ruby's `to_s`.
    pub fn to_s(&self) -> String {
        match self {
            Value::Nil => String::new(),
            Value::Str(s) => s.borrow().clone(),
            Value::Sym(s) => s.to_string(),
            Value::Int(i) => i.to_string(),
            Value::Float(f) => marionette_catalog::wire::ruby_float(*f),
            Value::Bool(b) => b.to_string(),
            Value::Regexp(r) => {
                let on: String = ['m', 'i', 'x']
                    .iter()
                    .filter(|c| r.flags.contains(**c))
                    .collect();
                let off: String = ['m', 'i', 'x']
                    .iter()
                    .filter(|c| !r.flags.contains(**c))
                    .collect();
                let off = if off.is_empty() {
                    String::new()
                } else {
                    format!("-{off}")
                };
                format!("(?{on}{off}:{})", r.source)
            }
            Value::Range(r) => format!(
                "{}{}{}",
                r.start.to_s(),
                if r.exclusive { "..." } else { ".." },
                r.end.to_s()
            ),
            Value::Foreign(f) => f.to_s.clone(),
            Value::Class(name) => name.to_string(),
            Value::Template => "template[inline]".into(),
            Value::Match(m) => m.groups.first().cloned().flatten().unwrap_or_default(),
            Value::Exception(e) => e.message.clone(),
            Value::Object(o) => o.to_s(),
            _ => self.inspect(),
        }
    }

    /// Ruby's `inspect`.
    pub fn inspect(&self) -> String {
        let mut out = String::new();
        self.inspect_into(&mut out, &mut Vec::new());
        out
    }

    /// `seen`: the arrays and hashes being printed (Ruby prints a recursive one as
    /// `[...]` or `{...}`).
    fn inspect_into(&self, out: &mut String, seen: &mut Vec<usize>) {
        let ptr = match self {
            Value::Array(a) => Rc::as_ptr(a) as *const () as usize,
            Value::Hash(h) => Rc::as_ptr(h) as *const () as usize,
            _ => 0,
        };
        if ptr != 0 {
            if seen.contains(&ptr) {
                out.push_str(if matches!(self, Value::Array(_)) {
                    "[...]"
                } else {
                    "{...}"
                });
                return;
            }
            seen.push(ptr);
        }
        self.inspect_inner(out, seen);
        if ptr != 0 {
            seen.pop();
        }
    }

    fn inspect_inner(&self, out: &mut String, seen: &mut Vec<usize>) {
        match self {
            Value::Nil => out.push_str("nil"),
            Value::Str(s) => inspect_str(&s.borrow(), out),
            Value::Sym(s) => {
                out.push(':');
                if is_plain_symbol(s) {
                    out.push_str(s);
                } else {
                    inspect_str(s, out);
                }
            }
            Value::Array(items) => {
                out.push('[');
                for (i, v) in items.borrow().iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    v.inspect_into(out, seen);
                }
                out.push(']');
            }
            Value::Hash(h) => {
                out.push('{');
                for (i, (k, v)) in h.borrow().values().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    k.inspect_into(out, seen);
                    out.push_str("=>");
                    v.inspect_into(out, seen);
                }
                out.push('}');
            }
            Value::Range(r) => {
                r.start.inspect_into(out, seen);
                out.push_str(if r.exclusive { "..." } else { ".." });
                r.end.inspect_into(out, seen);
            }
            Value::Regexp(r) => {
                let _ = write!(out, "/{}/", r.source);
                for f in ['m', 'i', 'x'] {
                    if r.flags.contains(f) {
                        out.push(f);
                    }
                }
            }
            Value::Foreign(f) => out.push_str(&f.inspect),
            Value::Object(o) => out.push_str(&o.inspect()),
            Value::Proc(_) => out.push_str("#<Proc:0x0000000000000000 (lambda)>"),
            Value::Scope => out.push_str("#<Puppet::Parser::Scope>"),
            Value::Template => out.push_str("#<Puppet::Parser::TemplateWrapper>"),
            Value::Match(m) => {
                out.push_str("#<MatchData ");
                for (i, g) in m.groups.iter().enumerate() {
                    if i > 0 {
                        let name = m
                            .names
                            .get(i - 1)
                            .cloned()
                            .flatten()
                            .unwrap_or(i.to_string());
                        let _ = write!(out, " {name}:");
                    }
                    match g {
                        Some(s) => inspect_str(s, out),
                        None => out.push_str("nil"),
                    }
                }
                out.push('>');
            }
            Value::Exception(e) => {
                let _ = write!(out, "#<{}: {}>", e.class, e.message);
            }
            _ => out.push_str(&self.to_s()),
        }
    }

    /// The value as a hash key.
    pub fn key(&self) -> Key {
        match self {
            Value::Nil => Key::Nil,
            Value::Bool(b) => Key::Bool(*b),
            Value::Int(i) => Key::Int(*i),
            Value::Float(f) => Key::Float(f.to_bits()),
            Value::Str(s) => Key::Str(s.borrow().clone()),
            Value::Sym(s) => Key::Sym(s.clone()),
            Value::Array(a) => Key::Array(a.borrow().iter().map(Value::key).collect()),
            Value::Object(o) => o.key(),
            other => Key::Other(other.inspect()),
        }
    }

    /// Ruby's `==`.
    #[allow(clippy::should_implement_trait)]
    pub fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Nil, Value::Nil) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a == b,
            (Value::Int(a), Value::Float(b)) | (Value::Float(b), Value::Int(a)) => {
                (*a as f64) == *b
            }
            (Value::Str(a), Value::Str(b)) => *a.borrow() == *b.borrow(),
            (Value::Sym(a), Value::Sym(b)) => a == b,
            (Value::Array(a), Value::Array(b)) => {
                if Rc::ptr_eq(a, b) {
                    return true;
                }
                let (a, b) = (a.borrow(), b.borrow());
                a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.eq(y))
            }
            (Value::Hash(a), Value::Hash(b)) => {
                if Rc::ptr_eq(a, b) {
                    return true;
                }
                let (a, b) = (a.borrow(), b.borrow());
                a.len() == b.len()
                    && a.iter()
                        .all(|(k, (_, v))| b.get(k).is_some_and(|(_, w)| v.eq(w)))
            }
            (Value::Range(a), Value::Range(b)) => {
                a.exclusive == b.exclusive && a.start.eq(&b.start) && a.end.eq(&b.end)
            }
            (Value::Regexp(a), Value::Regexp(b)) => a.source == b.source && a.flags == b.flags,
            (Value::Foreign(a), Value::Foreign(b)) => {
                Rc::ptr_eq(a, b) || (a.class == b.class && a.inspect == b.inspect)
            }
            (Value::Scope, Value::Scope) | (Value::Template, Value::Template) => true,
            (Value::Class(a), Value::Class(b)) => a == b,
            (Value::Proc(a), Value::Proc(b)) => Rc::ptr_eq(a, b),
            (Value::Object(a), b) => a.eq(b),
            _ => false,
        }
    }

    /// A copy that shares nothing mutable at the top level (`dup`).
    pub fn dup(&self) -> Value {
        match self {
            Value::Str(s) => Value::str(s.borrow().clone()),
            Value::Array(a) => Value::array(a.borrow().clone()),
            Value::Hash(h) => Value::hash(h.borrow().clone()),
            other => other.clone(),
        }
    }
}

/// Inserts into a Ruby hash; a String key is copied, as Ruby freezes a copy.
pub fn hash_insert(h: &mut Hash, k: Value, v: Value) {
    let key = k.key();
    let k = match &k {
        Value::Str(_) => k.dup(),
        _ => k,
    };
    match h.get_mut(&key) {
        Some(slot) => slot.1 = v,
        None => {
            h.insert(key, (k, v));
        }
    }
}

fn is_plain_symbol(s: &str) -> bool {
    const OPERATORS: &[&str] = &[
        "[]", "[]=", "+", "-", "*", "/", "%", "**", "==", "===", "!=", "<", ">", "<=", ">=", "<=>",
        "<<", ">>", "!", "=~", "!~", "&", "|", "^", "~", "+@", "-@",
    ];
    if OPERATORS.contains(&s) {
        return true;
    }
    let body = s
        .strip_prefix("@@")
        .or_else(|| s.strip_prefix('@'))
        .or_else(|| s.strip_prefix('$'))
        .unwrap_or(s);
    let body = body
        .strip_suffix(['?', '!', '='])
        .filter(|b| !b.is_empty())
        .unwrap_or(body);
    let mut chars = body.chars();
    matches!(chars.next(), Some(c) if c.is_alphabetic() || c == '_' || !c.is_ascii())
        && chars.all(|c| c.is_alphanumeric() || c == '_' || !c.is_ascii())
}

pub use marionette_catalog::ruby::inspect_str;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printing_follows_ruby_3_1() {
        // Each expected string is what Ruby 3.1 prints with `p`.
        let h = Value::hash_from([
            (Value::Int(1), Value::Nil),
            (Value::sym("a"), Value::str("b")),
        ]);
        assert_eq!(h.inspect(), "{1=>nil, :a=>\"b\"}");
        assert_eq!(Value::str("a#{b\u{1}").inspect(), "\"a\\#{b\\u0001\"");
        assert_eq!(Value::sym("a b").inspect(), ":\"a b\"");
        assert_eq!(Value::sym("foo?").inspect(), ":foo?");
        assert_eq!(Value::sym("[]").inspect(), ":[]");
        assert_eq!(Value::sym("9a").inspect(), ":\"9a\"");
        let nested = Value::array(vec![
            Value::Int(1),
            Value::array(vec![Value::Nil, Value::Float(1.5)]),
        ]);
        assert_eq!(nested.to_s(), "[1, [nil, 1.5]]");
        assert_eq!(Value::Float(2.5e-5).to_s(), "2.5e-05");
    }
}
