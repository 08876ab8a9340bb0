//! Ruby's `to_yaml`: Psych 4's `YAMLTree` (which style each value asks for, anchors for
//! an object met twice) over libyaml 0.2.5's emitter (which style it then allows, and
//! the layout: indentation, `? ` keys, line folding at 80 columns, `|` block hints,
//! `...` after a final `|+`), as Ruby 3.1 under Puppet 7.23 writes YAML.
//!
//! [`Tree`] is the visitor's side: a caller walks its values and says what each one is
//! (`to_yaml(&Data)` does it for plain data; the ERB interpreter for Ruby objects, which
//! have identities and so can be aliased). [`Tree::finish`] runs the emitter.

use std::collections::HashMap;

use super::scalar_scanner::plain_reads_as_string;
use crate::wire::ruby_float;
use crate::Data;

/// The options of `to_yaml(options)` that change the output (symbol keys in Ruby).
#[derive(Debug, Clone, Copy, Default)]
pub struct Options {
    /// `indentation:` (libyaml takes 2..=9, anything else is 2).
    pub indentation: Option<i64>,
    /// `line_width:` (`-1` is unlimited; Psych folds a longer string with `>`).
    pub line_width: Option<i64>,
}

impl Options {
    /// Psych's check of `line_width` (`YAMLTree#initialize`).
    pub fn check(&self) -> Result<(), String> {
        match self.line_width {
            Some(w) if w < -1 => Err(format!(
                "Invalid line_width {w}, must be non-negative or -1 for unlimited."
            )),
            _ => Ok(()),
        }
    }
}

/// `data.to_yaml` for plain data (no object is met twice, so there are no aliases);
/// `to_s` writes a value that is not plain data (a type, a `Sensitive`) as a string.
pub fn to_yaml(data: &Data, options: &Options, to_s: &dyn Fn(&Data) -> String) -> String {
    let mut tree = Tree::new(options);
    tree.data(data, to_s);
    tree.finish()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    Any,
    Plain,
    Single,
    Double,
    Literal,
    Folded,
}

#[derive(Debug)]
enum Event {
    Scalar {
        anchor: Option<u32>,
        tag: Option<&'static str>,
        value: String,
        plain: bool,
        quoted: bool,
        style: Style,
    },
    SeqStart {
        anchor: Option<u32>,
        tag: Option<&'static str>,
    },
    SeqEnd,
    MapStart {
        anchor: Option<u32>,
        tag: Option<&'static str>,
    },
    MapEnd,
    Alias(u32),
}

/// The events of one document, as Psych's `YAMLTree` makes them.
pub struct Tree {
    events: Vec<Event>,
    /// Objects already written (by identity) and the event that started each.
    seen: HashMap<usize, usize>,
    anchors: HashMap<usize, u32>,
    line_width: Option<usize>,
    options: Options,
}

impl Tree {
    pub fn new(options: &Options) -> Tree {
        Tree {
            events: Vec::new(),
            seen: HashMap::new(),
            anchors: HashMap::new(),
            line_width: options.line_width.and_then(|w| usize::try_from(w).ok()),
            options: *options,
        }
    }

    /// Psych's `accept` for an object already written: an alias `*n` (and the anchor `&n`
    /// on its first appearance, numbered in the order aliases are made). `true` when it
    /// wrote the alias, and the caller writes nothing more for the object.
    pub fn alias(&mut self, id: usize) -> bool {
        let Some(&event) = self.seen.get(&id) else {
            return false;
        };
        let next = self.anchors.len() as u32 + 1;
        let n = *self.anchors.entry(id).or_insert(next);
        match &mut self.events[event] {
            Event::Scalar { anchor, .. }
            | Event::SeqStart { anchor, .. }
            | Event::MapStart { anchor, .. } => *anchor = Some(n),
            _ => {}
        }
        self.events.push(Event::Alias(n));
        true
    }

    fn register(&mut self, id: Option<usize>) {
        if let Some(id) = id {
            self.seen.insert(id, self.events.len());
        }
    }

    fn plain(&mut self, value: String) {
        self.events.push(Event::Scalar {
            anchor: None,
            tag: None,
            value,
            plain: true,
            quoted: false,
            style: Style::Any,
        });
    }

    pub fn nil(&mut self) {
        self.plain(String::new());
    }

    pub fn bool(&mut self, b: bool) {
        self.plain(b.to_string());
    }

    pub fn integer(&mut self, i: i64) {
        self.plain(i.to_string());
    }

    pub fn float(&mut self, f: f64) {
        self.plain(if f.is_nan() {
            ".nan".into()
        } else if f.is_infinite() {
            if f > 0.0 { ".inf" } else { "-.inf" }.into()
        } else {
            ruby_float(f)
        });
    }

    pub fn symbol(&mut self, name: &str) {
        if name.is_empty() {
            self.events.push(Event::Scalar {
                anchor: None,
                tag: Some("!ruby/symbol"),
                value: String::new(),
                plain: false,
                quoted: false,
                style: Style::Any,
            });
        } else {
            self.plain(format!(":{name}"));
        }
    }

    /// A Regexp (`inspect` is its `/source/flags`), registered under `id` like Psych does.
    pub fn regexp(&mut self, id: Option<usize>, inspect: &str) {
        self.register(id);
        self.events.push(Event::Scalar {
            anchor: None,
            tag: Some("!ruby/regexp"),
            value: inspect.into(),
            plain: false,
            quoted: false,
            style: Style::Any,
        });
    }

    /// Psych's `visit_String`: the style it asks for.
    pub fn string(&mut self, s: &str) {
        let (mut plain, mut quoted, mut tag) = (true, true, None);
        let style = if multiline(s) {
            Style::Literal
        } else if s == "<<" {
            (plain, quoted, tag) = (false, false, Some("tag:yaml.org,2002:str"));
            Style::Single
        } else if s == "y" || s == "n" {
            Style::Double
        } else if self.line_width.is_some_and(|w| s.chars().count() > w) {
            Style::Folded
        } else if starts_a_line_without_word(s) {
            Style::Double
        } else if !plain_reads_as_string(s) || octal_like(s) {
            Style::Single
        } else {
            Style::Plain
        };
        self.events.push(Event::Scalar {
            anchor: None,
            tag,
            value: s.into(),
            plain,
            quoted,
            style,
        });
    }

    /// A sequence: its items follow, then [`Tree::end_sequence`]. `id` is the object's
    /// identity, for aliases.
    pub fn start_sequence(&mut self, id: Option<usize>) {
        self.register(id);
        self.events.push(Event::SeqStart {
            anchor: None,
            tag: None,
        });
    }

    pub fn end_sequence(&mut self) {
        self.events.push(Event::SeqEnd);
    }

    /// A mapping: keys and values follow in turn, then [`Tree::end_mapping`].
    pub fn start_mapping(&mut self, id: Option<usize>) {
        self.start_tagged_mapping(id, None);
    }

    /// A mapping with a tag (`!ruby/range`).
    pub fn start_tagged_mapping(&mut self, id: Option<usize>, tag: Option<&'static str>) {
        self.register(id);
        self.events.push(Event::MapStart { anchor: None, tag });
    }

    pub fn end_mapping(&mut self) {
        self.events.push(Event::MapEnd);
    }

    /// Plain data, as Puppet hands it to Ruby (`default` is the Symbol `:default`, a
    /// regexp a Ruby `Regexp`; other values as their `to_s`).
    pub fn data(&mut self, d: &Data, to_s: &dyn Fn(&Data) -> String) {
        match d {
            Data::Undef => self.nil(),
            Data::Bool(b) => self.bool(*b),
            Data::Integer(i) => self.integer(*i),
            Data::Float(f) => self.float(*f),
            Data::String(s) => self.string(s),
            Data::Array(items) => {
                self.start_sequence(None);
                for item in items {
                    self.data(item, to_s);
                }
                self.end_sequence();
            }
            Data::Hash(entries) => {
                self.start_mapping(None);
                for (k, v) in entries {
                    self.data(k, to_s);
                    self.data(v, to_s);
                }
                self.end_mapping();
            }
            Data::Default => self.symbol("default"),
            Data::Regexp(source) => self.regexp(None, &format!("/{source}/")),
            other => self.string(&to_s(other)),
        }
    }

    /// The document as libyaml writes it.
    pub fn finish(self) -> String {
        let mut e = Emitter::new(&self.options, &self.events);
        e.document();
        e.out
    }
}

/// `/\n(?!\Z)/`: a line break that is not the last character nor followed by only a
/// final one.
fn multiline(s: &str) -> bool {
    s.match_indices('\n')
        .any(|(i, _)| !matches!(&s[i + 1..], "" | "\n"))
}

/// `/^[^[:word:]][^"]*$/` (Ruby's `^` and `$` are line anchors): a line that starts
/// with a character that is not a word character (a line break counts) and has no `"`
/// before its end.
fn starts_a_line_without_word(s: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut at_line_start = true;
    for (i, c) in s.char_indices() {
        if at_line_start && !word(c) {
            let after = &s[i + c.len_utf8()..];
            let line = after.split('\n').next().unwrap_or("");
            if !line.contains('"') {
                return true;
            }
        }
        at_line_start = c == '\n';
    }
    false
}

/// `/\A0[0-7]*[89]/`
fn octal_like(s: &str) -> bool {
    s.strip_prefix('0').is_some_and(|r| {
        r.trim_start_matches(|c: char| ('0'..='7').contains(&c))
            .starts_with(['8', '9'])
    })
}

// ------------------------------------------------------------------ the emitter

/// libyaml's analysis of a scalar (`yaml_emitter_analyze_scalar`), for block context
/// (Psych asks for no flow collection but the empty ones).
struct Analysis {
    multiline: bool,
    block_plain: bool,
    single_quoted: bool,
    block: bool,
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

fn is_blankz(c: Option<char>) -> bool {
    match c {
        None | Some('\0' | ' ' | '\t') => true,
        Some(c) => is_break(c),
    }
}

/// libyaml's `IS_PRINTABLE` (a tab is not; nothing beyond the Basic Multilingual Plane is).
fn is_printable(c: char) -> bool {
    matches!(c as u32, 0x0A | 0x20..=0x7E | 0xA0..=0xD7FF | 0xE000..=0xFFFD) && c != '\u{feff}'
}

fn analyze(s: &[char]) -> Analysis {
    if s.is_empty() {
        return Analysis {
            multiline: false,
            block_plain: true,
            single_quoted: true,
            block: false,
        };
    }
    let mut block_indicators = s.starts_with(&['-', '-', '-']) || s.starts_with(&['.', '.', '.']);
    let (mut line_breaks, mut special) = (false, false);
    let (mut leading_space, mut leading_break, mut trailing_space, mut trailing_break) =
        (false, false, false, false);
    let (mut break_space, mut space_break) = (false, false);
    let (mut previous_space, mut previous_break) = (false, false);
    let mut preceded_by_whitespace = true;
    for (i, &c) in s.iter().enumerate() {
        let followed_by_whitespace = is_blankz(s.get(i + 1).copied());
        let last = i + 1 == s.len();
        if i == 0 {
            block_indicators |= "#,[]{}&*!|>'\"%@`".contains(c)
                || (matches!(c, '?' | ':' | '-') && followed_by_whitespace);
        } else {
            block_indicators |=
                (c == ':' && followed_by_whitespace) || (c == '#' && preceded_by_whitespace);
        }
        if !is_printable(c) {
            special = true;
        }
        if is_break(c) {
            line_breaks = true;
        }
        if c == ' ' {
            leading_space |= i == 0;
            trailing_space |= last;
            break_space |= previous_break;
            previous_space = true;
            previous_break = false;
        } else if is_break(c) {
            leading_break |= i == 0;
            trailing_break |= last;
            space_break |= previous_space;
            previous_space = false;
            previous_break = true;
        } else {
            previous_space = false;
            previous_break = false;
        }
        preceded_by_whitespace = is_blankz(Some(c));
    }
    let edges = leading_space || leading_break || trailing_space || trailing_break;
    let mixed = space_break || special;
    Analysis {
        multiline: line_breaks,
        block_plain: !(edges || break_space || mixed || line_breaks || block_indicators),
        single_quoted: !(break_space || mixed),
        block: !(trailing_space || mixed),
    }
}

/// A tag as libyaml writes it with the default directives (`!` and `!!`).
fn tag_parts(tag: &str) -> (&'static str, &str) {
    if let Some(rest) = tag
        .strip_prefix("tag:yaml.org,2002:")
        .filter(|r| !r.is_empty())
    {
        ("!!", rest)
    } else if let Some(rest) = tag.strip_prefix('!').filter(|r| !r.is_empty()) {
        ("!", rest)
    } else {
        ("", tag)
    }
}

/// libyaml's emitter state for one document in block style.
struct Emitter<'e> {
    events: &'e [Event],
    out: String,
    best_indent: usize,
    best_width: usize,
    indent: Option<usize>,
    indents: Vec<Option<usize>>,
    column: usize,
    whitespace: bool,
    indention: bool,
    open_ended: u8,
    mapping_context: bool,
    simple_key_context: bool,
}

impl<'e> Emitter<'e> {
    fn new(options: &Options, events: &'e [Event]) -> Emitter<'e> {
        let best_indent = match options.indentation {
            Some(i @ 2..=9) => i as usize,
            _ => 2,
        };
        let best_width = match options.line_width.unwrap_or(0) {
            w if w < 0 => usize::MAX,
            w if (w as usize) <= best_indent * 2 => 80,
            w => w as usize,
        };
        Emitter {
            events,
            out: String::new(),
            best_indent,
            best_width,
            indent: None,
            indents: Vec::new(),
            column: 0,
            whitespace: true,
            indention: true,
            open_ended: 0,
            mapping_context: false,
            simple_key_context: false,
        }
    }

    fn document(&mut self) {
        self.write_indent();
        self.write_indicator("---", true, false, false);
        self.node(0, false, false);
        self.write_indent();
        if self.open_ended == 2 {
            self.write_indicator("...", true, false, false);
            self.write_indent();
        }
    }

    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    fn write_break(&mut self, c: char) {
        if c == '\n' {
            self.put_break();
        } else {
            self.out.push(c);
            self.column = 0;
        }
    }

    /// A line break inside a scalar's text: the line that follows starts indented.
    fn write_text_break(&mut self, c: char) -> bool {
        self.write_break(c);
        self.indention = true;
        true
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        self.indent = match self.indent {
            None => Some(if flow { self.best_indent } else { 0 }),
            Some(i) if !indentless => Some(i + self.best_indent),
            same => same,
        };
    }

    fn pop_indent(&mut self) {
        self.indent = self.indents.pop().flatten();
    }

    fn write_indent(&mut self) {
        let indent = self.indent.unwrap_or(0);
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    fn write_indicator(
        &mut self,
        indicator: &str,
        need_whitespace: bool,
        is_whitespace: bool,
        is_indention: bool,
    ) {
        if need_whitespace && !self.whitespace {
            self.put(' ');
        }
        for c in indicator.chars() {
            self.put(c);
        }
        self.whitespace = is_whitespace;
        self.indention = self.indention && is_indention;
    }

    fn write_anchor(&mut self, alias: bool, n: u32) {
        self.write_indicator(if alias { "*" } else { "&" }, true, false, false);
        for c in n.to_string().chars() {
            self.put(c);
        }
        self.whitespace = false;
        self.indention = false;
    }

    fn write_tag(&mut self, handle: &str, suffix: &str) {
        if handle.is_empty() {
            self.write_indicator("!<", true, false, false);
            self.write_tag_content(suffix);
            self.write_indicator(">", false, false, false);
            return;
        }
        if !self.whitespace {
            self.put(' ');
        }
        for c in handle.chars() {
            self.put(c);
        }
        self.whitespace = false;
        self.indention = false;
        self.write_tag_content(suffix);
    }

    fn write_tag_content(&mut self, suffix: &str) {
        for c in suffix.chars() {
            if c.is_ascii_alphanumeric() || "-_;/?:@&=+$,.~*'()[]".contains(c) {
                self.put(c);
            } else {
                let mut buf = [0; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    for ch in format!("%{b:02X}").chars() {
                        self.put(ch);
                    }
                }
            }
        }
        self.whitespace = false;
        self.indention = false;
    }

    /// `yaml_emitter_emit_node`: the node starting at `events[i]`; the index after it.
    fn node(&mut self, i: usize, mapping: bool, simple_key: bool) -> usize {
        self.mapping_context = mapping;
        self.simple_key_context = simple_key;
        match &self.events[i] {
            Event::Alias(n) => {
                self.write_anchor(true, *n);
                if self.simple_key_context {
                    self.put(' ');
                }
                i + 1
            }
            Event::Scalar { .. } => {
                self.scalar(i);
                i + 1
            }
            Event::SeqStart { anchor, tag } => {
                self.anchor_and_tag(*anchor, *tag);
                if matches!(self.events.get(i + 1), Some(Event::SeqEnd)) {
                    self.empty("[", "]");
                    return i + 2;
                }
                self.block_sequence(i + 1)
            }
            Event::MapStart { anchor, tag } => {
                self.anchor_and_tag(*anchor, *tag);
                if matches!(self.events.get(i + 1), Some(Event::MapEnd)) {
                    self.empty("{", "}");
                    return i + 2;
                }
                self.block_mapping(i + 1)
            }
            Event::SeqEnd | Event::MapEnd => i + 1,
        }
    }

    fn anchor_and_tag(&mut self, anchor: Option<u32>, tag: Option<&str>) {
        if let Some(n) = anchor {
            self.write_anchor(false, n);
        }
        if let Some(tag) = tag {
            let (handle, suffix) = tag_parts(tag);
            self.write_tag(handle, suffix);
        }
    }

    /// An empty collection, in flow style.
    fn empty(&mut self, open: &str, close: &str) {
        self.write_indicator(open, true, true, false);
        self.write_indicator(close, false, false, false);
    }

    fn block_sequence(&mut self, mut i: usize) -> usize {
        let indentless = self.mapping_context && !self.indention;
        self.increase_indent(false, indentless);
        while !matches!(self.events.get(i), Some(Event::SeqEnd) | None) {
            self.write_indent();
            self.write_indicator("-", true, false, true);
            i = self.node(i, false, false);
        }
        self.pop_indent();
        i + 1
    }

    fn block_mapping(&mut self, mut i: usize) -> usize {
        self.increase_indent(false, false);
        while !matches!(self.events.get(i), Some(Event::MapEnd) | None) {
            self.write_indent();
            if self.simple_key(i) {
                i = self.node(i, true, true);
                self.write_indicator(":", false, false, false);
            } else {
                self.write_indicator("?", true, false, true);
                i = self.node(i, true, false);
                self.write_indent();
                self.write_indicator(":", true, false, true);
            }
            i = self.node(i, true, false);
        }
        self.pop_indent();
        i + 1
    }

    /// `yaml_emitter_check_simple_key`: at most 128 bytes on one line.
    fn simple_key(&self, i: usize) -> bool {
        let anchor_len = |a: &Option<u32>| a.map_or(0, |n| n.to_string().len());
        let tag_len = |t: &Option<&str>| {
            t.map_or(0, |t| {
                let (h, s) = tag_parts(t);
                h.len() + s.len()
            })
        };
        let length = match &self.events[i] {
            Event::Alias(n) => n.to_string().len(),
            Event::Scalar {
                anchor,
                tag,
                value,
                plain,
                quoted,
                ..
            } => {
                let chars: Vec<char> = value.chars().collect();
                if analyze(&chars).multiline {
                    return false;
                }
                let tag = if !plain && !quoted { *tag } else { None };
                anchor_len(anchor) + tag_len(&tag) + value.len()
            }
            Event::SeqStart { anchor, tag } => {
                if !matches!(self.events.get(i + 1), Some(Event::SeqEnd)) {
                    return false;
                }
                anchor_len(anchor) + tag_len(tag)
            }
            Event::MapStart { anchor, tag } => {
                if !matches!(self.events.get(i + 1), Some(Event::MapEnd)) {
                    return false;
                }
                anchor_len(anchor) + tag_len(tag)
            }
            _ => return false,
        };
        length <= 128
    }

    fn scalar(&mut self, i: usize) {
        let Event::Scalar {
            anchor,
            tag,
            value,
            plain,
            quoted,
            style,
        } = &self.events[i]
        else {
            return;
        };
        let chars: Vec<char> = value.chars().collect();
        let a = analyze(&chars);
        // The tag is written only when neither implicit flag is set.
        let mut tag = if !plain && !quoted { *tag } else { None };
        let mut style = match style {
            Style::Any => Style::Plain,
            s => *s,
        };
        if self.simple_key_context && a.multiline {
            style = Style::Double;
        }
        if style == Style::Plain
            && (!a.block_plain
                || (chars.is_empty() && self.simple_key_context)
                || (tag.is_none() && !plain))
        {
            style = Style::Single;
        }
        if style == Style::Single && !a.single_quoted {
            style = Style::Double;
        }
        if matches!(style, Style::Literal | Style::Folded) && (!a.block || self.simple_key_context)
        {
            style = Style::Double;
        }
        if tag.is_none() && !quoted && style != Style::Plain {
            tag = Some("!");
        }
        if let Some(n) = anchor {
            self.write_anchor(false, *n);
        }
        match tag {
            Some("!") => self.write_tag("!", ""),
            Some(t) => {
                let (handle, suffix) = tag_parts(t);
                self.write_tag(handle, suffix);
            }
            None => {}
        }
        self.increase_indent(true, false);
        let breaks = !self.simple_key_context;
        match style {
            Style::Single => self.write_plain_or_single(&chars, breaks, true),
            Style::Double => self.write_double_quoted(&chars, breaks),
            Style::Literal => self.write_literal(&chars),
            Style::Folded => self.write_folded(&chars),
            _ => self.write_plain_or_single(&chars, breaks, false),
        }
        self.pop_indent();
    }

    /// libyaml's plain and single-quoted writers (one loop: they differ in the quotes,
    /// `''` for a quote, and no fold at a quoted scalar's first or last space).
    fn write_plain_or_single(&mut self, s: &[char], allow_breaks: bool, quoted: bool) {
        if quoted {
            self.write_indicator("'", true, false, false);
        } else if !self.whitespace && !s.is_empty() {
            self.put(' ');
        }
        let (mut spaces, mut breaks) = (false, false);
        for (i, &c) in s.iter().enumerate() {
            if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > self.best_width
                    && (!quoted || (i != 0 && i + 1 != s.len()))
                    && s.get(i + 1) != Some(&' ')
                {
                    self.write_indent();
                } else {
                    self.put(c);
                }
                spaces = true;
            } else if is_break(c) {
                if !breaks && c == '\n' {
                    self.put_break();
                }
                breaks = self.write_text_break(c);
            } else {
                if breaks {
                    self.write_indent();
                }
                if quoted && c == '\'' {
                    self.put('\'');
                }
                self.put(c);
                self.indention = false;
                spaces = false;
                breaks = false;
            }
        }
        if quoted {
            if breaks {
                self.write_indent();
            }
            self.write_indicator("'", false, false, false);
        }
        self.whitespace = false;
        self.indention = false;
    }

    fn write_double_quoted(&mut self, s: &[char], allow_breaks: bool) {
        self.write_indicator("\"", true, false, false);
        let mut spaces = false;
        for (i, &c) in s.iter().enumerate() {
            if !is_printable(c) || c == '\u{feff}' || is_break(c) || c == '"' || c == '\\' {
                self.put('\\');
                let escape = match c {
                    '\0' => "0".to_string(),
                    '\u{7}' => "a".into(),
                    '\u{8}' => "b".into(),
                    '\t' => "t".into(),
                    '\n' => "n".into(),
                    '\u{b}' => "v".into(),
                    '\u{c}' => "f".into(),
                    '\r' => "r".into(),
                    '\u{1b}' => "e".into(),
                    '"' => "\"".into(),
                    '\\' => "\\".into(),
                    '\u{85}' => "N".into(),
                    '\u{a0}' => "_".into(),
                    '\u{2028}' => "L".into(),
                    '\u{2029}' => "P".into(),
                    c if (c as u32) <= 0xFF => format!("x{:02X}", c as u32),
                    c if (c as u32) <= 0xFFFF => format!("u{:04X}", c as u32),
                    c => format!("U{:08X}", c as u32),
                };
                for e in escape.chars() {
                    self.put(e);
                }
                spaces = false;
            } else if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > self.best_width
                    && i != 0
                    && i + 1 != s.len()
                {
                    self.write_indent();
                    if s.get(i + 1) == Some(&' ') {
                        self.put('\\');
                    }
                } else {
                    self.put(c);
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
        }
        self.write_indicator("\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    /// A block scalar's first line: `|` or `>` and its hints.
    fn write_block_header(&mut self, indicator: &str, s: &[char]) {
        self.write_indicator(indicator, true, false, false);
        self.write_block_hints(s);
        self.put_break();
        self.indention = true;
        self.whitespace = true;
    }

    fn write_block_hints(&mut self, s: &[char]) {
        if s.first().is_some_and(|&c| c == ' ' || is_break(c)) {
            let hint = self.best_indent.to_string();
            self.write_indicator(&hint, false, false, false);
        }
        self.open_ended = 0;
        let chomp = match s {
            [] => Some("-"),
            [.., last] if !is_break(*last) => Some("-"),
            [_] => {
                self.open_ended = 2;
                Some("+")
            }
            [.., before, _] if is_break(*before) => {
                self.open_ended = 2;
                Some("+")
            }
            _ => None,
        };
        if let Some(chomp) = chomp {
            self.write_indicator(chomp, false, false, false);
        }
    }

    fn write_literal(&mut self, s: &[char]) {
        self.write_block_header("|", s);
        let mut breaks = true;
        for &c in s {
            if is_break(c) {
                breaks = self.write_text_break(c);
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                breaks = false;
            }
        }
    }

    fn write_folded(&mut self, s: &[char]) {
        self.write_block_header(">", s);
        let (mut breaks, mut leading_spaces) = (true, true);
        for (i, &c) in s.iter().enumerate() {
            if is_break(c) {
                if !breaks && !leading_spaces && c == '\n' {
                    let k = s[i..].iter().take_while(|c| is_break(**c)).count();
                    if !is_blankz(s.get(i + k).copied()) {
                        self.put_break();
                    }
                }
                breaks = self.write_text_break(c);
            } else {
                if breaks {
                    self.write_indent();
                    leading_spaces = c == ' ' || c == '\t';
                }
                if !breaks
                    && c == ' '
                    && s.get(i + 1) != Some(&' ')
                    && self.column > self.best_width
                {
                    self.write_indent();
                } else {
                    self.put(c);
                }
                self.indention = false;
                breaks = false;
            }
        }
    }
}

#[cfg(test)]
mod tests;
