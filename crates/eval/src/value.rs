//! Runtime values.

use crate::types::PType;
use indexmap::IndexMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// An insertion-ordered hash, as Puppet's hashes are.
pub type ValueMap = IndexMap<Value, Value>;

/// A Puppet value. Cheap to clone: payloads are shared.
#[derive(Clone, Debug)]
pub enum Value {
    Undef,
    Default,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(Arc<str>),
    Regex(Arc<Regex>),
    Array(Arc<Vec<Value>>),
    Hash(Arc<ValueMap>),
    /// A type, including resource and class references (`File['/x']`, `Class[a]`).
    Type(Arc<PType>),
    Sensitive(Arc<Value>),
    Deferred(Arc<Deferred>),
    Timestamp(Arc<Timestamp>),
}

/// A point in time: seconds and nanoseconds since the epoch, UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Timestamp {
    pub seconds: i64,
    pub nanos: u32,
}

impl Timestamp {
    /// Parses the ISO 8601 forms Puppet accepts by default (`2024-01-01`,
    /// `2024-01-01T10:00:00Z`, fractions, `+hh:mm` offsets).
    pub fn parse(s: &str) -> Option<Timestamp> {
        let s = s.trim();
        let (date, time) = match s.split_once(['T', ' ']) {
            Some((d, t)) => (d, t),
            None => (s, "00:00:00Z"),
        };
        let mut d = date.split('-');
        let year: i64 = d.next()?.parse().ok()?;
        let month: u32 = d.next()?.parse().ok()?;
        let day: u32 = d.next()?.parse().ok()?;
        let (clock, offset) =
            if let Some(c) = time.strip_suffix('Z').or_else(|| time.strip_suffix(" UTC")) {
                (c, 0i64)
            } else if let Some(i) = time.rfind(['+', '-']) {
                let (c, o) = time.split_at(i);
                let sign = if o.starts_with('-') { -1 } else { 1 };
                let o = o[1..].replace(':', "");
                let hours: i64 = o.get(0..2)?.parse().ok()?;
                let minutes: i64 = o.get(2..4).unwrap_or("00").parse().ok()?;
                (c, sign * (hours * 3600 + minutes * 60))
            } else {
                (time, 0)
            };
        let (hms, frac) = clock.split_once('.').unwrap_or((clock, ""));
        let mut t = hms.split(':');
        let h: i64 = t.next()?.parse().ok()?;
        let m: i64 = t.next().unwrap_or("0").parse().ok()?;
        let sec: i64 = t.next().unwrap_or("0").parse().ok()?;
        let nanos: u32 = if frac.is_empty() {
            0
        } else {
            format!("{frac:0<9}")[..9].parse().ok()?
        };
        let days = days_from_civil(year, month, day);
        Some(Timestamp {
            seconds: days * 86400 + h * 3600 + m * 60 + sec - offset,
            nanos,
        })
    }

    /// Puppet's canonical form: `2024-01-01T00:00:00.000000000 UTC`.
    pub fn format(&self) -> String {
        let days = self.seconds.div_euclid(86400);
        let secs = self.seconds.rem_euclid(86400);
        let (y, m, d) = civil_from_days(days);
        format!(
            "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:09} UTC",
            secs / 3600,
            secs / 60 % 60,
            secs % 60,
            self.nanos
        )
    }
}

pub(crate) fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

pub(crate) fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719468;
    let era = z.div_euclid(146097);
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + if m <= 2 { 1 } else { 0 }, m, d)
}

const _: () = assert!(std::mem::size_of::<Value>() == 24);

/// A compiled regular expression with its Puppet source text.
#[derive(Debug)]
pub struct Regex {
    pub source: String,
    pub compiled: fancy_regex::Regex,
}

impl Regex {
    /// Compiles a Puppet (Ruby) regular expression.
    pub fn new(source: &str) -> Result<Regex, String> {
        let translated = translate_ruby_regex(source);
        fancy_regex::Regex::new(&translated)
            .map(|compiled| Regex {
                source: source.to_string(),
                compiled,
            })
            .map_err(|e| e.to_string())
    }

    pub fn is_match(&self, text: &str) -> bool {
        self.compiled.is_match(text).unwrap_or(false)
    }

    /// The capture groups of the first match (`$0`, `$1`, ...), if it matches.
    pub fn captures(&self, text: &str) -> Option<Vec<Option<String>>> {
        let caps = self.compiled.captures(text).ok()??;
        Some(
            (0..caps.len())
                .map(|i| caps.get(i).map(|m| m.as_str().to_string()))
                .collect(),
        )
    }
}

/// Ruby regex syntax that Rust regex engines spell differently: `^`/`$` are always line
/// anchors in Ruby, `\Z` allows a final newline, `\h` is a hex digit, `\d` `\w` `\s` are
/// ASCII-only, `(?m)` makes `.` match newlines, and POSIX brackets (`[[:alpha:]]`) are
/// Unicode-aware.
fn translate_ruby_regex(source: &str) -> String {
    const SPACE: &str = " \\t\\n\\x0B\\x0C\\r";
    let mut out = String::with_capacity(source.len() + 8);
    let chars: Vec<char> = source.chars().collect();
    let mut in_class = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        match c {
            '\\' => {
                let Some(&e) = chars.get(i) else {
                    out.push_str("\\\\");
                    continue;
                };
                i += 1;
                let (inside, outside): (String, String) = match e {
                    'h' => ("0-9a-fA-F".into(), "[0-9a-fA-F]".into()),
                    'H' => ("\\H".into(), "[^0-9a-fA-F]".into()),
                    'd' => ("0-9".into(), "[0-9]".into()),
                    'D' => ("\\D".into(), "[^0-9]".into()),
                    'w' => ("a-zA-Z0-9_".into(), "[a-zA-Z0-9_]".into()),
                    'W' => ("\\W".into(), "[^a-zA-Z0-9_]".into()),
                    's' => (SPACE.into(), format!("[{SPACE}]")),
                    'S' => ("\\S".into(), format!("[^{SPACE}]")),
                    'Z' => ("Z".into(), "(?=\\n?\\z)".into()),
                    // Octal escapes (`\0`, `\012`): Rust's engines want `\x{..}`.
                    '0'..='7'
                        if e == '0' || chars.get(i).is_some_and(|d| ('0'..='7').contains(d)) =>
                    {
                        let mut code = e.to_digit(8).unwrap_or(0);
                        let mut n = 1;
                        while n < 3 && chars.get(i).is_some_and(|d| ('0'..='7').contains(d)) {
                            code = code * 8 + chars[i].to_digit(8).unwrap_or(0);
                            i += 1;
                            n += 1;
                        }
                        let hex = format!("\\x{{{code:x}}}");
                        (hex.clone(), hex)
                    }
                    other => (format!("\\{other}"), format!("\\{other}")),
                };
                out.push_str(if in_class { &inside } else { &outside });
            }
            '[' if in_class => {
                // A POSIX bracket: `[:alpha:]`, `[:^digit:]`.
                let rest: String = chars[i..].iter().collect();
                let posix = rest.strip_prefix(':').and_then(|r| {
                    let end = r.find(":]")?;
                    Some((r[..end].to_string(), end + 3))
                });
                match posix {
                    Some((name, len)) => {
                        let (negated, name) = match name.strip_prefix('^') {
                            Some(n) => (true, n.to_string()),
                            None => (false, name),
                        };
                        let class = match name.as_str() {
                            "alpha" => "\\p{Alphabetic}",
                            "digit" => "\\p{Nd}",
                            "alnum" => "\\p{Alphabetic}\\p{Nd}",
                            "upper" => "\\p{Uppercase}",
                            "lower" => "\\p{Lowercase}",
                            "space" => "\\s",
                            "word" => "\\w",
                            "punct" => "\\p{P}",
                            "cntrl" => "\\p{Cc}",
                            "blank" => "\\p{Zs}\\t",
                            "xdigit" => "0-9a-fA-F",
                            _ => "",
                        };
                        if class.is_empty() {
                            out.push('[');
                        } else if negated {
                            out.push_str(&format!("[^{class}]"));
                            i += len;
                        } else {
                            out.push_str(class);
                            i += len;
                        }
                    }
                    None => out.push_str("\\["),
                }
            }
            '[' => {
                in_class = true;
                out.push('[');
                // A `]` or `^]` right after the opening bracket is literal.
                if chars.get(i) == Some(&'^') {
                    out.push('^');
                    i += 1;
                }
                if chars.get(i) == Some(&']') {
                    out.push_str("\\]");
                    i += 1;
                }
            }
            ']' if in_class => {
                in_class = false;
                out.push(']');
            }
            '(' if !in_class && chars.get(i) == Some(&'?') => {
                // Ruby's `m` flag is Rust's `s` (dot matches newline).
                out.push_str("(?");
                i += 1;
                while let Some(&f) = chars.get(i) {
                    if f.is_ascii_alphabetic() || f == '-' {
                        out.push(if f == 'm' { 's' } else { f });
                        i += 1;
                    } else {
                        break;
                    }
                }
            }
            '$' if !in_class => out.push_str("(?m:$)"),
            '^' if !in_class => out.push_str("(?m:^)"),
            _ => out.push(c),
        }
    }
    out
}

/// `Deferred(name, [args])`: a function call the agent makes.
#[derive(Clone, Debug)]
pub struct Deferred {
    pub name: String,
    pub arguments: Vec<Value>,
}

impl Value {
    pub fn str(s: impl Into<Arc<str>>) -> Value {
        Value::Str(s.into())
    }

    pub fn array(items: Vec<Value>) -> Value {
        Value::Array(Arc::new(items))
    }

    pub fn hash(map: ValueMap) -> Value {
        Value::Hash(Arc::new(map))
    }

    pub fn is_undef(&self) -> bool {
        matches!(self, Value::Undef)
    }

    /// Puppet truthiness: only `undef` and `false` are false.
    pub fn is_truthy(&self) -> bool {
        !matches!(self, Value::Undef | Value::Bool(false))
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The name of the value's type, as in Puppet's error messages ("a String value").
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Undef => "Undef",
            Value::Default => "Default",
            Value::Bool(_) => "Boolean",
            Value::Int(_) => "Integer",
            Value::Float(_) => "Float",
            Value::Str(_) => "String",
            Value::Regex(_) => "Regexp",
            Value::Array(_) => "Array",
            Value::Hash(_) => "Hash",
            Value::Type(_) => "Type",
            Value::Sensitive(_) => "Sensitive",
            Value::Deferred(_) => "Deferred",
            Value::Timestamp(_) => "Timestamp",
        }
    }

    /// Puppet's `==`: strings compare case-insensitively, numbers by value, arrays and
    /// hashes deeply.
    pub fn puppet_eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Str(a), Value::Str(b)) => {
                a.len() == b.len() && a.to_lowercase() == b.to_lowercase()
            }
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Int(a), Value::Float(b)) | (Value::Float(b), Value::Int(a)) => {
                (*a as f64) == *b
            }
            (Value::Float(a), Value::Float(b)) => a == b,
            (Value::Array(a), Value::Array(b)) => {
                a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.puppet_eq(y))
            }
            (Value::Hash(a), Value::Hash(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .all(|(k, v)| b.iter().any(|(k2, v2)| k.puppet_eq(k2) && v.puppet_eq(v2)))
            }
            (Value::Sensitive(a), Value::Sensitive(b)) => Arc::ptr_eq(a, b),
            _ => self == other,
        }
    }
}

/// Strict equality (`eql?`): the equality of hash keys and `unique`.
impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Undef, Value::Undef) | (Value::Default, Value::Default) => true,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
            (Value::Str(a), Value::Str(b)) => a == b,
            (Value::Regex(a), Value::Regex(b)) => a.source == b.source,
            (Value::Array(a), Value::Array(b)) => a == b,
            (Value::Hash(a), Value::Hash(b)) => {
                a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x == y)
            }
            (Value::Type(a), Value::Type(b)) => a == b,
            (Value::Sensitive(a), Value::Sensitive(b)) => Arc::ptr_eq(a, b),
            (Value::Deferred(a), Value::Deferred(b)) => {
                a.name == b.name && a.arguments == b.arguments
            }
            (Value::Timestamp(a), Value::Timestamp(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Value {}

impl Hash for Value {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::mem::discriminant(self).hash(state);
        match self {
            Value::Bool(b) => b.hash(state),
            Value::Int(i) => i.hash(state),
            Value::Float(f) => f.to_bits().hash(state),
            Value::Str(s) => s.hash(state),
            Value::Regex(r) => r.source.hash(state),
            Value::Array(a) => a.iter().for_each(|v| v.hash(state)),
            Value::Hash(h) => h.iter().for_each(|(k, v)| {
                k.hash(state);
                v.hash(state)
            }),
            Value::Type(t) => t.to_string().hash(state),
            _ => {}
        }
    }
}

/// Formats a float as Ruby's `Float#to_s` does.
pub fn format_float(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        };
    }
    let abs = f.abs();
    if abs != 0.0 && !(1e-4..1e15).contains(&abs) {
        // Ruby: 1.0e+15, 1.0e-05
        let s = format!("{f:e}");
        let (mantissa, exp) = s.split_once('e').unwrap_or((&s, "0"));
        let mantissa = if mantissa.contains('.') {
            mantissa.to_string()
        } else {
            format!("{mantissa}.0")
        };
        let exp: i32 = exp.parse().unwrap_or(0);
        let sign = if exp < 0 { '-' } else { '+' };
        return format!("{mantissa}e{sign}{:02}", exp.abs());
    }
    let s = format!("{f}");
    if s.contains('.') {
        s
    } else {
        format!("{s}.0")
    }
}

/// The string form of a value in string interpolation (`"${x}"`): undef is empty,
/// arrays and hashes show their elements the same way (`[a, 1]`, `{k => v}`), regexps
/// are `/.../`, types print their names.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Undef => Ok(()),
            Value::Default => f.write_str("default"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::Float(x) => f.write_str(&format_float(*x)),
            Value::Str(s) => f.write_str(s),
            Value::Regex(r) => f.write_str(&crate::types::regexp_with_delimiters(&r.source)),
            Value::Array(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    fmt::Display::fmt(item, f)?;
                }
                f.write_str("]")
            }
            Value::Hash(map) => {
                f.write_str("{")?;
                for (i, (k, v)) in map.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{k} => {v}")?;
                }
                f.write_str("}")
            }
            Value::Type(t) => write!(f, "{t}"),
            Value::Sensitive(_) => f.write_str("Sensitive [value redacted]"),
            Value::Deferred(d) => write!(f, "Deferred({})", d.name),
            Value::Timestamp(t) => f.write_str(&t.format()),
        }
    }
}

impl Value {
    /// `String(x)`: Puppet's string converter with its default formats. Top-level
    /// strings are unquoted, floats use `%f` (`1.000000`), and inside arrays and hashes
    /// values are quoted the Puppet way (`['a', 1, undef]`).
    pub fn to_puppet_string(&self) -> String {
        match self {
            Value::Float(x) => format!("{x:.6}"),
            Value::Regex(r) => r.source.clone(),
            Value::Array(_) | Value::Hash(_) => self.to_quoted_string(),
            other => other.to_string(),
        }
    }

    /// The `%p` form: strings quoted (`'a'`), undef as `undef`, containers recursively.
    pub fn to_quoted_string(&self) -> String {
        match self {
            Value::Str(s) => puppet_quote(s),
            Value::Undef => "undef".into(),
            Value::Array(items) => format!(
                "[{}]",
                items
                    .iter()
                    .map(Value::to_quoted_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Value::Hash(map) => format!(
                "{{{}}}",
                map.iter()
                    .map(|(k, v)| format!("{} => {}", k.to_quoted_string(), v.to_quoted_string()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            other => other.to_string(),
        }
    }
}

/// Puppet's quoting of a string (the string converter's `puppet_quote`): single quotes
/// unless the string has control characters, then double quotes with escapes.
pub fn puppet_quote(s: &str) -> String {
    if s.chars().any(|c| (c as u32) < 0x20) {
        let mut out = String::from("\"");
        for c in s.chars() {
            match c {
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '"' => out.push_str("\\\""),
                '$' => out.push_str("\\$"),
                '\\' => out.push_str("\\\\"),
                c if (c as u32) < 0x20 => out.push_str(&format!("\\u{{{:X}}}", c as u32)),
                c => out.push(c),
            }
        }
        out.push('"');
        return out;
    }
    let mut out = String::from("'");
    let mut escaped = false;
    for c in s.chars() {
        if escaped {
            out.push('\\');
            out.push(c);
            escaped = false;
        } else if c == '\'' {
            out.push_str("\\'");
        } else if c == '\\' {
            escaped = true;
        } else {
            out.push(c);
        }
    }
    if escaped {
        out.push('\\');
    }
    out.push('\'');
    out
}

impl Value {
    /// Ruby's `inspect` of the value as a legacy (3.x) function sees it: `"a"`,
    /// `[1, "a"]`, `{"k"=>1}`, `nil`. `sprintf('%p')`, `%s` of containers and `fail`
    /// with containers print this.
    pub fn ruby_inspect(&self) -> String {
        match self {
            Value::Undef => "nil".into(),
            Value::Str(s) => {
                let mut out = String::from("\"");
                for c in s.chars() {
                    match c {
                        '"' => out.push_str("\\\""),
                        '\\' => out.push_str("\\\\"),
                        '\n' => out.push_str("\\n"),
                        '\t' => out.push_str("\\t"),
                        '\r' => out.push_str("\\r"),
                        '\u{1b}' => out.push_str("\\e"),
                        '#' => out.push('#'),
                        c if (c as u32) < 0x20 || c == '\u{7f}' => {
                            out.push_str(&format!("\\x{:02X}", c as u32))
                        }
                        c => out.push(c),
                    }
                }
                out.push('"');
                out
            }
            Value::Array(items) => format!(
                "[{}]",
                items
                    .iter()
                    .map(Value::ruby_inspect)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Value::Hash(map) => format!(
                "{{{}}}",
                map.iter()
                    .map(|(k, v)| format!("{}=>{}", k.ruby_inspect(), v.ruby_inspect()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Value::Default => ":default".into(),
            other => other.to_string(),
        }
    }

    /// Ruby's `to_s`: strings as they are, containers inspected, `nil` empty.
    pub fn ruby_to_s(&self) -> String {
        match self {
            Value::Undef => String::new(),
            Value::Array(_) | Value::Hash(_) => self.ruby_inspect(),
            Value::Default => "default".into(),
            other => other.to_string(),
        }
    }
}
