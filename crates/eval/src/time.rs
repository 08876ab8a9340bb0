//! Reading timestamps with `strptime` formats (Ruby's `Date._strptime`, which Puppet's
//! `Timestamp.parse` uses) and time zone designators (`+01:00`, `UTC`, `CET`), as
//! Ruby's `%z` reads them. Named zones of the tz database (`Europe/Paris`) are not
//! designators: Puppet refuses them too.

use crate::value::{days_from_civil, Timestamp, Value};

/// Puppet's default formats of `Timestamp.new`, the first five with a zone.
pub const TIMESTAMP_FORMATS: [&str; 10] = [
    "%FT%T.%N %Z",
    "%FT%T %Z",
    "%F %T.%N %Z",
    "%F %T %Z",
    "%F %Z",
    "%FT%T.%N",
    "%FT%T",
    "%F %T.%N",
    "%F %T",
    "%F",
];

/// A string in one of Puppet's default formats, or Puppet's error.
pub fn parse_default(s: &str) -> Result<Timestamp, String> {
    TIMESTAMP_FORMATS
        .iter()
        .filter_map(|f| strptime(s, f))
        .find(|p| !p.leftover)
        .ok_or_else(|| {
            format!(
                "Unable to parse '{s}' using any of the formats {}",
                TIMESTAMP_FORMATS.join(", ")
            )
        })?
        .to_timestamp(None)
}

/// A Timestamp, or seconds since the epoch (a Float's nanoseconds truncated, as
/// Ruby's `(f * NSECS_PER_SEC).to_i`).
pub fn timestamp_of(v: &Value) -> Option<Timestamp> {
    let n = match v {
        Value::Timestamp(t) => return Some(**t),
        Value::Int(i) => *i as i128 * 1_000_000_000,
        Value::Float(f) if f.is_finite() => (f * 1e9).trunc() as i128,
        _ => return None,
    };
    Some(Timestamp::from_nanos(n))
}

/// What a format read from a string (the fields `Date._strptime` returns).
#[derive(Default, Debug)]
pub struct Parsed {
    year: Option<i64>,
    mon: Option<u32>,
    mday: Option<u32>,
    hour: Option<i64>,
    min: Option<i64>,
    sec: Option<i64>,
    /// Nanoseconds of the second.
    frac: Option<i64>,
    /// 12-hour clock: `Some(true)` for PM.
    pm: Option<bool>,
    /// The zone designator, as written.
    pub zone: Option<String>,
    /// Input left after the format was read.
    pub leftover: bool,
}

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];
const DAYS: [&str; 7] = [
    "sunday",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
];

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn digits(&mut self, max: usize) -> Option<i64> {
        let start = self.i;
        while self.i < self.s.len() && self.i - start < max && self.s[self.i].is_ascii_digit() {
            self.i += 1;
        }
        std::str::from_utf8(&self.s[start..self.i])
            .ok()?
            .parse()
            .ok()
    }

    fn signed(&mut self, max: usize) -> Option<i64> {
        let neg = match self.s.get(self.i) {
            Some(b'-') => {
                self.i += 1;
                true
            }
            Some(b'+') => {
                self.i += 1;
                false
            }
            _ => false,
        };
        self.digits(max).map(|v| if neg { -v } else { v })
    }

    fn skip_spaces(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    /// A name from `names`, full or its first three letters, case-insensitively.
    fn name(&mut self, names: &[&str]) -> Option<usize> {
        let rest = self.s[self.i..].to_ascii_lowercase();
        for (n, name) in names.iter().enumerate() {
            if rest.starts_with(name.as_bytes()) {
                self.i += name.len();
                return Some(n);
            }
        }
        for (n, name) in names.iter().enumerate() {
            if rest.starts_with(&name.as_bytes()[..3]) {
                self.i += 3;
                return Some(n);
            }
        }
        None
    }

    /// A zone designator: `Z`, `+hh`, `+hhmm`, `+hh:mm`, `UTC+1`, or a word.
    fn zone(&mut self) -> Option<String> {
        let start = self.i;
        let rest = &self.s[self.i..];
        let lower = rest.to_ascii_lowercase();
        let mut j = 0;
        for prefix in ["gmt", "utc", "ut"] {
            if lower.starts_with(prefix.as_bytes())
                && matches!(lower.get(prefix.len()), Some(b'+' | b'-'))
            {
                j = prefix.len();
                break;
            }
        }
        if matches!(rest.get(j), Some(b'+' | b'-')) {
            j += 1;
            let digits_from = j;
            while rest.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            if j == digits_from {
                return None;
            }
            if matches!(rest.get(j), Some(b':' | b',' | b'.'))
                && rest.get(j + 1).is_some_and(u8::is_ascii_digit)
            {
                j += 1;
                while rest.get(j).is_some_and(u8::is_ascii_digit) {
                    j += 1;
                }
            }
        } else {
            while rest.get(j).is_some_and(u8::is_ascii_alphabetic) {
                j += 1;
            }
            if j == 0 {
                return None;
            }
        }
        self.i = start + j;
        Some(String::from_utf8_lossy(&rest[..j]).into_owned())
    }
}

/// Reads `input` with a `strptime` format, or `None` when it does not match.
pub fn strptime(input: &str, format: &str) -> Option<Parsed> {
    let mut p = Parsed::default();
    let mut r = Reader {
        s: input.as_bytes(),
        i: 0,
    };
    read_format(&mut r, format, &mut p)?;
    p.leftover = r.i < r.s.len();
    Some(p)
}

/// `Date._strptime` refuses a field out of its range.
fn in_range(v: i64, min: i64, max: i64) -> Option<i64> {
    (min..=max).contains(&v).then_some(v)
}

fn read_format(r: &mut Reader<'_>, format: &str, p: &mut Parsed) -> Option<()> {
    let f = format.as_bytes();
    let mut k = 0;
    while k < f.len() {
        let c = f[k];
        k += 1;
        if c.is_ascii_whitespace() {
            r.skip_spaces();
            continue;
        }
        if c != b'%' {
            if r.s.get(r.i) != Some(&c) {
                return None;
            }
            r.i += 1;
            continue;
        }
        // Flags and widths (`%-d`, `%3N`) only change how numbers are printed; a
        // width bounds the digits read.
        let mut width = None;
        while k < f.len() && matches!(f[k], b'-' | b'_' | b'0' | b'^' | b'#') {
            k += 1;
        }
        let wstart = k;
        while k < f.len() && f[k].is_ascii_digit() {
            k += 1;
        }
        if k > wstart {
            width = std::str::from_utf8(&f[wstart..k]).ok()?.parse().ok();
        }
        let colons = f[k..].iter().take_while(|&&b| b == b':').count();
        k += colons;
        let d = *f.get(k)?;
        k += 1;
        // A number directive directly followed by another reads at most its own width.
        let next_is_number = f.get(k) == Some(&b'%')
            && f.get(k + 1)
                .is_some_and(|n| b"YmdHMSjyeIlkLNCsGgUWVuwFT".contains(n));
        let w = |default: usize| width.unwrap_or(default);
        match d {
            b'Y' => p.year = Some(r.signed(if next_is_number { 4 } else { w(usize::MAX) })?),
            b'C' => {
                let c = r.signed(w(2))?;
                p.year = Some(c * 100 + p.year.unwrap_or(0).rem_euclid(100));
            }
            b'y' => {
                let y = r.digits(w(2))?;
                p.year = Some(y + if y >= 69 { 1900 } else { 2000 });
            }
            b'm' => p.mon = Some(in_range(r.digits(w(2))?, 1, 12)? as u32),
            b'd' | b'e' => {
                r.skip_spaces();
                p.mday = Some(in_range(r.digits(w(2))?, 1, 31)? as u32);
            }
            b'j' => {
                in_range(r.digits(w(3))?, 1, 366)?;
            }
            b'H' | b'k' => {
                r.skip_spaces();
                p.hour = Some(in_range(r.digits(w(2))?, 0, 24)?);
            }
            b'I' | b'l' => {
                r.skip_spaces();
                p.hour = Some(in_range(r.digits(w(2))?, 1, 12)?);
            }
            b'M' => p.min = Some(in_range(r.digits(w(2))?, 0, 59)?),
            b'S' => p.sec = Some(in_range(r.digits(w(2))?, 0, 60)?),
            b'L' | b'N' => {
                let start = r.i;
                r.digits(w(usize::MAX))?;
                let digits = std::str::from_utf8(&r.s[start..r.i]).ok()?;
                let mut nanos = digits.to_string();
                nanos.truncate(9);
                while nanos.len() < 9 {
                    nanos.push('0');
                }
                p.frac = nanos.parse().ok();
            }
            b's' => {
                r.signed(usize::MAX)?;
            }
            b'p' | b'P' => {
                let rest = r.s[r.i..].to_ascii_lowercase();
                let pm = if rest.starts_with(b"am") || rest.starts_with(b"a.m.") {
                    false
                } else if rest.starts_with(b"pm") || rest.starts_with(b"p.m.") {
                    true
                } else {
                    return None;
                };
                r.i += if rest.get(1) == Some(&b'.') { 4 } else { 2 };
                p.pm = Some(pm);
            }
            b'b' | b'B' | b'h' => p.mon = Some(r.name(&MONTHS)? as u32 + 1),
            b'a' | b'A' => {
                r.name(&DAYS)?;
            }
            b'u' | b'w' => {
                r.digits(1)?;
            }
            b'z' | b'Z' => p.zone = Some(r.zone()?),
            b'F' => read_format(r, "%Y-%m-%d", p)?,
            b'T' | b'X' => read_format(r, "%H:%M:%S", p)?,
            b'R' => read_format(r, "%H:%M", p)?,
            b'D' | b'x' => read_format(r, "%m/%d/%y", p)?,
            b'r' => read_format(r, "%I:%M:%S %p", p)?,
            b'c' => read_format(r, "%a %b %e %H:%M:%S %Y", p)?,
            b'n' | b't' => r.skip_spaces(),
            b'%' => {
                if r.s.get(r.i) != Some(&b'%') {
                    return None;
                }
                r.i += 1;
            }
            _ => return None,
        }
    }
    Some(())
}

/// The offset from UTC, in seconds, of a zone designator as Ruby's `%z` reads it
/// (`+01:00`, `-0500`, `+1`, `UTC`, `Z`, `CET`, `EST`...), or `None`.
pub fn zone_offset(zone: &str) -> Option<i64> {
    let mut r = Reader {
        s: zone.as_bytes(),
        i: 0,
    };
    let designator = r.zone()?;
    if r.i != zone.len() {
        return None;
    }
    let lower = designator.to_ascii_lowercase();
    let numeric = lower
        .trim_start_matches("gmt")
        .trim_start_matches("utc")
        .trim_start_matches("ut");
    if let Some(sign) = numeric.chars().next().filter(|c| matches!(c, '+' | '-')) {
        let body = &numeric[1..];
        let (hours, minutes) = match body.split_once([':', ',', '.']) {
            Some((h, m)) if body.contains(':') => (h.parse::<i64>().ok()?, m.parse::<i64>().ok()?),
            Some((h, f)) => {
                // `+5.5`: fractional hours.
                let frac: f64 = format!("0.{f}").parse().ok()?;
                (h.parse::<i64>().ok()?, (frac * 60.0).round() as i64)
            }
            None => match body.len() {
                1 | 2 => (body.parse().ok()?, 0),
                3 => (body[..1].parse().ok()?, body[1..].parse().ok()?),
                _ => (body[..2].parse().ok()?, body[2..4].parse().ok()?),
            },
        };
        let off = hours * 3600 + minutes * 60;
        return Some(if sign == '-' { -off } else { off });
    }
    ZONES
        .iter()
        .find(|(name, _)| *name == lower)
        .map(|(_, hours)| (hours * 3600.0) as i64)
}

/// Ruby's zone abbreviations (`date_zone` table), hours from UTC: the common ones.
const ZONES: &[(&str, f64)] = &[
    ("ut", 0.0),
    ("gmt", 0.0),
    ("utc", 0.0),
    ("z", 0.0),
    ("wet", 0.0),
    ("est", -5.0),
    ("edt", -4.0),
    ("cst", -6.0),
    ("cdt", -5.0),
    ("mst", -7.0),
    ("mdt", -6.0),
    ("pst", -8.0),
    ("pdt", -7.0),
    ("akst", -9.0),
    ("akdt", -8.0),
    ("hst", -10.0),
    ("ast", -4.0),
    ("adt", -3.0),
    ("nst", -3.5),
    ("ndt", -2.5),
    ("bst", 1.0),
    ("ist", 5.5),
    ("cet", 1.0),
    ("cest", 2.0),
    ("met", 1.0),
    ("mest", 2.0),
    ("mewt", 1.0),
    ("mesz", 2.0),
    ("west", 1.0),
    ("eet", 2.0),
    ("eest", 3.0),
    ("msk", 3.0),
    ("jst", 9.0),
    ("kst", 9.0),
    ("hkt", 8.0),
    ("sgt", 8.0),
    ("aest", 10.0),
    ("aedt", 11.0),
    ("acst", 9.5),
    ("awst", 8.0),
    ("nzst", 12.0),
    ("nzdt", 13.0),
];

/// Error for a designator [`zone_offset`] cannot read.
pub fn illegal_zone(zone: &str) -> String {
    format!("Illegal timezone '{zone}'")
}

impl Parsed {
    /// The instant read, with `zone` (the explicit timezone argument, or the zone
    /// the format read) applied; Ruby's `Time.utc` defaults (January, the 1st,
    /// midnight).
    pub fn to_timestamp(&self, zone: Option<&str>) -> Result<Timestamp, String> {
        let offset = match zone.or(self.zone.as_deref()) {
            Some(z) => zone_offset(z).ok_or_else(|| illegal_zone(z))?,
            None => 0,
        };
        // Puppet builds the time from the year, month and day fields only (a day of
        // the year or seconds since the epoch are read and ignored).
        let year = self
            .year
            .ok_or("no implicit conversion of nil into Integer")?;
        let days = days_from_civil(year, self.mon.unwrap_or(1), self.mday.unwrap_or(1));
        let mut hour = self.hour.unwrap_or(0);
        match self.pm {
            Some(true) if hour < 12 => hour += 12,
            Some(false) if hour == 12 => hour = 0,
            _ => {}
        }
        let (min, sec) = (self.min.unwrap_or(0), self.sec.unwrap_or(0));
        if hour > 24 || min > 59 || sec > 60 {
            return Err("argument out of range".into());
        }
        Ok(Timestamp {
            seconds: days * 86400 + hour * 3600 + min * 60 + sec - offset,
            nanos: self.frac.unwrap_or(0) as u32,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_formats_and_zones() {
        let t = |s: &str, f: &str| {
            strptime(s, f)
                .filter(|p| !p.leftover)
                .and_then(|p| p.to_timestamp(None).ok())
                .map(|t| t.format())
        };
        assert_eq!(
            t("2024-05-06 07:08:09", "%Y-%m-%d %H:%M:%S").as_deref(),
            Some("2024-05-06T07:08:09.000000000 UTC")
        );
        assert_eq!(
            t("06/May/2024 +0200", "%d/%b/%Y %z").as_deref(),
            Some("2024-05-05T22:00:00.000000000 UTC")
        );
        assert_eq!(
            t("2024-01-01T00:00:00.5 CET", "%FT%T.%N %Z").as_deref(),
            Some("2023-12-31T23:00:00.500000000 UTC")
        );
        assert_eq!(t("2024-01-01x", "%F"), None);
        assert_eq!(zone_offset("-05:30"), Some(-19800));
        assert_eq!(zone_offset("Europe/Paris"), None);
    }
}
