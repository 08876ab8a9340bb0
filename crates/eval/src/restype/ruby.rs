//! Reading a module's Ruby resource type (`lib/puppet/type/<name>.rb`) without Ruby:
//! a lexical scan for the DSL calls that declare attributes (`newparam`, `newproperty`,
//! `ensurable`, `newmetaparam`, `isnamevar`, `:namevar => true`), `@isomorphic = false`,
//! `def self.title_patterns` (literal, or computed by the small Ruby `title.rs`
//! evaluates, with helpers from required files), and the Resource API's
//! `Puppet::ResourceApi.register_type(name: ..., attributes: {...})`.
//!
//! What cannot be understood this way (attributes named by a variable outside a loop
//! over literal names, `extend`ed helpers, a type with a `:parent`) is reported as a
//! problem; the caller then accepts any attribute for that type rather than refuse
//! valid code. Title patterns built by Ruby beyond `title.rs`'s subset are unknown
//! (`title_patterns_computed`): titles are then not parsed.

mod title;

/// What the scan found in one file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RubyType {
    pub name: String,
    /// Parameters, in definition order (`newparam`, `newmetaparam`).
    pub parameters: Vec<String>,
    /// Properties, in definition order (`newproperty`, `ensurable`).
    pub properties: Vec<String>,
    /// Parameters declared as namevars (`isnamevar`, `:namevar => true`, Resource API
    /// `behaviour: :namevar`).
    pub namevars: Vec<String>,
    pub isomorphic: bool,
    /// `def self.title_patterns` (or the Resource API's `title_patterns:`), when known:
    /// (Ruby regex source, flags, the attributes its groups give).
    pub title_patterns: Option<Vec<(String, String, Vec<String>)>>,
    /// `def self.title_patterns` could not be evaluated: the patterns are unknown (the
    /// attributes may still be known).
    pub title_patterns_computed: bool,
    /// Why the title patterns are unknown.
    pub title_patterns_unknown: Option<String>,
    /// Why (part of) the file could not be understood; empty when it was.
    pub problems: Vec<String>,
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    /// `name:` in a hash or argument list.
    Label(String),
    Sym(String),
    Str(String),
    /// `%w[..]` / `%i[..]`.
    Words(Vec<String>),
    Regex(String, String),
    /// An integer or float literal, as written.
    Num(String),
    Punct(&'static str),
    Nl,
}

const PUNCTS: &[&str] = &[
    "...", "**=", "<=>", "===", "||=", "&&=", "::", "=>", "==", "=~", "!=", "!~", "&&", "||", "<=",
    ">=", "->", "&.", "..", "+=", "-=", "*=", "/=", "**", "<<", ">>", "(", ")", "[", "]", "{", "}",
    ",", ".", ";", "=", "+", "-", "*", "/", "%", "<", ">", "!", "&", "|", "^", "~", "?", ":",
];

const KEYWORDS: &[&str] = &[
    "if", "unless", "while", "until", "when", "return", "and", "or", "not", "then", "else",
    "elsif", "do", "case", "in", "begin", "yield", "puts", "raise",
];

struct Lexer<'a> {
    /// The text, and its bytes.
    text: &'a str,
    s: &'a [u8],
    i: usize,
    out: Vec<Tok>,
    /// Heredoc terminators waiting for the end of the line: (word, indented).
    heredocs: Vec<(String, bool)>,
}

impl Lexer<'_> {
    fn peek(&self, k: usize) -> u8 {
        self.s.get(self.i + k).copied().unwrap_or(0)
    }

    /// Whether a `/` or `%` here starts a literal rather than an operator.
    fn value_expected(&self, space_before: bool) -> bool {
        match self.out.last() {
            None | Some(Tok::Nl | Tok::Label(_)) => true,
            Some(Tok::Punct(p)) => !matches!(*p, ")" | "]" | "}"),
            Some(Tok::Ident(w)) => {
                KEYWORDS.contains(&w.as_str())
                    || (space_before && !matches!(self.peek(1), b' ' | b'=' | b'\t'))
            }
            _ => false,
        }
    }

    fn at_line_start(&self) -> bool {
        self.i == 0 || self.s[self.i - 1] == b'\n'
    }

    fn rest_starts_with(&self, p: &str) -> bool {
        self.s[self.i..].starts_with(p.as_bytes())
    }

    fn skip_line(&mut self) {
        while self.i < self.s.len() && self.s[self.i] != b'\n' {
            self.i += 1;
        }
    }

    fn text(&self, from: usize, to: usize) -> String {
        let to = to.min(self.s.len());
        // Tokens start and end at ASCII bytes, so the slice is text; should one not,
        // its bytes as Ruby would show them.
        match self.text.get(from..to) {
            Some(text) => text.to_owned(),
            None => String::from_utf8_lossy(&self.s[from..to]).into_owned(),
        }
    }

    /// A quoted body up to the unescaped `close` (nested `open`s counted), `#{...}`
    /// skipped when `interpolates`; the index is left after `close`.
    fn delimited(&mut self, open: u8, close: u8, interpolates: bool) -> String {
        let start = self.i;
        let mut depth = 0;
        while self.i < self.s.len() {
            let c = self.s[self.i];
            if c == b'\\' {
                self.i += 2;
                continue;
            }
            if interpolates && c == b'#' && self.peek(1) == b'{' {
                self.i += 2;
                let mut braces = 1;
                while self.i < self.s.len() && braces > 0 {
                    match self.s[self.i] {
                        b'{' => braces += 1,
                        b'}' => braces -= 1,
                        _ => {}
                    }
                    self.i += 1;
                }
                continue;
            }
            if c == close && depth == 0 {
                let body = self.text(start, self.i);
                self.i += 1;
                return body;
            }
            if open != close {
                if c == open {
                    depth += 1;
                } else if c == close {
                    depth -= 1;
                }
            }
            self.i += 1;
        }
        self.text(start, self.i)
    }

    fn flags(&mut self) -> String {
        let start = self.i;
        while matches!(
            self.peek(0),
            b'i' | b'm' | b'x' | b'o' | b'u' | b'n' | b'e' | b's'
        ) {
            self.i += 1;
        }
        self.text(start, self.i)
    }

    fn closing(open: u8) -> u8 {
        match open {
            b'(' => b')',
            b'[' => b']',
            b'{' => b'}',
            b'<' => b'>',
            c => c,
        }
    }

    fn newline(&mut self) {
        self.i += 1;
        self.out.push(Tok::Nl);
        for (word, indented) in std::mem::take(&mut self.heredocs) {
            while self.i < self.s.len() {
                let start = self.i;
                self.skip_line();
                // Compared as bytes, not copied: most of a type's lines may be its
                // documentation's.
                let mut line = &self.s[start..self.i];
                self.i += 1;
                while let [rest @ .., b'\r'] = line {
                    line = rest;
                }
                if indented {
                    line = line.trim_ascii_start();
                }
                if line == word.as_bytes() {
                    break;
                }
            }
        }
    }

    /// `<<~EOT`, `<<-'EOT'`, `<<EOT`: the terminator, if a heredoc starts here.
    fn heredoc(&mut self) -> Option<()> {
        let mut k = 2;
        let indented = matches!(self.peek(k), b'-' | b'~');
        if indented {
            k += 1;
        }
        let quote = matches!(self.peek(k), b'\'' | b'"' | b'`').then(|| self.peek(k));
        if quote.is_some() {
            k += 1;
        }
        let start = self.i + k;
        let mut end = start;
        while end < self.s.len() && (self.s[end].is_ascii_alphanumeric() || self.s[end] == b'_') {
            end += 1;
        }
        let word = self.text(start, end);
        let upper = word
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b == b'_' || b.is_ascii_digit());
        if word.is_empty() || !(indented || upper) || word.as_bytes()[0].is_ascii_digit() {
            return None;
        }
        if let Some(q) = quote {
            if self.s.get(end) != Some(&q) {
                return None;
            }
            end += 1;
        }
        self.i = end;
        self.heredocs.push((word, indented));
        self.out.push(Tok::Str(String::new()));
        Some(())
    }

    fn run(mut self) -> Vec<Tok> {
        let mut space_before = false;
        while self.i < self.s.len() {
            let c = self.s[self.i];
            let was_space = space_before;
            space_before = false;
            match c {
                b' ' | b'\t' | b'\r' => {
                    self.i += 1;
                    space_before = true;
                }
                b'\\' if self.peek(1) == b'\n' => self.i += 2,
                b'\n' => self.newline(),
                b'#' => self.skip_line(),
                b'=' if self.at_line_start() && self.rest_starts_with("=begin") => {
                    while self.i < self.s.len()
                        && !(self.at_line_start() && self.rest_starts_with("=end"))
                    {
                        self.i += 1;
                    }
                    self.skip_line();
                }
                b'_' if self.at_line_start() && self.rest_starts_with("__END__") => break,
                b'\'' | b'"' | b'`' => {
                    self.i += 1;
                    let body = self.delimited(c, c, c != b'\'');
                    self.out.push(Tok::Str(body));
                }
                b'%' if self.value_expected(was_space) => {
                    let (kind, open) = if self.peek(1).is_ascii_alphabetic() {
                        (self.peek(1), self.peek(2))
                    } else {
                        (b'Q', self.peek(1))
                    };
                    if open.is_ascii_alphanumeric() || open == b' ' || open == 0 {
                        self.out.push(Tok::Punct("%"));
                        self.i += 1;
                        continue;
                    }
                    self.i += if kind == self.peek(1) { 3 } else { 2 };
                    let body = self.delimited(open, Self::closing(open), kind != b'q');
                    let tok = match kind {
                        b'r' if Self::closing(open) == open => {
                            Tok::Regex(unescape_delimiter(&body, open), self.flags())
                        }
                        b'r' => Tok::Regex(body, self.flags()),
                        b'w' | b'W' | b'i' | b'I' => {
                            Tok::Words(body.split_whitespace().map(String::from).collect())
                        }
                        _ => Tok::Str(body),
                    };
                    self.out.push(tok);
                }
                b'/' if self.value_expected(was_space) => {
                    self.i += 1;
                    let start = self.i;
                    let mut in_class = false;
                    while self.i < self.s.len() {
                        match self.s[self.i] {
                            b'\\' => self.i += 1,
                            b'[' => in_class = true,
                            b']' => in_class = false,
                            b'/' if !in_class => break,
                            _ => {}
                        }
                        self.i += 1;
                    }
                    let body = self.text(start, self.i);
                    self.i += 1;
                    let flags = self.flags();
                    self.out
                        .push(Tok::Regex(unescape_delimiter(&body, b'/'), flags));
                }
                b'<' if self.peek(1) == b'<' && self.heredoc().is_some() => {}
                b':' if self.peek(1) == b'"' || self.peek(1) == b'\'' => {
                    self.i += 2;
                    let q = self.s[self.i - 1];
                    let body = self.delimited(q, q, q == b'"');
                    self.out.push(Tok::Sym(body));
                }
                b':' if self.peek(1).is_ascii_alphabetic() || self.peek(1) == b'_' => {
                    self.i += 1;
                    let word = self.word();
                    self.out.push(Tok::Sym(word));
                }
                b'?' if self.value_expected(was_space)
                    && self.peek(1) > b' '
                    && !self.peek(2).is_ascii_alphanumeric() =>
                {
                    self.i += 2; // a character literal
                    self.out.push(Tok::Str(String::new()));
                }
                c if c.is_ascii_digit() => {
                    let start = self.i;
                    while self.peek(0).is_ascii_alphanumeric()
                        || self.peek(0) == b'_'
                        || (self.peek(0) == b'.' && self.peek(1).is_ascii_digit())
                    {
                        self.i += 1;
                    }
                    self.out.push(Tok::Num(self.text(start, self.i)));
                }
                c if c.is_ascii_alphabetic() || matches!(c, b'_' | b'@' | b'$') || c >= 0x80 => {
                    let word = self.word();
                    if self.peek(0) == b':' && self.peek(1) != b':' && !word.starts_with(['@', '$'])
                    {
                        self.i += 1;
                        self.out.push(Tok::Label(word));
                    } else {
                        self.out.push(Tok::Ident(word));
                    }
                }
                _ => {
                    // The first byte first: most of the punctuation is not this one.
                    let p = PUNCTS
                        .iter()
                        .find(|p| p.as_bytes()[0] == c && self.rest_starts_with(p))
                        .copied()
                        .unwrap_or("?");
                    self.i += p.len().max(1);
                    self.out.push(Tok::Punct(p));
                }
            }
        }
        self.out
    }

    fn word(&mut self) -> String {
        let start = self.i;
        if matches!(self.peek(0), b'@' | b'$') {
            self.i += 1;
        }
        if self.peek(0) == b'@' {
            self.i += 1;
        }
        while self.peek(0).is_ascii_alphanumeric() || self.peek(0) == b'_' || self.peek(0) >= 0x80 {
            self.i += 1;
        }
        if matches!(self.peek(0), b'?' | b'!') && !matches!(self.peek(1), b'=' | b':') {
            self.i += 1;
        }
        self.text(start, self.i)
    }
}

/// A regex literal's source as Ruby keeps it (`Regexp#source`): an escaped delimiter
/// that does not pair (`/a\/b/`, `%r!a\!b!`) loses its backslash.
fn unescape_delimiter(body: &str, delimiter: u8) -> String {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(d) if d == char::from(delimiter) => out.push(d),
                Some(d) => {
                    out.push(c);
                    out.push(d);
                }
                None => out.push(c),
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn lex(text: &str) -> Vec<Tok> {
    Lexer {
        text,
        s: text.as_bytes(),
        i: 0,
        out: Vec::new(),
        heredocs: Vec::new(),
    }
    .run()
}

/// What an open block is.
#[derive(Clone, Debug)]
enum Frame {
    NewType,
    /// The block of `newparam` (its names: several in a loop over names).
    Param(Vec<String>),
    /// `[:a, :b].each do |var|`.
    Each(String, Vec<String>),
    /// `def [self.]name(args)`.
    Def(String, Vec<String>),
    Other,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Closer {
    End,
    Brace,
    Paren,
    Bracket,
}

/// The attribute-declaring methods of the type DSL, and those a type defines itself
/// on top of them (`def self.newcheck(name) ... newparam(name)`).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Declares {
    Param,
    Property,
}

struct Reader {
    toks: Vec<Tok>,
    i: usize,
    frames: Vec<(Frame, Closer)>,
    /// What the next `do` or `{` on this line opens.
    pending: Option<Frame>,
    helpers: Vec<(String, Declares)>,
    ty: RubyType,
    seen_type: bool,
    /// The tokens of `def self.title_patterns`' body.
    title_body: Option<std::ops::Range<usize>>,
    /// Where blocks end (computed when needed).
    block_ends: Option<foldhash::HashMap<usize, usize>>,
}

impl Reader {
    fn tok(&self, k: usize) -> Option<&Tok> {
        self.toks.get(self.i + k)
    }

    fn prev(&self) -> Option<&Tok> {
        self.i.checked_sub(1).and_then(|p| self.toks.get(p))
    }

    fn in_type(&self) -> bool {
        self.frames.iter().any(|(f, _)| matches!(f, Frame::NewType))
    }

    fn problem(&mut self, what: String) {
        if !self.ty.problems.contains(&what) {
            self.ty.problems.push(what);
        }
    }

    fn is_ident(t: Option<&Tok>, w: &str) -> bool {
        matches!(t, Some(Tok::Ident(x)) if x == w)
    }

    fn is_punct(t: Option<&Tok>, p: &str) -> bool {
        matches!(t, Some(Tok::Punct(x)) if *x == p)
    }

    /// Whether a keyword here starts a statement (not a modifier, not a method name).
    fn statement_start(&self) -> bool {
        match self.prev() {
            None | Some(Tok::Nl | Tok::Label(_)) => true,
            Some(Tok::Punct(p)) => !matches!(*p, ")" | "]" | "}" | "." | "&." | "::"),
            Some(Tok::Ident(w)) => KEYWORDS.contains(&w.as_str()),
            _ => false,
        }
    }

    fn push(&mut self, frame: Frame, closer: Closer) {
        self.frames.push((frame, closer));
    }

    fn pop(&mut self, closer: Closer) {
        if let Some(pos) = self.frames.iter().rposition(|(_, c)| *c == closer) {
            self.frames.truncate(pos);
        }
    }

    /// The arguments of a call at `self.i` (just after the method name): the tokens
    /// inside `(...)`, or up to the end of the line, `do` or `{`. The index is left
    /// after them.
    fn call_args(&mut self) -> Vec<Tok> {
        let mut out = Vec::new();
        if Self::is_punct(self.tok(0), "(") {
            self.i += 1;
            let mut depth = 0;
            while let Some(t) = self.tok(0).cloned() {
                self.i += 1;
                match t {
                    Tok::Punct("(" | "[" | "{") => depth += 1,
                    Tok::Punct(")") if depth == 0 => break,
                    Tok::Punct(")" | "]" | "}") => depth -= 1,
                    _ => {}
                }
                out.push(t);
            }
        } else {
            while let Some(t) = self.tok(0) {
                if matches!(t, Tok::Nl | Tok::Punct("{" | ";")) || Self::is_ident(Some(t), "do") {
                    break;
                }
                out.push(t.clone());
                self.i += 1;
            }
        }
        out
    }

    /// The names a declaration's first argument stands for.
    fn names_of(&mut self, arg: Option<&Tok>, declares: Declares) -> Vec<String> {
        match arg {
            Some(Tok::Sym(s) | Tok::Str(s)) => vec![s.clone()],
            Some(Tok::Ident(var)) => {
                for (frame, _) in self.frames.iter().rev() {
                    match frame {
                        Frame::Each(v, names) if v == var => return names.clone(),
                        Frame::Def(name, args) if args.contains(var) => {
                            let helper = (name.clone(), declares);
                            if !self.helpers.contains(&helper) {
                                self.helpers.push(helper);
                            }
                            return Vec::new();
                        }
                        _ => {}
                    }
                }
                self.problem(format!("an attribute named by `{var}`"));
                Vec::new()
            }
            _ => {
                self.problem("an attribute named by an expression".into());
                Vec::new()
            }
        }
    }

    fn declare(&mut self, declares: Declares, meta: bool) {
        let args = self.call_args();
        let names = self.names_of(args.first(), declares);
        let namevar = args.windows(3).any(|w| {
            matches!(&w[0], Tok::Label(l) if l == "namevar") && Self::is_ident(Some(&w[1]), "true")
                || matches!(&w[0], Tok::Sym(s) if s == "namevar")
                    && Self::is_punct(Some(&w[1]), "=>")
                    && Self::is_ident(Some(&w[2]), "true")
        }) || args.windows(2).any(|w| {
            matches!(&w[0], Tok::Label(l) if l == "namevar") && Self::is_ident(Some(&w[1]), "true")
        });
        for name in &names {
            let list = match declares {
                Declares::Param => &mut self.ty.parameters,
                Declares::Property => &mut self.ty.properties,
            };
            if !list.contains(name) {
                list.push(name.clone());
            }
            if namevar && !meta && !self.ty.namevars.contains(name) {
                self.ty.namevars.push(name.clone());
            }
        }
        self.pending = Some(match declares {
            Declares::Param if !meta => Frame::Param(names),
            _ => Frame::Other,
        });
    }

    /// `[:a, 'b'].each` or `%w[a b].each` just before `.each` at `self.i - 1`: the names.
    fn literal_list_before(&self, dot: usize) -> Option<Vec<String>> {
        let end = dot.checked_sub(1)?;
        match self.toks.get(end)? {
            Tok::Words(w) => return Some(w.clone()),
            Tok::Punct("]") => {}
            _ => return None,
        }
        let mut names = Vec::new();
        let mut k = end;
        loop {
            k = k.checked_sub(1)?;
            match self.toks.get(k)? {
                Tok::Sym(s) | Tok::Str(s) => names.push(s.clone()),
                Tok::Punct(",") | Tok::Nl => {}
                Tok::Punct("[") => break,
                _ => return None,
            }
        }
        names.reverse();
        Some(names)
    }

    /// `def self.title_patterns` (the `def` at `at`, its body from `self.i`): kept to
    /// be evaluated once the whole file is read.
    fn title_patterns(&mut self, at: usize) {
        let ends = self
            .block_ends
            .get_or_insert_with(|| title::block_ends(&self.toks));
        match ends.get(&at).copied() {
            Some(end) => {
                self.title_body = Some(self.i..end);
                // The `end` closes the def frame pushed by the caller.
                self.i = end;
            }
            None => self.ty.title_patterns_computed = true,
        }
    }

    fn def(&mut self) {
        // `def self.name(args)`, `def name args`, `def name = expr` (no `end`).
        let at = self.i;
        let mut k = 1;
        if Self::is_ident(self.tok(1), "self") && Self::is_punct(self.tok(2), ".") {
            k = 3;
        }
        let name = match self.tok(k) {
            Some(Tok::Ident(n)) => n.clone(),
            _ => String::new(),
        };
        self.i += k + 1;
        if Self::is_punct(self.tok(0), "=") {
            if !Self::is_punct(self.tok(1), "(") {
                return; // `def name = expr`: no `end`
            }
            self.i += 1; // a setter, `def name=(value)`
        }
        let args: Vec<String> = self
            .call_args()
            .into_iter()
            .filter_map(|t| match t {
                Tok::Ident(a) => Some(a),
                Tok::Label(a) => Some(a),
                _ => None,
            })
            .collect();
        self.push(Frame::Def(name.clone(), args), Closer::End);
        if name == "title_patterns" && self.in_type() {
            self.title_patterns(at);
        } else if name == "isomorphic?"
            && self.in_type()
            && (Self::is_ident(self.tok(1), "false") || Self::is_ident(self.tok(0), "false"))
        {
            self.ty.isomorphic = false;
        }
    }

    fn run(&mut self) {
        while let Some(t) = self.tok(0).cloned() {
            match &t {
                Tok::Nl => {
                    self.pending = None;
                    self.i += 1;
                }
                Tok::Punct("(") => {
                    self.push(Frame::Other, Closer::Paren);
                    self.i += 1;
                }
                Tok::Punct("[") => {
                    self.push(Frame::Other, Closer::Bracket);
                    self.i += 1;
                }
                Tok::Punct("{") => {
                    let f = self.pending.take().unwrap_or(Frame::Other);
                    self.push(f, Closer::Brace);
                    self.i += 1;
                }
                Tok::Punct(")") => {
                    self.pop(Closer::Paren);
                    self.i += 1;
                }
                Tok::Punct("]") => {
                    self.pop(Closer::Bracket);
                    self.i += 1;
                }
                Tok::Punct("}") => {
                    self.pop(Closer::Brace);
                    self.i += 1;
                }
                Tok::Ident(w) => self.ident(w),
                _ => self.i += 1,
            }
        }
    }

    fn ident(&mut self, w: &str) {
        let after_dot = matches!(self.prev(), Some(Tok::Punct("." | "&.")));
        if after_dot && w != "newtype" && w != "register_type" && w != "each" {
            self.i += 1;
            return;
        }
        match w {
            "do" => {
                let f = self.pending.take().unwrap_or(Frame::Other);
                self.push(f, Closer::End);
                self.i += 1;
            }
            "end" => {
                self.pop(Closer::End);
                self.i += 1;
            }
            "def" => self.def(),
            "class" | "module" | "begin" | "case" | "for" => {
                self.push(Frame::Other, Closer::End);
                self.i += 1;
            }
            "if" | "unless" | "while" | "until" => {
                if self.statement_start() {
                    self.push(Frame::Other, Closer::End);
                    if matches!(w, "while" | "until") {
                        // `while x do`: the `do` belongs to the loop.
                        let mut k = self.i + 1;
                        while let Some(t) = self.toks.get(k) {
                            if matches!(t, Tok::Nl) {
                                break;
                            }
                            if Self::is_ident(Some(t), "do") {
                                self.toks[k] = Tok::Ident("then".into());
                                break;
                            }
                            k += 1;
                        }
                    }
                }
                self.i += 1;
            }
            "newtype" if after_dot => {
                self.i += 1;
                let args = self.call_args();
                if let Some(Tok::Sym(n) | Tok::Str(n)) = args.first() {
                    if self.seen_type {
                        self.problem("several types in one file".into());
                    }
                    self.seen_type = true;
                    self.ty.name = n.clone();
                }
                let parent = args.iter().any(|t| {
                    matches!(t, Tok::Label(l) if l == "parent")
                        || matches!(t, Tok::Sym(s) if s == "parent")
                });
                if parent {
                    self.problem("a type with a parent type".into());
                }
                self.pending = Some(Frame::NewType);
            }
            "register_type" if after_dot => {
                self.i += 1;
                let args = self.call_args();
                self.seen_type = true;
                resource_api(&args, &mut self.ty);
            }
            "each" if after_dot => {
                let list = self.literal_list_before(self.i - 1);
                self.i += 1;
                if let (Some(names), true, Some(Tok::Punct("|")), Some(Tok::Ident(var))) = (
                    list,
                    Self::is_ident(self.tok(0), "do") || Self::is_punct(self.tok(0), "{"),
                    self.tok(1),
                    self.tok(2),
                ) {
                    self.pending = Some(Frame::Each(var.clone(), names));
                }
            }
            _ if !self.in_type() => self.i += 1,
            "newparam" => {
                self.i += 1;
                self.declare(Declares::Param, false);
            }
            "newmetaparam" => {
                self.i += 1;
                self.declare(Declares::Param, true);
            }
            "newproperty" => {
                self.i += 1;
                self.declare(Declares::Property, false);
            }
            "ensurable" => {
                if !self.ty.properties.iter().any(|p| p == "ensure") {
                    self.ty.properties.push("ensure".into());
                }
                self.i += 1;
                self.pending = Some(Frame::Other);
            }
            "isnamevar" => {
                let names = self.frames.iter().rev().find_map(|(f, _)| match f {
                    Frame::Param(n) => Some(n.clone()),
                    _ => None,
                });
                for n in names.unwrap_or_default() {
                    if !self.ty.namevars.contains(&n) {
                        self.ty.namevars.push(n);
                    }
                }
                self.i += 1;
            }
            "@isomorphic" => {
                if Self::is_punct(self.tok(1), "=") && Self::is_ident(self.tok(2), "false") {
                    self.ty.isomorphic = false;
                }
                self.i += 1;
            }
            "extend" if self.statement_start() => {
                self.problem("methods `extend`ed from elsewhere".into());
                self.i += 1;
            }
            _ => {
                let helper = self.helpers.iter().find(|(h, _)| h == w).map(|(_, d)| *d);
                self.i += 1;
                if let Some(declares) = helper {
                    if self.statement_start_at(self.i - 1) {
                        self.declare(declares, false);
                    }
                }
            }
        }
    }

    fn statement_start_at(&self, at: usize) -> bool {
        match at.checked_sub(1).and_then(|p| self.toks.get(p)) {
            None | Some(Tok::Nl) | Some(Tok::Punct(";")) => true,
            Some(Tok::Punct(p)) => matches!(*p, "(" | "{" | "="),
            _ => false,
        }
    }
}

/// The Resource API's `register_type(name: 'x', attributes: { a: { behaviour: ... } },
/// title_patterns: [{ pattern: %r{(?<a>...)} }])`.
fn resource_api(args: &[Tok], ty: &mut RubyType) {
    let key = |t: &Tok| match t {
        Tok::Label(l) => Some(l.clone()),
        _ => None,
    };
    let mut depth = 0usize;
    let mut i = 0;
    let mut understood_attributes = false;
    while i < args.len() {
        match &args[i] {
            Tok::Punct("(" | "[" | "{") => depth += 1,
            Tok::Punct(")" | "]" | "}") => depth = depth.saturating_sub(1),
            t if depth == 0 => match key(t).as_deref() {
                Some("name") => {
                    if let Some(Tok::Str(n) | Tok::Sym(n)) = args.get(i + 1) {
                        ty.name = n.clone();
                    }
                }
                Some("attributes") if matches!(args.get(i + 1), Some(Tok::Punct("{"))) => {
                    i += 2;
                    let mut d = 0usize;
                    let mut current: Option<String> = None;
                    while i < args.len() {
                        match &args[i] {
                            Tok::Punct("(" | "[" | "{") => d += 1,
                            Tok::Punct(")" | "]" | "}") if d == 0 => break,
                            Tok::Punct(")" | "]" | "}") => d -= 1,
                            Tok::Label(l) if d == 0 => {
                                ty.parameters.push(l.clone());
                                current = Some(l.clone());
                            }
                            Tok::Label(l) if d == 1 && l == "behaviour" => {
                                if let (Some(Tok::Sym(b)), Some(c)) = (args.get(i + 1), &current) {
                                    if b == "namevar" && !ty.namevars.contains(c) {
                                        ty.namevars.push(c.clone());
                                    }
                                }
                            }
                            _ => {}
                        }
                        i += 1;
                    }
                    understood_attributes = true;
                }
                Some("title_patterns") => {
                    let mut patterns = Vec::new();
                    let mut k = i + 1;
                    let mut d = 0usize;
                    while k < args.len() {
                        match &args[k] {
                            Tok::Punct("(" | "[" | "{") => d += 1,
                            Tok::Punct(")" | "]" | "}") => {
                                d = d.saturating_sub(1);
                                if d == 0 {
                                    break;
                                }
                            }
                            Tok::Regex(source, flags) => {
                                let keys = named_groups(source);
                                patterns.push((source.clone(), flags.clone(), keys));
                            }
                            _ => {}
                        }
                        k += 1;
                    }
                    ty.title_patterns = Some(patterns);
                }
                _ => {}
            },
            _ => {}
        }
        i += 1;
    }
    if !understood_attributes {
        ty.problems
            .push("Resource API attributes that are not a literal hash".into());
    }
}

/// The names of a regex's named groups, in order.
fn named_groups(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = source;
    while let Some(p) = rest.find("(?<") {
        rest = &rest[p + 3..];
        if rest.starts_with(['=', '!']) {
            continue;
        }
        if let Some(end) = rest.find('>') {
            out.push(rest[..end].to_string());
        }
    }
    out
}

/// Reads one `lib/puppet/type/<name>.rb`, alone (title patterns built by helpers
/// from other files are unknown).
pub fn read_ruby_type(text: &str) -> RubyType {
    read_ruby_type_with(text, &|_| None)
}

/// Reads one `lib/puppet/type/<name>.rb`; `require` gives the text of a file it
/// requires (`puppet_x/keystone/composite_namevar`, looked up in the modules' `lib`
/// directories as Ruby's load path has them), for title patterns computed by helpers.
pub fn read_ruby_type_with(text: &str, require: &dyn Fn(&str) -> Option<String>) -> RubyType {
    let mut reader = Reader {
        toks: lex(text),
        i: 0,
        frames: Vec::new(),
        pending: None,
        helpers: Vec::new(),
        ty: RubyType {
            isomorphic: true,
            ..RubyType::default()
        },
        seen_type: false,
        title_body: None,
        block_ends: None,
    };
    reader.run();
    let mut ty = reader.ty;
    if let Some(body) = reader.title_body {
        match title::evaluate(&reader.toks, body, require) {
            Ok(patterns) => ty.title_patterns = Some(patterns),
            Err(why) => {
                ty.title_patterns_computed = true;
                ty.title_patterns_unknown = Some(why);
            }
        }
    }
    if !reader.seen_type {
        ty.problems
            .push("no `Puppet::Type.newtype` nor `Puppet::ResourceApi.register_type`".into());
    }
    ty
}
