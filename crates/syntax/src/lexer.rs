//! The modal lexer. It keeps every byte: whitespace, comments and EPP tags are
//! trivia tokens, and the token lengths always add up to the input length.
//!
//! Modes, as Puppet's lexer has them:
//! - code: names, operators, numbers...; `/` is a regex or a division depending on the
//!   previous significant token, `[` is `LIST_START` after whitespace, `(` is `WS_L_PAREN`
//!   first on a line, `{` after `?` is `SEL_BRACE`;
//! - double-quoted strings (and `"`-tagged heredocs): text, `$var` and `${ code }`;
//! - EPP text, with `<% %>`, `<%= %>`, `<%# %>`, `<%%` and the `-` trimming forms;
//! - heredoc bodies, which start on the line after their header: in the main token
//!   stream a body is one `HEREDOC_RAW` token whose own tokens are kept aside in
//!   [`Lexed::heredoc_bodies`] (the tree builder splices them in).

use crate::kind::{keyword, SyntaxKind, SyntaxKind::*};
use std::ops::Range;

/// One token: a kind and a length in bytes. Positions are the running sum of lengths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: SyntaxKind,
    pub len: u32,
}

/// A lexical error at a byte range of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexError {
    pub message: String,
    pub range: Range<usize>,
}

/// The tokens of a heredoc body, which are kept out of the main stream.
#[derive(Clone, Debug, Default)]
pub struct HeredocBody {
    /// Index in [`Lexed::tokens`] of the `HEREDOC_RAW` token this body replaces.
    pub raw_token: usize,
    pub tokens: Vec<Token>,
}

/// The result of lexing a whole file.
#[derive(Clone, Debug, Default)]
pub struct Lexed {
    pub tokens: Vec<Token>,
    pub heredoc_bodies: Vec<HeredocBody>,
    pub errors: Vec<LexError>,
}

/// Lexes a manifest (`.pp`).
pub fn lex(text: &str) -> Lexed {
    let mut lexer = Lexer::new(text, 0, text.len());
    lexer.lex_code(Stop::Eof);
    lexer.finish()
}

/// Lexes an EPP template (`.epp`).
pub fn lex_epp(text: &str) -> Lexed {
    let mut lexer = Lexer::new(text, 0, text.len());
    lexer.epp = true;
    lexer.lex_epp();
    lexer.finish()
}

/// How deep strings may nest inside interpolations before the lexer gives up.
const MAX_NESTING: u32 = 64;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// Lex to the end of the input.
    Eof,
    /// Inside `${`: stop at the unbalanced `}`.
    InterpBrace,
    /// Inside an EPP tag: stop at `%>` / `-%>`.
    EppTag,
}

/// What the caller of `lex_code` learns about why it stopped.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stopped {
    Eof,
    Brace,
    /// An EPP tag closed; `true` when it was `-%>`.
    Tag(bool),
}

#[derive(Clone, Debug)]
struct PendingHeredoc {
    end_tag: String,
    interpolate: bool,
    escapes_dollar: bool,
}

struct Lexer<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
    start: usize,
    end: usize,
    tokens: Vec<Token>,
    errors: Vec<LexError>,
    heredoc_bodies: Vec<HeredocBody>,
    last_sig: Option<SyntaxKind>,
    pending_heredocs: Vec<PendingHeredoc>,
    epp: bool,
    /// Inside a `<%= ... %>` render tag.
    in_render: bool,
    /// Heredoc margin that every line of a body starts with (`|` heredocs).
    margin: Option<&'a str>,
    depth: u32,
    /// The significant token before the string being lexed. Puppet's lexer does not
    /// count a string's opening parts as "the previous token", so the first token inside
    /// `${` is lexed as if it followed what stood before the string (a `/` there is a
    /// regex after `(`, a division after a name).
    before_string: Option<SyntaxKind>,
    /// In the string being lexed, where the text after its last interpolation starts
    /// and what that interpolation was (Puppet's unclosed-quote error names its last
    /// value): kept as offsets, its text is only made for the error.
    last_interpolation: Option<(usize, Interpolated)>,
    /// An unclosed `${` was reported: the enclosing strings have no last
    /// interpolation to name.
    interpolation_unclosed: bool,
}

/// An interpolation in a string, for the error about the string being unclosed.
#[derive(Debug)]
enum Interpolated {
    /// `$name`: the name's bytes.
    Variable(std::ops::Range<usize>),
    /// `${...}`: its tokens.
    Expression(std::ops::Range<usize>),
}

pub(crate) fn is_word_byte(b: u8) -> bool {
    WORD_BYTES[b as usize]
}

/// `[A-Za-z0-9_]`, as a table: the lexer asks for every byte of every name.
static WORD_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    table
};

impl<'a> Lexer<'a> {
    fn new(src: &'a str, start: usize, end: usize) -> Self {
        Lexer {
            src,
            bytes: src.as_bytes(),
            pos: start,
            start,
            end,
            // Manifests of the Debian corpus average eight bytes a token: one
            // allocation, where growing the list would copy it a dozen times.
            tokens: Vec::with_capacity((end - start) / 6 + 4),
            errors: Vec::new(),
            heredoc_bodies: Vec::new(),
            last_sig: None,
            pending_heredocs: Vec::new(),
            epp: false,
            in_render: false,
            margin: None,
            depth: 0,
            before_string: None,
            last_interpolation: None,
            interpolation_unclosed: false,
        }
    }

    fn finish(self) -> Lexed {
        debug_assert_eq!(
            self.tokens.iter().map(|t| t.len as usize).sum::<usize>(),
            self.end - self.start
        );
        Lexed {
            tokens: self.tokens,
            heredoc_bodies: self.heredoc_bodies,
            errors: self.errors,
        }
    }

    fn peek(&self, n: usize) -> u8 {
        let i = self.pos + n;
        if i < self.end {
            self.bytes[i]
        } else {
            0
        }
    }

    /// Emits a token ending at `to` (which must be > pos) and moves there.
    fn emit_to(&mut self, kind: SyntaxKind, to: usize) {
        debug_assert!(to > self.pos);
        self.tokens.push(Token {
            kind,
            len: (to - self.pos) as u32,
        });
        self.pos = to;
        if !kind.is_trivia() {
            self.last_sig = Some(kind);
        }
    }

    fn emit(&mut self, kind: SyntaxKind, len: usize) {
        let to = self.pos + len;
        self.emit_to(kind, to);
    }

    fn error(&mut self, message: impl Into<String>, range: Range<usize>) {
        self.errors.push(LexError {
            message: message.into(),
            range,
        });
    }

    /// The text after `pos` for "followed by" messages, as Puppet shows it.
    fn followed_by(&self, from: usize) -> String {
        let rest = &self.src[from.min(self.end)..self.end];
        if rest.is_empty() {
            return "<eof>".to_string();
        }
        // Puppet shows the next five characters, a newline as `\n`, and always `...`.
        let s: String = rest.chars().take(5).collect();
        s.replace('\n', "\\n") + "..."
    }

    /// The next char at pos (pos is always on a char boundary).
    fn current_char(&self) -> char {
        self.src[self.pos..self.end].chars().next().unwrap_or('\0')
    }

    // ---------------------------------------------------------------- code

    fn lex_code(&mut self, stop: Stop) -> Stopped {
        let mut brace_depth = 0u32;
        while self.pos < self.end {
            let b = self.bytes[self.pos];
            match b {
                b' ' | b'\t' | b'\r' | b'\n' => self.whitespace(),
                b'.' => self.emit(DOT, 1),
                b',' => self.emit(COMMA, 1),
                b';' => self.emit(SEMICOLON, 1),
                b'?' => self.emit(QMARK, 1),
                b'*' => self.emit(STAR, 1),
                b')' => self.emit(R_PAREN, 1),
                b']' => self.emit(R_BRACK, 1),
                b'[' => {
                    let kind = if self.pos == self.start
                        || matches!(self.bytes[self.pos - 1], b' ' | b'\t' | b'\r' | b'\n')
                    {
                        LIST_START
                    } else {
                        L_BRACK
                    };
                    self.emit(kind, 1)
                }
                b'(' => {
                    let kind = if self.first_on_line() {
                        WS_L_PAREN
                    } else {
                        L_PAREN
                    };
                    self.emit(kind, 1)
                }
                b'%' => {
                    if self.epp && self.peek(1) == b'>' && stop == Stop::EppTag {
                        return self.close_tag(2, false);
                    }
                    self.emit(PERCENT, 1)
                }
                b'{' => {
                    brace_depth += 1;
                    let kind = match self.last_sig {
                        Some(QMARK) => SEL_BRACE,
                        Some(RCOLLECT | RRCOLLECT) => COLLECT_BRACE,
                        _ => L_BRACE,
                    };
                    self.emit(kind, 1)
                }
                b'}' => {
                    if stop == Stop::InterpBrace && brace_depth == 0 {
                        self.emit(INTERP_CLOSE, 1);
                        return Stopped::Brace;
                    }
                    brace_depth = brace_depth.saturating_sub(1);
                    self.emit(R_BRACE, 1)
                }
                b'@' => match self.peek(1) {
                    b'@' => self.emit(ATAT, 2),
                    b'(' => self.heredoc_header(),
                    _ => self.emit(AT, 1),
                },
                b'|' => match (self.peek(1), self.peek(2)) {
                    (b'>', b'>') => self.emit(RRCOLLECT, 3),
                    (b'>', _) => self.emit(RCOLLECT, 2),
                    _ => self.emit(PIPE, 1),
                },
                b'=' => match self.peek(1) {
                    b'=' => self.emit(EQEQ, 2),
                    b'>' => self.emit(FARROW, 2),
                    b'~' => self.emit(MATCH, 2),
                    _ => self.emit(EQ, 1),
                },
                b'+' => match self.peek(1) {
                    b'=' => self.emit(APPENDS, 2),
                    b'>' => self.emit(PARROW, 2),
                    _ => self.emit(PLUS, 1),
                },
                b'-' => {
                    if self.epp
                        && stop == Stop::EppTag
                        && self.peek(1) == b'%'
                        && self.peek(2) == b'>'
                    {
                        return self.close_tag(3, true);
                    }
                    match self.peek(1) {
                        b'>' => self.emit(IN_EDGE, 2),
                        b'=' => self.emit(DELETES, 2),
                        _ => self.emit(MINUS, 1),
                    }
                }
                b'!' => match self.peek(1) {
                    b'=' => self.emit(NE, 2),
                    b'~' => self.emit(NOMATCH, 2),
                    _ => self.emit(BANG, 1),
                },
                b'~' => match self.peek(1) {
                    b'>' => self.emit(IN_EDGE_SUB, 2),
                    _ => self.emit(TILDE, 1),
                },
                b'#' => self.line_comment(),
                b'/' => self.slash(),
                b'<' => match (self.peek(1), self.peek(2)) {
                    (b'<', b'|') => self.emit(LLCOLLECT, 3),
                    (b'<', _) => self.emit(LSHIFT, 2),
                    (b'=', _) => self.emit(LE, 2),
                    (b'|', _) => self.emit(LCOLLECT, 2),
                    (b'-', _) => self.emit(OUT_EDGE, 2),
                    (b'~', _) => self.emit(OUT_EDGE_SUB, 2),
                    _ => self.emit(LT, 1),
                },
                b'>' => match self.peek(1) {
                    b'>' => self.emit(RSHIFT, 2),
                    b'=' => self.emit(GE, 2),
                    _ => self.emit(GT, 1),
                },
                b':' => self.colon(),
                b'$' => self.variable(),
                b'"' => self.dq_string(),
                b'\'' => self.sq_string(),
                b'0'..=b'9' => self.number(),
                b'a'..=b'z' | b'_' => self.bare_word(),
                b'A'..=b'Z' => self.classref(),
                _ => {
                    let c = self.current_char();
                    let len = c.len_utf8();
                    if c.is_whitespace() {
                        self.emit(WHITESPACE, len)
                    } else if c == '\u{feff}' && self.pos == 0 {
                        self.error(crate::BYTE_ORDER_MARK, 0..len);
                        self.emit(ERROR_TOKEN, len)
                    } else {
                        // Puppet's lexer makes a token without text of a character it
                        // does not know (`&`, `^`, a backquote, `é`), and names that.
                        self.error("Syntax error at ''", self.pos..self.pos + len);
                        self.emit(ERROR_TOKEN, len)
                    }
                }
            }
        }
        if !self.pending_heredocs.is_empty() {
            let at = self.pos;
            self.error("Heredoc without any following lines of text", at..at);
            self.pending_heredocs.clear();
        }
        Stopped::Eof
    }

    /// True when only blanks stand between the start of the line and `pos`.
    fn first_on_line(&self) -> bool {
        let mut i = self.pos;
        while i > self.start {
            match self.bytes[i - 1] {
                b' ' | b'\t' | b'\r' => i -= 1,
                b'\n' => return true,
                _ => return false,
            }
        }
        true
    }

    fn whitespace(&mut self) {
        // A heredoc body or margin may start after a line break.
        let stop_at_break = !self.pending_heredocs.is_empty() || self.margin.is_some();
        let bytes = &self.bytes[..self.end];
        // Blanks are tested with a bit mask, not a jump table: most runs are a few
        // spaces, or a line break and an indentation.
        const BLANKS: u64 = 1 << b' ' | 1 << b'\t' | 1 << b'\r';
        let mut i = self.pos;
        while let Some(&b) = bytes.get(i) {
            if b <= b' ' && BLANKS >> b & 1 != 0 {
                i += 1;
            } else if b == b'\n' {
                i += 1;
                if stop_at_break {
                    break;
                }
            } else {
                break;
            }
        }
        self.emit_to(WHITESPACE, i);
        if self.bytes[i - 1] == b'\n' {
            if !self.pending_heredocs.is_empty() {
                self.heredoc_bodies_now();
            }
            self.margin_token();
        }
    }

    /// At the start of a heredoc body line: the margin, if this body has one.
    fn margin_token(&mut self) {
        if let Some(margin) = self.margin {
            if self.src[self.pos..self.end].starts_with(margin) && !margin.is_empty() {
                self.emit(HEREDOC_MARGIN, margin.len());
            }
        }
    }

    fn line_comment(&mut self) {
        let rest = &self.bytes[self.pos..self.end];
        let len = crate::line_index::first_line_feed(rest).unwrap_or(rest.len());
        self.emit(COMMENT, len)
    }

    fn slash(&mut self) {
        if self.peek(1) == b'*' {
            let body = &self.src[self.pos + 2..self.end];
            match body.find("*/") {
                Some(i) => self.emit(COMMENT, i + 4),
                None => {
                    self.error("Unclosed multiline comment", self.pos..self.end);
                    self.emit_to(COMMENT, self.end)
                }
            }
            return;
        }
        if self.regex_acceptable() {
            if let Some(len) = self.regex_len() {
                return self.emit(REGEX, len);
            }
        }
        self.emit(SLASH, 1)
    }

    /// Puppet: a regex may follow any token except the ends of values.
    fn regex_acceptable(&self) -> bool {
        !matches!(
            self.last_sig,
            Some(
                R_PAREN
                    | R_BRACK
                    | RRCOLLECT
                    | RCOLLECT
                    | NAME
                    | CLASSREF
                    | NUMBER
                    | STRING
                    | TRUE_KW
                    | FALSE_KW
                    | DQ_CLOSE
                    | INTERP_OPEN
                    | HEREDOC
                    | REGEX
                    | VARIABLE
                    | WORD
            )
        )
    }

    /// Length of `/.../` at pos (the closing `/` not escaped by a backslash), if any.
    fn regex_len(&self) -> Option<usize> {
        let mut i = self.pos + 1;
        loop {
            let rel = self.bytes[i..self.end].iter().position(|&b| b == b'/')?;
            let close = i + rel;
            // Count the backslashes right before the closing slash.
            let mut n = 0;
            while close - n > self.pos + 1 && self.bytes[close - n - 1] == b'\\' {
                n += 1;
            }
            if n % 2 == 0 {
                return Some(close + 1 - self.pos);
            }
            i = close + 1;
        }
    }

    fn colon(&mut self) {
        if self.peek(1) != b':' {
            return self.emit(COLON, 1);
        }
        match self.peek(2) {
            b'A'..=b'Z' => self.classref(),
            b'a'..=b'z' | b'_' => self.bare_word(),
            _ => {
                self.error("Illegal fully qualified name", self.pos..self.pos + 2);
                self.emit(ERROR_TOKEN, 2)
            }
        }
    }

    /// `$x`, `$::x`, `$a::b`, `$0`; a lone `$` is a VARIABLE token too and the
    /// validator reports it.
    fn variable(&mut self) {
        let len = variable_name_len(&self.bytes[self.pos + 1..self.end]);
        self.emit(VARIABLE, 1 + len)
    }

    fn sq_string(&mut self) {
        let mut i = self.pos + 1;
        while i < self.end {
            match self.bytes[i] {
                b'\\' => i += 2,
                b'\'' => return self.emit_to(STRING, i + 1),
                _ => i += 1,
            }
        }
        let msg = format!(
            "Unclosed quote after \"'\" followed by '{}'",
            self.followed_by(self.pos + 1)
        );
        // Puppet's position is after the quote.
        self.error(msg, self.pos + 1..self.end);
        self.emit_to(STRING, self.end)
    }

    fn number(&mut self) {
        let start = self.pos;
        let b = self.bytes;
        let end = self.end;
        let digits = |mut i: usize| {
            while i < end && b[i].is_ascii_digit() {
                i += 1
            }
            i
        };
        let boundary = |i: usize| i >= end || !is_word_byte(b[i]);
        let mut candidates = Vec::with_capacity(3);
        if b[start] == b'0' && matches!(self.peek(1), b'x' | b'X') {
            let mut i = start + 2;
            while i < end && b[i].is_ascii_hexdigit() {
                i += 1
            }
            if i > start + 2 {
                candidates.push(i);
            }
        }
        let int_end = digits(start);
        let mut frac_end = int_end;
        if int_end < end
            && b[int_end] == b'.'
            && int_end + 1 < end
            && b[int_end + 1].is_ascii_digit()
        {
            frac_end = digits(int_end + 1);
        }
        let mut exp_end = frac_end;
        if frac_end < end && matches!(b[frac_end], b'e' | b'E') {
            let mut i = frac_end + 1;
            if i < end && b[i] == b'-' {
                i += 1;
            }
            if i < end && b[i].is_ascii_digit() {
                exp_end = digits(i);
            }
        }
        candidates.extend([exp_end, frac_end, int_end]);
        match candidates.into_iter().find(|&e| boundary(e)) {
            Some(e) => {
                let text = &self.src[start..e];
                if let Some(msg) = number_error(text) {
                    self.error(msg, start..e);
                    self.emit_to(ERROR_TOKEN, e)
                } else {
                    self.emit_to(NUMBER, e)
                }
            }
            None => {
                let mut e = start;
                while e < end && is_word_byte(b[e]) {
                    e += 1
                }
                let text = &self.src[start..e];
                let msg = number_error(text).unwrap_or_else(|| format!("Illegal number '{text}'"));
                self.error(msg, start..e);
                self.emit_to(ERROR_TOKEN, e)
            }
        }
    }

    /// Names, keywords and bare words (`foo-bar`, `_x`).
    fn bare_word(&mut self) {
        let (len, name) = bare_word_len(&self.bytes[self.pos..self.end]);
        if len == 0 {
            self.error("Illegal name or bare word", self.pos..self.pos + 1);
            return self.emit(ERROR_TOKEN, 1);
        }
        let kind = if name {
            keyword(&self.src[self.pos..self.pos + len]).unwrap_or(NAME)
        } else {
            WORD
        };
        self.emit(kind, len)
    }

    fn classref(&mut self) {
        let b = &self.bytes[self.pos..self.end];
        let mut i = 0;
        loop {
            let seg = if b[i..].starts_with(b"::") { i + 2 } else { i };
            if seg < b.len() && b[seg].is_ascii_uppercase() {
                i = seg + 1;
                while i < b.len() && is_word_byte(b[i]) {
                    i += 1
                }
            } else {
                break;
            }
        }
        if i == 0 || b[i..].starts_with(b"::") {
            let end = if i == 0 { 3.min(b.len()) } else { i + 2 };
            let msg = if b.starts_with(b"::") {
                "Illegal fully qualified class reference"
            } else {
                "Illegal class reference"
            };
            // Swallow the rest of the qualified name so only one error is reported.
            let mut e = end;
            while e < b.len() && (is_word_byte(b[e]) || b[e] == b':') {
                e += 1
            }
            self.error(msg, self.pos..self.pos + e);
            return self.emit(ERROR_TOKEN, e);
        }
        self.emit(CLASSREF, i)
    }

    // ------------------------------------------------------------- strings

    fn dq_string(&mut self) {
        let open = self.pos;
        let outer = std::mem::replace(&mut self.before_string, self.last_sig);
        let outer_interpolation = self.last_interpolation.take();
        self.emit(DQ_OPEN, 1);
        if !self.string_text(StrEnd::Quote, true, true) {
            // Puppet names the last interpolation's value and what follows it, or the
            // opening quote; the position is after either.
            let (at, after) = match self.last_interpolation.take() {
                Some((at, Interpolated::Variable(name))) => (at, self.src[name].to_string()),
                Some((at, Interpolated::Expression(tokens))) => {
                    (at, self.last_value_text(tokens, at))
                }
                None => (open + 1, "\"".to_string()),
            };
            let quoted = if after == "\"" {
                "'\"'".to_string()
            } else {
                format!("'{after}'")
            };
            let msg = format!(
                "Unclosed quote after {quoted} followed by '{}'",
                self.followed_by(at)
            );
            self.error(msg, at..self.end);
        }
        self.last_interpolation = outer_interpolation;
        self.before_string = outer;
    }

    /// The text of the last value token (a name, number, variable or string) among
    /// `tokens`, the last of which ends at `end`.
    fn last_value_text(&self, tokens: std::ops::Range<usize>, end: usize) -> String {
        let mut at = end;
        for t in self.tokens[tokens].iter().rev() {
            let start = at - t.len as usize;
            let text = &self.src[start..at];
            at = start;
            match t.kind {
                VARIABLE => return text.trim_start_matches('$').to_string(),
                STRING => return text.get(1..).unwrap_or("").to_string(),
                NAME | NUMBER | WORD | CLASSREF => return text.to_string(),
                k if k.is_keyword() => return text.to_string(),
                _ => {}
            }
        }
        String::new()
    }

    /// Lexes string text with `$var` / `${...}` interpolation until the closing quote
    /// (or the end of input for heredoc bodies). Returns false if a quote was expected
    /// and not found.
    fn string_text(&mut self, until: StrEnd, interpolate: bool, escapes_dollar: bool) -> bool {
        let mut text_start = self.pos;
        let mut i = self.pos;
        while i < self.end {
            let b = self.bytes[i];
            match b {
                b'\\' if escapes_dollar || until == StrEnd::Quote => {
                    i += 1;
                    if i < self.end && !(self.bytes[i] == b'\n' && self.margin.is_some()) {
                        i += self.src[i..].chars().next().map_or(1, char::len_utf8);
                    }
                }
                b'"' if until == StrEnd::Quote => {
                    self.flush_text(text_start, i);
                    self.emit(DQ_CLOSE, 1);
                    return true;
                }
                b'\n' if self.margin.is_some() => {
                    i += 1;
                    self.flush_text(text_start, i);
                    self.margin_token();
                    i = self.pos;
                    text_start = i;
                }
                b'$' if interpolate => {
                    if i + 1 < self.end && self.bytes[i + 1] == b'{' {
                        self.flush_text(text_start, i);
                        let first = self.tokens.len();
                        self.interpolation();
                        if self.interpolation_unclosed {
                            return false;
                        }
                        let tokens = first..self.tokens.len();
                        self.last_interpolation =
                            Some((self.pos, Interpolated::Expression(tokens)));
                        i = self.pos;
                        text_start = i;
                    } else {
                        let len = variable_name_len(&self.bytes[i + 1..self.end]);
                        if len > 0 {
                            self.flush_text(text_start, i);
                            self.emit(VARIABLE, 1 + len);
                            let name = i + 1..self.pos;
                            self.last_interpolation =
                                Some((self.pos, Interpolated::Variable(name)));
                            i = self.pos;
                            text_start = i;
                        } else {
                            i += 1;
                        }
                    }
                }
                _ => i += 1,
            }
        }
        let i = i.min(self.end);
        self.flush_text(text_start, i);
        until == StrEnd::Eof
    }

    fn flush_text(&mut self, from: usize, to: usize) {
        debug_assert_eq!(from, self.pos);
        if to > from {
            self.emit_to(STR_TEXT, to);
        }
    }

    /// `${ ... }` inside a string.
    fn interpolation(&mut self) {
        let open = self.pos;
        self.emit(INTERP_OPEN, 2);
        // The first token sees the token before the string (or, after an earlier
        // interpolation of the same string, its closing brace).
        if !matches!(
            self.tokens
                .iter()
                .rev()
                .find(|t| !t.kind.is_trivia() && t.kind != STR_TEXT && t.kind != INTERP_OPEN)
                .map(|t| t.kind),
            Some(INTERP_CLOSE)
        ) {
            self.last_sig = self.before_string;
        } else {
            self.last_sig = Some(R_BRACE);
        }
        if self.depth >= MAX_NESTING {
            self.error(
                "Strings and interpolations are nested too deeply",
                open..self.end,
            );
            self.emit_to(ERROR_TOKEN, self.end);
            return;
        }
        self.depth += 1;
        let first = self.tokens.len();
        let saved_margin = self.margin;
        let stopped = self.lex_code(Stop::InterpBrace);
        self.margin = saved_margin;
        self.depth -= 1;
        if stopped != Stopped::Brace {
            let msg = format!(
                "Unclosed quote after '${{' followed by '{}'",
                self.followed_by(open + 2)
            );
            self.error(msg, open..self.end);
            self.interpolation_unclosed = true;
            return;
        }
        self.names_to_variables(first);
    }

    /// Puppet's interpolation rule: in `${x}`, `${x[1]}` and `${x.y}` the leading name
    /// (or number, bare word or keyword) is a variable.
    fn names_to_variables(&mut self, first: usize) {
        let last = self.tokens.len() - 1; // the INTERP_CLOSE
        let sig: Vec<usize> = (first..last)
            .filter(|&i| !self.tokens[i].kind.is_trivia())
            .take(2)
            .collect();
        let Some(&head) = sig.first() else { return };
        let applies = match sig.get(1) {
            None => true,
            Some(&second) => matches!(self.tokens[second].kind, DOT | L_BRACK),
        };
        let kind = self.tokens[head].kind;
        if applies && (matches!(kind, NAME | NUMBER | WORD) || kind.is_keyword()) {
            self.tokens[head].kind = VARIABLE;
        }
    }

    // ------------------------------------------------------------ heredocs

    fn heredoc_header(&mut self) {
        let start = self.pos;
        let Some(rel) = self.bytes[start..self.end].iter().position(|&b| b == b')') else {
            let msg = format!(
                "Unclosed parenthesis after '@(' followed by '{}'",
                self.followed_by(start)
            );
            self.error(msg, start..self.end);
            return self.emit_to(ERROR_TOKEN, self.end);
        };
        let close = start + rel;
        let spec = &self.src[start + 2..close];
        match parse_heredoc_spec(spec) {
            Ok(pending) => {
                self.pending_heredocs.push(pending);
                self.emit_to(HEREDOC, close + 1)
            }
            Err(msg) => {
                self.error(msg, start..close + 1);
                self.emit_to(ERROR_TOKEN, close + 1)
            }
        }
    }

    /// Called right after a newline: emits the bodies of the heredocs whose headers
    /// stood on the line that just ended.
    fn heredoc_bodies_now(&mut self) {
        let pending = std::mem::take(&mut self.pending_heredocs);
        for heredoc in pending {
            // The header's line ends the input: there are lines (an empty one), but
            // no end tag.
            if self.pos >= self.end {
                self.error("Heredoc without end-tagged line", self.pos..self.pos);
                return;
            }
            let body_start = self.pos;
            let (text_end, body_end) =
                match find_heredoc_end(&self.src[body_start..self.end], &heredoc.end_tag) {
                    Some((text_len, total_len)) => (body_start + text_len, body_start + total_len),
                    None => {
                        self.error("Heredoc without end-tagged line", body_start..self.end);
                        (self.end, self.end)
                    }
                };
            let mut body_lexer = Lexer::new(self.src, body_start, text_end);
            body_lexer.depth = self.depth + 1;
            body_lexer.margin = heredoc_margin(&self.src[text_end..body_end]);
            body_lexer.margin_token();
            body_lexer.string_text(StrEnd::Eof, heredoc.interpolate, heredoc.escapes_dollar);
            body_lexer.end = body_end;
            if body_end > body_lexer.pos {
                body_lexer.emit_to(HEREDOC_END, body_end);
            }
            self.errors.append(&mut body_lexer.errors);
            if !body_lexer.heredoc_bodies.is_empty() {
                self.error(
                    "A heredoc inside the interpolation of another heredoc is not supported",
                    body_start..body_end,
                );
            }
            let raw_token = self.tokens.len();
            let tokens = body_lexer.tokens;
            self.heredoc_bodies.push(HeredocBody { raw_token, tokens });
            // Keep `last_sig` as it was: the body is invisible to the grammar.
            let last = self.last_sig;
            self.emit_to(HEREDOC_RAW, body_end);
            self.last_sig = last;
        }
    }

    // ----------------------------------------------------------------- EPP

    fn lex_epp(&mut self) {
        let mut skip_leading = false;
        while self.pos < self.end {
            if skip_leading {
                self.trim_leading();
                skip_leading = false;
            }
            // Text up to the next `<%` that is not `<%%`.
            let mut i = self.pos;
            let tag = loop {
                match self.src[i..self.end].find("<%") {
                    None => break None,
                    Some(rel) => {
                        let at = i + rel;
                        if self.bytes.get(at + 2) == Some(&b'%') {
                            i = at + 3;
                        } else {
                            break Some(at);
                        }
                    }
                }
            };
            let Some(at) = tag else {
                let end = self.end;
                if end > self.pos {
                    self.emit_to(EPP_TEXT, end);
                }
                return;
            };
            let next = self.bytes.get(at + 2).copied().unwrap_or(0);
            let trims = next == b'-' || (next == b'#' && self.bytes.get(at + 3) == Some(&b'-'));
            let text_end = if trims {
                trim_trailing_blanks(self.bytes, self.pos, at)
            } else {
                at
            };
            if text_end > self.pos {
                self.emit_to(EPP_TEXT, text_end);
            }
            if at > self.pos {
                self.emit_to(WHITESPACE, at);
            }
            match next {
                b'#' => {
                    // `<%# ... %>`: ends at the first `%>` not preceded by `%`.
                    let body = &self.src[at + 2..self.end];
                    let close = body.char_indices().skip(1).find_map(|(k, _)| {
                        (body[k..].starts_with("%>") && !body[..k].ends_with('%')).then_some(k)
                    });
                    match close {
                        Some(k) => {
                            let end = at + 2 + k + 2;
                            skip_leading = self.src[..end].ends_with("-%>");
                            self.emit_to(COMMENT, end);
                        }
                        None => {
                            // Puppet's position is after the `<%`.
                            self.error(
                                "Reaching end after opening <%# without seeing %>",
                                at + 2..self.end,
                            );
                            self.emit_to(COMMENT, self.end);
                        }
                    }
                }
                b'=' => {
                    self.emit(RENDER_OPEN, 3);
                    self.in_render = true;
                    skip_leading = self.epp_code();
                }
                b'-' => {
                    self.emit(EPP_CODE_OPEN, 3);
                    skip_leading = self.epp_code();
                }
                _ => {
                    if next == 0 {
                        self.error(
                            "Unbalanced embedded expression - opening <% and reaching end of input",
                            at..self.end,
                        );
                        self.emit_to(ERROR_TOKEN, self.end);
                        return;
                    }
                    self.emit(EPP_CODE_OPEN, 2);
                    skip_leading = self.epp_code();
                }
            }
        }
    }

    /// Code inside an EPP tag; returns whether the tag closed with `-%>`.
    fn epp_code(&mut self) -> bool {
        match self.lex_code(Stop::EppTag) {
            Stopped::Tag(trim) => trim,
            _ => {
                // Puppet reports it where the input ends.
                self.error(
                    "Unbalanced epp tag, reached <eof> without closing tag.",
                    self.end..self.end,
                );
                self.in_render = false;
                false
            }
        }
    }

    fn close_tag(&mut self, len: usize, trim: bool) -> Stopped {
        let kind = if self.in_render {
            RENDER_CLOSE
        } else {
            EPP_CODE_CLOSE
        };
        self.in_render = false;
        self.emit(kind, len);
        Stopped::Tag(trim)
    }

    /// After `-%>`: blanks, then an optional line break, are not part of the text.
    fn trim_leading(&mut self) {
        let mut i = self.pos;
        while i < self.end && matches!(self.bytes[i], b' ' | b'\t') {
            i += 1
        }
        if i < self.end && self.bytes[i] == b'\r' {
            i += 1
        }
        if i < self.end && self.bytes[i] == b'\n' {
            i += 1
        }
        if i > self.pos {
            self.emit_to(WHITESPACE, i)
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum StrEnd {
    Quote,
    Eof,
}

fn trim_trailing_blanks(bytes: &[u8], from: usize, mut to: usize) -> usize {
    while to > from && matches!(bytes[to - 1], b' ' | b'\t') {
        to -= 1
    }
    to
}

/// The margin of a `|` heredoc: the blanks before the `|` of its end-tag line.
fn heredoc_margin(end_line: &str) -> Option<&str> {
    let blanks = end_line.len() - end_line.trim_start_matches([' ', '\t']).len();
    (blanks > 0 && end_line[blanks..].starts_with('|')).then(|| &end_line[..blanks])
}

/// Finds the line that ends a heredoc: blanks, an optional `|`, an optional `-`, the tag,
/// blanks, end of line (like Puppet, the match may start anywhere in the line). Returns
/// the length of the text before that line and the length including it.
fn find_heredoc_end(body: &str, tag: &str) -> Option<(usize, usize)> {
    let mut line_start = 0;
    while line_start < body.len() {
        let line_end = body[line_start..]
            .find('\n')
            .map_or(body.len(), |i| line_start + i + 1);
        let line = &body[line_start..line_end];
        let content = line.strip_suffix('\n').unwrap_or(line);
        let content = content.strip_suffix('\r').unwrap_or(content);
        if content.trim_end_matches([' ', '\t']).ends_with(tag) {
            return Some((line_start, line_end));
        }
        line_start = line_end;
    }
    None
}

fn parse_heredoc_spec(spec: &str) -> Result<PendingHeredoc, String> {
    // spec is the text between `@(` and `)`: TAG[:syntax][/escapes]
    const INVALID: &str = "Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])";
    let (rest, escapes) = match spec.find('/') {
        Some(i) => (
            &spec[..i],
            Some(spec[i + 1..].trim_end_matches([' ', '\t'])),
        ),
        None => (spec, None),
    };
    let (tag, syntax) = match rest.find(':') {
        Some(i) => (&rest[..i], Some(rest[i + 1..].trim_matches([' ', '\t']))),
        None => (rest, None),
    };
    if tag.is_empty() || tag.contains(['\r', '\n']) {
        return Err(INVALID.into());
    }
    if let Some(syntax) = syntax {
        let mut chars = syntax.chars();
        let ok = chars.next().is_some_and(|c| c.is_ascii_lowercase())
            && syntax.len() >= 2
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '+');
        if !ok {
            return Err(INVALID.into());
        }
    }
    let mut escapes_dollar = false;
    if let Some(escapes) = escapes {
        if !escapes
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        {
            return Err(INVALID.into());
        }
        let list: Vec<char> = if escapes.is_empty() {
            "trnsuL$".chars().collect()
        } else {
            escapes.chars().collect()
        };
        let mut seen = Vec::new();
        for &c in &list {
            if seen.contains(&c) {
                let all: Vec<String> = list.iter().map(|c| c.to_string()).collect();
                return Err(format!(
                    "An escape char for @() may only appear once. Got '{}'",
                    all.join(", ")
                ));
            }
            seen.push(c);
            if !matches!(c, 't' | 'r' | 'n' | 's' | 'u' | '$' | 'L') {
                return Err(format!(
                    "Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got '{c}'"
                ));
            }
        }
        escapes_dollar = list.contains(&'$');
    }
    let tag = tag.trim();
    let (tag, interpolate) = match tag.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
        Some(inner) => (inner.trim(), true),
        None => (tag, false),
    };
    if tag.is_empty() {
        return Err("Heredoc with an empty endtag".into());
    }
    Ok(PendingHeredoc {
        end_tag: tag.to_string(),
        interpolate,
        escapes_dollar,
    })
}

/// The error Puppet gives for a number's text, if it is not a valid number.
fn number_error(text: &str) -> Option<String> {
    let b = text.as_bytes();
    if text.starts_with("0x") || text.starts_with("0X") {
        let ok = b.len() > 2 && b[2..].iter().all(u8::is_ascii_hexdigit);
        return (!ok).then(|| format!("Not a valid hex number {text}"));
    }
    if b.len() > 1 && b[0] == b'0' && b[1] != b'.' {
        let ok = b[1..].iter().all(|c| (b'0'..=b'7').contains(c));
        return (!ok).then(|| format!("Not a valid octal number {text}"));
    }
    let int_len = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if int_len > 0 && matches!(b.get(int_len), Some(b'e' | b'E' | b'.')) {
        return (!is_decimal(text)).then(|| format!("Not a valid decimal number {text}"));
    }
    let ok = !b.is_empty() && b.iter().all(u8::is_ascii_digit);
    (!ok).then(|| format!("Illegal number '{text}'"))
}

fn is_decimal(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if i == 0 {
        return false;
    }
    if b.get(i) == Some(&b'.') {
        let n = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if n == 0 {
            return false;
        }
        i += 1 + n;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if b.get(i) == Some(&b'-') {
            i += 1;
        }
        let n = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if n == 0 {
            return false;
        }
        i += n;
    }
    i == b.len()
}

/// Length of `(::)?(\w+::)*\w+` at the start of `b` (0 if none).
pub(crate) fn variable_name_len(b: &[u8]) -> usize {
    let mut i = 0;
    if b.starts_with(b"::") {
        i = 2;
    }
    let mut last_good = 0;
    loop {
        let seg_start = i;
        while i < b.len() && is_word_byte(b[i]) {
            i += 1
        }
        if i == seg_start {
            break;
        }
        last_good = i;
        if b[i..].starts_with(b"::") && b.get(i + 2).is_some_and(|&c| is_word_byte(c)) {
            i += 2;
        } else {
            break;
        }
    }
    last_good
}

/// Length of Puppet's bare word `((::)?[a-z_]([\w-]*\w)?)+` at the start of `b`, and
/// whether that word is also a NAME, `((::)?[a-z]\w*)(::[a-z]\w*)*`: no segment
/// starts with `_` and no `-` stands between two word bytes.
fn bare_word_len(b: &[u8]) -> (usize, bool) {
    let mut i = 0;
    let mut name = true;
    loop {
        let seg = if b[i..].starts_with(b"::") { i + 2 } else { i };
        if seg < b.len() && (b[seg].is_ascii_lowercase() || b[seg] == b'_') {
            name &= b[seg] != b'_';
            let mut j = seg + 1;
            loop {
                while j < b.len() && is_word_byte(b[j]) {
                    j += 1;
                }
                i = j;
                // Dashes belong to the word only when a word byte follows them.
                while j < b.len() && b[j] == b'-' {
                    j += 1;
                }
                if j == i || j == b.len() || !is_word_byte(b[j]) {
                    break;
                }
                name = false;
            }
        } else {
            return (i, name);
        }
    }
}
