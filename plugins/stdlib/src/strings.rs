//! Strings and conversions: `bool2str`, `str2bool`, `num2bool`, `basename`, `base64`,
//! `shell_join`, `uriescape`, `to_bytes`, `stdlib::start_with`...

use crate::ruby::{self, args3x, class, inspect, to_s};
use crate::{native, FunctionContext, NativeFunction, ANY};
use marionette_catalog::Data;

type R = Result<Data, String>;

fn err<T>(msg: impl Into<String>) -> Result<T, String> {
    Err(msg.into())
}

pub const FUNCTIONS: &[NativeFunction] = &[
    native!("bool2str", ANY, |a, _| bool2str(&args3x(a))),
    native!("str2bool", ANY, |a, _| match args3x(a).first() {
        None => err("str2bool(): Wrong number of arguments given (0 for 1)"),
        Some(v) => str2bool(v).map(Data::Bool),
    }),
    native!("num2bool", ANY, |a, _| {
        let a = args3x(a);
        if a.len() != 1 {
            return err(format!(
                "num2bool(): Wrong number of arguments given ({} for 1)",
                a.len()
            ));
        }
        num2bool(&a[0]).map(Data::Bool)
    }),
    native!("bool2num", ANY, |a, _| match args3x(a).first() {
        None => err("bool2num(): Wrong number of arguments given (0 for 1)"),
        Some(v) => Ok(Data::Integer(i64::from(str2bool(v)?))),
    }),
    native!("any2bool", ANY, |a, _| match args3x(a).first() {
        None => err("any2bool(): Wrong number of arguments given (0 for 1)"),
        Some(v) => any2bool(v).map(Data::Bool),
    }),
    native!("basename", ANY, |a, _| basename(&args3x(a))),
    native!("dirname", ANY, |a, _| dirname(&args3x(a))),
    native!("base64", ANY, |a, _| base64(&args3x(a))),
    native!("convert_base", &["Any p0, Any p1"], |a, _| convert_base(
        &args3x(a)
    )),
    native!("dos2unix", &["Any p0"], |a, _| match &args3x(a)[0] {
        Data::String(s) => Ok(Data::String(s.replace("\r\n", "\n"))),
        _ => err("dos2unix(): Requires string as argument"),
    }),
    native!("unix2dos", &["Any p0"], |a, _| match &args3x(a)[0] {
        Data::String(s) => Ok(Data::String(unix2dos(s))),
        _ => err("unix2dos(): Requires string as argument"),
    }),
    native!("regexpescape", ANY, |a, _| {
        map_strings(
            &args3x(a),
            "regexpescape",
            "either array or string",
            regexp_escape,
        )
    }),
    native!("swapcase", ANY, |a, _| {
        map_strings(&args3x(a), "swapcase", "either array or string", swapcase)
    }),
    native!("uriescape", ANY, |a, _| {
        map_strings(
            &args3x(a),
            "uriescape",
            "either array or string",
            uri_escape,
        )
    }),
    native!("shell_join", ANY, |a, _| {
        let a = args3x(a);
        if a.len() != 1 {
            return err(format!(
                "shell_join(): Wrong number of arguments given ({} for 1)",
                a.len()
            ));
        }
        let Data::Array(items) = &a[0] else {
            return err(format!(
                "First argument is not an Array: {}",
                inspect(&a[0])
            ));
        };
        let words: Vec<String> = items.iter().map(|i| shell_escape(&to_s(i))).collect();
        Ok(Data::String(words.join(" ")))
    }),
    native!("shell_split", ANY, |a, _| {
        let a = args3x(a);
        if a.len() != 1 {
            return err(format!(
                "shell_split(): Wrong number of arguments given ({} for 1)",
                a.len()
            ));
        }
        shell_split(&to_s(&a[0])).map(|w| Data::Array(w.into_iter().map(Data::String).collect()))
    }),
    native!("shell_escape", &["Any string"], |a, _| {
        Ok(Data::String(shell_escape(&to_s(&a[0]))))
    }),
    native!("batch_escape", &["Any string"], |a, _| {
        let mut out = String::from("\"");
        for c in to_s(&a[0]).chars() {
            match c {
                '"' => out.push_str("\"\""),
                '$' | '\\' => {
                    out.push('\\');
                    out.push(c)
                }
                c => out.push(c),
            }
        }
        out.push('"');
        Ok(Data::String(out))
    }),
    native!("powershell_escape", &["Any string"], |a, _| {
        let mut out = String::new();
        for c in to_s(&a[0]).chars() {
            match c {
                ' ' | '\'' | '`' | '|' | '\n' | '$' => {
                    out.push('`');
                    out.push(c)
                }
                '"' => out.push_str("\\`\""),
                c => out.push(c),
            }
        }
        Ok(Data::String(out))
    }),
    native!("squeeze", ANY, |a, _| squeeze(&args3x(a))),
    native!("to_bytes", ANY, |a, _| to_bytes(&args3x(a))),
    native!("type3x", ANY, |a, _| type3x(&args3x(a))),
    native!(
        "stdlib::start_with",
        &["String test_string, Variant[String[1],Array[String[1], 1]] prefixes"],
        |a, _| Ok(Data::Bool(
            strings_of(&a[1])
                .iter()
                .any(|p| to_s(&a[0]).starts_with(p.as_str()))
        ))
    ),
    native!(
        "stdlib::end_with",
        &["String test_string, Variant[String[1],Array[String[1], 1]] suffixes"],
        |a, _| Ok(Data::Bool(
            strings_of(&a[1])
                .iter()
                .any(|p| to_s(&a[0]).ends_with(p.as_str()))
        ))
    ),
    native!("stdlib::extname", &["String filename"], |a, _| {
        Ok(Data::String(extname(&to_s(&a[0]))))
    }),
    native!(
        "stdlib::xml_encode",
        &["String str, Enum['text','attr'] type?"],
        |a, _| {
            let attr = matches!(a.get(1), Some(Data::String(t)) if t == "attr");
            Ok(Data::String(xml_encode(&to_s(&a[0]), attr)))
        }
    ),
    native!("fqdn_uuid", ANY, |a, _| {
        let a = args3x(a);
        match &*a {
            [] => err("fqdn_uuid: No arguments given"),
            [Data::String(s)] => Ok(Data::String(fqdn_uuid(s))),
            [other] => err(format!(
                "no implicit conversion of {} into String",
                class(other)
            )),
            _ => err(format!("fqdn_uuid: Too many arguments given ({})", a.len())),
        }
    }),
    native!("seeded_rand", &["Any p0, Any p1"], |a, _| seeded_rand(
        &args3x(a)
    )),
    native!("time", ANY, time),
    native!("shuffle", ANY, |a, _| shuffle(&args3x(a))),
    native!(
        "seeded_rand_string",
        &["Integer[1] length, String seed, String[2] charset?"],
        |a, _| Ok(Data::String(seeded_rand_string(&a[0], &a[1], a.get(2))))
    ),
    native!(
        "sprintf_hash",
        &["String format, Hash arguments"],
        |a, cx| {
            crate::deprecation(
                cx,
                "sprintf_hash",
                "This method is deprecated. From Puppet 4.10.10/5.3.4 please use the built-in sprintf instead",
            );
            cx.call_function("sprintf", a.to_vec())
        }
    ),
];

fn strings_of(d: &Data) -> Vec<String> {
    match d {
        Data::Array(items) => items.iter().map(to_s).collect(),
        other => vec![to_s(other)],
    }
}

fn bool2str(args: &[Data]) -> R {
    if args.len() != 1 && args.len() != 3 {
        return err(format!(
            "bool2str(): Wrong number of arguments given ({} for 3)",
            args.len()
        ));
    }
    let Data::Bool(b) = args[0] else {
        return err("bool2str(): Requires a boolean to work with");
    };
    let pick = |i: usize, dflt: &str| match args.get(i) {
        None | Some(Data::Undef) | Some(Data::Bool(false)) => Data::String(dflt.into()),
        Some(v) => v.clone(),
    };
    let (t, f) = (pick(1, "true"), pick(2, "false"));
    if !matches!(t, Data::String(_)) || !matches!(f, Data::String(_)) {
        return err("bool2str(): Requires strings to convert to");
    }
    Ok(if b { t } else { f })
}

/// stdlib's `str2bool`: booleans as they are, `1 t y true yes` (any case) true,
/// `0 f n false no`, `undef`, `undefined` and `''` false.
pub(crate) fn str2bool(d: &Data) -> Result<bool, String> {
    let s = match d {
        Data::Bool(b) => return Ok(*b),
        Data::String(s) => s,
        _ => return err("str2bool(): Requires string to work with"),
    };
    // Ruby's `^...$` match any line of the string.
    let lines: Vec<&str> = if s.is_empty() {
        vec![""]
    } else {
        s.split('\n').collect()
    };
    let any = |words: &[&str], ci: bool| {
        lines.iter().any(|l| {
            words.iter().any(|w| {
                if ci {
                    l.eq_ignore_ascii_case(w)
                } else {
                    l == w
                }
            })
        })
    };
    if s.is_empty() || lines.iter().any(|l| l.is_empty()) {
        return Ok(false);
    }
    if any(&["1", "t", "y", "true", "yes"], true) {
        return Ok(true);
    }
    if any(&["0", "f", "n", "false", "no"], true) || any(&["undef", "undefined"], false) {
        return Ok(false);
    }
    err("str2bool(): Unknown type of boolean given")
}

fn num2bool(d: &Data) -> Result<bool, String> {
    let n = match d {
        Data::Integer(i) => *i,
        Data::Float(f) => f.trunc() as i64,
        Data::String(s) => match ruby::float(d) {
            Some(f) => f.trunc() as i64,
            None => {
                return err(format!(
                    "num2bool(): '{s}' does not look like a number: invalid value for Float(): {}",
                    inspect(d)
                ))
            }
        },
        other => ruby::str_to_i(&to_s(other)),
    };
    Ok(n > 0)
}

fn any2bool(d: &Data) -> Result<bool, String> {
    match d {
        Data::Bool(b) => Ok(*b),
        Data::Undef => Ok(false),
        Data::Integer(_) | Data::Float(_) => num2bool(d),
        Data::String(_) if ruby::float(d).is_some() => num2bool(d),
        Data::String(_) => str2bool(d),
        _ => Ok(true),
    }
}

fn basename(args: &[Data]) -> R {
    match args.len() {
        0 => return err("basename(): No arguments given"),
        1 | 2 => {}
        n => return err(format!("basename(): Too many arguments given ({n})")),
    }
    let Data::String(path) = &args[0] else {
        return err("basename(): Requires string as first argument");
    };
    let suffix = match args.get(1) {
        None => None,
        Some(Data::String(s)) => Some(s.as_str()),
        Some(_) => return err("basename(): Requires string as second argument"),
    };
    Ok(Data::String(file_basename(path, suffix)))
}

/// Ruby's `File.basename(path, suffix)`.
pub(crate) fn file_basename(path: &str, suffix: Option<&str>) -> String {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.is_empty() {
            String::new()
        } else {
            "/".into()
        };
    }
    let base = trimmed.rsplit('/').next().unwrap_or(trimmed);
    match suffix {
        Some(".*") => match base.rfind('.') {
            Some(i) if i > 0 => base[..i].to_string(),
            _ => base.to_string(),
        },
        Some(sfx) if !sfx.is_empty() && base.len() > sfx.len() && base.ends_with(sfx) => {
            base[..base.len() - sfx.len()].to_string()
        }
        _ => base.to_string(),
    }
}

fn dirname(args: &[Data]) -> R {
    match args {
        [] => err("dirname(): No arguments given"),
        [Data::String(s)] if s.is_empty() => {
            err("dirname(): Requires a non-empty string as argument")
        }
        [Data::String(s)] => Ok(Data::String(file_dirname(s))),
        [_] => err("dirname(): Requires string as argument"),
        _ => err(format!(
            "dirname(): Too many arguments given ({})",
            args.len()
        )),
    }
}

/// Ruby's `File.dirname`.
fn file_dirname(path: &str) -> String {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.starts_with('/') {
            "/".into()
        } else {
            ".".into()
        };
    }
    match trimmed.rfind('/') {
        None => ".".into(),
        Some(i) => {
            let dir = trimmed[..i].trim_end_matches('/');
            if dir.is_empty() {
                "/".into()
            } else {
                dir.to_string()
            }
        }
    }
}

fn extname(name: &str) -> String {
    let base = file_basename(name, None);
    let stem = base.trim_start_matches('.');
    match stem.rfind('.') {
        Some(i) => stem[i..].to_string(),
        None => String::new(),
    }
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Ruby's `Base64.strict_encode64` (`urlsafe`: `urlsafe_encode64`).
pub fn b64_encode(bytes: &[u8], urlsafe: bool) -> String {
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = (u32::from(chunk[0]) << 16)
            | (u32::from(*chunk.get(1).unwrap_or(&0)) << 8)
            | u32::from(*chunk.get(2).unwrap_or(&0));
        for i in 0..4 {
            if i <= chunk.len() {
                let c = B64[((n >> (18 - 6 * i)) & 63) as usize];
                out.push(match (urlsafe, c) {
                    (true, b'+') => '-',
                    (true, b'/') => '_',
                    (_, c) => c as char,
                });
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Decodes base64; `strict` refuses anything but the alphabet and correct padding.
fn b64_decode(text: &str, urlsafe: bool, strict: bool) -> Result<Vec<u8>, String> {
    let value = |c: u8| -> Option<u32> {
        let c = match (urlsafe, c) {
            (true, b'-') => b'+',
            (true, b'_') => b'/',
            (true, b'+' | b'/') => return None,
            (_, c) => c,
        };
        B64.iter().position(|&b| b == c).map(|p| p as u32)
    };
    let mut bits = 0u32;
    let mut nbits = 0;
    let mut out = Vec::new();
    let body = text.trim_end_matches('=');
    if strict && (!text.len().is_multiple_of(4) || text.len() - body.len() > 2) {
        return err("invalid base64");
    }
    for c in body.bytes() {
        let Some(v) = value(c) else {
            if strict {
                return err("invalid base64");
            }
            continue;
        };
        bits = (bits << 6) | v;
        nbits += 6;
        if nbits >= 8 {
            nbits -= 8;
            out.push((bits >> nbits) as u8);
            bits &= (1 << nbits) - 1;
        }
    }
    Ok(out)
}

fn base64(args: &[Data]) -> R {
    if args.len() < 2 {
        return err(format!(
            "base64(): Wrong number of arguments ({}; must be >= 2)",
            args.len()
        ));
    }
    let action = match &args[0] {
        Data::String(s) if s == "encode" || s == "decode" => s.as_str(),
        _ => return err("base64(): the first argument must be one of 'encode' or 'decode'"),
    };
    let Data::String(text) = &args[1] else {
        return err("base64(): the second argument must be a string to base64");
    };
    let method = match args.get(2) {
        None => "default",
        Some(Data::String(m)) if ["default", "strict", "urlsafe"].contains(&m.as_str()) => m,
        Some(_) => {
            return err(
                "base64(): the third argument must be one of 'default', 'strict', or 'urlsafe'",
            )
        }
    };
    let out = match (action, method) {
        ("encode", "default") => {
            let enc = b64_encode(text.as_bytes(), false);
            let mut s = String::new();
            for line in enc.as_bytes().chunks(60) {
                s.push_str(&String::from_utf8_lossy(line));
                s.push('\n');
            }
            s
        }
        ("encode", m) => b64_encode(text.as_bytes(), m == "urlsafe"),
        (_, m) => {
            let bytes = b64_decode(text, m == "urlsafe", m != "default")?;
            String::from_utf8_lossy(&bytes).into_owned()
        }
    };
    Ok(Data::String(out))
}

fn convert_base(args: &[Data]) -> R {
    for (i, a) in args.iter().enumerate() {
        let which = if i == 0 { "First" } else { "Second" };
        match a {
            Data::Integer(_) => {}
            Data::String(s) => {
                if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                    return err("convert_base(): First argument must be an integer or a string corresponding to an integer in base 10");
                }
            }
            _ => {
                return err(format!(
                    "convert_base(): {which} argument must be either a string or an integer"
                ))
            }
        }
    }
    let (n, base) = (ruby::to_i(&args[0]), ruby::to_i(&args[1]));
    if !(2..=36).contains(&base) {
        return err("convert_base(): base must be at least 2 and must not be greater than 36");
    }
    Ok(Data::String(to_radix(n, base as u32)))
}

fn to_radix(n: i64, base: u32) -> String {
    if n == 0 {
        return "0".into();
    }
    let mut digits = Vec::new();
    let mut m = n.unsigned_abs();
    while m > 0 {
        digits.push(std::char::from_digit((m % u64::from(base)) as u32, base).unwrap_or('?'));
        m /= u64::from(base);
    }
    if n < 0 {
        digits.push('-');
    }
    digits.iter().rev().collect()
}

fn unix2dos(s: &str) -> String {
    let mut out = String::new();
    let mut pending_cr = 0;
    for c in s.chars() {
        match c {
            '\r' => pending_cr += 1,
            '\n' => {
                pending_cr = 0;
                out.push_str("\r\n");
            }
            c => {
                out.extend(std::iter::repeat_n('\r', pending_cr));
                pending_cr = 0;
                out.push(c);
            }
        }
    }
    out.extend(std::iter::repeat_n('\r', pending_cr));
    out
}

/// A 3.x function over a string or the strings of an array (other elements kept).
fn map_strings(args: &[Data], name: &str, what: &str, f: fn(&str) -> String) -> R {
    match args.first() {
        None => err(format!(
            "{name}(): Wrong number of arguments given (0 for 1)"
        )),
        Some(Data::String(s)) => Ok(Data::String(f(s))),
        Some(Data::Array(items)) => Ok(Data::Array(
            items
                .iter()
                .map(|i| match i {
                    Data::String(s) => Data::String(f(s)),
                    other => other.clone(),
                })
                .collect(),
        )),
        Some(_) => err(format!("{name}(): Requires {what} to work with")),
    }
}

/// Ruby's `Regexp.escape`.
fn regexp_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '.' | '*' | '?' | '+' | '^' | '$' | '|' | '(' | ')' | '[' | ']' | '{' | '}' | '\\'
            | '-' | '#' => {
                out.push('\\');
                out.push(c)
            }
            ' ' => out.push_str("\\ "),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\u{c}' => out.push_str("\\f"),
            '\u{b}' => out.push_str("\\v"),
            c => out.push(c),
        }
    }
    out
}

fn swapcase(s: &str) -> String {
    s.chars()
        .flat_map(|c| {
            if c.is_uppercase() {
                c.to_lowercase().collect::<Vec<_>>()
            } else if c.is_lowercase() {
                c.to_uppercase().collect()
            } else {
                vec![c]
            }
        })
        .collect()
}

/// `URI::DEFAULT_PARSER.escape` (RFC 2396): bytes outside the unreserved and
/// reserved characters as `%XX`.
fn uri_escape(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'();/?:@&=+$,[]".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Ruby's `Shellwords.shellescape`.
pub(crate) fn shell_escape(s: &str) -> String {
    if s.is_empty() {
        return "''".into();
    }
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() || "_-.,:+/@\n".contains(c) {
            if c == '\n' {
                out.push_str("'\n'");
            } else {
                out.push(c);
            }
        } else {
            out.push('\\');
            out.push(c);
        }
    }
    out
}

/// Ruby's `Shellwords.shellsplit`.
fn shell_split(line: &str) -> Result<Vec<String>, String> {
    let chars: Vec<char> = line.chars().collect();
    let mut words = Vec::new();
    let mut field = String::new();
    let mut in_field = false;
    let mut i = 0;
    let ws = |c: char| c.is_ascii_whitespace();
    while i < chars.len() {
        let c = chars[i];
        if ws(c) {
            if in_field {
                words.push(std::mem::take(&mut field));
                in_field = false;
            }
            i += 1;
            continue;
        }
        in_field = true;
        match c {
            '\'' => match chars[i + 1..].iter().position(|&x| x == '\'') {
                Some(end) => {
                    field.extend(&chars[i + 1..i + 1 + end]);
                    i += end + 2;
                }
                None => {
                    return err(format!(
                        "Unmatched quote: {}",
                        inspect(&Data::String(line.into()))
                    ))
                }
            },
            '"' => {
                let mut j = i + 1;
                let mut buf = String::new();
                loop {
                    match chars.get(j) {
                        None => {
                            return err(format!(
                                "Unmatched quote: {}",
                                inspect(&Data::String(line.into()))
                            ))
                        }
                        Some('"') => break,
                        Some('\\') if j + 1 < chars.len() => {
                            let n = chars[j + 1];
                            if "$`\"\\\n".contains(n) {
                                buf.push(n);
                            } else {
                                buf.push('\\');
                                buf.push(n);
                            }
                            j += 2;
                        }
                        Some(&x) => {
                            buf.push(x);
                            j += 1;
                        }
                    }
                }
                field.push_str(&buf);
                i = j + 1;
            }
            '\\' => {
                if let Some(&n) = chars.get(i + 1) {
                    if n != '\n' {
                        field.push(n);
                    }
                    i += 2;
                } else {
                    i += 1;
                }
            }
            c => {
                field.push(c);
                i += 1;
            }
        }
    }
    if in_field {
        words.push(field);
    }
    Ok(words)
}

/// Ruby's `String#squeeze(set)`: runs of the same character (in the set, if given)
/// become one.
fn squeeze_str(s: &str, set: Option<&str>) -> String {
    let in_set = |c: char| match set {
        None => true,
        Some(set) => char_set_contains(set, c),
    };
    let mut out = String::new();
    let mut prev: Option<char> = None;
    for c in s.chars() {
        if prev == Some(c) && in_set(c) {
            continue;
        }
        out.push(c);
        prev = Some(c);
    }
    out
}

/// Ruby's character-set notation (`String#squeeze`, `count`, `delete`): `a-z` ranges,
/// a leading `^` negates.
fn char_set_contains(set: &str, c: char) -> bool {
    let chars: Vec<char> = set.chars().collect();
    let (neg, chars) = match chars.split_first() {
        Some(('^', rest)) if !rest.is_empty() => (true, rest.to_vec()),
        _ => (false, chars),
    };
    let mut found = false;
    let mut i = 0;
    while i < chars.len() {
        if i + 2 < chars.len() && chars[i + 1] == '-' {
            if (chars[i]..=chars[i + 2]).contains(&c) {
                found = true;
            }
            i += 3;
        } else {
            if chars[i] == c {
                found = true;
            }
            i += 1;
        }
    }
    found != neg
}

fn squeeze(args: &[Data]) -> R {
    if args.len() != 1 && args.len() != 2 {
        return err(format!(
            "squeeze(): Wrong number of arguments given {} for 2 or 1",
            args.len()
        ));
    }
    let set = match args.get(1) {
        Some(Data::String(s)) => Some(s.as_str()),
        _ => None,
    };
    let one = |d: &Data| match d {
        Data::String(s) => Ok(Data::String(squeeze_str(s, set))),
        other => err(format!(
            "undefined method `squeeze' for {}:{}",
            inspect(other),
            class(other)
        )),
    };
    match &args[0] {
        Data::Array(items) => Ok(Data::Array(
            items.iter().map(one).collect::<Result<_, _>>()?,
        )),
        other => one(other),
    }
}

fn to_bytes(args: &[Data]) -> R {
    if args.len() != 1 {
        return err(format!(
            "to_bytes(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    let s = match &args[0] {
        Data::Integer(_) | Data::Float(_) => return Ok(args[0].clone()),
        Data::String(s) => s,
        other => {
            return err(format!(
                "no implicit conversion of {} into String",
                class(other)
            ))
        }
    };
    // /([0-9.e+-]*)\s*([^bB]?)/ from the start of the string
    let num_len = s
        .find(|c: char| !(c.is_ascii_digit() || ".e+-".contains(c)))
        .unwrap_or(s.len());
    let rest = s[num_len..].trim_start_matches(|c: char| c.is_ascii_whitespace());
    let prefix = rest.chars().next().filter(|c| *c != 'b' && *c != 'B');
    let value = ruby::str_to_f(&s[..num_len]);
    let shift = match prefix {
        None => return Ok(Data::Integer(value as i64)),
        Some('k') => 10,
        Some('M') => 20,
        Some('G') => 30,
        Some('T') => 40,
        Some('P') => 50,
        Some('E') => 60,
        Some(p) => return err(format!("to_bytes(): Unknown prefix {p}")),
    };
    Ok(Data::Integer((value * (1u64 << shift) as f64) as i64))
}

fn type3x(args: &[Data]) -> R {
    if args.len() != 1 {
        return err(format!(
            "type3x(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    }
    let t = match &args[0] {
        Data::Bool(_) => "boolean",
        Data::Integer(_) => "integer",
        Data::Float(_) => "float",
        Data::Array(_) => "array",
        Data::Hash(_) => "hash",
        Data::String(s) => {
            if *s == ruby::str_to_i(s).to_string() {
                "integer"
            } else if *s == ruby::to_f_to_s(s) {
                "float"
            } else {
                "string"
            }
        }
        _ => return err("type3x(): Unknown type"),
    };
    Ok(Data::String(t.into()))
}

fn xml_encode(s: &str, attr: bool) -> String {
    let mut out = String::new();
    if attr {
        out.push('"');
    }
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attr => out.push_str("&quot;"),
            '\'' if attr => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    if attr {
        out.push('"');
    }
    out
}

fn fqdn_uuid(fqdn: &str) -> String {
    use sha1::Digest;
    const DNS: [u8; 16] = [
        0x6b, 0xa7, 0xb8, 0x10, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30,
        0xc8,
    ];
    let mut h = sha1::Sha1::new();
    h.update(DNS);
    h.update(fqdn.as_bytes());
    let d = h.finalize();
    let mut b: Vec<u8> = d[..16].to_vec();
    b[6] = (b[6] & 0x0f) | 0x50;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex =
        |r: std::ops::Range<usize>| b[r].iter().map(|x| format!("{x:02x}")).collect::<String>();
    format!(
        "{}-{}-{}-{}-{}",
        hex(0..4),
        hex(4..6),
        hex(6..8),
        hex(8..10),
        hex(10..16)
    )
}

/// stdlib's 3.x `is_integer` test (an Integer, or a string of one).
pub(crate) fn is_integer3x(d: &Data) -> bool {
    match d {
        Data::Integer(_) => true,
        Data::String(s) => {
            let t = s.strip_prefix('-').unwrap_or(s);
            // Ruby's `^...$`: any line.
            s.split('\n').any(|l| {
                let l = l.strip_prefix('-').unwrap_or(l);
                l == "0"
                    || (!l.is_empty()
                        && !l.starts_with('0')
                        && l.bytes().all(|b| b.is_ascii_digit()))
            }) && !t.is_empty()
        }
        _ => false,
    }
}

pub(crate) fn seeded_rand(args: &[Data]) -> R {
    use md5::Digest;
    if !is_integer3x(&args[0]) || ruby::to_i(&args[0]) <= 0 {
        return err("seeded_rand(): first argument must be a positive integer");
    }
    let Data::String(seed) = &args[1] else {
        return err("seeded_rand(): second argument must be a string");
    };
    let max = ruby::to_i(&args[0]);
    let digest = md5::Md5::digest(seed.as_bytes());
    Ok(Data::Integer(marionette_eval::deterministic_rand(
        &digest, max,
    )))
}

fn time(args: &[Data], _: &mut dyn FunctionContext) -> R {
    let args = args3x(args);
    if args.len() > 1 {
        return err(format!(
            "time(): Wrong number of arguments given {} for 0 or 1",
            args.len()
        ));
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    Ok(Data::Integer(now))
}

/// Ruby's `Array#shuffle`-like loop stdlib writes (`j = rand(n - i) + i`, swap), with
/// Ruby's unseeded `rand`: random in Puppet, random here.
fn shuffle(args: &[Data]) -> R {
    let Some(value) = args.first() else {
        return err(format!(
            "shuffle(): Wrong number of arguments given ({} for 1)",
            args.len()
        ));
    };
    let mut items: Vec<Data> = match value {
        Data::Array(items) => items.clone(),
        Data::String(s) => s.chars().map(|c| Data::String(c.to_string())).collect(),
        _ => return err("shuffle(): Requires either array or string to work with"),
    };
    let mut random = marionette_eval::RubyRandom::new(&crate::random_u64().to_be_bytes());
    let n = items.len();
    for i in 0..n {
        let j = random.rand((n - i) as i64) as usize + i;
        items.swap(i, j);
    }
    Ok(match value {
        Data::String(_) => Data::String(items.iter().map(to_s).collect()),
        _ => Data::Array(items),
    })
}

/// `Random.new(sha256(seed) as a number)`, one `rand(charset.size)` per character.
fn seeded_rand_string(length: &Data, seed: &Data, charset: Option<&Data>) -> String {
    use sha2::Digest;
    let charset: Vec<char> = match charset {
        Some(Data::String(c)) => c.chars().collect(),
        _ => "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
            .chars()
            .collect(),
    };
    let digest = sha2::Sha256::digest(to_s(seed).as_bytes());
    let mut random = marionette_eval::RubyRandom::new(&digest);
    let length = match length {
        Data::Integer(n) => *n,
        _ => 0,
    };
    (0..length)
        .map(|_| charset[random.rand(charset.len() as i64) as usize])
        .collect()
}
