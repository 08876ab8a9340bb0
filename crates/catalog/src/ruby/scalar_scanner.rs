//! Psych 4's `ScalarScanner#tokenize`: what Ruby's YAML makes of a plain scalar. The
//! reader (`marionette_lookup`'s `safe_load`) converts plain scalars with it, and the
//! writer ([`super::yaml`]) quotes a string that would not read back as itself.
//!
//! Its oddities are Psych's: `0o17` and `1e3` are strings, `1:30` is the integer 5400,
//! `1,000` is 1000; dates and timestamps are Ruby objects (which `safe_load` refuses).

use crate::Data;

/// What a plain scalar reads as.
#[derive(Debug, Clone, PartialEq)]
pub enum Token {
    Data(Data),
    Symbol(String),
    /// A match of Psych's `TIME` regexp; `valid` when Ruby's `Time` takes its fields
    /// (an invalid one is read as a string by a loader that may make times).
    Time {
        valid: bool,
    },
    /// A match of Psych's date regexp; `valid` when it is a real day.
    Date {
        valid: bool,
    },
}

/// Whether Psych, free to make any class, reads `s` written plain back as the same
/// string (and not as a number, boolean, null, symbol, date or time): what `to_yaml`
/// checks before it writes a string without quotes.
pub fn plain_reads_as_string(s: &str) -> bool {
    matches!(
        tokenize(s),
        Token::Data(Data::String(_)) | Token::Time { valid: false } | Token::Date { valid: false }
    )
}

/// Psych's `ScalarScanner#tokenize` for a plain scalar (and tagged ones it does not know).
pub fn tokenize(s: &str) -> Token {
    if let Some(rest) = s.strip_prefix(':').filter(|r| !r.is_empty()) {
        if !looks_like_word(s) && !s.contains('\n') {
            // `/^:(["'])(.*)\1/`: a quoted name (then one more leading `:` goes).
            let quoted = match rest.as_bytes()[0] {
                q @ (b'"' | b'\'') => rest[1..]
                    .rfind(q as char)
                    .map(|end| &rest[1..end + 1])
                    .map(|n| n.strip_prefix(':').unwrap_or(n)),
                _ => None,
            };
            return Token::Symbol(quoted.unwrap_or(rest).into());
        }
    }
    tokenize_data(s)
}

/// `tokenize` for what is not a Symbol.
fn tokenize_data(s: &str) -> Token {
    if s.is_empty() {
        return Token::Data(Data::Undef);
    }
    if looks_like_word(s) || s.contains('\n') {
        if s.len() > 5 {
            return Token::Data(Data::String(s.into()));
        }
        let first = s.chars().next().unwrap_or(' ').to_ascii_lowercase();
        if !matches!(first, 'y' | 't' | 'o' | 'n' | 'f' | '~') {
            return Token::Data(Data::String(s.into()));
        }
        let lower = s.to_ascii_lowercase();
        return Token::Data(match lower.as_str() {
            "~" | "null" => Data::Undef,
            "yes" | "true" | "on" => Data::Bool(true),
            "no" | "false" | "off" => Data::Bool(false),
            _ => Data::String(s.into()),
        });
    }
    if let Some(valid) = time(s) {
        return Token::Time { valid };
    }
    if let Some(valid) = date(s) {
        return Token::Date { valid };
    }
    let lower = s.to_ascii_lowercase();
    match lower.as_str() {
        ".inf" | "+.inf" => return Token::Data(Data::Float(f64::INFINITY)),
        "-.inf" => return Token::Data(Data::Float(f64::NEG_INFINITY)),
        ".nan" => return Token::Data(Data::Float(f64::NAN)),
        _ => {}
    }
    if let Some(v) = sexagesimal(s) {
        return Token::Data(v);
    }
    if is_float(s) {
        if s == "." || s == "-." || s == "+." {
            return Token::Data(Data::String(s.into()));
        }
        let mut clean: String = s.chars().filter(|c| *c != ',' && *c != '_').collect();
        // `1.` and `1.e+3` lose the dot, as Psych's gsub does.
        clean = clean.replace(".e", "e").replace(".E", "E");
        if clean.ends_with('.') {
            clean.pop();
        }
        return Token::Data(
            clean
                .parse::<f64>()
                .map(Data::Float)
                .unwrap_or_else(|_| Data::String(s.into())),
        );
    }
    if is_legacy_integer(s) {
        return Token::Data(ruby_integer(&s.replace([',', '_'], "")));
    }
    Token::Data(Data::String(s.into()))
}

/// `/^[^\d.:-]?[[:alpha:]_\s!@#$%\^&*(){}<>|\/\\~;=]+/`: Psych's "certainly a string" test.
fn looks_like_word(s: &str) -> bool {
    let word =
        |c: char| c.is_alphabetic() || c.is_whitespace() || "_!@#$%^&*(){}<>|/\\~;=".contains(c);
    let mut chars = s.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    if word(first) {
        return true;
    }
    !(first.is_ascii_digit() || matches!(first, '.' | ':' | '-')) && chars.next().is_some_and(word)
}

fn digits(s: &str, min: usize, max: usize) -> Option<(&str, &str)> {
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    (n >= min && n <= max).then(|| s.split_at(n))
}

/// The fields of a match of Psych's `TIME` regexp.
struct TimeFields {
    year: i64,
    month: u32,
    day: u32,
    hour: u32,
    min: u32,
    sec: u32,
    zone: Zone,
}

enum Zone {
    /// No zone: local time.
    Local,
    /// `Z`.
    Utc,
    /// `+05:30`, `-5`: seconds east of UTC.
    Offset(i64),
}

/// Psych's `TIME` regexp: the fields of `s`, or `None` when it does not match.
fn time_fields(s: &str) -> Option<TimeFields> {
    let (negative, s) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let num = |d: &str| d.parse::<u32>().unwrap_or(u32::MAX);
    let (year, r) = digits(s, 4, 4)?;
    let (month, r) = digits(r.strip_prefix('-')?, 1, 2)?;
    let (day, r) = digits(r.strip_prefix('-')?, 1, 2)?;
    let r = if let Some(r) = r.strip_prefix(['T', 't']) {
        r
    } else {
        let t = r.trim_start();
        (t.len() < r.len()).then_some(t)?
    };
    let (hour, r) = digits(r, 1, 2)?;
    let (min, r) = digits(r.strip_prefix(':')?, 2, 2)?;
    let (sec, mut r) = digits(r.strip_prefix(':')?, 2, 2)?;
    if let Some(f) = r.strip_prefix('.') {
        r = f.trim_start_matches(|c: char| c.is_ascii_digit());
    }
    let r = r.trim_start();
    let zone = match r {
        "" => Zone::Local,
        "Z" => Zone::Utc,
        _ => {
            let west = r.starts_with('-');
            let r = r.strip_prefix(['+', '-'])?;
            let (h, r) = digits(r, 1, 2)?;
            let r = r.strip_prefix(':').unwrap_or(r);
            let m = if r.is_empty() {
                "0"
            } else {
                let (m, rest) = digits(r, 2, 2)?;
                if !rest.is_empty() {
                    return None;
                }
                m
            };
            let east = i64::from(num(h)) * 3600 + i64::from(num(m)) * 60;
            Zone::Offset(if west { -east } else { east })
        }
    };
    let year = i64::from(num(year));
    Some(TimeFields {
        year: if negative { -year } else { year },
        month: num(month),
        day: num(day),
        hour: num(hour),
        min: num(min),
        sec: num(sec),
        zone,
    })
}

/// Psych's `TIME` regexp: `None` when `s` does not match it, otherwise whether Ruby's
/// `Time.utc`/`Time.new` accept its fields (Psych reads an invalid one as a string).
fn time(s: &str) -> Option<bool> {
    let t = time_fields(s)?;
    let offset = match t.zone {
        Zone::Offset(o) => o.abs(),
        _ => 0,
    };
    Some(
        (1..=12).contains(&t.month)
            && (1..=31).contains(&t.day)
            && t.min <= 59
            && t.sec <= 60
            && (t.hour < 24 || (t.hour == 24 && t.min == 0 && t.sec == 0))
            && offset < 86_400,
    )
}

/// `/^\d{4}-(?:1[012]|0\d|\d)-(?:[12]\d|3[01]|0\d|\d)$/`: `None` when `s` does not
/// match, otherwise whether `Date.strptime` takes it (a real day of Ruby's default
/// calendar: Julian before 1582-10-15, which follows 1582-10-04).
fn date(s: &str) -> Option<bool> {
    let (y, r) = digits(s, 4, 4)?;
    let (m, r) = digits(r.strip_prefix('-')?, 1, 2)?;
    let (d, r) = digits(r.strip_prefix('-')?, 1, 2)?;
    let (y, m, d): (u32, u32, u32) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    if !r.is_empty() || m > 12 || d > 31 {
        return None;
    }
    let julian = (y, m, d) < (1582, 10, 15);
    if julian && (y, m) == (1582, 10) && d > 4 {
        return Some(false);
    }
    let leap = if julian {
        y % 4 == 0
    } else {
        y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
    };
    let days = match m {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    Some(m >= 1 && d >= 1 && d <= days)
}

/// What Ruby's `to_s` prints for the `Date` or `Time` a loader that permits them makes
/// of a plain scalar (`2024-1-5` is `2024-01-05`; `2001-12-14t21:59:43.10-05:00` is
/// `2001-12-14 21:59:43 -0500`, with `UTC` for `Z`, and a time without a zone is
/// local time, here UTC), or `None` for anything else. Puppet turns such facts into
/// those strings.
pub fn date_or_time_to_s(s: &str) -> Option<String> {
    if time(s) == Some(true) {
        return time_to_s(s);
    }
    if date(s) == Some(true) {
        let mut parts = s.splitn(3, '-').map(|p| p.parse::<u32>().unwrap_or(0));
        let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
        return Some(format!("{y:04}-{m:02}-{d:02}"));
    }
    None
}

/// Psych's `parse_time` and Ruby's `Time#to_s` for a valid timestamp: the time in
/// its own zone (a time without one is local time, here UTC), fractions dropped.
fn time_to_s(s: &str) -> Option<String> {
    let t = time_fields(s)?;
    // The fields as seconds: Ruby normalises 24:00:00 and a leap second forward.
    let local = super::days_from_civil(t.year, t.month, t.day) * 86_400
        + i64::from(t.hour) * 3600
        + i64::from(t.min) * 60
        + i64::from(t.sec);
    let suffix = match t.zone {
        Zone::Utc => "UTC".to_string(),
        Zone::Local => "+0000".to_string(),
        Zone::Offset(o) => {
            let sign = if o < 0 { '-' } else { '+' };
            format!("{sign}{:02}{:02}", o.abs() / 3600, o.abs() / 60 % 60)
        }
    };
    let (days, secs) = (local.div_euclid(86_400), local.rem_euclid(86_400));
    let (y, m, d) = super::civil_from_days(days);
    Some(format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02} {suffix}",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    ))
}

/// `1:30` (Psych computes `n * 60 ** |i - 2|` per part, so this is 5400) and `1:30.5`.
fn sexagesimal(s: &str) -> Option<Data> {
    let body = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (head, frac) = match body.split_once('.') {
        Some((h, f)) => (h, Some(f)),
        None => (body, None),
    };
    let parts: Vec<&str> = head.split(':').collect();
    if !(2..=3).contains(&parts.len()) {
        return None;
    }
    let first = parts[0];
    if !first.starts_with(|c: char| c.is_ascii_digit())
        || !first.chars().all(|c| c.is_ascii_digit() || c == '_')
    {
        return None;
    }
    for p in &parts[1..] {
        let ok = match p.as_bytes() {
            [a] => a.is_ascii_digit(),
            [a, b] => (b'0'..=b'5').contains(a) && b.is_ascii_digit(),
            _ => false,
        };
        if !ok {
            return None;
        }
    }
    if let Some(f) = frac {
        if !f.chars().all(|c| c.is_ascii_digit() || c == '_') {
            return None;
        }
    }
    let sign = if s.starts_with('-') { -1 } else { 1 };
    let weight = |i: usize| 60f64.powi((i as i32 - 2).abs());
    if let Some(f) = frac {
        // Ruby `to_f` per part: the fraction belongs to the last part.
        let mut total = 0.0;
        for (i, p) in parts.iter().enumerate() {
            let mut text = p.replace('_', "");
            if i == parts.len() - 1 {
                text = format!("{text}.{}", f.replace('_', ""));
            }
            total += text.trim_end_matches('.').parse::<f64>().unwrap_or(0.0) * weight(i);
        }
        return Some(Data::Float(sign as f64 * total));
    }
    let mut total: i64 = 0;
    for (i, p) in parts.iter().enumerate() {
        let v: i64 = p.replace('_', "").parse().ok()?;
        total = total.checked_add(v.checked_mul(weight(i) as i64)?)?;
    }
    Some(Data::Integer(sign * total))
}

/// Psych's `FLOAT` regexp (base-10 part; the infinities were handled before).
fn is_float(s: &str) -> bool {
    let r = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (int, rest) = match r.find('.') {
        Some(i) => r.split_at(i),
        None => return false,
    };
    let int_ok = int.is_empty()
        || (int.starts_with(|c: char| c.is_ascii_digit())
            && int
                .chars()
                .all(|c| c.is_ascii_digit() || c == '_' || c == ','));
    if !int_ok {
        return false;
    }
    let rest = &rest[1..];
    let frac_len = rest.bytes().take_while(u8::is_ascii_digit).count();
    let exp = &rest[frac_len..];
    if exp.is_empty() {
        return true;
    }
    let Some(e) = exp
        .strip_prefix(['e', 'E'])
        .and_then(|e| e.strip_prefix(['-', '+']))
    else {
        return false;
    };
    !e.is_empty() && e.bytes().all(|b| b.is_ascii_digit())
}

/// Psych's `INTEGER_LEGACY` regexp.
fn is_legacy_integer(s: &str) -> bool {
    let r = s.strip_prefix(['-', '+']).unwrap_or(s);
    if let Some(b) = r.strip_prefix("0b") {
        return !b.is_empty() && b.chars().all(|c| matches!(c, '0' | '1' | '_' | ','));
    }
    if let Some(x) = r.strip_prefix("0x") {
        return !x.is_empty()
            && x.chars()
                .all(|c| c.is_ascii_hexdigit() || c == '_' || c == ',');
    }
    if r == "0" {
        return true;
    }
    if let Some(o) = r.strip_prefix('0') {
        return o.chars().all(|c| matches!(c, '0'..='7' | '_' | ','));
    }
    let b = r.as_bytes();
    if b.is_empty() || !(b'1'..=b'9').contains(&b[0]) {
        return false;
    }
    let mut i = 1;
    while i < b.len() {
        match b[i] {
            b'0'..=b'9' => i += 1,
            b',' | b'_' if i + 1 < b.len() && b[i + 1].is_ascii_digit() => i += 2,
            _ => return false,
        }
    }
    true
}

/// Ruby's `Integer(str)` for what `is_legacy_integer` accepted (separators removed).
///
/// Ruby reads an integer beyond 64 bits as a Bignum, which Puppet looks up and
/// interpolates, and refuses only as a resource attribute ("Use of a Ruby Integer outside
/// of Puppet Integer max range"): [`Data::BigInteger`].
///
/// FIXME: Bignums stop at 128 bits here; a longer number is its decimal digits as a
/// string.
fn ruby_integer(s: &str) -> Data {
    let (neg, r) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let magnitude = if let Some(b) = r.strip_prefix("0b") {
        u128::from_str_radix(b, 2)
    } else if let Some(x) = r.strip_prefix("0x") {
        u128::from_str_radix(x, 16)
    } else if r.len() > 1 && r.starts_with('0') {
        u128::from_str_radix(&r[1..], 8)
    } else {
        r.parse()
    };
    let Ok(magnitude) = magnitude else {
        return Data::String(s.into());
    };
    let value = i128::try_from(magnitude).map(|m| if neg { -m } else { m });
    match value.map(|v| (v, i64::try_from(v))) {
        Ok((_, Ok(v))) => Data::Integer(v),
        Ok((v, Err(_))) => Data::BigInteger(v),
        _ if neg => Data::String(format!("-{magnitude}")),
        _ => Data::String(magnitude.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_times_are_validated_as_ruby_validates_them() {
        // Real Ruby 3.1: `"2023-02-30".to_yaml` is plain, `"2023-02-28"` quoted.
        for (s, valid) in [
            ("2023-02-30", false),
            ("2023-02-28", true),
            ("1500-02-29", true),
            ("1582-10-10", false),
            ("1900-02-29", false),
            ("2000-02-29", true),
            ("0000-01-01", true),
        ] {
            assert_eq!(tokenize(s), Token::Date { valid }, "{s}");
        }
        for (s, valid) in [
            ("2023-02-31 10:00:00", true),
            ("2023-00-01 10:00:00", false),
            ("2023-01-01 24:00:00", true),
            ("2023-01-01 24:00:01", false),
            ("2023-01-01 23:59:60", true),
            ("2023-01-01 10:00:00 +25", false),
            ("2023-01-01 10:00:00 +23:59", true),
            ("2023-01-01 10:00:00 +23:60", false),
        ] {
            assert_eq!(tokenize(s), Token::Time { valid }, "{s}");
        }
    }
}
