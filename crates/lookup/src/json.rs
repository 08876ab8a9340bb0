//! JSON data files, as the `json_data` backend reads them: `Puppet::Util::Json.load`,
//! which is Ruby's `JSON.parse` (the json gem 2.6.1 of Ruby 3.1; Puppet's `multi_json`
//! is not installed).
//!
//! The gem's parser is a Ragel state machine, and Puppet users see its quirks, so this
//! one follows it: `/* */` and `//` comments are whitespace, an unknown escape `\q` is
//! `q`, hash order is kept and a repeated key keeps its first place with the last value.
//! Errors are the gem's: `859: unexpected token at '<the rest of the text>'`, where the
//! number is the line in the gem's C source that raised and the text starts where the
//! failing part of the machine gave up: a value in an array or at the top, the outermost
//! object that failed (objects do not raise; the array or document around them does).

use foldhash::{HashMap, HashMapExt};

use marionette_catalog::Data;

use crate::error::{ErrorKind, LookupError};

/// Parses `text` as one JSON value. Errors read `Unable to parse (<file>): <Ruby's
/// message>`, the wording of `json_data`; the message may span lines (it quotes the rest
/// of the text).
pub fn parse_json(text: &str, file: &str) -> Result<Data, LookupError> {
    Json { s: text.as_bytes() }
        .document()
        .map_err(|e| LookupError::new(ErrorKind::Syntax, format!("Unable to parse ({file}): {e}")))
}

/// Parses `text` as `JSON.parse` does; errors are the gem's `JSON::ParserError`
/// messages.
pub fn parse_json_text(text: &str) -> Result<Data, String> {
    Json { s: text.as_bytes() }.document()
}

/// The gem's `max_nesting` default.
const MAX_NESTING: usize = 100;

/// Why a part of the machine stopped.
enum Fail {
    /// The part gave up without raising (`NULL` in the gem): its caller decides.
    Null,
    /// The gem raised `JSON::ParserError` with this message.
    Raise(String),
}

type Parsed<T> = Result<T, Fail>;

struct Json<'a> {
    s: &'a [u8],
}

impl Json<'_> {
    fn at(&self, p: usize) -> Option<u8> {
        self.s.get(p).copied()
    }

    /// The gem's `"%u: unexpected token at '%s'"`, quoting the text from `p` (to the end,
    /// or to a NUL byte, where C stops).
    fn unexpected(&self, line: u32, p: Option<usize>) -> String {
        let rest = p.map_or(&[][..], |p| &self.s[p.min(self.s.len())..]);
        let rest = rest.split(|b| *b == 0).next().unwrap_or(&[]);
        format!(
            "{line}: unexpected token at '{}'",
            String::from_utf8_lossy(rest)
        )
    }

    /// `ignore*`: whitespace and comments. `Err` is where the machine failed inside a
    /// comment (the end of the text for one left open; `//` needs its line break).
    fn skip_ignore(&self, mut p: usize) -> Result<usize, usize> {
        loop {
            match self.at(p) {
                Some(b' ' | b'\t' | b'\r' | b'\n') => p += 1,
                Some(b'/') => match self.at(p + 1) {
                    Some(b'*') => {
                        let body = &self.s[p + 2..];
                        match body.windows(2).position(|w| w == b"*/") {
                            Some(i) => p += 2 + i + 2,
                            None => return Err(self.s.len()),
                        }
                    }
                    Some(b'/') => match self.s[p + 2..].iter().position(|b| *b == b'\n') {
                        Some(i) => p += 2 + i + 1,
                        None => return Err(self.s.len()),
                    },
                    Some(_) => return Err(p + 1),
                    None => return Err(self.s.len()),
                },
                _ => return Ok(p),
            }
        }
    }

    fn document(&self) -> Result<Data, String> {
        let fail = |p: usize| Err(self.unexpected(859, Some(p)));
        let p = match self.skip_ignore(0) {
            Ok(p) => p,
            Err(p) => return fail(p),
        };
        if !self.begins_value(p) {
            return fail(p);
        }
        let (value, end) = match self.value(p, 0) {
            Ok(v) => v,
            Err(Fail::Raise(m)) => return Err(m),
            Err(Fail::Null) => return fail(p),
        };
        match self.skip_ignore(end) {
            Ok(p) if p == self.s.len() => Ok(value),
            Ok(p) | Err(p) => fail(p),
        }
    }

    /// `begin_value`: `[nft"\-[{NI]` or a digit.
    fn begins_value(&self, p: usize) -> bool {
        matches!(
            self.at(p),
            Some(b'n' | b'f' | b't' | b'"' | b'-' | b'[' | b'{' | b'N' | b'I' | b'0'..=b'9')
        )
    }

    fn literal(&self, p: usize, word: &[u8]) -> bool {
        self.s[p..].starts_with(word)
    }

    /// `JSON_parse_value` at a `begin_value` character: the value and where it ends.
    fn value(&self, p: usize, depth: usize) -> Parsed<(Data, usize)> {
        match self.s[p] {
            b'n' if self.literal(p, b"null") => Ok((Data::Undef, p + 4)),
            b'f' if self.literal(p, b"false") => Ok((Data::Bool(false), p + 5)),
            b't' if self.literal(p, b"true") => Ok((Data::Bool(true), p + 4)),
            // NaN and Infinity need `allow_nan`; the gem quotes from just before
            // `Infinity` (nothing when it starts the text).
            b'N' if self.literal(p, b"NaN") => Err(Fail::Raise(self.unexpected(225, Some(p)))),
            b'I' if self.literal(p, b"Infinity") => {
                Err(Fail::Raise(self.unexpected(232, p.checked_sub(1))))
            }
            b'"' => self.string(p).map(|(s, end)| (Data::String(s), end)),
            b'[' => self.array(p, depth + 1),
            b'{' => self.object(p, depth + 1),
            b'-' | b'0'..=b'9' => {
                if self.literal(p, b"-Infinity") {
                    return Err(Fail::Raise(self.unexpected(249, Some(p))));
                }
                self.number(p).ok_or(Fail::Null)
            }
            _ => Err(Fail::Null),
        }
    }

    /// The gem's float machine, then its integer machine. A number must not run into
    /// what could continue it (`1.5.3`, `01`): then the shorter reading is tried, and the
    /// caller fails at what is left.
    fn number(&self, p: usize) -> Option<(Data, usize)> {
        let digits = |mut i: usize| {
            let start = i;
            while matches!(self.at(i), Some(b'0'..=b'9')) {
                i += 1;
            }
            (i > start).then_some(i)
        };
        let mut i = p;
        if self.at(i) == Some(b'-') {
            i += 1;
        }
        // `'0' | [1-9][0-9]*`
        let int_end = match self.at(i) {
            Some(b'0') => i + 1,
            Some(b'1'..=b'9') => digits(i)?,
            _ => return None,
        };
        let exponent = |i: usize| -> Option<usize> {
            let mut j = i;
            if matches!(self.at(j), Some(b'e' | b'E')) {
                j += 1;
                if matches!(self.at(j), Some(b'+' | b'-')) {
                    j += 1;
                }
                return digits(j);
            }
            None
        };
        let float_end = if self.at(int_end) == Some(b'.') {
            digits(int_end + 1).map(|f| exponent(f).unwrap_or(f))
        } else {
            exponent(int_end)
        };
        if let Some(end) = float_end {
            if !matches!(self.at(end), Some(b'0'..=b'9' | b'E' | b'e' | b'.' | b'-')) {
                let text = std::str::from_utf8(&self.s[p..end]).ok()?;
                return Some((Data::Float(text.parse().ok()?), end));
            }
        }
        if matches!(self.at(int_end), Some(b'0'..=b'9')) {
            return None;
        }
        let text = std::str::from_utf8(&self.s[p..int_end]).ok()?;
        // Ruby reads a longer integer as a Bignum (see the YAML reader's
        // `ruby_integer`). FIXME: past 128 bits it is its digits as a string here.
        let value = match (text.parse::<i64>(), text.parse::<i128>()) {
            (Ok(i), _) => Data::Integer(i),
            (_, Ok(i)) => Data::BigInteger(i),
            _ => Data::String(text.to_string()),
        };
        Some((value, int_end))
    }

    /// The gem's string machine: raw control characters, a `\` before one and a `\u`
    /// without four hex digits fail it. The content is then unescaped.
    fn string(&self, p: usize) -> Parsed<(String, usize)> {
        let mut i = p + 1;
        loop {
            match self.at(i) {
                None => return Err(Fail::Null),
                Some(b'"') => break,
                Some(0..=0x1f) => return Err(Fail::Null),
                Some(b'\\') => match self.at(i + 1) {
                    None | Some(0..=0x1f) => return Err(Fail::Null),
                    Some(b'u') => {
                        let hex = self.s.get(i + 2..i + 6).unwrap_or(&[]);
                        if hex.len() != 4 || !hex.iter().all(u8::is_ascii_hexdigit) {
                            return Err(Fail::Null);
                        }
                        i += 6;
                    }
                    Some(_) => i += 2,
                },
                Some(_) => i += 1,
            }
        }
        let s = self.unescape(p + 1, i)?;
        Ok((s, i + 1))
    }

    /// Four hex digits (the gem's `unescape_unicode`: U+FFFD when they are not, which
    /// happens when a high surrogate takes a `\u` the string machine did not check).
    fn hex4(&self, at: usize) -> u32 {
        let digits = self.s.get(at..at + 4).unwrap_or(&[]);
        std::str::from_utf8(digits)
            .ok()
            .filter(|h| h.len() == 4 && h.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .unwrap_or(0xFFFD)
    }

    /// `json_string_unescape` between `start` and the closing quote at `end`, with its
    /// treatment of surrogates: a high surrogate takes the next `\u` escape whatever it
    /// is, and without one it is `?` and swallows the next character.
    fn unescape(&self, start: usize, end: usize) -> Parsed<String> {
        let mut out: Vec<u8> = Vec::with_capacity(end - start);
        let mut p = start;
        let mut pe = start;
        while pe < end {
            if self.s[pe] != b'\\' {
                pe += 1;
                continue;
            }
            out.extend_from_slice(&self.s[p..pe]);
            pe += 1;
            let mut buf = [0u8; 4];
            let unescaped: &[u8] = match self.s[pe] {
                b'n' => b"\n",
                b'r' => b"\r",
                b't' => b"\t",
                b'"' => b"\"",
                b'\\' => b"\\",
                b'b' => b"\x08",
                b'f' => b"\x0c",
                b'u' => {
                    let mut ch = self.hex4(pe + 1);
                    pe += 4;
                    let mut lone = false;
                    if ch & 0xFC00 == 0xD800 {
                        pe += 1;
                        if pe + 6 > end {
                            return Err(Fail::Raise(format!(
                                "521: incomplete surrogate pair at '{}'",
                                String::from_utf8_lossy(
                                    self.s[p..].split(|b| *b == 0).next().unwrap_or(&[])
                                )
                            )));
                        }
                        if self.s[pe] == b'\\' && self.s[pe + 1] == b'u' {
                            let low = self.hex4(pe + 2);
                            ch = ((ch & 0x3F) << 10)
                                | ((((ch >> 6) & 0xF) + 1) << 16)
                                | (low & 0x3FF);
                            pe += 5;
                        } else {
                            lone = true;
                        }
                    }
                    if lone {
                        b"?"
                    } else {
                        // A lone low surrogate is not a character: Ruby keeps its bytes in
                        // a broken string; it is U+FFFD here.
                        char::from_u32(ch)
                            .unwrap_or('\u{fffd}')
                            .encode_utf8(&mut buf)
                            .as_bytes()
                    }
                }
                // Any other escaped character stands for itself.
                _ => {
                    p = pe;
                    continue;
                }
            };
            out.extend_from_slice(unescaped);
            pe += 1;
            p = pe;
        }
        out.extend_from_slice(&self.s[p..pe.min(end)]);
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// The gem's array machine; it raises on any failure, at the value that failed or
    /// where the text stopped fitting.
    fn array(&self, p: usize, depth: usize) -> Parsed<(Data, usize)> {
        if depth > MAX_NESTING {
            return Err(Fail::Raise(format!("nesting of {depth} is too deep")));
        }
        let fail = |p: usize| Err(Fail::Raise(self.unexpected(451, Some(p))));
        let mut items = Vec::new();
        let mut i = match self.skip_ignore(p + 1) {
            Ok(i) => i,
            Err(f) => return fail(f),
        };
        if self.at(i) == Some(b']') {
            return Ok((Data::Array(items), i + 1));
        }
        loop {
            if !self.begins_value(i) {
                return fail(i);
            }
            match self.value(i, depth) {
                Ok((v, end)) => {
                    items.push(v);
                    i = end;
                }
                Err(Fail::Null) => return fail(i),
                Err(raise) => return Err(raise),
            }
            i = match self.skip_ignore(i) {
                Ok(i) => i,
                Err(f) => return fail(f),
            };
            match self.at(i) {
                Some(b']') => return Ok((Data::Array(items), i + 1)),
                Some(b',') => {}
                _ => return fail(i),
            }
            i = match self.skip_ignore(i + 1) {
                Ok(i) => i,
                Err(f) => return fail(f),
            };
        }
    }

    /// The gem's object machine: on failure it gives up without raising, and what
    /// encloses it reports the object's `{`.
    fn object(&self, p: usize, depth: usize) -> Parsed<(Data, usize)> {
        if depth > MAX_NESTING {
            return Err(Fail::Raise(format!("nesting of {depth} is too deep")));
        }
        let skip = |i: usize| self.skip_ignore(i).map_err(|_| Fail::Null);
        let mut entries: Vec<(Data, Data)> = Vec::new();
        // Files have thousands of keys.
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut i = skip(p + 1)?;
        if self.at(i) == Some(b'}') {
            return Ok((Data::Hash(entries), i + 1));
        }
        loop {
            if self.at(i) != Some(b'"') {
                return Err(Fail::Null);
            }
            let (key, end) = self.string(i)?;
            i = skip(end)?;
            if self.at(i) != Some(b':') {
                return Err(Fail::Null);
            }
            i = skip(i + 1)?;
            if !self.begins_value(i) {
                return Err(Fail::Null);
            }
            let (value, end) = self.value(i, depth)?;
            match index.get(&key) {
                Some(&at) => entries[at].1 = value,
                None => {
                    index.insert(key.clone(), entries.len());
                    entries.push((Data::String(key), value));
                }
            }
            i = skip(end)?;
            match self.at(i) {
                Some(b'}') => return Ok((Data::Hash(entries), i + 1)),
                Some(b',') => i = skip(i + 1)?,
                _ => return Err(Fail::Null),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> Data {
        Data::String(v.into())
    }

    #[test]
    fn keeps_order_and_types() {
        let d = parse_json(
            r#"{"z": 1, "a": [1.5, true, null, "x"], "m": {"b": 2, "a": 3}, "z": 4}"#,
            "f.json",
        )
        .unwrap();
        assert_eq!(
            d,
            Data::Hash(vec![
                (s("z"), Data::Integer(4)),
                (
                    s("a"),
                    Data::Array(vec![
                        Data::Float(1.5),
                        Data::Bool(true),
                        Data::Undef,
                        s("x")
                    ])
                ),
                (
                    s("m"),
                    Data::Hash(vec![(s("b"), Data::Integer(2)), (s("a"), Data::Integer(3))])
                ),
            ])
        );
    }

    /// The value of `text`, or Ruby's message.
    fn json(text: &str) -> Result<Data, String> {
        parse_json(text, "f.json").map_err(|e| {
            e.message
                .strip_prefix("Unable to parse (f.json): ")
                .unwrap()
                .to_string()
        })
    }

    #[test]
    fn what_the_gem_accepts() {
        assert_eq!(json("5"), Ok(Data::Integer(5)));
        assert_eq!(json(" \"str\" "), Ok(s("str")));
        assert_eq!(json("null"), Ok(Data::Undef));
        assert_eq!(json("-0"), Ok(Data::Integer(0)));
        assert_eq!(json("1e5"), Ok(Data::Float(100000.0)));
        assert_eq!(json("2.0E+3"), Ok(Data::Float(2000.0)));
        assert_eq!(json("1e400"), Ok(Data::Float(f64::INFINITY)));
        assert_eq!(
            json("// c\n{\"a\": /* c */ 1}"),
            Ok(Data::Hash(vec![(s("a"), Data::Integer(1))]))
        );
        assert_eq!(json(r#""\x\/\u00e9\ud83d\ude00""#), Ok(s("x/é😀")));
        // A high surrogate takes the next escape, or is `?` and swallows a character.
        assert_eq!(
            json(r#"["\ud83dabcdefg", "\ud83d\u0041", "\u0000", "\ud83d\\uude00"]"#),
            Ok(Data::Array(vec![
                s("?bcdefg"),
                s("\u{1F441}"),
                s("\0"),
                s("?\u{fffd}0")
            ]))
        );
        assert_eq!(
            json("123456789012345678901234567890"),
            Ok(Data::BigInteger(123456789012345678901234567890))
        );
        // FIXME: Ruby's Bignums go on past 128 bits.
        assert_eq!(
            json("-1234567890123456789012345678901234567890"),
            Ok(s("-1234567890123456789012345678901234567890"))
        );
    }

    #[test]
    fn errors_are_the_gem_s() {
        // Ruby 3.1, json 2.6.1: `JSON.parse(File.read(f))`.
        let cases = [
            (r#"{ "a": 1, }"#, "859: unexpected token at '{ \"a\": 1, }'"),
            (r#"{"a": 1"#, "859: unexpected token at '{\"a\": 1'"),
            ("[1,2", "451: unexpected token at ''"),
            (r#"{"a" 1}"#, "859: unexpected token at '{\"a\" 1}'"),
            ("nul", "859: unexpected token at 'nul'"),
            (r#"  {"a": tru}"#, "859: unexpected token at '{\"a\": tru}'"),
            (r#"{"a": [1, 2,]}"#, "451: unexpected token at ']}'"),
            ("", "859: unexpected token at ''"),
            ("   ", "859: unexpected token at ''"),
            (r#"{"a":1} x"#, "859: unexpected token at 'x'"),
            (r#"{"a": 01}"#, "859: unexpected token at '{\"a\": 01}'"),
            (r#"{"a": -}"#, "859: unexpected token at '{\"a\": -}'"),
            (r#"{"a": NaN}"#, "225: unexpected token at 'NaN}'"),
            (
                r#"{"a": Infinity}"#,
                "232: unexpected token at ' Infinity}'",
            ),
            (r#"{"a":Infinity}"#, "232: unexpected token at ':Infinity}'"),
            ("Infinity", "232: unexpected token at ''"),
            (
                r#"{"a": -Infinity}"#,
                "249: unexpected token at '-Infinity}'",
            ),
            ("[NaN]", "225: unexpected token at 'NaN]'"),
            (
                r#"{"a": "unterminated}"#,
                "859: unexpected token at '{\"a\": \"unterminated}'",
            ),
            ("{'a': 1}", "859: unexpected token at '{'a': 1}'"),
            (
                "{\"a\": 1}\n{\"b\": 2}",
                "859: unexpected token at '{\"b\": 2}'",
            ),
            (
                "{\"a\":\n  1,\n  }\n",
                "859: unexpected token at '{\"a\":\n  1,\n  }\n'",
            ),
            (r#"[{"a":1,}]"#, "451: unexpected token at '{\"a\":1,}]'"),
            ("[1, 2, x]", "451: unexpected token at 'x]'"),
            (
                r#"{"a": {"b": 1,}}"#,
                "859: unexpected token at '{\"a\": {\"b\": 1,}}'",
            ),
            (r#"{"a": 1.}"#, "859: unexpected token at '{\"a\": 1.}'"),
            (r#"{"a": .5}"#, "859: unexpected token at '{\"a\": .5}'"),
            (
                "{\"a\": \"tab\tin\"}",
                "859: unexpected token at '{\"a\": \"tab\tin\"}'",
            ),
            (
                r#"{"a": 1 /* unterminated"#,
                "859: unexpected token at '{\"a\": 1 /* unterminated'",
            ),
            ("[\"a\"  \"b\"]", "451: unexpected token at '\"b\"]'"),
            (
                "\u{feff}{\"a\": 1}",
                "859: unexpected token at '\u{feff}{\"a\": 1}'",
            ),
            (
                "[\n{\"a\": \"x\\ud83d\"}]",
                "521: incomplete surrogate pair at 'x\\ud83d\"}]'",
            ),
        ];
        for (text, want) in cases {
            assert_eq!(json(text), Err(want.to_string()), "{text:?}");
        }
        let deep = format!("{}{}", "[".repeat(101), "]".repeat(101));
        assert_eq!(json(&deep), Err("nesting of 101 is too deep".into()));
        let e = parse_json("{\n  \"a\": 1,\n  oops\n}", "data/common.json").unwrap_err();
        // Puppet's message has no location of its own (json_data names the file).
        assert!(e.location.is_none());
    }
}
