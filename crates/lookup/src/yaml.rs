//! YAML the way Puppet's Hiera reads it: Ruby Psych's `YAML.safe_load` (YAML 1.1,
//! `permitted_classes: [Symbol]`, `aliases: true`), as `Puppet::Util::Yaml.safe_load` calls
//! it from the `yaml_data` backend.
//!
//! Three layers, as in Ruby: `scanner` and `parser` are libyaml 0.2.5 (the library under
//! Psych) rewritten, so syntax errors carry libyaml's words and positions; the builder
//! here is Psych's `ToRuby` (tags, anchors and aliases, `<<` merge keys, refused classes)
//! over Psych 4's `ScalarScanner#tokenize` for plain scalars
//! (`marionette_catalog::ruby::scalar_scanner`, which the YAML writer shares), where dates
//! and timestamps are an error ("Tried to load unspecified class: Date") because
//! `safe_load` does not permit `Date`/`Time`.
//!
//! Like Psych, only the first document is read: whatever follows its end is not parsed.

mod parser;
mod scanner;

use foldhash::{HashMap, HashMapExt};

use marionette_catalog::Data;

use crate::error::{ErrorKind, LookupError};
use crate::lookup_value::ruby_object;
use marionette_catalog::ruby::scalar_scanner::{self, Token};
use parser::{Event, Parser};
use scanner::{Mark, ScalarStyle};

/// Parses the first document of `text`. An empty document is `Data::Undef`.
///
/// `file` is only used in error messages and locations. Errors are worded as
/// `Puppet::Util::Yaml.safe_load` words them: `(<file>): ` and Psych's message for syntax
/// errors and refused classes, Ruby's bare message for the other failures. Ruby Symbols
/// are read as their names here. FIXME: `hiera.yaml` would see a Symbol, and fail
/// Puppet's type checks.
pub fn parse_yaml(text: &str, file: &str) -> Result<Data, LookupError> {
    load(text, file, Symbols::AsNames, Times::Refused)
}

/// A facts file as the oracle's Puppet reads it: `YAML.safe_load` permitting
/// `Symbol`, `Date` and `Time`, which become strings (their names, and Ruby's `to_s`:
/// `2024-01-15`, `2024-01-15 10:20:30 +0100`).
pub fn parse_yaml_facts(text: &str, file: &str) -> Result<Data, LookupError> {
    load(text, file, Symbols::AsNames, Times::AsStrings)
}

/// The `yaml_data` backend's reading of one file: the hash it contains, and the warning
/// Puppet logs when the file holds something else (then the data is an empty hash;
/// an empty file too). Syntax errors read
/// `Unable to parse (<file>): ...` as Puppet words them.
///
/// Values that are not Puppet data stay in the hash for the lookup to refuse when it
/// finds them (see `lookup_value.rs`): a Ruby Symbol value (`:sym`, but `:default`
/// and `:undef` are Puppet's `default` and `undef`), hash keys that are Booleans or
/// `~`. Symbol keys are strings, as `yaml_data` converts them.
pub fn yaml_data_hash(text: &str, file: &str) -> Result<(Data, Option<String>), LookupError> {
    let document = yaml_data_document(text, file)?;
    let warning = non_hash_warning(&document, file);
    match document {
        Data::Hash(h) => Ok((Data::Hash(h), None)),
        _ => Ok((Data::Hash(Vec::new()), warning)),
    }
}

/// The document of a `yaml_data` file as read (what is cached), before
/// [`non_hash_warning`] decides what a non-hash means.
pub(crate) fn yaml_data_document(text: &str, file: &str) -> Result<Data, LookupError> {
    load(text, file, Symbols::AsRuby, Times::Refused).map_err(|mut e| {
        // `yaml_data` raises a lookup error of its own, without a location (the
        // message has the file, line and column).
        e.message = format!("Unable to parse {}", e.message);
        e.runtime = false;
        e.location = None;
        e
    })
}

/// `yaml_data`'s complaint about a document that is not a hash (it then counts as an
/// empty hash), an empty or comments-only file included.
pub(crate) fn non_hash_warning(document: &Data, file: &str) -> Option<String> {
    match document {
        Data::Hash(_) => None,
        _ => Some(format!("{file}: file does not contain a valid yaml hash")),
    }
}

/// Whether `strict = error` makes a non-hash document an error: `safe_load` reads an
/// empty (or comments-only) file as `false`, which stays a warning.
pub(crate) fn non_hash_is_error(document: &Data) -> bool {
    !matches!(document, Data::Hash(_) | Data::Undef | Data::Bool(false))
}

/// Whether dates and timestamps may be read (as strings), or are refused classes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Times {
    Refused,
    AsStrings,
}

/// What a Ruby Symbol value becomes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Symbols {
    /// Its name, a string.
    AsNames,
    /// `default`, `undef`, or a Ruby object that a lookup refuses.
    AsRuby,
}

fn load(text: &str, file: &str, symbols: Symbols, times: Times) -> Result<Data, LookupError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let syntax = |e: scanner::SyntaxError| {
        LookupError::new(ErrorKind::Syntax, format!("({file}): {}", e.describe()))
            .at(file, e.context_mark.line + 1, e.context_mark.column + 1)
            .as_runtime()
    };
    scanner::check_characters(text).map_err(syntax)?;
    let mut builder = Builder {
        symbols,
        times,
        stack: Vec::new(),
        anchors: HashMap::new(),
        root: None,
        error: None,
        alias_budget: ALIAS_BUDGET,
    };
    let mut parser = Parser::new(text);
    // Psych builds the first document's tree before it converts anything, so a syntax
    // error anywhere in that document wins over a refused class.
    while let Some((event, mark)) = parser.next_event().map_err(syntax)? {
        match event {
            Event::DocumentEnd | Event::StreamEnd => break,
            event => builder.on_event(event, mark),
        }
    }
    if let Some((refusal, mark)) = builder.error {
        let message = match refusal {
            Refusal::Class(class) => {
                format!("({file}): Tried to load unspecified class: {class}")
            }
            Refusal::Ruby(message) => message,
        };
        return Err(LookupError::new(ErrorKind::Syntax, message)
            .at(file, mark.line + 1, mark.column + 1)
            .as_runtime());
    }
    Ok(builder.root.map(|n| n.value).unwrap_or(Data::Undef))
}

/// Why Psych's conversion to Ruby objects failed.
#[derive(Debug, Clone, PartialEq)]
enum Refusal {
    /// `Psych::DisallowedClass` for this class name.
    Class(String),
    /// Another Ruby exception, by its message (`invalid value for Float(): "x"`).
    Ruby(String),
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
    /// For sequences: whether each element is a hash (a `<<: [*a, *b]` needs hashes).
    element_hashes: Vec<bool>,
}

/// How a tagged collection is converted, and what Psych refuses once its children are
/// read (`!ruby/exception` reads them first).
#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Plain,
    /// `!!omap` on a sequence: a hash of each element's first key and last value.
    Omap,
    /// `!!str` on a mapping: the value of its `str` key.
    Str,
    RefuseAtEnd(Refusal),
}

enum Frame {
    Seq {
        anchor: Option<String>,
        kind: Kind,
        items: Vec<Data>,
        hashes: Vec<bool>,
    },
    Map {
        anchor: Option<String>,
        kind: Kind,
        entries: Entries,
        /// The key read and whether it is a `<<` merge key.
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

struct Builder {
    symbols: Symbols,
    times: Times,
    alias_budget: usize,
    stack: Vec<Frame>,
    /// Anchor name -> the finished node; a later anchor of the same name replaces it.
    anchors: HashMap<String, Node>,
    root: Option<Node>,
    /// The first failure, in Psych's conversion order, and where.
    error: Option<(Refusal, Mark)>,
}

const STR_TAG: &str = "tag:yaml.org,2002:str";

impl Builder {
    fn fail(&mut self, refusal: Refusal, mark: Mark) {
        if self.error.is_none() {
            self.error = Some((refusal, mark));
        }
    }

    fn remember(&mut self, anchor: Option<String>, node: &Node) {
        if let Some(a) = anchor {
            self.anchors.insert(a, node.clone());
        }
    }

    fn awaiting_key(&self) -> bool {
        matches!(self.stack.last(), Some(Frame::Map { key: None, .. }))
    }

    /// Adds a finished node to the enclosing collection (or makes it the document).
    fn push(&mut self, node: Node, is_merge_key: bool) {
        match self.stack.last_mut() {
            None => {
                if self.root.is_none() {
                    self.root = Some(node);
                }
            }
            Some(Frame::Seq { items, hashes, .. }) => {
                hashes.push(matches!(node.value, Data::Hash(_)));
                items.push(node.value);
            }
            Some(Frame::Map { entries, key, .. }) => match key.take() {
                None => *key = Some((node.value, is_merge_key)),
                Some((k, true)) => merge_key(entries, k, node),
                Some((k, false)) => entries.insert(k, node.value),
            },
        }
    }

    fn on_event(&mut self, ev: Event, mark: Mark) {
        match ev {
            Event::Scalar {
                anchor,
                tag,
                value,
                quoted_implicit,
                style,
                ..
            } => {
                let is_key = self.awaiting_key();
                let converted = match scalar(&value, tag.as_deref(), quoted_implicit, style) {
                    Ok(v) => v,
                    Err(Refusal::Class(c))
                        if self.times == Times::AsStrings && (c == "Date" || c == "Time") =>
                    {
                        let shown = scalar_scanner::date_or_time_to_s(&value);
                        Scalar::Data(Data::String(shown.unwrap_or_else(|| value.clone())))
                    }
                    Err(refusal) => {
                        self.fail(refusal, mark);
                        Scalar::Data(Data::Undef)
                    }
                };
                let data = match converted {
                    Scalar::Data(d) => d,
                    // `yaml_data` turns Symbol keys into strings.
                    Scalar::Symbol(name) if is_key || self.symbols == Symbols::AsNames => {
                        Data::String(name)
                    }
                    Scalar::Symbol(name) => match name.as_str() {
                        "default" => Data::Default,
                        "undef" => Data::Undef,
                        _ => ruby_object("Symbol", &name),
                    },
                    Scalar::Object(class) => ruby_object(class, &value),
                };
                let merge = is_key
                    && tag.as_deref() != Some(STR_TAG)
                    && data == Data::String("<<".into());
                let node = Node {
                    value: data,
                    shape: Shape::Scalar,
                    element_hashes: Vec::new(),
                };
                self.remember(anchor, &node);
                self.push(node, merge);
            }
            Event::Alias(name) => match self.anchors.get(&name).cloned() {
                Some(node) => {
                    let n = size(&node.value);
                    if n > self.alias_budget {
                        self.fail(
                            Refusal::Ruby(format!(
                                "aliases expand to more than {ALIAS_BUDGET} values"
                            )),
                            mark,
                        );
                        return;
                    }
                    self.alias_budget -= n;
                    self.push(node, false)
                }
                None if self.in_progress(&name) => self.fail(
                    Refusal::Ruby(format!(
                        "Marionette does not support recursive data: alias *{name} refers to a collection that contains it"
                    )),
                    mark,
                ),
                None => self.fail(Refusal::Ruby(format!("Unknown alias: {name}")), mark),
            },
            Event::SequenceStart { anchor, tag } => {
                let kind = match sequence_kind(tag.as_deref()) {
                    Ok(k) => k,
                    Err(refusal) => {
                        self.fail(refusal, mark);
                        Kind::Plain
                    }
                };
                if self.stack.len() >= MAX_DEPTH {
                    self.fail(
                        Refusal::Ruby(format!("nesting deeper than {MAX_DEPTH} levels")),
                        mark,
                    );
                }
                self.stack.push(Frame::Seq {
                    anchor,
                    kind,
                    items: Vec::new(),
                    hashes: Vec::new(),
                });
            }
            Event::MappingStart { anchor, tag } => {
                let kind = match mapping_kind(tag.as_deref()) {
                    Ok(k) => k,
                    Err(refusal) => {
                        self.fail(refusal, mark);
                        Kind::Plain
                    }
                };
                if self.stack.len() >= MAX_DEPTH {
                    self.fail(
                        Refusal::Ruby(format!("nesting deeper than {MAX_DEPTH} levels")),
                        mark,
                    );
                }
                self.stack.push(Frame::Map {
                    anchor,
                    kind,
                    entries: Entries::default(),
                    key: None,
                });
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let (anchor, kind, node) = match self.stack.pop() {
                    Some(Frame::Seq {
                        anchor,
                        kind,
                        items,
                        hashes,
                    }) => {
                        if kind == Kind::Omap && !hashes.iter().all(|h| *h) {
                            // Psych asks each element for its children.
                            self.fail(
                                Refusal::Ruby("undefined method `first' for nil:NilClass".into()),
                                mark,
                            );
                        }
                        let node = if kind == Kind::Omap {
                            Node {
                                value: omap(items),
                                shape: Shape::Mapping,
                                element_hashes: Vec::new(),
                            }
                        } else {
                            Node {
                                value: Data::Array(items),
                                shape: Shape::Sequence,
                                element_hashes: hashes,
                            }
                        };
                        (anchor, kind, node)
                    }
                    Some(Frame::Map {
                        anchor,
                        kind,
                        entries,
                        ..
                    }) => {
                        let value = if kind == Kind::Str {
                            match entries.strings.get("str").map(|&i| &entries.list[i]) {
                                Some((_, v)) => v.clone(),
                                None => {
                                    self.fail(
                                        Refusal::Ruby("can't modify frozen NilClass: nil".into()),
                                        mark,
                                    );
                                    Data::Undef
                                }
                            }
                        } else {
                            Data::Hash(entries.list)
                        };
                        let node = Node {
                            value,
                            shape: Shape::Mapping,
                            element_hashes: Vec::new(),
                        };
                        (anchor, kind, node)
                    }
                    None => return,
                };
                if let Kind::RefuseAtEnd(refusal) = kind {
                    self.fail(refusal, mark);
                }
                self.remember(anchor, &node);
                self.push(node, false);
            }
            Event::StreamStart | Event::StreamEnd | Event::DocumentStart | Event::DocumentEnd => {}
        }
    }

    fn in_progress(&self, name: &str) -> bool {
        self.stack.iter().any(|f| match f {
            Frame::Seq { anchor, .. } | Frame::Map { anchor, .. } => {
                anchor.as_deref() == Some(name)
            }
        })
    }
}

/// A hash being built, with an index of its string keys (files have thousands).
#[derive(Default)]
struct Entries {
    list: Vec<(Data, Data)>,
    strings: HashMap<String, usize>,
}

impl Entries {
    /// Ruby's `Hash#[]=`: an existing key keeps its place and takes the new value.
    fn insert(&mut self, key: Data, value: Data) {
        let found = match &key {
            Data::String(k) => self.strings.get(k).copied(),
            _ => self.list.iter().position(|(k, _)| *k == key),
        };
        match found {
            Some(i) => self.list[i].1 = value,
            None => {
                if let Data::String(k) = &key {
                    self.strings.insert(k.clone(), self.list.len());
                }
                self.list.push((key, value));
            }
        }
    }
}

/// Psych's `<<` handling in `revive_hash`: a mapping (or an alias of a hash) is merged
/// in, a sequence of hashes is merged last-to-first (earlier ones win), anything else is
/// kept as a `<<` key.
fn merge_key(entries: &mut Entries, key: Data, node: Node) {
    match (&node.shape, &node.value) {
        (Shape::Mapping, Data::Hash(h)) => {
            for (k, v) in h {
                entries.insert(k.clone(), v.clone());
            }
        }
        (Shape::Sequence, Data::Array(items)) if node.element_hashes.iter().all(|h| *h) => {
            let mut merged = Entries::default();
            for item in items.iter().rev() {
                if let Data::Hash(h) = item {
                    for (k, v) in h {
                        merged.insert(k.clone(), v.clone());
                    }
                }
            }
            for (k, v) in merged.list {
                entries.insert(k, v);
            }
        }
        _ => entries.insert(key, node.value),
    }
}

/// `!!omap [a: 1, b: 2]`: Psych's `Omap`, a hash (of each element's first key and last
/// value, as Psych reads them).
fn omap(items: Vec<Data>) -> Data {
    let mut entries = Entries::default();
    for item in items {
        if let Data::Hash(h) = item {
            if let (Some((k, _)), Some((_, v))) = (h.first(), h.last()) {
                entries.insert(k.clone(), v.clone());
            }
        }
    }
    Data::Hash(entries.list)
}

/// A scalar converted as Psych's `ToRuby#deserialize` does.
enum Scalar {
    Data(Data),
    Symbol(String),
    /// A Ruby object of this class that is not Puppet data.
    Object(&'static str),
}

/// The class named after `prefix:` in a tag (`!ruby/object:Foo`), or `default` when
/// there is none.
fn class_after<'t>(tag: &'t str, prefix: &str, default: &'t str) -> Option<&'t str> {
    let rest = tag.strip_prefix(prefix)?;
    let rest = rest.strip_prefix(':').unwrap_or(rest);
    Some(if rest.is_empty() { default } else { rest })
}

fn scalar(
    value: &str,
    tag: Option<&str>,
    quoted_implicit: bool,
    style: ScalarStyle,
) -> Result<Scalar, Refusal> {
    let class = |c: &str| Err(Refusal::Class(c.to_string()));
    if quoted_implicit {
        return Ok(Scalar::Data(Data::String(value.into())));
    }
    let Some(tag) = tag else {
        debug_assert_eq!(style, ScalarStyle::Plain);
        return tokenize(value).map_err(Refusal::Class);
    };
    match tag {
        "!binary" | "tag:yaml.org,2002:binary" => {
            // FIXME: Ruby gets a binary string; bytes that are not UTF-8 are replaced here.
            // Ruby's lenient `unpack('m')`: characters outside the alphabet are skipped.
            let bytes = marionette_catalog::base64::decode(value, false).unwrap_or_default();
            Ok(Scalar::Data(Data::String(
                String::from_utf8_lossy(&bytes).into_owned(),
            )))
        }
        STR_TAG | "!str" | "!ruby/string" => Ok(Scalar::Data(Data::String(value.into()))),
        t if t.starts_with("!str:") || t.starts_with("!ruby/string:") => {
            class(t.split_once(':').map_or("", |(_, c)| c))
        }
        "!ruby/object:BigDecimal" => class("BigDecimal"),
        "!ruby/object:DateTime" => class("DateTime"),
        "!ruby/encoding" => Ok(Scalar::Object("Encoding")),
        "!ruby/object:Complex" => class("Complex"),
        "!ruby/object:Rational" => class("Rational"),
        "!ruby/class" | "!ruby/module" => class(value),
        "tag:yaml.org,2002:float" | "!float" => ruby_float(value).map(Scalar::Data),
        "!ruby/regexp" => class("Regexp"),
        "!ruby/range" => class("Range"),
        t if t.starts_with("!ruby/sym") => Ok(Scalar::Symbol(value.into())),
        _ => tokenize(value).map_err(Refusal::Class),
    }
}

/// `Float(tokenize(value))`, as Psych converts a `!!float` scalar.
fn ruby_float(value: &str) -> Result<Data, Refusal> {
    let cannot = |what: &str| Err(Refusal::Ruby(format!("can't convert {what} into Float")));
    match tokenize(value).map_err(Refusal::Class)? {
        Scalar::Data(Data::Integer(i)) => Ok(Data::Float(i as f64)),
        Scalar::Data(Data::Float(f)) => Ok(Data::Float(f)),
        Scalar::Data(Data::Undef) => cannot("nil"),
        Scalar::Data(Data::Bool(b)) => cannot(if b { "true" } else { "false" }),
        Scalar::Data(Data::String(s)) => parse_ruby_float(&s).map(Data::Float).ok_or_else(|| {
            Refusal::Ruby(format!("invalid value for Float(): {}", ruby_inspect(&s)))
        }),
        _ => cannot("Symbol"),
    }
}

/// Ruby's `Float(string)`: surrounding whitespace, a sign, digits with single underscores
/// between them, an optional fraction and exponent; or a `0x` hexadecimal integer.
fn parse_ruby_float(s: &str) -> Option<f64> {
    let t = s.trim_matches(|c: char| c.is_ascii_whitespace());
    let (negative, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let sign = if negative { -1.0 } else { 1.0 };
    if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        let digits = underscored(hex, |c| c.is_ascii_hexdigit())?;
        return u128::from_str_radix(&digits, 16)
            .ok()
            .map(|v| sign * v as f64);
    }
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let (int, frac) = match mantissa.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (mantissa, None),
    };
    let mut text = String::new();
    if !int.is_empty() {
        text.push_str(&underscored(int, |c| c.is_ascii_digit())?);
    }
    if let Some(f) = frac {
        text.push('.');
        text.push_str(&underscored(f, |c| c.is_ascii_digit())?);
    }
    if text.is_empty() || text == "." {
        return None;
    }
    if let Some(e) = exponent {
        let (esign, edigits) = match e.as_bytes().first() {
            Some(b'-') => ("-", &e[1..]),
            Some(b'+') => ("", &e[1..]),
            _ => ("", e),
        };
        text.push('e');
        text.push_str(esign);
        text.push_str(&underscored(edigits, |c| c.is_ascii_digit())?);
    }
    text.parse::<f64>().ok().map(|v| sign * v)
}

/// `s` without its underscores, when it is digits with single underscores between them.
fn underscored(s: &str, digit: impl Fn(char) -> bool) -> Option<String> {
    if s.is_empty() || s.starts_with('_') || s.ends_with('_') || s.contains("__") {
        return None;
    }
    s.chars()
        .all(|c| c == '_' || digit(c))
        .then(|| s.replace('_', ""))
}

/// Ruby's `String#inspect` for the texts in Float errors.
fn ruby_inspect(s: &str) -> String {
    let mut out = String::new();
    marionette_catalog::ruby::inspect_str(s, &mut out);
    out
}

/// How Psych's `visit_Psych_Nodes_Sequence` reads a tagged sequence.
fn sequence_kind(tag: Option<&str>) -> Result<Kind, Refusal> {
    let Some(tag) = tag else {
        return Ok(Kind::Plain);
    };
    if tag == "!omap" || tag == "tag:yaml.org,2002:omap" {
        return Ok(Kind::Omap);
    }
    for prefix in ["!seq:", "!ruby/array:"] {
        if let Some(class) = tag.strip_prefix(prefix) {
            return Err(Refusal::Class(class.into()));
        }
    }
    Ok(Kind::Plain)
}

/// How Psych's `visit_Psych_Nodes_Mapping` reads a tagged mapping: `Err` when it refuses
/// the class before reading the children.
fn mapping_kind(tag: Option<&str>) -> Result<Kind, Refusal> {
    let Some(tag) = tag else {
        return Ok(Kind::Plain);
    };
    let refuse = |c: &str| Err(Refusal::Class(c.into()));
    let at_end = |c: &str| Ok(Kind::RefuseAtEnd(Refusal::Class(c.into())));
    if let Some(class) = class_after(tag, "!ruby/struct", "Struct") {
        return refuse(class);
    }
    if let Some(name) = class_after(tag, "!ruby/object", "Object") {
        return match name {
            "Hash" => Ok(Kind::Plain),
            _ => refuse(name),
        };
    }
    if tag == STR_TAG || tag == "!str" || tag == "!ruby/string" {
        return Ok(Kind::Str);
    }
    if tag.starts_with("!str:") || tag.starts_with("!ruby/string:") {
        return refuse(tag.split_once(':').map_or("", |(_, c)| c));
    }
    if let Some(class) = tag.strip_prefix("!ruby/array:") {
        return refuse(class);
    }
    if tag == "!ruby/range" {
        return refuse("Range");
    }
    if let Some(class) = class_after(tag, "!ruby/exception", "Exception") {
        return at_end(class);
    }
    if tag == "!set" || tag == "tag:yaml.org,2002:set" {
        return refuse("Psych::Set");
    }
    if let Some(class) = tag.strip_prefix("!ruby/hash-with-ivars:") {
        return refuse(class);
    }
    for prefix in ["!map:", "!ruby/hash:", "!ruby/marshalable:"] {
        if let Some(class) = tag.strip_prefix(prefix) {
            return refuse(class);
        }
    }
    if tag == "!omap" || tag == "tag:yaml.org,2002:omap" {
        return refuse("Psych::Omap");
    }
    Ok(Kind::Plain)
}

/// Psych's `ScalarScanner#tokenize` under `safe_load`'s class loader: dates and times
/// are refused (`Err` is the class) before they are validated.
fn tokenize(s: &str) -> Result<Scalar, String> {
    match scalar_scanner::tokenize(s) {
        Token::Data(d) => Ok(Scalar::Data(d)),
        Token::Symbol(name) => Ok(Scalar::Symbol(name)),
        Token::Time { .. } => Err("Time".into()),
        Token::Date { .. } => Err("Date".into()),
    }
}

#[cfg(test)]
mod tests;
