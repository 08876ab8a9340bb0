//! Puppet 7.23's catalog JSON (`catalog_format` 2), laid out as Ruby's
//! `JSON.pretty_generate` lays it out, so that our output can be compared byte for byte.
//! The one place that knows the wire format.

use crate::{Catalog, Data, Resource, ResourceKind, Version};
use std::fmt::Write;

/// The catalog as JSON text (ending with a newline).
pub fn to_json(catalog: &Catalog) -> String {
    render(catalog, false, String::new())
}

/// [`to_json`] into `out`, which is cleared first: a fleet writes each node's catalog
/// into the buffer of the one before, rather than allocating (and the allocator
/// faulting in) a large new string for each.
pub fn to_json_into(catalog: &Catalog, out: &mut String) {
    out.clear();
    *out = render(catalog, false, std::mem::take(out));
}

/// [`to_json`], with the second half of the resources written on a second thread:
/// the same bytes, sooner, for a single compile (whose second core is idle when the
/// catalog is written; a fleet keeps its cores busy with other nodes and uses
/// [`to_json`]).
pub fn to_json_parallel(catalog: &Catalog) -> String {
    render(catalog, true, String::new())
}

/// Resources in a catalog below which writing them on two threads is not worth a
/// thread.
const PARALLEL_MIN: usize = 64;

fn render(catalog: &Catalog, parallel: bool, mut out: String) -> String {
    // About a kilobyte a resource in real catalogs.
    out.reserve(4096 + catalog.resources.len() * 1024);
    let mut w = Writer {
        out,
        indent: 0,
        compact: false,
    };
    w.open('{');
    w.key("tags");
    w.strings(&catalog.tags);
    w.comma();
    w.key("name");
    w.string(&catalog.name);
    w.comma();
    w.key("version");
    match &catalog.version {
        Version::Integer(i) => w.raw(&i.to_string()),
        Version::String(s) => w.string(s),
    }
    w.comma();
    w.key("code_id");
    w.raw("null");
    w.comma();
    w.key("catalog_uuid");
    w.string(&catalog.catalog_uuid);
    w.comma();
    w.key("catalog_format");
    w.raw("2");
    w.comma();
    w.key("environment");
    w.string(&catalog.environment);
    w.comma();
    w.key("resources");
    if parallel && catalog.resources.len() >= PARALLEL_MIN {
        w.resources_on_two_threads(&catalog.resources);
    } else {
        w.list(&catalog.resources, |w, r| w.resource(r));
    }
    w.comma();
    w.key("edges");
    w.list(&catalog.edges, |w, e| {
        w.open('{');
        w.key("source");
        w.reference(&e.source.type_name, &e.source.title);
        w.comma();
        w.key("target");
        w.reference(&e.target.type_name, &e.target.title);
        w.close('}');
    });
    w.comma();
    w.key("classes");
    w.strings(&catalog.classes);
    w.close('}');
    w.out.push('\n');
    w.out
}

/// A string as Ruby's json gem writes it: in double quotes, with `"`, `\` and control
/// characters escaped and everything else (`/`, non-ASCII) as is.
pub fn json_str(s: &str, out: &mut String) {
    out.reserve(s.len() + 2);
    out.push('"');
    escape_into(s, out);
    out.push('"');
}

/// The inside of [`json_str`]: `s` with its escapes, without the quotes.
fn escape_into(s: &str, out: &mut String) {
    // Most strings need no escape: one test and one copy, the rest out of line.
    match next_escape(s.as_bytes(), 0) {
        None => out.push_str(s),
        Some(first) => escape_from(s, first, out),
    }
}

/// [`escape_into`] from the first byte to escape, `first`. Runs of bytes that need no
/// escape are copied whole (every byte that does is ASCII, so a run never splits a
/// character).
#[inline(never)]
fn escape_from(s: &str, first: usize, out: &mut String) {
    let bytes = s.as_bytes();
    let mut run = 0;
    let mut next = Some(first);
    while let Some(i) = next {
        out.push_str(&s[run..i]);
        match bytes[i] {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0x08 => out.push_str("\\b"),
            0x0c => out.push_str("\\f"),
            b => {
                let _ = write!(out, "\\u{b:04x}");
            }
        }
        run = i + 1;
        next = next_escape(bytes, run);
    }
    out.push_str(&s[run..]);
}

/// The first byte at or after `from` that JSON escapes: a control character, `"` or
/// `\`, found eight bytes at a time.
#[inline]
fn next_escape(bytes: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while let Some(word) = bytes.get(i..i + 8) {
        let found = escapes(u64::from_le_bytes(word.try_into().expect("eight bytes")));
        if found != 0 {
            // The lowest byte flagged is exact (see `escapes`).
            return Some(i + (found.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    let tail = bytes.get(i..).unwrap_or_default();
    if escapes(tail_word(tail)) == 0 {
        return None;
    }
    tail.iter()
        .position(|&b| b < 0x20 || b == b'"' || b == b'\\')
        .map(|at| i + at)
}

/// Up to seven bytes as one word for [`escapes`], without a copy: overlapping reads
/// of the first and last bytes (each byte of the word is one of `tail`'s, so the word
/// has a byte to escape exactly when `tail` does), spaces where `tail` is too short.
fn tail_word(tail: &[u8]) -> u64 {
    const SPACES: u64 = 0x2020_2020_2020_2020;
    let n = tail.len();
    let u16_at = |at: usize| u64::from(u16::from_le_bytes([tail[at], tail[at + 1]]));
    let u32_at = |at: usize| {
        u64::from(u32::from_le_bytes([
            tail[at],
            tail[at + 1],
            tail[at + 2],
            tail[at + 3],
        ]))
    };
    match n {
        0 => SPACES,
        1 => (SPACES << 8) | u64::from(tail[0]),
        2 | 3 => (SPACES << 32) | (u16_at(n - 2) << 16) | u16_at(0),
        _ => (u32_at(n - 4) << 32) | u32_at(0),
    }
}

/// The high bits of the bytes of `word` (little-endian) that may be a control
/// character, `"` or `\` (the classic "has a byte less than n" and "has a zero
/// byte" tests): zero when none is; otherwise the lowest bit set is exact (a borrow
/// only carries into the bytes above one that matched), those above it may be false.
fn escapes(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let zero_byte = |w: u64| w.wrapping_sub(ONES) & !w & HIGH;
    let control = word.wrapping_sub(ONES * 0x20) & !word & HIGH;
    let quote = zero_byte(word ^ (ONES * u64::from(b'"')));
    let backslash = zero_byte(word ^ (ONES * u64::from(b'\\')));
    control | quote | backslash
}

/// A value as compact JSON (Ruby's `JSON.generate`), rich values in Puppet's
/// `__ptype` form.
pub fn compact_json(d: &Data) -> String {
    let mut w = Writer {
        out: String::new(),
        indent: 0,
        compact: true,
    };
    w.data(d);
    w.out
}

struct Writer {
    out: String,
    indent: usize,
    /// No newlines or indentation, no space after `:`.
    compact: bool,
}

impl Writer {
    fn newline(&mut self) {
        if self.compact {
            return;
        }
        const SPACES: &str = "\n                                                                ";
        let width = 1 + 2 * self.indent;
        if width <= SPACES.len() {
            self.out.push_str(&SPACES[..width]);
        } else {
            self.out.push('\n');
            for _ in 0..self.indent {
                self.out.push_str("  ");
            }
        }
    }

    fn open(&mut self, c: char) {
        self.out.push(c);
        self.indent += 1;
        self.newline();
    }

    fn close(&mut self, c: char) {
        self.indent -= 1;
        self.newline();
        self.out.push(c);
    }

    fn comma(&mut self) {
        self.out.push(',');
        self.newline();
    }

    fn key(&mut self, k: &str) {
        self.string(k);
        self.out.push_str(if self.compact { ":" } else { ": " });
    }

    fn raw(&mut self, s: &str) {
        self.out.push_str(s);
    }

    fn string(&mut self, s: &str) {
        json_str(s, &mut self.out);
    }

    /// `Type[title]` as a JSON string.
    fn reference(&mut self, type_name: &str, title: &str) {
        self.out.push('"');
        escape_into(type_name, &mut self.out);
        self.out.push('[');
        escape_into(title, &mut self.out);
        self.out.push_str("]\"");
    }

    fn strings(&mut self, items: &[impl AsRef<str>]) {
        self.list(items, |w, s| w.string(s.as_ref()));
    }

    fn list<T>(&mut self, items: &[T], mut each: impl FnMut(&mut Writer, &T)) {
        if items.is_empty() {
            self.out.push_str("[]");
            return;
        }
        self.open('[');
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.comma();
            }
            each(self, item);
        }
        self.close(']');
    }

    /// [`Writer::list`] of resources, the second half written by another thread into
    /// its own buffer at the same indentation, then appended: the same bytes. If no
    /// thread can be started, this thread writes it.
    fn resources_on_two_threads(&mut self, resources: &[Resource]) {
        let (first, second) = resources.split_at(resources.len() / 2);
        self.open('[');
        let (indent, compact) = (self.indent, self.compact);
        let write_second = move || {
            let mut w = Writer {
                out: String::with_capacity(second.len() * 1024),
                indent,
                compact,
            };
            for r in second {
                w.comma();
                w.resource(r);
            }
            w.out
        };
        let second_text = std::thread::scope(|scope| {
            let helper = std::thread::Builder::new().spawn_scoped(scope, write_second);
            for (i, r) in first.iter().enumerate() {
                if i > 0 {
                    self.comma();
                }
                self.resource(r);
            }
            helper.ok().and_then(|h| h.join().ok())
        });
        match second_text {
            Some(text) => self.out.push_str(&text),
            None => {
                for r in second {
                    self.comma();
                    self.resource(r);
                }
            }
        }
        self.close(']');
    }

    fn object<'a>(&mut self, entries: impl ExactSizeIterator<Item = (&'a str, &'a Data)>) {
        if entries.len() == 0 {
            self.out.push_str("{}");
            return;
        }
        self.open('{');
        for (i, (k, v)) in entries.enumerate() {
            if i > 0 {
                self.comma();
            }
            self.key(k);
            self.data(v);
        }
        self.close('}');
    }

    fn resource(&mut self, r: &Resource) {
        self.open('{');
        self.key("type");
        self.string(&r.type_name);
        self.comma();
        self.key("title");
        self.string(&r.title);
        self.comma();
        self.key("tags");
        self.strings(&r.tags);
        if let Some(file) = &r.file {
            self.comma();
            self.key("file");
            self.string(file);
        }
        if let Some(line) = r.line {
            self.comma();
            self.key("line");
            let _ = write!(self.out, "{line}");
        }
        self.comma();
        self.key("exported");
        self.raw(if r.exported { "true" } else { "false" });
        self.comma();
        self.key("kind");
        self.string(match r.kind {
            ResourceKind::CompilableType => "compilable_type",
            ResourceKind::DefinedType => "defined_type",
            ResourceKind::Class => "class",
            ResourceKind::Unknown => "unknown",
        });
        if !r.parameters.is_empty() {
            self.comma();
            self.key("parameters");
            self.open('{');
            for (i, (k, v)) in r.parameters.iter().enumerate() {
                if i > 0 {
                    self.comma();
                }
                self.key(k);
                // A top-level Sensitive value is written in clear text.
                match v {
                    Data::Sensitive(inner) => self.data(inner),
                    other => self.data(other),
                }
            }
            self.close('}');
        }
        if !r.sensitive_parameters.is_empty() {
            self.comma();
            self.key("sensitive_parameters");
            self.strings(&r.sensitive_parameters);
        }
        self.close('}');
    }

    fn ptype(&mut self, ptype: &str, value: Option<&Data>) {
        let ptype = Data::String(ptype.to_string());
        let mut entries = vec![("__ptype", &ptype)];
        if let Some(v) = value {
            entries.push(("__pvalue", v));
        }
        self.object(entries.into_iter());
    }

    fn data(&mut self, d: &Data) {
        match d {
            Data::Undef => self.raw("null"),
            Data::Bool(b) => self.raw(if *b { "true" } else { "false" }),
            Data::Integer(i) => {
                let _ = write!(self.out, "{i}");
            }
            Data::BigInteger(i) => self.raw(&i.to_string()),
            Data::Float(f) => {
                // JSON has no NaN or infinities; Ruby's generator would refuse them.
                let s = if f.is_finite() {
                    ruby_float(*f)
                } else {
                    "null".into()
                };
                self.raw(&s)
            }
            Data::String(s) => self.string(s),
            Data::Array(items) => self.list(items, |w, v| w.data(v)),
            Data::Hash(entries) => {
                if entries.iter().all(|(k, _)| matches!(k, Data::String(_))) {
                    self.object(entries.iter().map(|(k, v)| match k {
                        Data::String(s) => (s.as_str(), v),
                        _ => ("", v),
                    }));
                } else {
                    let flat: Vec<Data> = entries
                        .iter()
                        .flat_map(|(k, v)| [k.clone(), v.clone()])
                        .collect();
                    self.ptype("Hash", Some(&Data::Array(flat)));
                }
            }
            Data::Sensitive(inner) => self.ptype("Sensitive", Some(inner)),
            Data::Default => self.ptype("Default", None),
            Data::Regexp(source) => self.ptype("Regexp", Some(&Data::String(source.clone()))),
            Data::Timestamp(t) => self.ptype("Timestamp", Some(&Data::String(t.clone()))),
            Data::Deferred { name, arguments } => {
                let (ptype, name) = (Data::String("Deferred".into()), Data::String(name.clone()));
                let arguments = arguments.clone().map(Data::Array);
                let mut entries = vec![("__ptype", &ptype), ("name", &name)];
                if let Some(arguments) = &arguments {
                    entries.push(("arguments", arguments));
                }
                self.object(entries.into_iter());
            }
            Data::Type { ptype, attributes } => {
                let ptype = Data::String(ptype.clone());
                let mut entries = vec![("__ptype", &ptype)];
                entries.extend(attributes.iter().map(|(k, v)| (k.as_str(), v)));
                self.object(entries.into_iter());
            }
        }
    }
}

/// Ruby's `Float#to_s`: what Puppet's string conversion and Ruby's JSON generator write
/// for a float (`3.5`, `2.0`, `1.0e+15`, `1.0e-05`, `NaN`, `Infinity`).
pub fn ruby_float(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    let abs = f.abs();
    // Ruby switches to exponent form from 1e15 up and below 1e-4.
    if abs != 0.0 && !(1e-4..1e15).contains(&abs) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Edge, ResourceRef};

    #[test]
    fn strings_escape_as_ruby_json_does() {
        // Ruby 3.1, json 2.6: `"q\"b\\s\n\r\t\b\f\u0001\u001fé/€x".to_json`.
        let mut out = String::new();
        json_str("q\"b\\s\n\r\t\u{8}\u{c}\u{1}\u{1f}é/€x", &mut out);
        assert_eq!(out, r#""q\"b\\s\n\r\t\b\f\u0001\u001fé/€x""#);
        let mut out = String::new();
        json_str("", &mut out);
        assert_eq!(out, r#""""#);
        // Long runs, tested eight bytes at a time: escapes at every offset of a word,
        // DEL and non-ASCII left as they are.
        let mut out = String::new();
        json_str(
            "abcdefgh\"ijklmnop\\qrstuvw\u{1}xyzABCD\u{7f}éèàùûüÿ€\nEFGHIJKLM\t",
            &mut out,
        );
        assert_eq!(
            out,
            "\"abcdefgh\\\"ijklmnop\\\\qrstuvw\\u0001xyzABCD\u{7f}éèàùûüÿ€\\nEFGHIJKLM\\t\""
        );
    }

    #[test]
    fn escapes_found_at_every_offset_with_more_in_the_same_word() {
        // Several bytes to escape in one word, after every prefix length, next to
        // bytes whose tests borrow (0x00, 0x80 and up): each escaped as if one at a time.
        let naive = |s: &str| {
            let mut out = String::new();
            for c in s.chars() {
                match c {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    '\n' => out.push_str("\\n"),
                    '\r' => out.push_str("\\r"),
                    '\t' => out.push_str("\\t"),
                    '\u{8}' => out.push_str("\\b"),
                    '\u{c}' => out.push_str("\\f"),
                    c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                    c => out.push(c),
                }
            }
            out
        };
        let tail = "\u{0}\"\u{1f}\\ \u{80}é!\n\u{1}\"x\u{7f}";
        for prefix in 0..12 {
            let s = format!("{}{tail}{}", "a".repeat(prefix), "b".repeat(prefix));
            let mut out = String::new();
            escape_into(&s, &mut out);
            assert_eq!(out, naive(&s), "{s:?}");
        }
    }

    #[test]
    fn escapes_found_at_every_position_of_short_strings() {
        // Every length up to two words, with one byte to escape at each position (or
        // none): the tail of fewer than eight bytes is tested apart from the words.
        for len in 0..17 {
            let plain = "abcdefghijklmnopq"[..len].to_string();
            let mut out = String::new();
            escape_into(&plain, &mut out);
            assert_eq!(out, plain);
            for at in 0..len {
                for (byte, escaped) in [("\"", "\\\""), ("\n", "\\n"), ("\u{1}", "\\u0001")] {
                    let s = format!("{}{byte}{}", &plain[..at], &plain[at + 1..]);
                    let mut out = String::new();
                    escape_into(&s, &mut out);
                    assert_eq!(
                        out,
                        format!("{}{escaped}{}", &plain[..at], &plain[at + 1..])
                    );
                }
            }
        }
    }

    #[test]
    fn layout_matches_ruby_pretty_generate() {
        let catalog = Catalog {
            name: "n".into(),
            environment: "production".into(),
            version: Version::Integer(0),
            catalog_uuid: "u".into(),
            tags: vec!["class".into()],
            classes: vec![],
            resources: vec![Resource {
                type_name: "Notify".into(),
                title: "x".into(),
                tags: vec!["notify".into()],
                file: None,
                line: None,
                exported: false,
                kind: ResourceKind::CompilableType,
                parameters: vec![(
                    "message".into(),
                    Data::Hash(vec![(Data::Integer(1), Data::String("one".into()))]),
                )],
                sensitive_parameters: vec![],
            }],
            edges: vec![Edge {
                source: ResourceRef {
                    type_name: "Class".into(),
                    title: "main".into(),
                },
                target: ResourceRef {
                    type_name: "Notify".into(),
                    title: "x".into(),
                },
            }],
        };
        let json = to_json(&catalog);
        assert!(json.starts_with("{\n  \"tags\": [\n    \"class\"\n  ],\n  \"name\": \"n\",\n"));
        assert!(json.contains("\"classes\": []\n}\n"));
        assert!(json.contains("\"__ptype\": \"Hash\",\n"));
        assert_eq!(ruby_float(3.5), "3.5");
        assert_eq!(ruby_float(1e20), "1.0e+20");
        assert_eq!(ruby_float(2.0), "2.0");
        assert_eq!(ruby_float(1e15), "1.0e+15");
        assert_eq!(ruby_float(1e14), "100000000000000.0");

        // Written on two threads: the same bytes, with an odd number of resources
        // and with an even one.
        let mut big = catalog.clone();
        for n in 0..super::PARALLEL_MIN * 2 + 1 {
            let mut r = catalog.resources[0].clone();
            r.title = format!("x{n}");
            big.resources.push(r);
            if big.resources.len() >= super::PARALLEL_MIN {
                assert_eq!(to_json_parallel(&big), to_json(&big));
            }
        }
        // Into a buffer that held something else.
        let mut buffer = "left over".to_string();
        to_json_into(&big, &mut buffer);
        assert_eq!(buffer, to_json(&big));
    }
}
