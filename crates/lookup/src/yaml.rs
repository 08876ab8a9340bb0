//! YAML the way Puppet's Hiera reads it: Ruby Psych's `YAML.safe_load` (YAML 1.1 scalars,
//! `permitted_classes: [Symbol]`, `aliases: true`), as `Puppet::Util::Yaml.safe_load` calls
//! it from the `yaml_data` backend.
//!
//! Built on `yaml-rust2`'s event parser; the scalar rules are Psych's `ScalarScanner#tokenize`
//! (Psych 4, the version the reference Puppet runs on), including its oddities:
//! `0o17` and `1e3` are strings, `1:30` is the integer 5400, `1,000` is 1000, and dates and
//! timestamps are an error ("Tried to load unspecified class: Date") because `safe_load`
//! does not permit `Date`/`Time`.

use marionette_catalog::Data;
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser, Tag};
use yaml_rust2::scanner::{Marker, TScalarStyle};

use crate::error::{ErrorKind, LookupError};

/// Parses the first document of `text`. An empty document is `Data::Undef`.
///
/// `file` is only used in error messages and locations. Errors are prefixed with
/// `(<file>): ` as `Puppet::Util::Yaml` does; class refusals are Psych's words.
/// FIXME: syntax errors are yaml-rust2's descriptions, not libyaml's (Psych says
/// "did not find expected ',' or ']' while parsing a flow sequence at line 2 column 4").
pub fn parse_yaml(text: &str, file: &str) -> Result<Data, LookupError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut builder = Builder {
        file,
        stack: Vec::new(),
        anchors: Vec::new(),
        root: None,
        error: None,
        docs: 0,
        alias_budget: ALIAS_BUDGET,
    };
    let mut parser = Parser::new_from_str(text);
    if let Err(e) = parser.load(&mut builder, true) {
        let m = e.marker();
        return Err(LookupError::new(
            ErrorKind::Syntax,
            format!(
                "({file}): {} at line {} column {}",
                e.info(),
                m.line(),
                m.col() + 1
            ),
        )
        .at(file, m.line(), m.col() + 1)
        .as_runtime());
    }
    if let Some(e) = builder.error {
        return Err(e.as_runtime());
    }
    Ok(builder.root.map(|n| n.value).unwrap_or(Data::Undef))
}

/// The `yaml_data` backend's reading of one file: the hash it contains, and the warning
/// Puppet logs when the file holds something else (then the data is an empty hash;
/// an empty file is an empty hash without a warning). Syntax errors read
/// `Unable to parse (<file>): ...` as Puppet words them.
pub fn yaml_data_hash(text: &str, file: &str) -> Result<(Data, Option<String>), LookupError> {
    match parse_yaml(text, file) {
        Ok(Data::Hash(h)) => Ok((Data::Hash(h), None)),
        // `safe_load` turns an empty document into `false`, which `yaml_data` accepts silently.
        Ok(Data::Undef) | Ok(Data::Bool(false)) => Ok((Data::Hash(Vec::new()), None)),
        Ok(_) => Ok((
            Data::Hash(Vec::new()),
            Some(format!("{file}: file does not contain a valid yaml hash")),
        )),
        Err(mut e) => {
            // `yaml_data` raises a lookup error of its own, without a location (the
            // message has the file, line and column).
            e.message = format!("Unable to parse {}", e.message);
            e.runtime = false;
            e.location = None;
            Err(e)
        }
    }
}

/// What kind of YAML node a value came from (merge keys care).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    Scalar,
    Sequence,
    Mapping,
}

#[derive(Clone)]
struct Node {
    value: Data,
    shape: Shape,
    /// For sequences: the shapes of the elements (a `<<: [*a, *b]` needs mappings).
    element_shapes: Vec<Shape>,
}

enum Frame {
    Seq {
        anchor: usize,
        items: Vec<Data>,
        shapes: Vec<Shape>,
    },
    Map {
        anchor: usize,
        entries: Vec<(Data, Data)>,
        key: Option<(Data, bool)>,
    },
}

/// How many values aliases may copy in one file. Psych shares aliased objects, so
/// "billion laughs" costs Ruby nothing; we copy, so a file that would expand past this is
/// an error instead of exhausting memory.
const ALIAS_BUDGET: usize = 1_000_000;

/// Nesting deeper than this is an error, not a stack overflow in what walks the value.
const MAX_DEPTH: usize = 500;

fn size(d: &Data) -> usize {
    match d {
        Data::Array(items) => 1 + items.iter().map(size).sum::<usize>(),
        Data::Hash(entries) => {
            1 + entries
                .iter()
                .map(|(k, v)| size(k) + size(v))
                .sum::<usize>()
        }
        _ => 1,
    }
}

struct Builder<'a> {
    alias_budget: usize,
    file: &'a str,
    stack: Vec<Frame>,
    /// Anchor id -> the finished node (ids are dense, starting at 1).
    anchors: Vec<Option<Node>>,
    root: Option<Node>,
    error: Option<LookupError>,
    docs: usize,
}

impl Builder<'_> {
    fn fail(&mut self, message: String, mark: Marker) {
        if self.error.is_none() {
            self.error = Some(
                LookupError::new(ErrorKind::Syntax, format!("({}): {message}", self.file)).at(
                    self.file,
                    mark.line(),
                    mark.col() + 1,
                ),
            );
        }
    }

    fn remember(&mut self, anchor: usize, node: &Node) {
        if anchor == 0 {
            return;
        }
        if self.anchors.len() <= anchor {
            self.anchors.resize(anchor + 1, None);
        }
        self.anchors[anchor] = Some(node.clone());
    }

    /// Adds a finished node to the enclosing collection (or makes it the document).
    fn push(&mut self, node: Node, is_merge_key: bool) {
        match self.stack.last_mut() {
            None => {
                if self.root.is_none() {
                    self.root = Some(node);
                }
            }
            Some(Frame::Seq { items, shapes, .. }) => {
                shapes.push(node.shape);
                items.push(node.value);
            }
            Some(Frame::Map { entries, key, .. }) => match key.take() {
                None => *key = Some((node.value, is_merge_key)),
                Some((k, true)) => merge_key(entries, k, node),
                Some((k, false)) => insert(entries, k, node.value),
            },
        }
    }
}

/// Ruby's `Hash#[]=`: an existing key keeps its place and takes the new value.
fn insert(entries: &mut Vec<(Data, Data)>, key: Data, value: Data) {
    match entries.iter_mut().find(|(k, _)| *k == key) {
        Some(slot) => slot.1 = value,
        None => entries.push((key, value)),
    }
}

/// Psych's `<<` handling in `revive_hash`: a mapping is merged in, a sequence of mappings
/// is merged last-to-first (earlier ones win), anything else is kept as a `<<` key.
fn merge_key(entries: &mut Vec<(Data, Data)>, key: Data, node: Node) {
    match (&node.shape, &node.value) {
        (Shape::Mapping, Data::Hash(h)) => {
            for (k, v) in h {
                insert(entries, k.clone(), v.clone());
            }
        }
        (Shape::Sequence, Data::Array(items))
            if node.element_shapes.iter().all(|s| *s == Shape::Mapping) =>
        {
            let mut merged = Vec::new();
            for item in items.iter().rev() {
                if let Data::Hash(h) = item {
                    for (k, v) in h {
                        insert(&mut merged, k.clone(), v.clone());
                    }
                }
            }
            for (k, v) in merged {
                insert(entries, k, v);
            }
        }
        _ => insert(entries, key, node.value),
    }
}

fn is_core_tag(tag: &Tag, name: &str) -> bool {
    tag.suffix == name && matches!(tag.handle.as_str(), "tag:yaml.org,2002:" | "!!" | "!")
}

fn disallowed(tag: &Option<Tag>) -> Option<String> {
    let tag = tag.as_ref()?;
    let name = tag.suffix.strip_prefix("ruby/")?;
    if name.starts_with("sym") {
        return None;
    }
    let class = name.split_once(':').map(|(_, c)| c).unwrap_or(name);
    Some(format!("Tried to load unspecified class: {class}"))
}

impl MarkedEventReceiver for Builder<'_> {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        if self.error.is_some() {
            return;
        }
        match ev {
            Event::DocumentStart => self.docs += 1,
            Event::Scalar(text, style, anchor, tag) => {
                if self.docs > 1 {
                    return;
                }
                if let Some(msg) = disallowed(&tag) {
                    return self.fail(msg, mark);
                }
                let awaiting_key = matches!(self.stack.last(), Some(Frame::Map { key: None, .. }));
                let explicit_str = tag.as_ref().is_some_and(|t| is_core_tag(t, "str"));
                let value = if style != TScalarStyle::Plain || explicit_str {
                    Data::String(text)
                } else if tag.as_ref().is_some_and(|t| is_core_tag(t, "float")) {
                    match tokenize(&text) {
                        Ok(Data::Integer(i)) => Data::Float(i as f64),
                        Ok(Data::Float(f)) => Data::Float(f),
                        Ok(_) => {
                            return self.fail(format!("invalid value for Float(): {text:?}"), mark)
                        }
                        Err(msg) => return self.fail(msg, mark),
                    }
                } else {
                    match tokenize(&text) {
                        Ok(v) => v,
                        Err(msg) => return self.fail(msg, mark),
                    }
                };
                let merge = awaiting_key && !explicit_str && value == Data::String("<<".into());
                let node = Node {
                    value,
                    shape: Shape::Scalar,
                    element_shapes: Vec::new(),
                };
                self.remember(anchor, &node);
                self.push(node, merge);
            }
            Event::Alias(id) => {
                if self.docs > 1 {
                    return;
                }
                match self.anchors.get(id).cloned().flatten() {
                    Some(node) => {
                        let n = size(&node.value);
                        if n > self.alias_budget {
                            return self.fail(
                                format!("aliases expand to more than {ALIAS_BUDGET} values"),
                                mark,
                            );
                        }
                        self.alias_budget -= n;
                        self.push(node, false)
                    }
                    None => self.fail("An alias referenced an unknown anchor".into(), mark),
                }
            }
            Event::SequenceStart(anchor, tag) => {
                if let Some(msg) = disallowed(&tag) {
                    return self.fail(msg, mark);
                }
                if self.stack.len() >= MAX_DEPTH {
                    return self.fail(format!("nesting deeper than {MAX_DEPTH} levels"), mark);
                }
                self.stack.push(Frame::Seq {
                    anchor,
                    items: Vec::new(),
                    shapes: Vec::new(),
                });
            }
            Event::MappingStart(anchor, tag) => {
                if let Some(msg) = disallowed(&tag) {
                    return self.fail(msg, mark);
                }
                if self.stack.len() >= MAX_DEPTH {
                    return self.fail(format!("nesting deeper than {MAX_DEPTH} levels"), mark);
                }
                self.stack.push(Frame::Map {
                    anchor,
                    entries: Vec::new(),
                    key: None,
                });
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let node = match self.stack.pop() {
                    Some(Frame::Seq {
                        anchor,
                        items,
                        shapes,
                    }) => (
                        anchor,
                        Node {
                            value: Data::Array(items),
                            shape: Shape::Sequence,
                            element_shapes: shapes,
                        },
                    ),
                    Some(Frame::Map {
                        anchor, entries, ..
                    }) => (
                        anchor,
                        Node {
                            value: Data::Hash(entries),
                            shape: Shape::Mapping,
                            element_shapes: Vec::new(),
                        },
                    ),
                    None => return,
                };
                if self.docs > 1 {
                    return;
                }
                self.remember(node.0, &node.1);
                self.push(node.1, false);
            }
            _ => {}
        }
    }
}

/// Psych's `ScalarScanner#tokenize` for a plain, untagged scalar. `Err` is a class that
/// `safe_load` refuses (`Date`, `Time`).
pub(crate) fn tokenize(s: &str) -> Result<Data, String> {
    if s.is_empty() {
        return Ok(Data::Undef);
    }
    if looks_like_word(s) || s.contains('\n') {
        if s.len() > 5 {
            return Ok(Data::String(s.into()));
        }
        let first = s.chars().next().unwrap_or(' ').to_ascii_lowercase();
        if !matches!(first, 'y' | 't' | 'o' | 'n' | 'f' | '~') {
            return Ok(Data::String(s.into()));
        }
        let lower = s.to_ascii_lowercase();
        return Ok(match lower.as_str() {
            "~" | "null" => Data::Undef,
            "yes" | "true" | "on" => Data::Bool(true),
            "no" | "false" | "off" => Data::Bool(false),
            _ => Data::String(s.into()),
        });
    }
    if is_time(s) {
        return Err("Tried to load unspecified class: Time".into());
    }
    if is_date(s) {
        return Err("Tried to load unspecified class: Date".into());
    }
    let lower = s.to_ascii_lowercase();
    match lower.as_str() {
        ".inf" | "+.inf" => return Ok(Data::Float(f64::INFINITY)),
        "-.inf" => return Ok(Data::Float(f64::NEG_INFINITY)),
        ".nan" => return Ok(Data::Float(f64::NAN)),
        _ => {}
    }
    if let Some(name) = s.strip_prefix(':').filter(|n| !n.is_empty()) {
        // A Symbol (permitted). FIXME: Puppet gets a Ruby Symbol here, which `puppet lookup`
        // renders as nothing; we keep the name as a string.
        let name = match name.as_bytes()[0] {
            q @ (b'"' | b'\'') if name.len() >= 2 && name[1..].contains(q as char) => {
                let end = name[1..].rfind(q as char).unwrap_or(0) + 1;
                &name[1..end]
            }
            _ => name,
        };
        return Ok(Data::String(name.strip_prefix(':').unwrap_or(name).into()));
    }
    if let Some(v) = sexagesimal(s) {
        return Ok(v);
    }
    if is_float(s) {
        if s == "." || s == "-." || s == "+." {
            return Ok(Data::String(s.into()));
        }
        let mut clean: String = s.chars().filter(|c| *c != ',' && *c != '_').collect();
        // `1.` and `1.e+3` lose the dot, as Psych's gsub does.
        clean = clean.replace(".e", "e").replace(".E", "E");
        if clean.ends_with('.') {
            clean.pop();
        }
        return Ok(clean
            .parse::<f64>()
            .map(Data::Float)
            .unwrap_or_else(|_| Data::String(s.into())));
    }
    if is_legacy_integer(s) {
        return Ok(ruby_integer(&s.replace([',', '_'], ""))
            .map(Data::Integer)
            .unwrap_or_else(|| Data::String(s.into())));
    }
    Ok(Data::String(s.into()))
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

/// Psych's `TIME` regexp.
fn is_time(s: &str) -> bool {
    let s = s.strip_prefix('-').unwrap_or(s);
    let check = || -> Option<()> {
        let (_, r) = digits(s, 4, 4)?;
        let (_, r) = digits(r.strip_prefix('-')?, 1, 2)?;
        let (_, r) = digits(r.strip_prefix('-')?, 1, 2)?;
        let r = if let Some(r) = r.strip_prefix(['T', 't']) {
            r
        } else {
            let t = r.trim_start();
            (t.len() < r.len()).then_some(t)?
        };
        let (_, r) = digits(r, 1, 2)?;
        let (_, r) = digits(r.strip_prefix(':')?, 2, 2)?;
        let (_, mut r) = digits(r.strip_prefix(':')?, 2, 2)?;
        if let Some(f) = r.strip_prefix('.') {
            r = f.trim_start_matches(|c: char| c.is_ascii_digit());
        }
        let r = r.trim_start();
        if r.is_empty() || r == "Z" {
            return Some(());
        }
        let r = r.strip_prefix(['+', '-'])?;
        let (_, r) = digits(r, 1, 2)?;
        let r = r.strip_prefix(':').unwrap_or(r);
        (r.is_empty() || digits(r, 2, 2)?.1.is_empty()).then_some(())
    };
    check().is_some()
}

/// `/^\d{4}-(?:1[012]|0\d|\d)-(?:[12]\d|3[01]|0\d|\d)$/`. Psych asks its class loader
/// for `Date` before it validates the date, so even `2023-02-30` is refused.
fn is_date(s: &str) -> bool {
    let check = || -> Option<bool> {
        let (_, r) = digits(s, 4, 4)?;
        let (m, r) = digits(r.strip_prefix('-')?, 1, 2)?;
        let (d, r) = digits(r.strip_prefix('-')?, 1, 2)?;
        let (m, d): (u32, u32) = (m.parse().ok()?, d.parse().ok()?);
        Some(r.is_empty() && m <= 12 && d <= 31)
    };
    check() == Some(true)
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
fn ruby_integer(s: &str) -> Option<i64> {
    let (neg, r) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let v = if let Some(b) = r.strip_prefix("0b") {
        i64::from_str_radix(b, 2).ok()?
    } else if let Some(x) = r.strip_prefix("0x") {
        i64::from_str_radix(x, 16).ok()?
    } else if r.len() > 1 && r.starts_with('0') {
        i64::from_str_radix(&r[1..], 8).ok()?
    } else {
        r.parse().ok()?
    };
    Some(if neg { -v } else { v })
}

#[cfg(test)]
mod tests;
