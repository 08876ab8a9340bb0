//! Runtime values.

use crate::types::PType;
use foldhash::HashMap;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

/// An insertion-ordered hash, as Puppet's hashes are.
/// The evaluator's insertion-ordered maps, hashed with foldhash (see `ValueMap`).
pub type IndexMap<K, V> = indexmap::IndexMap<K, V, foldhash::fast::RandomState>;
/// The evaluator's insertion-ordered sets.
pub type IndexSet<T> = indexmap::IndexSet<T, foldhash::fast::RandomState>;

pub type ValueMap = IndexMap<Value, Value>;

/// A Puppet value. Cheap to clone: payloads are shared.
#[derive(Clone, Debug)]
pub enum Value {
    Undef,
    Default,
    Bool(bool),
    Int(i64),
    /// An integer beyond 64 bits: only from data (Hiera's YAML and JSON read a Ruby
    /// Bignum), never made by arithmetic, refused in a catalog.
    BigInt(Arc<i128>),
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
    Timespan(Arc<Timespan>),
    SemVer(Arc<SemVer>),
    SemVerRange(Arc<VersionRange>),
    Binary(Arc<Vec<u8>>),
    /// What `reverse_each` and `step` give without a block.
    Iterator(Arc<IteratorValue>),
    /// An instance of an Object type (`Car.new('Volvo')`).
    Object(Arc<crate::object::ObjectValue>),
}

/// An Iterator, materialised: its elements, the element type Puppet gives it, and how
/// far it has been walked. Like Ruby's external enumerators, walking with `next`
/// (`each`, `map`, `filter`) takes elements off; a walk from the start (`Array()`,
/// `reduce`, `any`) does not, except for the iterators Puppet builds on
/// `Enumerable` (integer ranges and steps), where every walk takes elements off.
#[derive(Debug)]
pub struct IteratorValue {
    pub element_type: PType,
    pub items: Vec<Value>,
    /// Elements are `[key, value]` pairs of a hash (`each` gives blocks both).
    pub hash_style: bool,
    /// Every walk takes elements off (integer ranges and steps).
    pub consuming: bool,
    cursor: std::sync::atomic::AtomicUsize,
}

/// How a function walks an Iterator: with `next`, or from the start.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Walk {
    Next,
    FromStart,
}

impl IteratorValue {
    pub fn new(element_type: PType, items: Vec<Value>) -> IteratorValue {
        IteratorValue {
            element_type,
            items,
            hash_style: false,
            consuming: false,
            cursor: Default::default(),
        }
    }

    /// The elements a walk sees; a walk with `next` takes them all off (see
    /// [`IteratorValue::stopped_at`] for one that stops early).
    pub fn walk(&self, walk: Walk) -> (usize, Vec<Value>) {
        use std::sync::atomic::Ordering::Relaxed;
        if walk == Walk::FromStart && !self.consuming {
            return (0, self.items.clone());
        }
        let start = self
            .cursor
            .swap(self.items.len(), Relaxed)
            .min(self.items.len());
        (start, self.items[start..].to_vec())
    }

    /// A walk that began at `start` stopped after `taken` elements.
    pub fn stopped_at(&self, start: usize, taken: usize) {
        self.cursor
            .store(start + taken, std::sync::atomic::Ordering::Relaxed);
    }

    /// `Iterator[Integer]-Value`, as Puppet prints one.
    pub fn describe(&self) -> String {
        format!("Iterator[{}]-Value", self.element_type.generalize())
    }
}

/// A point in time: seconds and nanoseconds since the epoch, UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Timestamp {
    pub seconds: i64,
    pub nanos: u32,
}

impl Timestamp {
    /// Nanoseconds since the epoch.
    pub fn nanos_total(&self) -> i128 {
        self.seconds as i128 * 1_000_000_000 + self.nanos as i128
    }

    pub fn from_nanos(n: i128) -> Timestamp {
        Timestamp {
            seconds: n.div_euclid(1_000_000_000) as i64,
            nanos: n.rem_euclid(1_000_000_000) as u32,
        }
    }

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

pub(crate) use marionette_catalog::ruby::{civil_from_days, days_from_civil};

const _: () = assert!(std::mem::size_of::<Value>() == 24);

/// A regular expression with its Puppet source text, compiled when first matched:
/// a type alias or signature may hold dozens of patterns (apache's and systemd's
/// types, stdlib's), most never matched in a compile, and building the engine's
/// automata costs far more than matching.
#[derive(Debug)]
pub struct Regex {
    pub source: String,
    translated: String,
    compiled: OnceLock<Option<fancy_regex::Regex>>,
    /// What [`Regex::is_match`] runs: most patterns are matched only to check a
    /// value against a `Pattern` type, so they get a matcher cheaper to build.
    matcher: OnceLock<Matcher>,
}

/// A regex built only to tell whether it matches.
#[derive(Debug)]
enum Matcher {
    /// A pattern without look-around, back-references or other constructs only the
    /// backtracking engine runs: the automata engine that `fancy_regex` would
    /// delegate it to, built without the literal prefilters and the full DFA (which
    /// cost far more to build than they save on the short texts of parameters) and
    /// without capture groups.
    Plain(regex_automata::meta::Regex),
    /// Any other: matched by [`Regex::compiled`].
    Full,
}

impl Regex {
    /// A Puppet (Ruby) regular expression; its syntax is checked now, the matcher
    /// built on first use.
    pub fn new(source: &str) -> Result<Regex, String> {
        let trailing = source.len() - source.trim_end_matches('\\').len();
        if trailing % 2 == 1 {
            return Err(format!("too short escape sequence: /{source}/"));
        }
        let translated = marionette_catalog::ruby::regex_to_rust(source);
        fancy_regex::Expr::parse_tree(&translated).map_err(|e| onigmo_message(&e, source))?;
        // What the parser above lets through and the engine refuses when it builds
        // the matcher (Ruby refuses it at once). Both are found in the engine's syntax
        // tree, without translating it (most of the cost of the engine's own parse);
        // that parse is made only for a pattern that may have one.
        let refused = may_be_refused(&translated)
            .then(|| {
                regex_syntax::ast::parse::Parser::new()
                    .parse(&translated)
                    .err()
            })
            .flatten();
        if let Some(e) = refused {
            use regex_syntax::ast::ErrorKind;
            let ruby = match e.kind() {
                ErrorKind::RepetitionCountInvalid => {
                    Some("upper is smaller than lower in repeat range")
                }
                ErrorKind::ClassRangeInvalid => Some("empty range in char class"),
                _ => None,
            };
            if let Some(ruby) = ruby {
                return Err(format!("{ruby}: /{source}/"));
            }
        }
        Ok(Regex {
            source: source.to_string(),
            translated,
            compiled: OnceLock::new(),
            matcher: OnceLock::new(),
        })
    }

    /// The [`Matcher::Plain`] of this pattern, if it has one. `fancy_regex` hands
    /// such a pattern to `regex_automata` as the text its parse tree prints, with
    /// the default syntax options; so does this, so the two match alike.
    fn plain_matcher(&self) -> Matcher {
        if self.compiled.get().is_some() {
            return Matcher::Full;
        }
        let Ok(tree) = fancy_regex::Expr::parse_tree(&self.translated) else {
            return Matcher::Full;
        };
        if !is_plain(&tree.expr) {
            return Matcher::Full;
        }
        let mut cooked = String::new();
        tree.expr.to_str(&mut cooked, 0);
        let config = regex_automata::meta::Config::new()
            .auto_prefilter(false)
            .dfa(false)
            .which_captures(regex_automata::nfa::thompson::WhichCaptures::None);
        match regex_automata::meta::Builder::new()
            .configure(config)
            .syntax(regex_automata::util::syntax::Config::default())
            .build(&cooked)
        {
            Ok(re) => Matcher::Plain(re),
            Err(_) => Matcher::Full,
        }
    }

    /// The engine's regex; `None` when the engine cannot build what parsed (a
    /// look-behind of variable length): such a regex matches nothing.
    pub fn compiled(&self) -> Option<&fancy_regex::Regex> {
        self.compiled
            .get_or_init(|| fancy_regex::Regex::new(&self.translated).ok())
            .as_ref()
    }

    /// [`Regex::new`], compiled once per process: the same pattern (from code, a type,
    /// data) is matched in every compile of a fleet, and compiling it costs far more
    /// than matching.
    pub fn shared(source: &str) -> Result<Arc<Regex>, String> {
        type Cache = Mutex<HashMap<String, Arc<Regex>>>;
        static CACHE: OnceLock<Cache> = OnceLock::new();
        // Patterns built from data could grow the cache without bound; start over then.
        const LIMIT: usize = 10_000;
        let cache = CACHE.get_or_init(Default::default);
        if let Some(r) = cache.lock().unwrap_or_else(|p| p.into_inner()).get(source) {
            return Ok(r.clone());
        }
        let r = Arc::new(Regex::new(source)?);
        let mut cache = cache.lock().unwrap_or_else(|p| p.into_inner());
        if cache.len() >= LIMIT {
            cache.clear();
        }
        cache.insert(source.to_string(), r.clone());
        Ok(r)
    }

    pub fn is_match(&self, text: &str) -> bool {
        match self.matcher.get_or_init(|| self.plain_matcher()) {
            Matcher::Plain(re) => re.is_match(text),
            Matcher::Full => self
                .compiled()
                .is_some_and(|r| r.is_match(text).unwrap_or(false)),
        }
    }

    /// The groups of the first match at or after byte `pos` of `text`.
    pub fn captures_from_pos<'t>(
        &self,
        text: &'t str,
        pos: usize,
    ) -> Option<fancy_regex::Captures<'t, str>> {
        self.compiled()?.captures_from_pos(text, pos).ok().flatten()
    }

    /// Whether the pattern has a group named `name`.
    pub fn has_group(&self, name: &str) -> bool {
        self.compiled()
            .is_some_and(|r| r.capture_names().flatten().any(|n| n == name))
    }

    /// The capture groups of the first match (`$0`, `$1`, ...), if it matches.
    pub fn captures(&self, text: &str) -> Option<Vec<Option<String>>> {
        let caps = self.compiled()?.captures(text).ok()??;
        Some(
            (0..caps.len())
                .map(|i| caps.get(i).map(|m| m.as_str().to_string()))
                .collect(),
        )
    }
}

/// The message Ruby's regexp engine (Onigmo) gives for a pattern the parser refuses
/// (`end pattern with unmatched parenthesis: /(/`), or the parser's own words where
/// there is no counterpart.
/// Whether `pattern` (in the engine's syntax) may have what the engine refuses and
/// `fancy_regex`'s parser lets through: a counted repetition whose upper bound is
/// below its lower (`a{2,1}`), or a class range whose end is below its start
/// (`[b-a]`). `false` only when it has neither for sure: the engine's own parse of a
/// pattern cost some 37,000 instructions, more than the rest of checking it, and
/// the patterns of real code have plain ranges and repetitions. Anything this scan
/// does not follow (an escape at either end of a range, a class in a class,
/// whitespace that `x` makes insignificant) counts as a maybe.
fn may_be_refused(pattern: &str) -> bool {
    let bytes = pattern.as_bytes();
    if pattern.match_indices("(?").any(|(i, _)| {
        bytes[i + 2..]
            .iter()
            .take_while(|b| b.is_ascii_alphabetic() || **b == b'-')
            .any(|&b| b == b'x')
    }) {
        return true;
    }
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1 + pattern[i + 1..].chars().next().map_or(0, char::len_utf8),
            b'{' => {
                let Some(len) = bytes[i + 1..].iter().position(|&b| b == b'}') else {
                    return true;
                };
                let inner = &pattern[i + 1..i + 1 + len];
                if let Some((low, high)) = inner.split_once(',') {
                    let number = |s: &str| {
                        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
                            .then(|| s.parse::<u64>().ok())
                    };
                    match (number(low), number(high)) {
                        (Some(Some(low)), Some(Some(high))) if high >= low => {}
                        // Not a counted repetition with both bounds: no such error.
                        (Some(Some(_)), None) | (None, _) => {}
                        _ => return true,
                    }
                }
                i += len + 2;
            }
            b'[' => match class_may_be_refused(pattern, i) {
                Some(end) => i = end,
                None => return true,
            },
            _ => i += 1,
        }
    }
    false
}

/// For [`may_be_refused`]: the end of the class that starts at `start` (a `[`), or
/// `None` if it may have a range that ends below its start. A class with an escape
/// and a range is a maybe (an escape may stand for any character), and so is one
/// with a class in it.
fn class_may_be_refused(pattern: &str, start: usize) -> Option<usize> {
    let mut chars = pattern[start + 1..].char_indices().peekable();
    chars.next_if(|&(_, c)| c == '^');
    let (mut escapes, mut ranges) = (false, false);
    let mut previous: Option<char> = None;
    // A `]` first is a literal.
    let mut first = true;
    while let Some((at, c)) = chars.next() {
        match c {
            ']' if !first => {
                return (!(escapes && ranges)).then_some(start + 1 + at + 1);
            }
            '[' => return None,
            '\\' => {
                escapes = true;
                previous = None;
                chars.next();
            }
            // A range, if there is an item before it (the engine's rule); after an
            // escape that item is unknown, and the class a maybe for that.
            '-' if !first && chars.peek().is_some_and(|&(_, n)| n != ']') => {
                ranges = true;
                if let Some(start) = previous {
                    let (_, end) = chars.next()?;
                    if end == '\\' || end == '[' || end < start {
                        return None;
                    }
                }
                previous = None;
            }
            c => previous = Some(c),
        }
        first = false;
    }
    None
}

fn onigmo_message(e: &fancy_regex::Error, source: &str) -> String {
    use fancy_regex::ParseError as P;
    let fancy_regex::Error::ParseError(_, p) = e else {
        return e.to_string();
    };
    let text = match p {
        P::UnclosedOpenParen => "end pattern with unmatched parenthesis".to_string(),
        P::GeneralParseError(m) if m.contains("end of string not reached") => {
            "unmatched close parenthesis".to_string()
        }
        P::InvalidClass => "premature end of char-class".to_string(),
        P::TargetNotRepeatable | P::InvalidRepeat => {
            "target of repeat operator is not specified".to_string()
        }
        P::TrailingBackslash => "too short escape sequence".to_string(),
        P::UnknownFlag(_) => "undefined group option".to_string(),
        P::InvalidGroupNameBackref(name) => format!("undefined name <{name}> reference"),
        P::InvalidBackref => match source
            .split_once("\\k<")
            .and_then(|(_, r)| r.split_once('>'))
        {
            Some((name, _)) => format!("undefined name <{name}> reference"),
            None => "invalid backref number/name".to_string(),
        },
        _ => return e.to_string(),
    };
    format!("{text}: /{source}/")
}

/// Whether `expr` is made only of constructs `regex_automata` runs as
/// `fancy_regex` does, so that it can match the pattern alone: no look-around,
/// back-reference, atomic group or word boundary (which `fancy_regex` runs itself).
fn is_plain(expr: &fancy_regex::Expr) -> bool {
    use fancy_regex::{Assertion, Expr};
    match expr {
        Expr::Empty
        | Expr::Any { crlf: false, .. }
        | Expr::Literal { .. }
        | Expr::Delegate { .. } => true,
        Expr::Assertion(a) => matches!(
            a,
            Assertion::StartText
                | Assertion::EndText
                | Assertion::StartLine { crlf: false }
                | Assertion::EndLine { crlf: false }
        ),
        Expr::Concat(v) | Expr::Alt(v) => v.iter().all(is_plain),
        Expr::Group(child) => is_plain(child),
        Expr::Repeat { child, .. } => is_plain(child),
        _ => false,
    }
}

/// `Deferred(name, [args])`: a function call the agent makes.
#[derive(Clone, Debug)]
pub struct Deferred {
    pub name: String,
    /// `None` when none were given (`Deferred('f')`), which Puppet keeps apart
    /// from an empty list: it is left out of the catalog and the string form.
    pub arguments: Option<Vec<Value>>,
}

impl Value {
    pub fn str(s: impl Into<Arc<str>>) -> Value {
        Value::Str(s.into())
    }

    /// The value as a name (a hash key become a parameter's or a variable's name):
    /// a String shares its text, anything else is its string form.
    pub fn to_name(&self) -> Arc<str> {
        match self {
            Value::Str(s) => Arc::clone(s),
            other => Arc::from(other.to_string()),
        }
    }

    pub fn array(items: Vec<Value>) -> Value {
        Value::Array(Arc::new(items))
    }

    pub fn hash(map: ValueMap) -> Value {
        Value::Hash(Arc::new(map))
    }

    /// An integer, as an `Int` when it fits in 64 bits.
    pub fn integer(i: i128) -> Value {
        match i64::try_from(i) {
            Ok(i) => Value::Int(i),
            Err(_) => Value::BigInt(Arc::new(i)),
        }
    }

    /// The value of an `Int` or a `BigInt`.
    pub fn as_integer(&self) -> Option<i128> {
        match self {
            Value::Int(i) => Some(*i as i128),
            Value::BigInt(i) => Some(**i),
            _ => None,
        }
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
            Value::Int(_) | Value::BigInt(_) => "Integer",
            Value::Float(_) => "Float",
            Value::Str(_) => "String",
            Value::Regex(_) => "Regexp",
            Value::Array(_) => "Array",
            Value::Hash(_) => "Hash",
            Value::Type(_) => "Type",
            Value::Sensitive(_) => "Sensitive",
            Value::Deferred(_) => "Deferred",
            Value::Timestamp(_) => "Timestamp",
            Value::Timespan(_) => "Timespan",
            Value::SemVer(_) => "SemVer",
            Value::SemVerRange(_) => "SemVerRange",
            Value::Binary(_) => "Binary",
            Value::Iterator(_) => "Iterator",
            Value::Object(_) => "Object",
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
            (Value::BigInt(a), Value::BigInt(b)) => a == b,
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
            (Value::Timespan(a), Value::Timespan(b)) => a == b,
            (Value::SemVer(a), Value::SemVer(b)) => a == b,
            // Ranges are equal when they admit the same versions, however written
            // (`>=1.0 <2.0` and `>=1.0.0 <2.0.0`).
            (Value::SemVerRange(a), Value::SemVerRange(b)) => a.alternatives == b.alternatives,
            (Value::Binary(a), Value::Binary(b)) => a == b,
            (Value::Iterator(a), Value::Iterator(b)) => Arc::ptr_eq(a, b),
            (Value::Object(a), Value::Object(b)) => {
                Arc::ptr_eq(a, b) || (a.ty == b.ty && a.values == b.values)
            }
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
            Value::BigInt(i) => i.hash(state),
            Value::Float(f) => f.to_bits().hash(state),
            Value::Str(s) => s.hash(state),
            Value::Regex(r) => r.source.hash(state),
            Value::Array(a) => a.iter().for_each(|v| v.hash(state)),
            Value::Hash(h) => h.iter().for_each(|(k, v)| {
                k.hash(state);
                v.hash(state)
            }),
            Value::Type(t) => t.to_string().hash(state),
            Value::Timespan(t) => t.nanos.hash(state),
            Value::SemVer(v) => v.to_string().hash(state),
            Value::SemVerRange(r) => r.alternatives.len().hash(state),
            Value::Binary(b) => b.hash(state),
            _ => {}
        }
    }
}

/// Formats a float as Ruby's `Float#to_s` does (`Infinity`, `-Infinity`, `NaN`).
pub fn format_float(f: f64) -> String {
    if f.is_infinite() {
        return if f > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    marionette_catalog::wire::ruby_float(f)
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
            Value::BigInt(i) => write!(f, "{i}"),
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
            // An Object's string form: its attributes as a hash.
            Value::Deferred(d) => {
                write!(f, "Deferred({{'name' => {}", puppet_quote(&d.name))?;
                if let Some(args) = &d.arguments {
                    let args = Value::array(args.clone());
                    write!(f, ", 'arguments' => {}", args.to_quoted_string())?;
                }
                f.write_str("})")
            }
            Value::Timestamp(t) => f.write_str(&t.format()),
            Value::Timespan(t) => f.write_str(&t.format()),
            Value::SemVer(v) => write!(f, "{v}"),
            Value::SemVerRange(r) => f.write_str(&r.text),
            Value::Binary(b) => f.write_str(&base64_encode(b)),
            Value::Iterator(it) => f.write_str(&it.describe()),
            Value::Object(o) => f.write_str(&o.describe()),
        }
    }
}

impl Value {
    /// `String(x)`: Puppet's string converter with its default formats. Top-level
    /// strings are unquoted, floats use `%f` (`1.000000`), and inside arrays and hashes
    /// values are quoted the Puppet way (`['a', 1, undef]`).
    pub fn to_puppet_string(&self) -> String {
        match self {
            // `%f` of an infinity is C's `Inf`.
            Value::Float(x) if x.is_infinite() => if *x > 0.0 { "Inf" } else { "-Inf" }.into(),
            Value::Float(x) if x.is_nan() => "NaN".into(),
            Value::Float(x) => format!("{x:.6}"),
            Value::Regex(r) => r.source.clone(),
            Value::Array(_) | Value::Hash(_) => self.to_quoted_string(),
            // Formatted as the Array of its elements.
            Value::Iterator(it) => Value::array(it.walk(Walk::FromStart).1).to_quoted_string(),
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
        return puppet_double_quote(s);
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

/// A string in double quotes with Puppet's escapes (`%#p`, and the quoting of
/// strings with control characters).
pub fn puppet_double_quote(s: &str) -> String {
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
                let mut out = String::new();
                marionette_catalog::ruby::inspect_str(s, &mut out);
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

    /// The Ruby class of the value as Puppet holds it, as Ruby's and Puppet's messages
    /// name it (`NilClass`, `TrueClass`, `Puppet::Pops::Types::PIntegerType`).
    pub fn ruby_class(&self) -> String {
        match self {
            Value::Undef => "NilClass".into(),
            Value::Default => "Symbol".into(),
            Value::Bool(true) => "TrueClass".into(),
            Value::Bool(false) => "FalseClass".into(),
            Value::Int(_) | Value::BigInt(_) => "Integer".into(),
            Value::Float(_) => "Float".into(),
            Value::Str(_) => "String".into(),
            Value::Regex(_) => "Regexp".into(),
            Value::Array(_) => "Array".into(),
            Value::Hash(_) => "Hash".into(),
            Value::Type(t) => format!("Puppet::Pops::Types::P{}Type", t.simple_name()),
            Value::Sensitive(_) => "Puppet::Pops::Types::PSensitiveType::Sensitive".into(),
            Value::Deferred(_) => "Puppet::Pops::Types::PDeferredType::Deferred".into(),
            Value::Timestamp(_) => "Puppet::Pops::Time::Timestamp".into(),
            Value::Timespan(_) => "Puppet::Pops::Time::Timespan".into(),
            Value::SemVer(_) => "SemanticPuppet::Version".into(),
            Value::SemVerRange(_) => "SemanticPuppet::VersionRange".into(),
            Value::Binary(_) => "Puppet::Pops::Types::PBinaryType::Binary".into(),
            Value::Iterator(_) => "Puppet::Pops::Types::Iterable".into(),
            Value::Object(o) => o.ty.name.clone(),
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

// ------------------------------------------------------------------ Timespan

/// A signed duration in nanoseconds (Puppet's `Timespan`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timespan {
    pub nanos: i128,
}

const NS_SEC: i128 = 1_000_000_000;

impl Timespan {
    pub fn from_seconds(s: f64) -> Timespan {
        Timespan {
            nanos: (s * 1e9).round() as i128,
        }
    }

    /// Parses the default formats, in Puppet's order: `%D-%H:%M:%S.%-N`,
    /// `%H:%M:%S.%-N`, `%M:%S.%-N`, `%S.%-N`, `%D-%H:%M:%S`, `%H:%M:%S`, `%D-%H:%M`, `%S`.
    pub fn parse(s: &str) -> Option<Timespan> {
        TIMESPAN_DEFAULT_FORMATS
            .iter()
            .find_map(|f| TimespanFormat::parse(f).ok().and_then(|f| f.read(s)))
    }

    /// Puppet's default format, `%D-%H:%M:%S.%-N` (`1-02:03:04.5`, `-0-01:00:00.0`).
    pub fn format(&self) -> String {
        let abs = self.nanos.unsigned_abs();
        let ns = NS_SEC as u128;
        let secs = abs / ns;
        // `%-N`: the nanoseconds as an integer (no leading zeros, so 5 ms prints
        // as `.5`, as Puppet does), trailing zeros stripped.
        let frac = (abs % ns).to_string();
        let frac = frac.trim_end_matches('0');
        format!(
            "{}{}-{:02}:{:02}:{:02}.{}",
            if self.nanos < 0 { "-" } else { "" },
            secs / 86400,
            secs / 3600 % 24,
            secs / 60 % 60,
            secs % 60,
            if frac.is_empty() { "0" } else { frac }
        )
    }

    pub fn seconds_f64(&self) -> f64 {
        self.nanos as f64 / 1e9
    }
}

// ------------------------------------------------------------------ SemVer

/// A semantic version (SemVer 2.0 as the `semantic_puppet` gem reads it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SemVer {
    pub major: u64,
    pub minor: u64,
    pub patch: u64,
    pub prerelease: Option<String>,
    pub build: Option<String>,
}

fn valid_idents(s: &str, numeric_no_leading_zero: bool) -> bool {
    !s.is_empty()
        && s.split('.').all(|id| {
            !id.is_empty()
                && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && !(numeric_no_leading_zero
                    && id.len() > 1
                    && id.starts_with('0')
                    && id.bytes().all(|b| b.is_ascii_digit()))
        })
}

fn version_number(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || (s.len() > 1 && s.starts_with('0'))
    {
        return None;
    }
    s.parse().ok()
}

impl SemVer {
    pub fn new(major: u64, minor: u64, patch: u64) -> SemVer {
        SemVer {
            major,
            minor,
            patch,
            prerelease: None,
            build: None,
        }
    }

    /// Parses `1.2.3`, `1.2.3-rc.1`, `1.2.3-rc.1+build.5` strictly.
    pub fn parse(s: &str) -> Option<SemVer> {
        let (rest, build) = match s.split_once('+') {
            Some((r, b)) => (r, Some(b)),
            None => (s, None),
        };
        let (core, pre) = match rest.split_once('-') {
            Some((c, p)) => (c, Some(p)),
            None => (rest, None),
        };
        let mut it = core.split('.');
        let major = version_number(it.next()?)?;
        let minor = version_number(it.next()?)?;
        let patch = version_number(it.next()?)?;
        if it.next().is_some() {
            return None;
        }
        if pre.is_some_and(|p| !valid_idents(p, true))
            || build.is_some_and(|b| !valid_idents(b, false))
        {
            return None;
        }
        Some(SemVer {
            major,
            minor,
            patch,
            prerelease: pre.map(str::to_string),
            build: build.map(str::to_string),
        })
    }

    fn triple(&self) -> (u64, u64, u64) {
        (self.major, self.minor, self.patch)
    }

    pub fn stable(&self) -> SemVer {
        SemVer::new(self.major, self.minor, self.patch)
    }

    /// Precedence, then build metadata (so `1.0.0` and `1.0.0+b` differ, as in Puppet).
    pub fn compare(&self, other: &SemVer) -> Ordering {
        self.triple()
            .cmp(&other.triple())
            .then_with(|| match (&self.prerelease, &other.prerelease) {
                (None, None) => Ordering::Equal,
                (None, Some(_)) => Ordering::Greater,
                (Some(_), None) => Ordering::Less,
                (Some(a), Some(b)) => compare_prerelease(a, b),
            })
            .then_with(|| match (&self.build, &other.build) {
                (None, None) => Ordering::Equal,
                (None, Some(_)) => Ordering::Less,
                (Some(_), None) => Ordering::Greater,
                (Some(a), Some(b)) => compare_prerelease(a, b),
            })
    }

    /// Precedence without build metadata (SemanticPuppet's `<=>`).
    pub fn precedence(&self, other: &SemVer) -> Ordering {
        let strip = |v: &SemVer| SemVer {
            build: None,
            ..v.clone()
        };
        strip(self).compare(&strip(other))
    }
}

fn compare_prerelease(a: &str, b: &str) -> Ordering {
    let mut x = a.split('.');
    let mut y = b.split('.');
    loop {
        match (x.next(), y.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(p), Some(q)) => {
                let o = match (p.parse::<u64>(), q.parse::<u64>()) {
                    (Ok(m), Ok(n)) => m.cmp(&n),
                    (Ok(_), Err(_)) => Ordering::Less,
                    (Err(_), Ok(_)) => Ordering::Greater,
                    (Err(_), Err(_)) => p.cmp(q),
                };
                if o != Ordering::Equal {
                    return o;
                }
            }
        }
    }
}

impl fmt::Display for SemVer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        if let Some(p) = &self.prerelease {
            write!(f, "-{p}")?;
        }
        if let Some(b) = &self.build {
            write!(f, "+{b}")?;
        }
        Ok(())
    }
}

/// One bound of a version range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    Ge(SemVer),
    Gt(SemVer),
    Le(SemVer),
    Lt(SemVer),
}

impl Bound {
    fn version(&self) -> &SemVer {
        match self {
            Bound::Ge(v) | Bound::Gt(v) | Bound::Le(v) | Bound::Lt(v) => v,
        }
    }

    fn admits(&self, v: &SemVer) -> bool {
        let o = v.precedence(self.version());
        match self {
            Bound::Ge(_) => o != Ordering::Less,
            Bound::Gt(_) => o == Ordering::Greater,
            Bound::Le(_) => o != Ordering::Greater,
            Bound::Lt(_) => o == Ordering::Less,
        }
    }
}

/// A `SemVerRange`: alternatives (`||`) of bound sets; `text` is how Puppet prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VersionRange {
    pub text: String,
    pub alternatives: Vec<Vec<Bound>>,
}

/// A partial version (`1`, `1.2`, `1.x`, `1.2.3-rc`): the numbers given.
struct Partial {
    nums: Vec<u64>,
    pre: Option<String>,
}

fn parse_partial(s: &str) -> Option<Partial> {
    let s = s.strip_prefix('v').unwrap_or(s);
    if s == "*" || s.eq_ignore_ascii_case("x") {
        return Some(Partial {
            nums: vec![],
            pre: None,
        });
    }
    let (rest, _build) = match s.split_once('+') {
        Some((r, b)) => (r, Some(b)),
        None => (s, None),
    };
    let (core, pre) = match rest.split_once('-') {
        Some((c, p)) => (c, Some(p.to_string())),
        None => (rest, None),
    };
    let mut nums = Vec::new();
    let mut wild = false;
    for (i, part) in core.split('.').enumerate() {
        if i > 2 {
            return None;
        }
        if part == "x" || part == "X" || part == "*" {
            wild = true;
            continue;
        }
        if wild {
            return None;
        }
        nums.push(version_number(part)?);
    }
    if pre.is_some() && (nums.len() != 3 || !valid_idents(pre.as_deref().unwrap_or(""), true)) {
        return None;
    }
    Some(Partial { nums, pre })
}

impl Partial {
    fn low(&self) -> SemVer {
        SemVer {
            major: self.nums.first().copied().unwrap_or(0),
            minor: self.nums.get(1).copied().unwrap_or(0),
            patch: self.nums.get(2).copied().unwrap_or(0),
            prerelease: self.pre.clone(),
            build: None,
        }
    }

    /// The first version above every version the partial covers (`1.2` → `1.3.0`).
    fn next(&self) -> Option<SemVer> {
        match self.nums.len() {
            0 => None,
            1 => Some(SemVer::new(self.nums[0] + 1, 0, 0)),
            2 => Some(SemVer::new(self.nums[0], self.nums[1] + 1, 0)),
            _ => None,
        }
    }

    /// `x.y.z` or partial, as the bounds of an x-range.
    fn bounds(&self) -> Vec<Bound> {
        if self.nums.len() == 3 {
            return vec![Bound::Ge(self.low()), Bound::Le(self.low())];
        }
        let mut b = Vec::new();
        if !self.nums.is_empty() {
            b.push(Bound::Ge(self.low()));
        }
        if let Some(n) = self.next() {
            b.push(Bound::Lt(n));
        }
        b
    }
}

fn parse_comparator(s: &str) -> Option<Vec<Bound>> {
    let ops = [">=", "<=", "~>", ">", "<", "=", "~", "^"];
    let (op, rest) = ops
        .iter()
        .find_map(|o| s.strip_prefix(o).map(|r| (*o, r.trim_start())))
        .unwrap_or(("", s));
    let p = parse_partial(rest)?;
    let full = p.nums.len() == 3;
    Some(match op {
        "" | "=" => p.bounds(),
        ">=" => vec![Bound::Ge(p.low())],
        ">" => match (full, p.next()) {
            (true, _) => vec![Bound::Gt(p.low())],
            (false, Some(n)) => vec![Bound::Ge(n)],
            (false, None) => vec![Bound::Lt(SemVer::new(0, 0, 0))],
        },
        "<" => vec![Bound::Lt(p.low())],
        "<=" => match (full, p.next()) {
            (true, _) => vec![Bound::Le(p.low())],
            (false, Some(n)) => vec![Bound::Lt(n)],
            (false, None) => vec![],
        },
        "~" | "~>" => {
            let upper = match p.nums.len() {
                0 => None,
                1 => Some(SemVer::new(p.nums[0] + 1, 0, 0)),
                _ => Some(SemVer::new(p.nums[0], p.nums[1] + 1, 0)),
            };
            let mut b = vec![Bound::Ge(p.low())];
            b.extend(upper.map(Bound::Lt));
            b
        }
        "^" => {
            let n = &p.nums;
            let upper = match n.as_slice() {
                [] => None,
                [0] => Some(SemVer::new(1, 0, 0)),
                [0, 0] => Some(SemVer::new(0, 1, 0)),
                [0, 0, z] => Some(SemVer::new(0, 0, z + 1)),
                [0, y, ..] => Some(SemVer::new(0, y + 1, 0)),
                [x, ..] => Some(SemVer::new(x + 1, 0, 0)),
            };
            let mut b = vec![Bound::Ge(p.low())];
            b.extend(upper.map(Bound::Lt));
            b
        }
        _ => return None,
    })
}

impl VersionRange {
    /// Parses `>=1.0 <2.0`, `~1.2`, `^1.2.3`, `1.x`, `1.2.3 - 1.4`, `a || b`, `*`.
    pub fn parse(s: &str) -> Option<VersionRange> {
        let mut alternatives = Vec::new();
        for alt in s.split("||") {
            let alt = alt.trim();
            let mut bounds = Vec::new();
            if let Some((lo, hi)) = alt.split_once(" - ") {
                let lo = parse_partial(lo.trim())?;
                let hi = parse_partial(hi.trim())?;
                if !lo.nums.is_empty() {
                    bounds.push(Bound::Ge(lo.low()));
                }
                if !hi.nums.is_empty() {
                    bounds.push(Bound::Le(hi.low()));
                }
            } else {
                // Operators may be separated from their version by blanks (`>= 1.0`).
                let mut words: Vec<String> = Vec::new();
                for w in alt.split_whitespace() {
                    match words.last_mut() {
                        Some(last) if last.chars().all(|c| "<>=~^".contains(c)) => last.push_str(w),
                        _ => words.push(w.to_string()),
                    }
                }
                if words.is_empty() {
                    return None;
                }
                for w in &words {
                    bounds.extend(parse_comparator(w)?);
                }
            }
            alternatives.push(bounds);
        }
        Some(VersionRange {
            text: s.to_string(),
            alternatives,
        })
    }

    /// Puppet's `SemVerRange.new(min, max, exclude_max)` (whose text, as Puppet 7
    /// prints it, names the bounds in reverse).
    pub fn between(min: &SemVer, max: &SemVer, exclude_max: bool) -> VersionRange {
        let (text, upper) = if exclude_max {
            (format!(">={max} <{min}"), Bound::Lt(max.clone()))
        } else {
            (format!("{max} - {min}"), Bound::Le(max.clone()))
        };
        VersionRange {
            text,
            alternatives: vec![vec![Bound::Ge(min.clone()), upper]],
        }
    }

    /// Whether `v` is in the range. A prerelease is only in a set of bounds that names
    /// a prerelease of the same `major.minor.patch`.
    pub fn includes(&self, v: &SemVer) -> bool {
        self.alternatives.iter().any(|bounds| {
            bounds.iter().all(|b| b.admits(v))
                && (v.prerelease.is_none()
                    || bounds.iter().any(|b| {
                        b.version().prerelease.is_some() && b.version().triple() == v.triple()
                    }))
        })
    }
}

// ------------------------------------------------------------------ Binary

pub use marionette_catalog::base64::{decode as base64_decode, encode as base64_encode};

// ------------------------------------------------------------------ Timespan formats

/// One piece of a Timespan format: literal text, or a quantity (`%D`, `%H`, `%M`, `%S`,
/// `%L`, `%N`) with its pad (`0` by default, none after `-`, blank after `_`) and width.
#[derive(Clone, Debug)]
enum SpanSegment {
    Literal(String),
    Value {
        /// 0 = nanoseconds, 1 = milliseconds, 2 = seconds, 3 = minutes, 4 = hours, 5 = days.
        unit: u8,
        pad: Option<char>,
        width: Option<usize>,
        /// The highest quantity of the format counts the whole span, not a remainder.
        total: bool,
    },
}

/// A parsed Timespan format (`%D-%H:%M:%S.%-N`), as Puppet's `Timespan::FormatParser`
/// reads it.
#[derive(Clone, Debug)]
pub struct TimespanFormat {
    text: String,
    segments: Vec<SpanSegment>,
}

const SPAN_UNIT_NANOS: [i128; 6] = [
    1,
    1_000_000,
    1_000_000_000,
    60_000_000_000,
    3_600_000_000_000,
    86_400_000_000_000,
];

/// The formats `Timespan(string)` tries, in order.
pub const TIMESPAN_DEFAULT_FORMATS: [&str; 8] = [
    "%D-%H:%M:%S.%-N",
    "%H:%M:%S.%-N",
    "%M:%S.%-N",
    "%S.%-N",
    "%D-%H:%M:%S",
    "%H:%M:%S",
    "%D-%H:%M",
    "%S",
];

impl TimespanFormat {
    pub fn parse(text: &str) -> Result<TimespanFormat, String> {
        let bad = |start: usize, pos: usize| {
            let expr: String = text.chars().skip(start).take(pos - start).collect();
            format!("Bad format specifier '{expr}' in '{text}', at position {pos}")
        };
        let mut segments: Vec<SpanSegment> = Vec::new();
        let mut highest: Option<u8> = None;
        // 0 = literal, 1 = expects pad, width or unit, 2 = expects width or unit
        let mut state = 0;
        let mut pad = Some('0');
        let mut width: Option<usize> = None;
        let mut start = 0;
        let literal = |segments: &mut Vec<SpanSegment>, c: char| match segments.last_mut() {
            Some(SpanSegment::Literal(s)) => s.push(c),
            _ => segments.push(SpanSegment::Literal(c.to_string())),
        };
        for (pos, c) in text.chars().enumerate() {
            if state == 0 {
                if c == '%' {
                    state = 1;
                    start = pos;
                    pad = Some('0');
                    width = None;
                } else {
                    literal(&mut segments, c);
                }
                continue;
            }
            let unit = match c {
                '%' => {
                    literal(&mut segments, c);
                    state = 0;
                    continue;
                }
                '-' | '_' => {
                    if state != 1 {
                        return Err(bad(start, pos));
                    }
                    pad = if c == '-' { None } else { Some(' ') };
                    state = 2;
                    continue;
                }
                'D' => 5,
                'H' => 4,
                'M' => 3,
                'S' => 2,
                'L' => 1,
                'N' => 0,
                '0'..='9' => {
                    if state == 1 && c == '0' {
                        pad = Some('0');
                    } else {
                        width = Some(width.unwrap_or(0) * 10 + (c as usize - '0' as usize));
                    }
                    state = 2;
                    continue;
                }
                _ => return Err(bad(start, pos)),
            };
            if highest.is_none_or(|h| unit > h) {
                highest = Some(unit);
            }
            segments.push(SpanSegment::Value {
                unit,
                pad,
                width,
                total: false,
            });
            state = 0;
        }
        if state != 0 {
            return Err(bad(start, text.chars().count()));
        }
        if let Some(h) = highest {
            if let Some(SpanSegment::Value { total, .. }) = segments
                .iter_mut()
                .find(|s| matches!(s, SpanSegment::Value { unit, .. } if *unit == h))
            {
                *total = true;
            }
        }
        Ok(TimespanFormat {
            text: text.to_string(),
            segments,
        })
    }

    fn default_width(unit: u8) -> usize {
        match unit {
            0 => 9,
            1 => 3,
            5 => 1,
            _ => 2,
        }
    }

    pub fn format(&self, ts: &Timespan) -> String {
        let abs = ts.nanos.abs();
        let mut out = String::new();
        if ts.nanos < 0 {
            out.push('-');
        }
        for seg in &self.segments {
            let (unit, pad, width, total) = match seg {
                SpanSegment::Literal(s) => {
                    out.push_str(s);
                    continue;
                }
                SpanSegment::Value {
                    unit,
                    pad,
                    width,
                    total,
                } => (*unit, *pad, *width, *total),
            };
            let w = width.unwrap_or(Self::default_width(unit));
            let mut n = match unit {
                5 => abs / SPAN_UNIT_NANOS[5],
                2..=4 => {
                    let t = abs / SPAN_UNIT_NANOS[unit as usize];
                    let modulus = if unit == 4 { 24 } else { 60 };
                    if total {
                        t
                    } else {
                        t % modulus
                    }
                }
                1 => {
                    let t = abs / SPAN_UNIT_NANOS[1];
                    if total {
                        t
                    } else {
                        t % 1000
                    }
                }
                _ => {
                    let mut ns = abs;
                    if w < 9 {
                        ns /= 10i128.pow(9 - w as u32);
                        if !total {
                            ns %= 10i128.pow(w as u32);
                        }
                    } else if !total {
                        ns %= NS_SEC;
                    }
                    ns
                }
            };
            if unit <= 1 {
                // Fractions: trailing zeros are dropped unless zero padded or a total;
                // a pad left-justifies.
                if !(total || pad == Some('0')) {
                    let s = n.to_string();
                    let t = s.trim_end_matches('0');
                    n = if t.is_empty() {
                        0
                    } else {
                        t.parse().unwrap_or(n)
                    };
                }
                match pad {
                    None => out.push_str(&n.to_string()),
                    Some(_) => out.push_str(&format!("{n:<w$}")),
                }
            } else {
                match pad {
                    None => out.push_str(&n.to_string()),
                    Some(' ') => out.push_str(&format!("{n:>w$}")),
                    Some(_) => out.push_str(&format!("{n:0>w$}")),
                }
            }
        }
        out
    }

    /// Reads a span written in this format, if it matches.
    pub fn read(&self, s: &str) -> Option<Timespan> {
        let mut pattern = String::from(r"\A-?");
        for seg in &self.segments {
            match seg {
                SpanSegment::Literal(l) => {
                    pattern.push('(');
                    pattern.push_str(&fancy_regex::escape(l));
                    pattern.push(')');
                }
                SpanSegment::Value {
                    unit,
                    pad,
                    width,
                    total,
                } => {
                    let dw = Self::default_width(*unit);
                    pattern.push_str(&match (width, pad) {
                        (None, None | Some('0')) if *total => "([0-9]+)".to_string(),
                        (None, None | Some('0')) => format!("([0-9]{{1,{dw}}})"),
                        (None, _) if *total => r"\s*([0-9]+)".to_string(),
                        (None, _) => format!(r"([0-9\s]{{1,{dw}}})"),
                        (Some(w), None) => format!("([0-9]{{1,{w}}})"),
                        (Some(w), Some('0')) => format!("([0-9]{{{w}}})"),
                        (Some(w), _) => format!(r"([0-9\s]{{{w}}})"),
                    });
                }
            }
        }
        pattern.push_str(r"\z");
        let re = fancy_regex::Regex::new(&pattern).ok()?;
        let caps = re.captures(s).ok()??;
        let mut nanos = 0i128;
        for (i, seg) in self.segments.iter().enumerate() {
            let SpanSegment::Value { unit, .. } = seg else {
                continue;
            };
            let group = caps.get(i + 1)?.as_str().trim_start();
            if group.is_empty() || !group.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let n: i128 = group.parse().ok()?;
            nanos += if *unit <= 1 {
                let p = 9 - group.len() as i64;
                if p <= 0 {
                    n
                } else {
                    n * 10i128.pow(p as u32)
                }
            } else {
                n * SPAN_UNIT_NANOS[*unit as usize]
            };
        }
        Some(Timespan {
            nanos: if s.starts_with('-') { -nanos } else { nanos },
        })
    }

    pub fn text(&self) -> &str {
        &self.text
    }
}

#[cfg(test)]
mod tests {
    /// Whether the engine's parse refuses `pattern` for one of the errors
    /// [`super::may_be_refused`] stands guard for.
    fn refused(pattern: &str) -> bool {
        use regex_syntax::ast::ErrorKind;
        regex_syntax::ast::parse::Parser::new()
            .parse(pattern)
            .is_err_and(|e| {
                matches!(
                    e.kind(),
                    ErrorKind::RepetitionCountInvalid | ErrorKind::ClassRangeInvalid
                )
            })
    }

    #[test]
    fn refused_patterns_are_maybes() {
        for pattern in [
            "a{2,1}",
            "[b-a]",
            "x[^z-a]",
            "[]z-a]",
            "[\\x7a-a]",
            "[a-\\x00]",
            "[\\w-a]",
            "(?x)a{ 2 , 1 }",
            "[[:alpha:]z-a]",
            "[é-a]",
            "a{99999999999999999999,1}",
        ] {
            assert!(
                refused(pattern) || pattern.contains(['[', '{']),
                "{pattern}"
            );
            assert!(super::may_be_refused(pattern), "{pattern}");
        }
        for pattern in [
            "^[a-z0-9_]+$",
            "\\A(0x)?[0-9a-fA-F]{8}\\Z",
            "[^/]+",
            "a{2,}",
            "x{1,3}",
        ] {
            assert!(!super::may_be_refused(pattern), "{pattern}");
        }
    }

    /// Patterns made of the pieces that matter, pseudo-randomly: wherever the engine
    /// refuses one, the scan says it may.
    #[test]
    fn scan_never_misses_a_refusal() {
        const PIECES: [&str; 22] = [
            "a",
            "z",
            "-",
            "[",
            "]",
            "^",
            "\\",
            "x",
            "{",
            "}",
            ",",
            "1",
            "2",
            "(?x)",
            "(?i)",
            " ",
            "é",
            "\\x7a",
            "[:alpha:]",
            "\\-",
            "&&",
            "0",
        ];
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut refusals = 0;
        for _ in 0..200_000 {
            let len = 1 + next() % 9;
            let pattern: String = (0..len)
                .map(|_| PIECES[(next() % PIECES.len() as u64) as usize])
                .collect();
            let maybe = super::may_be_refused(&pattern);
            if refused(&pattern) {
                refusals += 1;
                assert!(maybe, "missed: {pattern}");
            }
        }
        // The generator does make such patterns.
        assert!(refusals > 100, "{refusals}");
    }
}
