//! How Ruby writes values in the messages Puppet copies from it: `String#inspect` and
//! class names; and Ruby's regular expressions in the syntax of Rust's engines. (Ruby's
//! `Float#to_s` is [`crate::wire::ruby_float`].)

use crate::Data;

pub mod printf;
pub mod scalar_scanner;
pub mod yaml;

/// Ruby's `String#inspect` for a UTF-8 string: `s` in double quotes with `"`, `\`,
/// `#{`/`#$`/`#@` and control characters escaped.
pub fn inspect_str(s: &str, out: &mut String) {
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{1b}' => out.push_str("\\e"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{b}' => out.push_str("\\v"),
            '\u{c}' => out.push_str("\\f"),
            '#' if matches!(chars.peek(), Some('{' | '$' | '@')) => out.push_str("\\#"),
            c if (c as u32) < 0x20 || (0x7f..0xa0).contains(&(c as u32)) => {
                out.push_str(&format!("\\u{:04X}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Ruby's `to_s` of a scalar read from YAML or JSON (`nil` is empty); `None` for an
/// array or a hash.
pub fn scalar_to_s(d: &Data) -> Option<String> {
    match d {
        Data::String(s) => Some(s.clone()),
        Data::Integer(i) => Some(i.to_string()),
        Data::BigInteger(i) => Some(i.to_string()),
        Data::Float(f) => Some(crate::wire::ruby_float(*f)),
        Data::Bool(b) => Some(b.to_string()),
        Data::Undef => Some(String::new()),
        _ => None,
    }
}

/// Ruby's `inspect` of a value (Ruby 3.1: `["a", nil]`, `{"a"=>1}`, `/re/`).
pub fn inspect(d: &Data, out: &mut String) {
    match d {
        Data::Undef => out.push_str("nil"),
        Data::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Data::Integer(i) => out.push_str(&i.to_string()),
        Data::BigInteger(i) => out.push_str(&i.to_string()),
        Data::Float(f) => out.push_str(&crate::wire::ruby_float(*f)),
        Data::String(s) => inspect_str(s, out),
        Data::Array(items) => {
            out.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                inspect(v, out);
            }
            out.push(']');
        }
        Data::Hash(entries) => {
            out.push('{');
            for (i, (k, v)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                inspect(k, out);
                out.push_str("=>");
                inspect(v, out);
            }
            out.push('}');
        }
        Data::Sensitive(_) => out.push_str("Sensitive [value redacted]"),
        Data::Regexp(src) => {
            out.push('/');
            out.push_str(src);
            out.push('/');
        }
        Data::Default => out.push_str(":default"),
        other => out.push_str(&format!("{other:?}")),
    }
}

/// The Ruby class of a value read from YAML or JSON, as Ruby's errors name it.
pub fn class_name(d: &Data) -> &'static str {
    match d {
        Data::Undef => "NilClass",
        Data::Bool(true) => "TrueClass",
        Data::Bool(false) => "FalseClass",
        Data::Integer(_) | Data::BigInteger(_) => "Integer",
        Data::Float(_) => "Float",
        Data::String(_) => "String",
        Data::Array(_) => "Array",
        Data::Hash(_) => "Hash",
        _ => "Object",
    }
}

/// Ruby regex syntax that Rust regex engines spell differently: `^`/`$` are always line
/// anchors in Ruby, `\Z` allows a final newline, `\h` is a hex digit, `\d` `\w` `\s` are
/// ASCII-only, `(?m)` makes `.` match newlines, and POSIX brackets (`[[:alpha:]]`) are
/// Unicode-aware.
pub fn regex_to_rust(source: &str) -> String {
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
            // Ruby's `^` never matches at the end of a text that ends with a newline
            // (`"a\n".gsub(/^/, "X")` is `"Xa\n"`), where a Rust line anchor does.
            // That position only matters when what follows the anchor can match
            // nothing; only then is it excluded, with a look-ahead.
            '^' if !in_class => out.push_str(if must_consume(&chars, i) {
                "(?m:^)"
            } else {
                "(?:\\A|(?m:^)(?!\\z))"
            }),
            _ => out.push(c),
        }
    }
    out
}

/// Whether the rest of the regex alternative starting at `i` (up to its `|` or `)`)
/// always consumes a character. Conservative: `false` for anything not understood.
fn must_consume(chars: &[char], i: usize) -> bool {
    alternatives_consume(chars, i).0
}

/// Whether every alternative from `i` to the `)` closing the current group (or the
/// end) always consumes a character, and the index of that `)` (or the end).
fn alternatives_consume(chars: &[char], mut i: usize) -> (bool, usize) {
    let mut all = true;
    loop {
        let (consumes, end) = sequence_consumes(chars, i);
        all &= consumes;
        // Find where this alternative ends, to go on with the next one.
        let (next, stop) = skip_sequence(chars, end);
        match stop {
            Some('|') => i = next + 1,
            _ => return (all, next),
        }
    }
}

/// Skips to the `|` or `)` that ends the alternative containing `i` (or the end).
fn skip_sequence(chars: &[char], mut i: usize) -> (usize, Option<char>) {
    while i < chars.len() {
        match chars[i] {
            '|' | ')' => return (i, Some(chars[i])),
            '\\' => i += 2,
            '[' => i = class_end(chars, i),
            '(' => i = alternatives_consume(chars, i + 1).1 + 1,
            _ => i += 1,
        }
    }
    (chars.len(), None)
}

/// The index after the character class opening at `i`.
fn class_end(chars: &[char], mut i: usize) -> usize {
    i += 1;
    if chars.get(i) == Some(&'^') {
        i += 1;
    }
    if chars.get(i) == Some(&']') {
        i += 1;
    }
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '[' => i = class_end(chars, i),
            ']' => return i + 1,
            _ => i += 1,
        }
    }
    chars.len()
}

/// Whether the sequence from `i` (to its `|` or `)`) has an atom that always consumes
/// a character; returns where the scan stopped.
fn sequence_consumes(chars: &[char], mut i: usize) -> (bool, usize) {
    while i < chars.len() {
        let c = chars[i];
        let (consumes, end) = match c {
            '|' | ')' => return (false, i),
            ' ' | '\t' | '\n' | '^' | '$' => {
                i += 1;
                continue;
            }
            '\\' => match chars.get(i + 1) {
                None => return (false, i),
                Some('b' | 'B' | 'A' | 'z' | 'Z' | 'G' | 'K') => {
                    i += 2;
                    continue;
                }
                Some('p' | 'P') if chars.get(i + 2) == Some(&'{') => {
                    match chars[i..].iter().position(|&c| c == '}') {
                        Some(n) => (true, i + n + 1),
                        None => return (false, i),
                    }
                }
                Some('x') if chars.get(i + 2) == Some(&'{') => {
                    match chars[i..].iter().position(|&c| c == '}') {
                        Some(n) => (true, i + n + 1),
                        None => return (false, i),
                    }
                }
                Some('x') => {
                    let digits = chars[i + 2..]
                        .iter()
                        .take(2)
                        .take_while(|c| c.is_ascii_hexdigit())
                        .count();
                    (true, i + 2 + digits)
                }
                // Back-references, octal escapes and the rest: not understood.
                Some(e) if e.is_ascii_digit() || matches!(e, 'k' | 'g' | 'u' | 'c' | 'M' | 'C') => {
                    return (false, i)
                }
                Some(_) => (true, i + 2),
            },
            '[' => (true, class_end(chars, i)),
            '(' => {
                let rest: String = chars[i + 1..].iter().take(4).collect();
                let zero_width = ["?=", "?!", "?<=", "?<!", "?#"]
                    .iter()
                    .any(|p| rest.starts_with(p));
                // Inline flags alone (`(?i)`): no group.
                let flags_only = rest.starts_with('?') && {
                    let f: String = chars[i + 2..]
                        .iter()
                        .take_while(|c| c.is_ascii_alphabetic() || **c == '-')
                        .collect();
                    chars.get(i + 2 + f.chars().count()) == Some(&')')
                };
                let (inner, close) = alternatives_consume(chars, i + 1);
                if close >= chars.len() {
                    return (false, i);
                }
                if zero_width || flags_only {
                    i = close + 1;
                    continue;
                }
                // `(?<name>`, `(?:`, `(?>`, `(?i:`: the group's own alternatives.
                (inner, close + 1)
            }
            '.' => (true, i + 1),
            '*' | '+' | '?' | '{' | '#' => return (false, i),
            _ => (true, i + 1),
        };
        i = end;
        // A quantifier that allows nothing makes the atom optional.
        let optional = match chars.get(i) {
            Some('*' | '?') => true,
            Some('{') => {
                let body: String = chars[i + 1..].iter().take_while(|c| **c != '}').collect();
                body.starts_with(',') || body.split(',').next().is_some_and(|n| n.trim() == "0")
            }
            _ => false,
        };
        if consumes && !optional {
            return (true, i);
        }
        // Skip the quantifier (and a lazy or possessive mark).
        match chars.get(i) {
            Some('*' | '+' | '?') => i += 1,
            Some('{') => match chars[i..].iter().position(|&c| c == '}') {
                Some(n) => i += n + 1,
                None => return (false, i),
            },
            _ => {}
        }
        if matches!(chars.get(i), Some('?' | '+')) {
            i += 1;
        }
    }
    (false, i)
}

/// Days since 1970-01-01 of a day of the proleptic Gregorian calendar (Ruby's `Time`).
pub fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

/// The day of the proleptic Gregorian calendar `z` days after 1970-01-01.
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
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

/// Ruby's `Integer(string)` (`rb_str_to_inum` with base 0, strict): blanks around, one
/// sign, a `0x`/`0b`/`0o`/`0d` or `0` (octal) prefix, `_` between digits. `None` where
/// Ruby raises `invalid value for Integer()` (and past 128 bits).
pub fn str_to_integer(s: &str) -> Option<i128> {
    let (neg, body) = split_sign(s.trim_matches(|c: char| c.is_ascii_whitespace() || c == '\u{b}'));
    let b = body.as_bytes();
    let (radix, digits) = match (b.first(), b.get(1)) {
        (Some(b'0'), Some(b'x' | b'X')) => (16, &body[2..]),
        (Some(b'0'), Some(b'b' | b'B')) => (2, &body[2..]),
        (Some(b'0'), Some(b'o' | b'O')) => (8, &body[2..]),
        (Some(b'0'), Some(b'd' | b'D')) => (10, &body[2..]),
        // `0_7` and `00` are octal: the leading zero is a digit.
        (Some(b'0'), Some(_)) => (8, body),
        _ => (10, body),
    };
    let clean = digits_with_underscores(digits, |c| c.is_digit(radix))?;
    let v = i128::from_str_radix(&clean, radix).ok()?;
    Some(if neg { -v } else { v })
}

/// A leading `-` or `+` taken off: whether it was `-`, and the rest.
fn split_sign(s: &str) -> (bool, &str) {
    match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    }
}

/// `digits` without its `_` separators, if it is one or more digits (as `is_digit`
/// says) with single underscores between them.
fn digits_with_underscores(digits: &str, is_digit: impl Fn(char) -> bool) -> Option<String> {
    let mut out = String::with_capacity(digits.len());
    let mut after_digit = false;
    for c in digits.chars() {
        if c == '_' && after_digit {
            after_digit = false;
        } else if is_digit(c) {
            out.push(c);
            after_digit = true;
        } else {
            return None;
        }
    }
    after_digit.then_some(out)
}

/// Ruby's `Float(string)` (strict): blanks around, one sign, decimal digits with an
/// optional fraction (`.5` but not `5.`) and exponent, `_` between digits, or a `0x`
/// hexadecimal integer with an optional `p` exponent. `None` where Ruby raises
/// `invalid value for Float()`.
pub fn str_to_float(s: &str) -> Option<f64> {
    let (neg, body) = split_sign(s.trim_matches(|c: char| c.is_ascii_whitespace() || c == '\u{b}'));
    let sign = |f: f64| if neg { -f } else { f };
    if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        let (mantissa, exp) = match hex.split_once(['p', 'P']) {
            Some((m, e)) => (m, Some(e)),
            None => (hex, None),
        };
        let (int, frac) = match mantissa.split_once('.') {
            Some((i, f)) if exp.is_some() => (i, f),
            Some(_) => return None,
            None => (mantissa, ""),
        };
        let int = digits_with_underscores(int, |c| c.is_ascii_hexdigit())?;
        let frac = if frac.is_empty() {
            String::new()
        } else {
            digits_with_underscores(frac, |c| c.is_ascii_hexdigit())?
        };
        let mut v = 0f64;
        for c in int.chars().chain(frac.chars()) {
            v = v * 16.0 + f64::from(c.to_digit(16)?);
        }
        let mut e2: i32 = -4 * i32::try_from(frac.len()).ok()?;
        if let Some(e) = exp {
            let (eneg, e) = split_sign(e);
            let e: i32 = digits_with_underscores(e, |c| c.is_ascii_digit())?
                .parse()
                .ok()?;
            e2 += if eneg { -e } else { e };
        }
        return Some(sign(v * 2f64.powi(e2)));
    }
    let (mantissa, exp) = match body.split_once(['e', 'E']) {
        Some((m, e)) => (m, Some(e)),
        None => (body, None),
    };
    let mut clean = String::with_capacity(body.len());
    match mantissa.split_once('.') {
        Some((int, frac)) => {
            if !int.is_empty() {
                clean.push_str(&digits_with_underscores(int, |c| c.is_ascii_digit())?);
            }
            clean.push('.');
            clean.push_str(&digits_with_underscores(frac, |c| c.is_ascii_digit())?);
        }
        None => clean.push_str(&digits_with_underscores(mantissa, |c| c.is_ascii_digit())?),
    }
    if let Some(e) = exp {
        let (eneg, e) = split_sign(e);
        clean.push('e');
        if eneg {
            clean.push('-');
        }
        clean.push_str(&digits_with_underscores(e, |c| c.is_ascii_digit())?);
    }
    clean.parse::<f64>().ok().map(sign)
}
