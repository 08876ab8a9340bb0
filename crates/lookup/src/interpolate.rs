//! `%{...}` interpolation in `hiera.yaml` paths, options and data values, as
//! `Puppet::Pops::Lookup::Interpolation` does it.
//!
//! - `%{x}`, `%{::x}`, `%{facts.os.family}`, `%{trusted.certname}`, `%{facts."a.b"}`: the
//!   scope (the same as `%{scope('x')}`); dotted keys dig into hashes and arrays.
//! - `%{lookup('k')}` / `%{hiera('k')}`: a full lookup, its value turned into text.
//! - `%{alias('k')}`: a full lookup whose value (any type) replaces the whole string; only
//!   allowed when the expression is the entire string.
//! - `%{literal('%')}`: the text in quotes.
//! - `%{}`, `%{::}`, `%{''}`, `%{""}`, `%{'::'}`, `%{"::"}`: nothing.
//!
//! Undefined variables and keys that are not found interpolate as the empty string.
//! Interpolating into text turns a value into text as Ruby's `to_s` does (arrays and
//! hashes in Ruby's `inspect` form).

use marionette_catalog::Data;

use crate::error::{ErrorKind, LookupError};

/// What interpolation needs from the compile: variables and lookups. The evaluator (or a
/// test) implements it.
pub trait InterpolationContext {
    /// The value of a variable in the lookup's scope, by the name written after `%{`
    /// (`facts`, `trusted`, `role`, `::role`, `ntp::servers`; a leading `::` means top
    /// scope). `None` when it is not defined.
    fn variable(&mut self, name: &str) -> Option<Data>;

    /// `%{name.a.0}`: the value at `path` inside variable `name`; `Ok(None)` when the
    /// variable or a segment is missing (`key` is the whole text, for errors). The
    /// default digs into [`InterpolationContext::variable`]; a context whose variables
    /// are large (`facts`) may dig without converting all of it.
    fn variable_at(
        &mut self,
        name: &str,
        path: &[Segment],
        key: &str,
    ) -> Result<Option<Data>, LookupError> {
        match self.variable(name) {
            None => Ok(None),
            Some(value) => dig_path(value, path, key),
        }
    }

    /// A full lookup of `key` for `lookup`, `hiera` and `alias`; `Ok(None)` when not found.
    fn lookup(&mut self, key: &str) -> Result<Option<Data>, LookupError>;

    /// The keys being looked up or interpolated right now, shared with the lookup itself
    /// so that a key reaching itself again is an error.
    fn name_stack(&mut self) -> &mut Vec<String>;
}

/// Interpolates every string in `value` (hash keys too). `allow_methods` is false where
/// Puppet forbids the function forms: everything in `hiera.yaml` (paths, globs, uris,
/// mapped paths, datadir, options) is interpolated without them; data values with them.
pub fn interpolate(
    value: &Data,
    cx: &mut dyn InterpolationContext,
    allow_methods: bool,
) -> Result<Data, LookupError> {
    Ok(match value {
        Data::String(s) if s.contains("%{") => interpolate_string(s, cx, allow_methods)?,
        Data::Array(items) => Data::Array(
            items
                .iter()
                .map(|v| interpolate(v, cx, allow_methods))
                .collect::<Result<_, _>>()?,
        ),
        Data::Hash(entries) => {
            let mut out: Vec<(Data, Data)> = Vec::with_capacity(entries.len());
            for (k, v) in entries {
                let k = interpolate(k, cx, allow_methods)?;
                let v = interpolate(v, cx, allow_methods)?;
                match out.iter_mut().find(|(ek, _)| *ek == k) {
                    Some(slot) => slot.1 = v,
                    None => out.push((k, v)),
                }
            }
            Data::Hash(out)
        }
        other => other.clone(),
    })
}

fn error(message: impl Into<String>) -> LookupError {
    LookupError::new(ErrorKind::Interpolation, message)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Method {
    Scope,
    Lookup,
    Alias,
    Literal,
}

/// `/^(\w+)\((?:"([^"]+)"|'([^']+)')\)$/`
fn method_call(expr: &str) -> Option<(&str, &str)> {
    let open = expr.find('(')?;
    let name = &expr[..open];
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let inner = expr[open + 1..].strip_suffix(')')?;
    let quote = inner.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let arg = inner[1..].strip_suffix(quote)?;
    (!arg.is_empty() && !arg.contains(quote)).then_some((name, arg))
}

fn interpolate_string(
    subject: &str,
    cx: &mut dyn InterpolationContext,
    allow_methods: bool,
) -> Result<Data, LookupError> {
    let mut out = String::with_capacity(subject.len());
    let mut rest = subject;
    while let Some(start) = rest.find("%{") {
        let Some(len) = rest[start + 2..].find('}') else {
            break;
        };
        out.push_str(&rest[..start]);
        let whole = &rest[start..start + 2 + len + 1];
        let expr = rest[start + 2..start + 2 + len].trim();
        rest = &rest[start + 2 + len + 1..];
        if matches!(expr, "" | "::" | "\"\"" | "''" | "\"::\"" | "'::'") {
            continue;
        }
        let (method, key) = match method_call(expr) {
            Some((name, arg)) => {
                if !allow_methods {
                    return Err(error(
                        "Interpolation using method syntax is not allowed in this context",
                    ));
                }
                let method = match name {
                    "lookup" | "hiera" => Method::Lookup,
                    "alias" => Method::Alias,
                    "literal" => Method::Literal,
                    "scope" => Method::Scope,
                    other => return Err(error(format!("Unknown interpolation method '{other}'"))),
                };
                (method, arg)
            }
            None => (Method::Scope, expr),
        };
        if method == Method::Alias {
            if whole != subject {
                return Err(error(
                    "'alias' interpolation is only permitted if the expression is equal to the entire string",
                ));
            }
            return Ok(cx
                .lookup(key)?
                .unwrap_or_else(|| Data::String(String::new())));
        }
        let value = match method {
            Method::Literal => Some(Data::String(key.to_owned())),
            Method::Lookup => Some(
                cx.lookup(key)?
                    .unwrap_or_else(|| Data::String(String::new())),
            ),
            _ => scope_lookup(key, subject, cx)?,
        };
        let value = match value {
            None => continue,
            Some(v) => {
                let name = if method == Method::Scope {
                    format!("scope:{key}")
                } else {
                    key.to_owned()
                };
                check(cx, &name)?;
                cx.name_stack().push(name);
                let result = interpolate(&v, cx, allow_methods);
                cx.name_stack().pop();
                result?
            }
        };
        if value != Data::Undef {
            ruby_to_s(&value, &mut out);
        }
    }
    out.push_str(rest);
    Ok(Data::String(out))
}

/// `Invocation#check`: a name already being looked up is a recursion.
pub(crate) fn check(cx: &mut dyn InterpolationContext, name: &str) -> Result<(), LookupError> {
    let stack = cx.name_stack();
    if stack.iter().any(|n| n == name) {
        return Err(error(format!(
            "Recursive lookup detected in [{}]",
            stack.join(", ")
        )));
    }
    Ok(())
}

pub(crate) fn scope_lookup(
    key: &str,
    subject: &str,
    cx: &mut dyn InterpolationContext,
) -> Result<Option<Data>, LookupError> {
    let segments =
        split_key(key).ok_or_else(|| error(format!("Syntax error in string: {subject}")))?;
    let (root, path) = segments
        .split_first()
        .expect("split_key never returns nothing");
    let root = match root {
        Segment::Key(k) => k.clone(),
        Segment::Index(i) => i.to_string(),
    };
    cx.variable_at(&root, path, key)
}

/// `SubLookup#sub_lookup` over all of `path`: `Ok(None)` when a segment is missing,
/// Puppet's "Data Provider type mismatch" where a hash is needed and something else is
/// there.
pub fn dig_path(value: Data, path: &[Segment], key: &str) -> Result<Option<Data>, LookupError> {
    let mut value = value;
    for segment in path {
        value = match dig(&value, segment, key)? {
            Some(v) => v,
            None => return Ok(None),
        };
    }
    Ok(Some(value))
}

/// One segment of a dotted key: `a`, `"a.b"` or `0`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Segment {
    Key(String),
    Index(i64),
}

/// `SubLookup#split_key`: splits `a.b."c.d".0` into segments (quotes removed, whitespace
/// around segments trimmed, all-digit segments as indexes). `None` is Puppet's
/// "Syntax error".
pub fn split_key(key: &str) -> Option<Vec<Segment>> {
    if !key.contains(['\'', '"', '.']) {
        return Some(vec![Segment::Key(key.to_owned())]);
    }
    let mut segments = Vec::new();
    let b = key.as_bytes();
    let mut i = 0;
    loop {
        // A segment: optional spaces, then a quoted string (then spaces), or a run of
        // anything but quotes and dots.
        let start = i;
        let ws = b[i..]
            .iter()
            .take_while(|c| c.is_ascii_whitespace())
            .count();
        let seg = match b.get(i + ws) {
            Some(q @ (b'"' | b'\'')) => {
                let close = key[i + ws + 1..].find(*q as char)?;
                if close == 0 {
                    return None;
                }
                let inner = &key[i + ws + 1..i + ws + 1 + close];
                i = i + ws + 1 + close + 1;
                i += b[i..]
                    .iter()
                    .take_while(|c| c.is_ascii_whitespace())
                    .count();
                Segment::Key(inner.to_owned())
            }
            _ => {
                let len = b[start..]
                    .iter()
                    .take_while(|c| !matches!(c, b'\'' | b'"' | b'.'))
                    .count();
                if len == 0 {
                    return None;
                }
                i = start + len;
                let text = key[start..i].trim();
                let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
                match text.parse::<i64>() {
                    Ok(n) if !digits.is_empty() && digits.bytes().all(|c| c.is_ascii_digit()) => {
                        Segment::Index(n)
                    }
                    _ => Segment::Key(text.to_owned()),
                }
            }
        };
        segments.push(seg);
        match b.get(i) {
            None => return Some(segments),
            Some(b'.') if i + 1 < b.len() => i += 1,
            _ => return None,
        }
    }
}

/// `SubLookup#sub_lookup`: digs into the value found for a dotted key's root with the
/// remaining segments (`lookup('a.b.0')` looks up `a`, then takes `["b"][0]`).
/// `Ok(None)` is "no such key"; a string or array where a hash is needed is Puppet's
/// "Data Provider type mismatch" error. An unparsable key is "Syntax error".
pub fn sub_lookup(value: &Data, key: &str) -> Result<Option<Data>, LookupError> {
    let segments = split_key(key).ok_or_else(|| error(format!("Syntax error in key: '{key}'")))?;
    dig_path(value.clone(), &segments[1..], key)
}

/// One step of `SubLookup#sub_lookup`. `Ok(None)` is "no such key".
pub(crate) fn dig(value: &Data, segment: &Segment, key: &str) -> Result<Option<Data>, LookupError> {
    match (value, segment) {
        (Data::Undef, _) => Ok(None),
        (Data::Array(items), Segment::Index(i)) => {
            Ok(usize::try_from(*i).ok().and_then(|i| items.get(i)).cloned())
        }
        (Data::Hash(entries), seg) => {
            let wanted = match seg {
                Segment::Key(k) => Data::String(k.clone()),
                Segment::Index(i) => Data::Integer(*i),
            };
            Ok(entries
                .iter()
                .find(|(k, _)| *k == wanted)
                .map(|(_, v)| v.clone()))
        }
        (other, seg) => {
            let class = match other {
                Data::String(_) => "String",
                Data::Array(_) => "Array",
                Data::Integer(_) => "Integer",
                Data::Float(_) => "Float",
                Data::Bool(true) => "TrueClass",
                Data::Bool(false) => "FalseClass",
                _ => "Object",
            };
            let seg = match seg {
                Segment::Key(k) => k.clone(),
                Segment::Index(i) => i.to_string(),
            };
            Err(error(format!(
                "Data Provider type mismatch: Got {class} when a hash-like object was expected to access value using '{seg}' from key '{key}'"
            )))
        }
    }
}

/// Ruby's `to_s` of a value (`inspect` inside arrays and hashes).
fn ruby_to_s(value: &Data, out: &mut String) {
    match value {
        Data::String(s) => out.push_str(s),
        Data::Undef => {}
        other => marionette_catalog::ruby::inspect(other, out),
    }
}

#[cfg(test)]
mod tests;
