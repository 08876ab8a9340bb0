//! The YAML 1.1 scanner of libyaml 0.2.5 (the library under Ruby's Psych), rewritten:
//! the same tokens, the same simple-key and indentation rules, and the same errors with
//! the same marks, so that a file Puppet refuses is refused here with Psych's message.
//!
//! Positions count characters, as libyaml's marks do (a CR LF pair counts two).

use std::collections::VecDeque;

/// A position in the text: character index, 0-based line and column.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Mark {
    pub index: usize,
    pub line: usize,
    pub column: usize,
}

/// A libyaml error as Psych reports it: `problem`, then `context` when there is one, and
/// the position of the *context* mark (Psych prints that one, 1-based). Errors without a
/// context keep libyaml's zeroed context mark, unless the scanner set it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    pub problem: &'static str,
    pub context: Option<&'static str>,
    pub context_mark: Mark,
    pub problem_mark: Mark,
}

impl SyntaxError {
    /// Psych's `SyntaxError` text after the `(<file>): ` prefix.
    pub fn describe(&self) -> String {
        let what = match self.context {
            Some(c) => format!("{} {c}", self.problem),
            None => self.problem.to_string(),
        };
        format!(
            "{what} at line {} column {}",
            self.context_mark.line + 1,
            self.context_mark.column + 1
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ScalarStyle {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    Literal,
    Folded,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum TokenKind {
    StreamStart,
    StreamEnd,
    VersionDirective(u32, u32),
    TagDirective { handle: String, prefix: String },
    DocumentStart,
    DocumentEnd,
    BlockSequenceStart,
    BlockMappingStart,
    BlockEnd,
    FlowSequenceStart,
    FlowSequenceEnd,
    FlowMappingStart,
    FlowMappingEnd,
    BlockEntry,
    FlowEntry,
    Key,
    Value,
    Alias(String),
    Anchor(String),
    Tag { handle: String, suffix: String },
    Scalar { value: String, style: ScalarStyle },
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Token {
    pub kind: TokenKind,
    pub start: Mark,
    pub end: Mark,
}

#[derive(Debug, Clone, Copy, Default)]
struct SimpleKey {
    possible: bool,
    required: bool,
    token_number: usize,
    mark: Mark,
}

type Result<T> = std::result::Result<T, SyntaxError>;

pub(crate) struct Scanner {
    chars: Vec<char>,
    mark: Mark,
    tokens: VecDeque<Token>,
    tokens_parsed: usize,
    token_available: bool,
    stream_start_produced: bool,
    indent: i64,
    indents: Vec<i64>,
    simple_key_allowed: bool,
    simple_keys: Vec<SimpleKey>,
    flow_level: usize,
    error: Option<SyntaxError>,
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// The end of the text (the reader refuses NUL characters, so only the end is NUL).
fn is_z(c: char) -> bool {
    c == '\0'
}

fn is_blankz(c: char) -> bool {
    is_blank(c) || is_break(c) || is_z(c)
}

/// libyaml's "alpha": `[0-9A-Za-z_-]`.
fn is_alpha(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

fn hex(c: char) -> Option<u32> {
    c.to_digit(16)
}

/// The characters libyaml's reader lets through; anything else is an error before any
/// token. FIXME: libyaml checks its input 16 KiB at a time, so in a longer file a syntax
/// error before the first bad character wins there; we check the whole text first.
pub(crate) fn check_characters(text: &str) -> Result<()> {
    let allowed = |c: char| matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{7e}' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..);
    if text.chars().all(allowed) {
        return Ok(());
    }
    Err(SyntaxError {
        problem: "control characters are not allowed",
        context: None,
        context_mark: Mark::default(),
        problem_mark: Mark::default(),
    })
}

impl Scanner {
    pub fn new(text: &str) -> Scanner {
        Scanner {
            chars: text.chars().collect(),
            mark: Mark::default(),
            tokens: VecDeque::new(),
            tokens_parsed: 0,
            token_available: false,
            stream_start_produced: false,
            indent: -1,
            indents: Vec::new(),
            simple_key_allowed: false,
            simple_keys: Vec::new(),
            flow_level: 0,
            error: None,
        }
    }

    /// The next token, without consuming it (libyaml's `PEEK_TOKEN`).
    pub fn peek(&mut self) -> Result<&Token> {
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        if !self.token_available {
            if let Err(e) = self.fetch_more_tokens() {
                self.error = Some(e.clone());
                return Err(e);
            }
        }
        Ok(self.tokens.front().expect("a token is available"))
    }

    /// Consumes the token `peek` returned (libyaml's `SKIP_TOKEN`).
    pub fn skip(&mut self) {
        self.token_available = false;
        self.tokens_parsed += 1;
        self.tokens.pop_front();
    }

    /// The next token, consumed.
    pub fn take(&mut self) -> Result<Token> {
        self.peek()?;
        self.token_available = false;
        self.tokens_parsed += 1;
        Ok(self.tokens.pop_front().expect("a token is available"))
    }

    // ---- characters ----

    fn ch(&self, k: usize) -> char {
        self.chars.get(self.mark.index + k).copied().unwrap_or('\0')
    }

    fn is_crlf(&self) -> bool {
        self.ch(0) == '\r' && self.ch(1) == '\n'
    }

    fn skip_char(&mut self) {
        self.mark.index += 1;
        self.mark.column += 1;
    }

    fn skip_line(&mut self) {
        if self.is_crlf() {
            self.mark.index += 2;
        } else if is_break(self.ch(0)) {
            self.mark.index += 1;
        } else {
            return;
        }
        self.mark.column = 0;
        self.mark.line += 1;
    }

    fn read(&mut self, s: &mut String) {
        s.push(self.ch(0));
        self.skip_char();
    }

    /// Copies a line break, normalized as libyaml does (CR LF, CR and NEL become LF; LS
    /// and PS stay).
    fn read_line(&mut self, s: &mut String) {
        let c = self.ch(0);
        if self.is_crlf() {
            s.push('\n');
            self.mark.index += 2;
        } else if matches!(c, '\r' | '\n' | '\u{85}') {
            s.push('\n');
            self.mark.index += 1;
        } else if matches!(c, '\u{2028}' | '\u{2029}') {
            s.push(c);
            self.mark.index += 1;
        } else {
            return;
        }
        self.mark.column = 0;
        self.mark.line += 1;
    }

    fn error(
        &self,
        context: Option<&'static str>,
        context_mark: Mark,
        problem: &'static str,
    ) -> SyntaxError {
        SyntaxError {
            problem,
            context,
            context_mark,
            problem_mark: self.mark,
        }
    }

    fn document_indicator_here(&self) -> bool {
        self.mark.column == 0
            && ((self.ch(0) == '-' && self.ch(1) == '-' && self.ch(2) == '-')
                || (self.ch(0) == '.' && self.ch(1) == '.' && self.ch(2) == '.'))
            && is_blankz(self.ch(3))
    }

    // ---- the token queue ----

    fn push(&mut self, kind: TokenKind, start: Mark, end: Mark) {
        self.tokens.push_back(Token { kind, start, end });
    }

    fn fetch_more_tokens(&mut self) -> Result<()> {
        loop {
            let need_more = if self.tokens.is_empty() {
                true
            } else {
                self.stale_simple_keys()?;
                let parsed = self.tokens_parsed;
                self.simple_keys
                    .iter()
                    .any(|k| k.possible && k.token_number == parsed)
            };
            if !need_more {
                break;
            }
            self.fetch_next_token()?;
        }
        self.token_available = true;
        Ok(())
    }

    fn fetch_next_token(&mut self) -> Result<()> {
        if !self.stream_start_produced {
            self.fetch_stream_start();
            return Ok(());
        }
        self.scan_to_next_token();
        self.stale_simple_keys()?;
        self.unroll_indent(self.mark.column as i64);
        let c = self.ch(0);
        if is_z(c) {
            return self.fetch_stream_end();
        }
        if self.mark.column == 0 && c == '%' {
            return self.fetch_directive();
        }
        if self.mark.column == 0 && is_blankz(self.ch(3)) {
            if c == '-' && self.ch(1) == '-' && self.ch(2) == '-' {
                return self.fetch_document_indicator(TokenKind::DocumentStart);
            }
            if c == '.' && self.ch(1) == '.' && self.ch(2) == '.' {
                return self.fetch_document_indicator(TokenKind::DocumentEnd);
            }
        }
        let flow = self.flow_level > 0;
        match c {
            '[' => return self.fetch_flow_collection_start(TokenKind::FlowSequenceStart),
            '{' => return self.fetch_flow_collection_start(TokenKind::FlowMappingStart),
            ']' => return self.fetch_flow_collection_end(TokenKind::FlowSequenceEnd),
            '}' => return self.fetch_flow_collection_end(TokenKind::FlowMappingEnd),
            ',' => return self.fetch_flow_entry(),
            '-' if is_blankz(self.ch(1)) => return self.fetch_block_entry(),
            '?' if flow || is_blankz(self.ch(1)) => return self.fetch_key(),
            ':' if flow || is_blankz(self.ch(1)) => return self.fetch_value(),
            '*' => return self.fetch_anchor(false),
            '&' => return self.fetch_anchor(true),
            '!' => return self.fetch_tag(),
            '|' if !flow => return self.fetch_block_scalar(true),
            '>' if !flow => return self.fetch_block_scalar(false),
            '\'' => return self.fetch_flow_scalar(true),
            '"' => return self.fetch_flow_scalar(false),
            _ => {}
        }
        // A plain scalar cannot start with a blank or an indicator, except `-` followed by
        // a non-blank anywhere, and `?` or `:` followed by a non-blank in block context.
        let indicator = is_blankz(c) || "-?:,[]{}#&*!|>'\"%@`".contains(c);
        if !indicator
            || (c == '-' && !is_blank(self.ch(1)))
            || (!flow && (c == '?' || c == ':') && !is_blankz(self.ch(1)))
        {
            return self.fetch_plain_scalar();
        }
        Err(self.error(
            Some("while scanning for the next token"),
            self.mark,
            "found character that cannot start any token",
        ))
    }

    // ---- simple keys and indentation ----

    fn stale_simple_keys(&mut self) -> Result<()> {
        let mark = self.mark;
        for i in 0..self.simple_keys.len() {
            let key = self.simple_keys[i];
            if key.possible && (key.mark.line < mark.line || key.mark.index + 1024 < mark.index) {
                if key.required {
                    return Err(self.error(
                        Some("while scanning a simple key"),
                        key.mark,
                        "could not find expected ':'",
                    ));
                }
                self.simple_keys[i].possible = false;
            }
        }
        Ok(())
    }

    fn save_simple_key(&mut self) -> Result<()> {
        let required = self.flow_level == 0 && self.indent == self.mark.column as i64;
        if self.simple_key_allowed {
            let key = SimpleKey {
                possible: true,
                required,
                token_number: self.tokens_parsed + self.tokens.len(),
                mark: self.mark,
            };
            self.remove_simple_key()?;
            *self.simple_keys.last_mut().expect("a simple-key slot") = key;
        }
        Ok(())
    }

    fn remove_simple_key(&mut self) -> Result<()> {
        let key = *self.simple_keys.last().expect("a simple-key slot");
        if key.possible && key.required {
            return Err(self.error(
                Some("while scanning a simple key"),
                key.mark,
                "could not find expected ':'",
            ));
        }
        self.simple_keys
            .last_mut()
            .expect("a simple-key slot")
            .possible = false;
        Ok(())
    }

    fn increase_flow_level(&mut self) {
        self.simple_keys.push(SimpleKey::default());
        self.flow_level += 1;
    }

    fn decrease_flow_level(&mut self) {
        if self.flow_level > 0 {
            self.flow_level -= 1;
            self.simple_keys.pop();
        }
    }

    /// In block context, opens a collection at `column` when it is deeper than the
    /// current indentation: the start token goes at the end of the queue, or at the
    /// place of token number `number` (a simple key found later).
    fn roll_indent(&mut self, column: i64, number: Option<usize>, kind: TokenKind, mark: Mark) {
        if self.flow_level > 0 || self.indent >= column {
            return;
        }
        self.indents.push(self.indent);
        self.indent = column;
        let token = Token {
            kind,
            start: mark,
            end: mark,
        };
        match number {
            None => self.tokens.push_back(token),
            Some(n) => self.tokens.insert(n - self.tokens_parsed, token),
        }
    }

    fn unroll_indent(&mut self, column: i64) {
        if self.flow_level > 0 {
            return;
        }
        while self.indent > column {
            let mark = self.mark;
            self.push(TokenKind::BlockEnd, mark, mark);
            self.indent = self.indents.pop().unwrap_or(-1);
        }
    }

    // ---- fetchers ----

    fn fetch_stream_start(&mut self) {
        self.indent = -1;
        self.simple_keys.push(SimpleKey::default());
        self.simple_key_allowed = true;
        self.stream_start_produced = true;
        let mark = self.mark;
        self.push(TokenKind::StreamStart, mark, mark);
    }

    fn fetch_stream_end(&mut self) -> Result<()> {
        if self.mark.column != 0 {
            self.mark.column = 0;
            self.mark.line += 1;
        }
        self.unroll_indent(-1);
        self.remove_simple_key()?;
        self.simple_key_allowed = false;
        let mark = self.mark;
        self.push(TokenKind::StreamEnd, mark, mark);
        Ok(())
    }

    fn fetch_directive(&mut self) -> Result<()> {
        self.unroll_indent(-1);
        self.remove_simple_key()?;
        self.simple_key_allowed = false;
        let token = self.scan_directive()?;
        self.tokens.push_back(token);
        Ok(())
    }

    fn fetch_document_indicator(&mut self, kind: TokenKind) -> Result<()> {
        self.unroll_indent(-1);
        self.remove_simple_key()?;
        self.simple_key_allowed = false;
        let start = self.mark;
        self.skip_char();
        self.skip_char();
        self.skip_char();
        let end = self.mark;
        self.push(kind, start, end);
        Ok(())
    }

    fn fetch_flow_collection_start(&mut self, kind: TokenKind) -> Result<()> {
        self.save_simple_key()?;
        self.increase_flow_level();
        self.simple_key_allowed = true;
        self.single_char_token(kind);
        Ok(())
    }

    fn fetch_flow_collection_end(&mut self, kind: TokenKind) -> Result<()> {
        self.remove_simple_key()?;
        self.decrease_flow_level();
        self.simple_key_allowed = false;
        self.single_char_token(kind);
        Ok(())
    }

    fn fetch_flow_entry(&mut self) -> Result<()> {
        self.remove_simple_key()?;
        self.simple_key_allowed = true;
        self.single_char_token(TokenKind::FlowEntry);
        Ok(())
    }

    fn fetch_block_entry(&mut self) -> Result<()> {
        if self.flow_level == 0 {
            if !self.simple_key_allowed {
                return Err(self.error(
                    None,
                    self.mark,
                    "block sequence entries are not allowed in this context",
                ));
            }
            let mark = self.mark;
            self.roll_indent(
                mark.column as i64,
                None,
                TokenKind::BlockSequenceStart,
                mark,
            );
        }
        // In flow context the parser reports the `-` with its context.
        self.remove_simple_key()?;
        self.simple_key_allowed = true;
        self.single_char_token(TokenKind::BlockEntry);
        Ok(())
    }

    fn fetch_key(&mut self) -> Result<()> {
        if self.flow_level == 0 {
            if !self.simple_key_allowed {
                return Err(self.error(
                    None,
                    self.mark,
                    "mapping keys are not allowed in this context",
                ));
            }
            let mark = self.mark;
            self.roll_indent(mark.column as i64, None, TokenKind::BlockMappingStart, mark);
        }
        self.remove_simple_key()?;
        self.simple_key_allowed = self.flow_level == 0;
        self.single_char_token(TokenKind::Key);
        Ok(())
    }

    fn fetch_value(&mut self) -> Result<()> {
        let key = *self.simple_keys.last().expect("a simple-key slot");
        if key.possible {
            // The simple key was a key after all: insert KEY (and maybe the mapping start)
            // where it began.
            let at = key.token_number - self.tokens_parsed;
            self.tokens.insert(
                at,
                Token {
                    kind: TokenKind::Key,
                    start: key.mark,
                    end: key.mark,
                },
            );
            self.roll_indent(
                key.mark.column as i64,
                Some(key.token_number),
                TokenKind::BlockMappingStart,
                key.mark,
            );
            self.simple_keys
                .last_mut()
                .expect("a simple-key slot")
                .possible = false;
            self.simple_key_allowed = false;
        } else {
            if self.flow_level == 0 {
                if !self.simple_key_allowed {
                    return Err(self.error(
                        None,
                        self.mark,
                        "mapping values are not allowed in this context",
                    ));
                }
                let mark = self.mark;
                self.roll_indent(mark.column as i64, None, TokenKind::BlockMappingStart, mark);
            }
            self.simple_key_allowed = self.flow_level == 0;
        }
        self.single_char_token(TokenKind::Value);
        Ok(())
    }

    fn single_char_token(&mut self, kind: TokenKind) {
        let start = self.mark;
        self.skip_char();
        let end = self.mark;
        self.push(kind, start, end);
    }

    fn fetch_anchor(&mut self, anchor: bool) -> Result<()> {
        self.save_simple_key()?;
        self.simple_key_allowed = false;
        let token = self.scan_anchor(anchor)?;
        self.tokens.push_back(token);
        Ok(())
    }

    fn fetch_tag(&mut self) -> Result<()> {
        self.save_simple_key()?;
        self.simple_key_allowed = false;
        let token = self.scan_tag()?;
        self.tokens.push_back(token);
        Ok(())
    }

    fn fetch_block_scalar(&mut self, literal: bool) -> Result<()> {
        self.remove_simple_key()?;
        self.simple_key_allowed = true;
        let token = self.scan_block_scalar(literal)?;
        self.tokens.push_back(token);
        Ok(())
    }

    fn fetch_flow_scalar(&mut self, single: bool) -> Result<()> {
        self.save_simple_key()?;
        self.simple_key_allowed = false;
        let token = self.scan_flow_scalar(single)?;
        self.tokens.push_back(token);
        Ok(())
    }

    fn fetch_plain_scalar(&mut self) -> Result<()> {
        self.save_simple_key()?;
        self.simple_key_allowed = false;
        let token = self.scan_plain_scalar()?;
        self.tokens.push_back(token);
        Ok(())
    }

    // ---- scanners ----

    /// Whitespace, comments and line breaks up to the next token. Tabs are skipped only
    /// in flow context or where a simple key is not allowed (not at the start of a line,
    /// nor after `-`, `?` or `:`).
    fn scan_to_next_token(&mut self) {
        loop {
            if self.mark.column == 0 && self.ch(0) == '\u{feff}' {
                self.skip_char();
            }
            while self.ch(0) == ' '
                || ((self.flow_level > 0 || !self.simple_key_allowed) && self.ch(0) == '\t')
            {
                self.skip_char();
            }
            if self.ch(0) == '#' {
                while !is_break(self.ch(0)) && !is_z(self.ch(0)) {
                    self.skip_char();
                }
            }
            if is_break(self.ch(0)) {
                self.skip_line();
                if self.flow_level == 0 {
                    self.simple_key_allowed = true;
                }
            } else {
                break;
            }
        }
    }

    fn skip_blanks(&mut self) {
        while is_blank(self.ch(0)) {
            self.skip_char();
        }
    }

    fn skip_comment(&mut self) {
        if self.ch(0) == '#' {
            while !is_break(self.ch(0)) && !is_z(self.ch(0)) {
                self.skip_char();
            }
        }
    }

    fn scan_directive(&mut self) -> Result<Token> {
        let start = self.mark;
        self.skip_char();
        let name = self.scan_directive_name(start)?;
        let kind = match name.as_str() {
            "YAML" => {
                self.skip_blanks();
                let major = self.scan_version_number(start)?;
                if self.ch(0) != '.' {
                    return Err(self.error(
                        Some("while scanning a %YAML directive"),
                        start,
                        "did not find expected digit or '.' character",
                    ));
                }
                self.skip_char();
                let minor = self.scan_version_number(start)?;
                TokenKind::VersionDirective(major, minor)
            }
            "TAG" => {
                self.skip_blanks();
                let handle = self.scan_tag_handle(true, start)?;
                if !is_blank(self.ch(0)) {
                    return Err(self.error(
                        Some("while scanning a %TAG directive"),
                        start,
                        "did not find expected whitespace",
                    ));
                }
                self.skip_blanks();
                let prefix = self.scan_tag_uri(true, true, None, start)?;
                if !is_blankz(self.ch(0)) {
                    return Err(self.error(
                        Some("while scanning a %TAG directive"),
                        start,
                        "did not find expected whitespace or line break",
                    ));
                }
                TokenKind::TagDirective { handle, prefix }
            }
            _ => {
                return Err(self.error(
                    Some("while scanning a directive"),
                    start,
                    "found unknown directive name",
                ))
            }
        };
        let end = self.mark;
        self.skip_blanks();
        self.skip_comment();
        if !is_break(self.ch(0)) && !is_z(self.ch(0)) {
            return Err(self.error(
                Some("while scanning a directive"),
                start,
                "did not find expected comment or line break",
            ));
        }
        self.skip_line();
        Ok(Token { kind, start, end })
    }

    fn scan_directive_name(&mut self, start: Mark) -> Result<String> {
        let mut name = String::new();
        while is_alpha(self.ch(0)) {
            self.read(&mut name);
        }
        if name.is_empty() {
            return Err(self.error(
                Some("while scanning a directive"),
                start,
                "could not find expected directive name",
            ));
        }
        if !is_blankz(self.ch(0)) {
            return Err(self.error(
                Some("while scanning a directive"),
                start,
                "found unexpected non-alphabetical character",
            ));
        }
        Ok(name)
    }

    fn scan_version_number(&mut self, start: Mark) -> Result<u32> {
        let mut value: u32 = 0;
        let mut length = 0;
        while let Some(d) = self.ch(0).to_digit(10) {
            length += 1;
            if length > 9 {
                return Err(self.error(
                    Some("while scanning a %YAML directive"),
                    start,
                    "found extremely long version number",
                ));
            }
            value = value * 10 + d;
            self.skip_char();
        }
        if length == 0 {
            return Err(self.error(
                Some("while scanning a %YAML directive"),
                start,
                "did not find expected version number",
            ));
        }
        Ok(value)
    }

    fn scan_anchor(&mut self, anchor: bool) -> Result<Token> {
        let start = self.mark;
        self.skip_char();
        let mut name = String::new();
        while is_alpha(self.ch(0)) {
            self.read(&mut name);
        }
        let end = self.mark;
        let c = self.ch(0);
        if name.is_empty() || !(is_blankz(c) || "?:,]}%@`".contains(c)) {
            return Err(self.error(
                Some(if anchor {
                    "while scanning an anchor"
                } else {
                    "while scanning an alias"
                }),
                start,
                "did not find expected alphabetic or numeric character",
            ));
        }
        let kind = if anchor {
            TokenKind::Anchor(name)
        } else {
            TokenKind::Alias(name)
        };
        Ok(Token { kind, start, end })
    }

    fn scan_tag(&mut self) -> Result<Token> {
        let start = self.mark;
        let (handle, suffix);
        if self.ch(1) == '<' {
            // Verbatim: `!<tag:yaml.org,2002:str>`.
            self.skip_char();
            self.skip_char();
            suffix = self.scan_tag_uri(true, false, None, start)?;
            if self.ch(0) != '>' {
                return Err(self.error(
                    Some("while scanning a tag"),
                    start,
                    "did not find the expected '>'",
                ));
            }
            self.skip_char();
            handle = String::new();
        } else {
            let first = self.scan_tag_handle(false, start)?;
            if first.len() > 1 && first.starts_with('!') && first.ends_with('!') {
                handle = first;
                suffix = self.scan_tag_uri(false, false, None, start)?;
            } else {
                // Not a handle after all: `!foo` is the `!` handle and the suffix `foo`,
                // and a lone `!` is the non-specific tag.
                let s = self.scan_tag_uri(false, false, Some(&first), start)?;
                if s.is_empty() {
                    handle = String::new();
                    suffix = "!".into();
                } else {
                    handle = "!".into();
                    suffix = s;
                }
            }
        }
        let c = self.ch(0);
        if !is_blankz(c) && (self.flow_level == 0 || c != ',') {
            return Err(self.error(
                Some("while scanning a tag"),
                start,
                "did not find expected whitespace or line break",
            ));
        }
        let end = self.mark;
        Ok(Token {
            kind: TokenKind::Tag { handle, suffix },
            start,
            end,
        })
    }

    fn scan_tag_handle(&mut self, directive: bool, start: Mark) -> Result<String> {
        if self.ch(0) != '!' {
            return Err(self.error(
                Some(if directive {
                    "while scanning a tag directive"
                } else {
                    "while scanning a tag"
                }),
                start,
                "did not find expected '!'",
            ));
        }
        let mut handle = String::new();
        self.read(&mut handle);
        while is_alpha(self.ch(0)) {
            self.read(&mut handle);
        }
        if self.ch(0) == '!' {
            self.read(&mut handle);
        } else if directive && handle != "!" {
            return Err(self.error(
                Some("while parsing a tag directive"),
                start,
                "did not find expected '!'",
            ));
        }
        Ok(handle)
    }

    /// A tag URI; `head` is a scanned `!name` that turned out to start the suffix (its
    /// `!` is dropped but counts towards the length).
    fn scan_tag_uri(
        &mut self,
        uri_char: bool,
        directive: bool,
        head: Option<&str>,
        start: Mark,
    ) -> Result<String> {
        let mut bytes: Vec<u8> = Vec::new();
        let mut length = head.map_or(0, str::len);
        if let Some(h) = head {
            if h.len() > 1 {
                bytes.extend_from_slice(&h.as_bytes()[1..]);
            }
        }
        loop {
            let c = self.ch(0);
            let ok =
                is_alpha(c) || ";/?:@&=+$.%!~*'()".contains(c) || (uri_char && ",[]".contains(c));
            if !ok || is_z(c) {
                break;
            }
            if c == '%' {
                self.scan_uri_escapes(directive, start, &mut bytes)?;
            } else {
                let mut s = String::new();
                self.read(&mut s);
                bytes.extend_from_slice(s.as_bytes());
            }
            length += 1;
        }
        if length == 0 {
            return Err(self.error(
                Some(if directive {
                    "while parsing a %TAG directive"
                } else {
                    "while parsing a tag"
                }),
                start,
                "did not find expected tag URI",
            ));
        }
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    fn scan_uri_escapes(&mut self, directive: bool, start: Mark, out: &mut Vec<u8>) -> Result<()> {
        let context = Some(if directive {
            "while parsing a %TAG directive"
        } else {
            "while parsing a tag"
        });
        let mut width = 0;
        loop {
            let (Some(hi), Some(lo)) = (hex(self.ch(1)), hex(self.ch(2))) else {
                return Err(self.error(context, start, "did not find URI escaped octet"));
            };
            if self.ch(0) != '%' {
                return Err(self.error(context, start, "did not find URI escaped octet"));
            }
            let octet = (hi * 16 + lo) as u8;
            if width == 0 {
                width = match octet {
                    o if o & 0x80 == 0 => 1,
                    o if o & 0xE0 == 0xC0 => 2,
                    o if o & 0xF0 == 0xE0 => 3,
                    o if o & 0xF8 == 0xF0 => 4,
                    _ => {
                        return Err(self.error(
                            context,
                            start,
                            "found an incorrect leading UTF-8 octet",
                        ))
                    }
                };
            } else if octet & 0xC0 != 0x80 {
                return Err(self.error(context, start, "found an incorrect trailing UTF-8 octet"));
            }
            out.push(octet);
            self.skip_char();
            self.skip_char();
            self.skip_char();
            width -= 1;
            if width == 0 {
                return Ok(());
            }
        }
    }

    fn scan_block_scalar(&mut self, literal: bool) -> Result<Token> {
        let start = self.mark;
        self.skip_char();
        let context = Some("while scanning a block scalar");
        let mut chomping = 0i32;
        let mut increment = 0i64;
        let chomp_of = |c: char| if c == '+' { 1 } else { -1 };
        if matches!(self.ch(0), '+' | '-') {
            chomping = chomp_of(self.ch(0));
            self.skip_char();
            if let Some(d) = self.ch(0).to_digit(10) {
                if d == 0 {
                    return Err(self.error(
                        context,
                        start,
                        "found an indentation indicator equal to 0",
                    ));
                }
                increment = d as i64;
                self.skip_char();
            }
        } else if let Some(d) = self.ch(0).to_digit(10) {
            if d == 0 {
                return Err(self.error(
                    context,
                    start,
                    "found an indentation indicator equal to 0",
                ));
            }
            increment = d as i64;
            self.skip_char();
            if matches!(self.ch(0), '+' | '-') {
                chomping = chomp_of(self.ch(0));
                self.skip_char();
            }
        }
        self.skip_blanks();
        self.skip_comment();
        if !is_break(self.ch(0)) && !is_z(self.ch(0)) {
            return Err(self.error(
                context,
                start,
                "did not find expected comment or line break",
            ));
        }
        self.skip_line();
        let mut end = self.mark;
        let mut indent: i64 = 0;
        if increment > 0 {
            indent = if self.indent >= 0 {
                self.indent + increment
            } else {
                increment
            };
        }
        let mut string = String::new();
        let mut leading_break = String::new();
        let mut trailing_breaks = String::new();
        let mut leading_blank = false;
        self.scan_block_scalar_breaks(&mut indent, &mut trailing_breaks, start, &mut end)?;
        while self.mark.column as i64 == indent && !is_z(self.ch(0)) {
            let trailing_blank = is_blank(self.ch(0));
            if !literal && leading_break.starts_with('\n') && !leading_blank && !trailing_blank {
                if trailing_breaks.is_empty() {
                    string.push(' ');
                }
                leading_break.clear();
            } else {
                string.push_str(&leading_break);
                leading_break.clear();
            }
            string.push_str(&trailing_breaks);
            trailing_breaks.clear();
            leading_blank = is_blank(self.ch(0));
            while !is_break(self.ch(0)) && !is_z(self.ch(0)) {
                self.read(&mut string);
            }
            self.read_line(&mut leading_break);
            self.scan_block_scalar_breaks(&mut indent, &mut trailing_breaks, start, &mut end)?;
        }
        if chomping != -1 {
            string.push_str(&leading_break);
        }
        if chomping == 1 {
            string.push_str(&trailing_breaks);
        }
        let style = if literal {
            ScalarStyle::Literal
        } else {
            ScalarStyle::Folded
        };
        Ok(Token {
            kind: TokenKind::Scalar {
                value: string,
                style,
            },
            start,
            end,
        })
    }

    fn scan_block_scalar_breaks(
        &mut self,
        indent: &mut i64,
        breaks: &mut String,
        start: Mark,
        end: &mut Mark,
    ) -> Result<()> {
        let mut max_indent: i64 = 0;
        *end = self.mark;
        loop {
            while (*indent == 0 || (self.mark.column as i64) < *indent) && self.ch(0) == ' ' {
                self.skip_char();
            }
            max_indent = max_indent.max(self.mark.column as i64);
            if (*indent == 0 || (self.mark.column as i64) < *indent) && self.ch(0) == '\t' {
                return Err(self.error(
                    Some("while scanning a block scalar"),
                    start,
                    "found a tab character where an indentation space is expected",
                ));
            }
            if !is_break(self.ch(0)) {
                break;
            }
            self.read_line(breaks);
            *end = self.mark;
        }
        if *indent == 0 {
            *indent = max_indent.max(self.indent + 1).max(1);
        }
        Ok(())
    }

    fn scan_flow_scalar(&mut self, single: bool) -> Result<Token> {
        let start = self.mark;
        self.skip_char();
        let quote = if single { '\'' } else { '"' };
        let mut string = String::new();
        let mut leading_break = String::new();
        let mut trailing_breaks = String::new();
        let mut whitespaces = String::new();
        loop {
            if self.document_indicator_here() {
                return Err(self.error(
                    Some("while scanning a quoted scalar"),
                    start,
                    "found unexpected document indicator",
                ));
            }
            if is_z(self.ch(0)) {
                return Err(self.error(
                    Some("while scanning a quoted scalar"),
                    start,
                    "found unexpected end of stream",
                ));
            }
            let mut leading_blanks = false;
            while !is_blankz(self.ch(0)) {
                let c = self.ch(0);
                if single && c == '\'' && self.ch(1) == '\'' {
                    string.push('\'');
                    self.skip_char();
                    self.skip_char();
                } else if c == quote {
                    break;
                } else if !single && c == '\\' && is_break(self.ch(1)) {
                    self.skip_char();
                    self.skip_line();
                    leading_blanks = true;
                    break;
                } else if !single && c == '\\' {
                    let mut code_length = 0;
                    match self.ch(1) {
                        '0' => string.push('\0'),
                        'a' => string.push('\x07'),
                        'b' => string.push('\x08'),
                        't' | '\t' => string.push('\t'),
                        'n' => string.push('\n'),
                        'v' => string.push('\x0b'),
                        'f' => string.push('\x0c'),
                        'r' => string.push('\r'),
                        'e' => string.push('\x1b'),
                        ' ' => string.push(' '),
                        '"' => string.push('"'),
                        '/' => string.push('/'),
                        '\\' => string.push('\\'),
                        'N' => string.push('\u{85}'),
                        '_' => string.push('\u{a0}'),
                        'L' => string.push('\u{2028}'),
                        'P' => string.push('\u{2029}'),
                        'x' => code_length = 2,
                        'u' => code_length = 4,
                        'U' => code_length = 8,
                        _ => {
                            return Err(self.error(
                                Some("while parsing a quoted scalar"),
                                start,
                                "found unknown escape character",
                            ))
                        }
                    }
                    self.skip_char();
                    self.skip_char();
                    if code_length > 0 {
                        let mut value: u32 = 0;
                        for k in 0..code_length {
                            let Some(d) = hex(self.ch(k)) else {
                                return Err(self.error(
                                    Some("while parsing a quoted scalar"),
                                    start,
                                    "did not find expected hexdecimal number",
                                ));
                            };
                            value = (value << 4) + d;
                        }
                        let Some(ch) = char::from_u32(value) else {
                            return Err(self.error(
                                Some("while parsing a quoted scalar"),
                                start,
                                "found invalid Unicode character escape code",
                            ));
                        };
                        string.push(ch);
                        for _ in 0..code_length {
                            self.skip_char();
                        }
                    }
                } else {
                    self.read(&mut string);
                }
            }
            if self.ch(0) == quote {
                break;
            }
            while is_blank(self.ch(0)) || is_break(self.ch(0)) {
                if is_blank(self.ch(0)) {
                    if leading_blanks {
                        self.skip_char();
                    } else {
                        self.read(&mut whitespaces);
                    }
                } else if leading_blanks {
                    self.read_line(&mut trailing_breaks);
                } else {
                    whitespaces.clear();
                    self.read_line(&mut leading_break);
                    leading_blanks = true;
                }
            }
            if leading_blanks {
                fold(&mut string, &mut leading_break, &mut trailing_breaks);
            } else {
                string.push_str(&whitespaces);
                whitespaces.clear();
            }
        }
        self.skip_char();
        let end = self.mark;
        let style = if single {
            ScalarStyle::SingleQuoted
        } else {
            ScalarStyle::DoubleQuoted
        };
        Ok(Token {
            kind: TokenKind::Scalar {
                value: string,
                style,
            },
            start,
            end,
        })
    }

    fn scan_plain_scalar(&mut self) -> Result<Token> {
        let start = self.mark;
        let mut end = self.mark;
        let indent = self.indent + 1;
        let flow = self.flow_level > 0;
        let mut string = String::new();
        let mut leading_break = String::new();
        let mut trailing_breaks = String::new();
        let mut whitespaces = String::new();
        let mut leading_blanks = false;
        loop {
            if self.document_indicator_here() || self.ch(0) == '#' {
                break;
            }
            while !is_blankz(self.ch(0)) {
                let c = self.ch(0);
                if flow && c == ':' && ",?[]{}".contains(self.ch(1)) && !is_z(self.ch(1)) {
                    return Err(self.error(
                        Some("while scanning a plain scalar"),
                        start,
                        "found unexpected ':'",
                    ));
                }
                if (c == ':' && is_blankz(self.ch(1))) || (flow && ",[]{}".contains(c)) {
                    break;
                }
                if leading_blanks || !whitespaces.is_empty() {
                    if leading_blanks {
                        fold(&mut string, &mut leading_break, &mut trailing_breaks);
                        leading_blanks = false;
                    } else {
                        string.push_str(&whitespaces);
                        whitespaces.clear();
                    }
                }
                self.read(&mut string);
                // The characters that cannot end the scalar here, copied at once: they
                // are all on this line, and the loop would take them one by one.
                let ordinary = self.chars[self.mark.index.min(self.chars.len())..]
                    .iter()
                    .take_while(|&&c| !is_blankz(c) && c != ':' && !(flow && ",[]{}".contains(c)))
                    .count();
                string.extend(&self.chars[self.mark.index..self.mark.index + ordinary]);
                self.mark.index += ordinary;
                self.mark.column += ordinary;
                end = self.mark;
            }
            if !(is_blank(self.ch(0)) || is_break(self.ch(0))) {
                break;
            }
            while is_blank(self.ch(0)) || is_break(self.ch(0)) {
                if is_blank(self.ch(0)) {
                    if leading_blanks && (self.mark.column as i64) < indent && self.ch(0) == '\t' {
                        return Err(self.error(
                            Some("while scanning a plain scalar"),
                            start,
                            "found a tab character that violates indentation",
                        ));
                    }
                    if leading_blanks {
                        self.skip_char();
                    } else {
                        self.read(&mut whitespaces);
                    }
                } else if leading_blanks {
                    self.read_line(&mut trailing_breaks);
                } else {
                    whitespaces.clear();
                    self.read_line(&mut leading_break);
                    leading_blanks = true;
                }
            }
            if !flow && (self.mark.column as i64) < indent {
                break;
            }
        }
        if leading_blanks {
            self.simple_key_allowed = true;
        }
        Ok(Token {
            kind: TokenKind::Scalar {
                value: string,
                style: ScalarStyle::Plain,
            },
            start,
            end,
        })
    }
}

/// Line folding inside flow and plain scalars: a single line break becomes a space,
/// more breaks are kept (less the first); LS and PS breaks are kept as they are.
fn fold(string: &mut String, leading_break: &mut String, trailing_breaks: &mut String) {
    if leading_break.starts_with('\n') {
        if trailing_breaks.is_empty() {
            string.push(' ');
        } else {
            string.push_str(trailing_breaks);
            trailing_breaks.clear();
        }
        leading_break.clear();
    } else {
        string.push_str(leading_break);
        string.push_str(trailing_breaks);
        leading_break.clear();
        trailing_breaks.clear();
    }
}
