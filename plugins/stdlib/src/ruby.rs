//! The Ruby semantics stdlib's functions inherit: how Puppet hands values to a 3.x
//! function, and Ruby's `to_s`, `inspect`, `==`, `eql?`, `Float()`, `Integer()`.

use marionette_catalog::wire::ruby_float;
use marionette_catalog::Data;

/// The arguments as a 3.x function sees them (Puppet's
/// `Runtime3FunctionArgumentConverter`): a top-level `undef` is `''`, a nested one
/// `nil`; regular expressions are their `inspect` text (`/a.b/`); timestamps and
/// other rich scalars their string form.
/// Borrowed when nothing needs converting (the usual case), rather than copied.
pub fn args3x(args: &[Data]) -> std::borrow::Cow<'_, [Data]> {
    if !args
        .iter()
        .any(|a| matches!(a, Data::Undef) || converts3x(a))
    {
        return std::borrow::Cow::Borrowed(args);
    }
    args.iter()
        .map(|a| match a {
            Data::Undef => Data::String(String::new()),
            other => inner3x(other),
        })
        .collect()
}

/// Whether [`inner3x`] changes `d`: it holds a regular expression or a timestamp.
fn converts3x(d: &Data) -> bool {
    match d {
        Data::Regexp(_) | Data::Timestamp(_) => true,
        Data::Array(items) => items.iter().any(converts3x),
        Data::Hash(entries) => entries.iter().any(|(k, v)| converts3x(k) || converts3x(v)),
        _ => false,
    }
}

fn inner3x(d: &Data) -> Data {
    match d {
        Data::Regexp(src) => Data::String(format!("/{src}/")),
        Data::Timestamp(t) => Data::String(t.clone()),
        Data::Array(items) => Data::Array(items.iter().map(inner3x).collect()),
        Data::Hash(entries) => Data::Hash(
            entries
                .iter()
                .map(|(k, v)| (inner3x(k), inner3x(v)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Ruby's `to_s` of a value a function received.
pub fn to_s(d: &Data) -> String {
    match d {
        Data::Undef => String::new(),
        Data::String(s) => s.clone(),
        Data::Array(_) | Data::Hash(_) => inspect(d),
        other => scalar(other),
    }
}

/// Ruby's `inspect` (Ruby 3.1: `{"a"=>1}`, `["a", nil]`).
pub fn inspect(d: &Data) -> String {
    let mut out = String::new();
    marionette_catalog::ruby::inspect(d, &mut out);
    out
}

fn scalar(d: &Data) -> String {
    match d {
        Data::Bool(b) => b.to_string(),
        Data::Integer(i) => i.to_string(),
        Data::Float(f) => ruby_float(*f),
        Data::String(s) => s.clone(),
        Data::Default => "default".into(),
        Data::Sensitive(_) => "Sensitive [value redacted]".into(),
        Data::Regexp(src) => format!("(?-mix:{src})"),
        Data::Timestamp(t) => t.clone(),
        Data::Deferred { name, .. } => format!("Deferred({name})"),
        Data::Type { ptype, attributes } => match attributes.as_slice() {
            [(k, Data::String(v))] if k == "__pvalue" => v.clone(),
            _ => ptype.clone(),
        },
        _ => String::new(),
    }
}

/// The Ruby class of a value, as stdlib's messages name it.
pub fn class(d: &Data) -> &'static str {
    match d {
        Data::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive",
        Data::Default => "Symbol",
        Data::Type { ptype, .. } if ptype.starts_with("Pcore::") => "Puppet::Pops::Types::PAnyType",
        other => marionette_catalog::ruby::class_name(other),
    }
}

/// Ruby's `==`: numbers compare by value across Integer and Float.
pub fn equal(a: &Data, b: &Data) -> bool {
    match (a, b) {
        (Data::Integer(x), Data::Float(y)) | (Data::Float(y), Data::Integer(x)) => *x as f64 == *y,
        (Data::Array(x), Data::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| equal(a, b))
        }
        (Data::Hash(x), Data::Hash(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| get(y, k).is_some_and(|w| equal(v, w)))
        }
        _ => a == b,
    }
}

/// Ruby's `eql?` (used by hashes and `uniq`, `-`, `&`, `|`): `1` and `1.0` differ.
pub fn eql(a: &Data, b: &Data) -> bool {
    a == b
}

/// A hash's value for a key (Ruby's `Hash#[]`, by `eql?`).
pub fn get<'a>(entries: &'a [(Data, Data)], key: &Data) -> Option<&'a Data> {
    entries.iter().find(|(k, _)| eql(k, key)).map(|(_, v)| v)
}

/// Inserts or replaces (keeping the first position, as Ruby's `Hash#[]=` does).
pub fn put(entries: &mut Vec<(Data, Data)>, key: Data, value: Data) {
    match entries.iter_mut().find(|(k, _)| eql(k, &key)) {
        Some(slot) => slot.1 = value,
        None => entries.push((key, value)),
    }
}

/// Ruby's `Float(x)`: numbers, and strings in Ruby's float syntax (with `_` between
/// digits, hex integers, surrounding whitespace).
pub fn float(d: &Data) -> Option<f64> {
    match d {
        Data::Integer(i) => Some(*i as f64),
        Data::Float(f) => Some(*f),
        Data::String(s) => parse_float(s),
        _ => None,
    }
}

fn parse_float(s: &str) -> Option<f64> {
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace() || c == '\0');
    if t.is_empty() {
        return None;
    }
    if let Some(i) = parse_integer(t) {
        return Some(i as f64);
    }
    // Digits on both sides of `.`, optional exponent; underscores only between digits.
    let bytes = t.as_bytes();
    let mut ok = true;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'_' {
            let prev = i > 0 && bytes[i - 1].is_ascii_digit();
            let next = bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
            ok &= prev && next;
        }
    }
    let clean: String = t.chars().filter(|&c| c != '_').collect();
    let body = clean.trim_start_matches(['+', '-']);
    let (mantissa, exp) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let mantissa_ok = match mantissa.split_once('.') {
        Some((a, b)) => {
            !a.is_empty()
                && !b.is_empty()
                && a.bytes().all(|c| c.is_ascii_digit())
                && b.bytes().all(|c| c.is_ascii_digit())
        }
        None => !mantissa.is_empty() && mantissa.bytes().all(|c| c.is_ascii_digit()),
    };
    let exp_ok = exp.is_none_or(|e| {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        !e.is_empty() && e.bytes().all(|c| c.is_ascii_digit())
    });
    if !(ok && mantissa_ok && exp_ok) {
        return None;
    }
    clean.parse().ok()
}

/// Ruby's `Integer(x)` on a string: decimal, `0x`, `0b`, `0o`/`0` prefixes, `_`
/// between digits, surrounding whitespace.
pub fn parse_integer(s: &str) -> Option<i64> {
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace());
    let (neg, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let lower = body.to_ascii_lowercase();
    let (radix, digits) = if let Some(d) = lower.strip_prefix("0x") {
        (16, d.to_string())
    } else if let Some(d) = lower.strip_prefix("0b") {
        (2, d.to_string())
    } else if let Some(d) = lower.strip_prefix("0o") {
        (8, d.to_string())
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, lower[1..].to_string())
    } else {
        (10, lower)
    };
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
    {
        return None;
    }
    let clean: String = digits.chars().filter(|&c| c != '_').collect();
    let v = i64::from_str_radix(&clean, radix).ok()?;
    Some(if neg { -v } else { v })
}

/// Ruby's `Integer(x)` on any value (`Integer(nil)` and others fail).
pub fn integer(d: &Data) -> Option<i64> {
    match d {
        Data::Integer(i) => Some(*i),
        Data::Float(f) if f.is_finite() => Some(f.trunc() as i64),
        Data::String(s) => parse_integer(s),
        _ => None,
    }
}

/// Ruby's `String#to_i`: the leading decimal integer, 0 if none.
pub fn str_to_i(s: &str) -> i64 {
    let t = s.trim_start();
    let mut end = 0;
    for (i, c) in t.char_indices() {
        if c.is_ascii_digit() || (i == 0 && (c == '-' || c == '+')) || (c == '_' && i > 0) {
            end = i + 1;
        } else {
            break;
        }
    }
    t[..end].replace('_', "").parse().unwrap_or(0)
}

/// Ruby's `to_i` of a value (Float truncates, String reads leading digits).
pub fn to_i(d: &Data) -> i64 {
    match d {
        Data::Integer(i) => *i,
        Data::Float(f) => f.trunc() as i64,
        Data::String(s) => str_to_i(s),
        _ => 0,
    }
}

/// Ruby's `String#to_f`: the leading float, 0.0 if none.
pub fn str_to_f(s: &str) -> f64 {
    let b = s.trim_start().as_bytes();
    let digits = |mut i: usize| {
        while i < b.len()
            && (b[i].is_ascii_digit() || (b[i] == b'_' && i > 0 && b[i - 1].is_ascii_digit()))
        {
            i += 1;
        }
        i
    };
    let mut i = usize::from(matches!(b.first(), Some(b'+' | b'-')));
    let int_end = digits(i);
    if int_end == i {
        return 0.0;
    }
    i = int_end;
    if i + 1 < b.len() && b[i] == b'.' && b[i + 1].is_ascii_digit() {
        i = digits(i + 1);
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        let e_end = digits(j);
        if e_end > j {
            i = e_end;
        }
    }
    let text: String = String::from_utf8_lossy(&b[..i]).replace('_', "");
    text.parse().unwrap_or(0.0)
}

/// Ruby's `Float#to_s` of `s.to_f`, used by stdlib's "is it a float string" tests.
pub fn to_f_to_s(s: &str) -> String {
    ruby_float(str_to_f(s))
}

/// Ruby truthiness: everything but `nil` and `false`.
pub fn truthy(d: &Data) -> bool {
    !matches!(d, Data::Undef | Data::Bool(false))
}

/// Ruby's `Array#flatten`.
pub fn flatten(items: &[Data], out: &mut Vec<Data>) {
    for item in items {
        match item {
            Data::Array(inner) => flatten(inner, out),
            other => out.push(other.clone()),
        }
    }
}

/// Ruby's `Array#uniq` (by `eql?`).
pub fn uniq(items: Vec<Data>) -> Vec<Data> {
    let mut out: Vec<Data> = Vec::with_capacity(items.len());
    for item in items {
        if !out.iter().any(|o| eql(o, &item)) {
            out.push(item);
        }
    }
    out
}

/// Ruby's `Array(x)`: an array as it is, `nil` as `[]`, a hash as its pairs, anything
/// else in a one-element array.
pub fn array(d: &Data) -> Vec<Data> {
    match d {
        Data::Array(items) => items.clone(),
        Data::Undef => Vec::new(),
        Data::Hash(entries) => entries
            .iter()
            .map(|(k, v)| Data::Array(vec![k.clone(), v.clone()]))
            .collect(),
        other => vec![other.clone()],
    }
}

/// A Ruby regular expression compiled from a string (`Regexp.new(s)`), or from the
/// `/.../` text a 3.x function receives for a Puppet regexp.
pub fn regexp(pattern: &Data) -> Result<marionette_eval::value::Regex, String> {
    let src = match pattern {
        Data::Regexp(src) => src.clone(),
        other => to_s(other),
    };
    marionette_eval::value::Regex::new(&src)
        .map_err(|e| format!("invalid regular expression /{src}/: {e}"))
}

/// Ruby's `obj =~ re` as stdlib's filters use it: strings are matched, other values
/// never match.
pub fn matches(re: &marionette_eval::value::Regex, d: &Data) -> bool {
    match d {
        Data::String(s) => re.is_match(s),
        _ => false,
    }
}
