//! A lexer for the Ruby that templates use. Like Ruby's, it is stateful: whether a
//! `/`, `-`, `[`, `:` or `?` starts a value depends on what came before (a value is
//! expected after an operator or keyword, and after a method name followed by a
//! space but not by one after the character).

use crate::scan::TEXT_MARK;

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    Int(i64),
    Float(f64),
    /// A string (double-quoted ones with their `#{}` parts).
    Str(Vec<StrPart>),
    Sym(String),
    DSym(Vec<StrPart>),
    Regex(Vec<StrPart>, String),
    /// `%w[]` (strings) and `%i[]` (symbols).
    Words(Vec<String>, bool),
    Ident(String),
    Const(String),
    Ivar(String),
    Gvar(String),
    NthRef(usize),
    /// `name:` in a hash or argument list.
    Label(String),
    Kw(&'static str),
    Op(&'static str),
    /// The N-th text of the template.
    Text(usize),
    Nl,
    Eof,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum StrPart {
    Lit(String),
    Code(Vec<Token>),
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Token {
    pub tok: Tok,
    pub line: u32,
    /// Whether whitespace comes right before the token.
    pub space: bool,
}

/// A lexing error: what is wrong, and the line.
#[derive(Debug)]
pub(crate) struct LexError {
    pub message: String,
    pub line: u32,
}

/// The keyword `word` is, if any.
fn keyword(word: &str) -> Option<&'static str> {
    Some(match word {
        "alias" => "alias",
        "and" => "and",
        "begin" => "begin",
        "break" => "break",
        "case" => "case",
        "class" => "class",
        "def" => "def",
        "defined?" => "defined?",
        "do" => "do",
        "else" => "else",
        "elsif" => "elsif",
        "end" => "end",
        "ensure" => "ensure",
        "false" => "false",
        "for" => "for",
        "if" => "if",
        "in" => "in",
        "module" => "module",
        "next" => "next",
        "nil" => "nil",
        "not" => "not",
        "or" => "or",
        "redo" => "redo",
        "rescue" => "rescue",
        "retry" => "retry",
        "return" => "return",
        "self" => "self",
        "super" => "super",
        "then" => "then",
        "true" => "true",
        "undef" => "undef",
        "unless" => "unless",
        "until" => "until",
        "when" => "when",
        "while" => "while",
        "yield" => "yield",
        "__FILE__" => "__FILE__",
        "__LINE__" => "__LINE__",
        _ => return None,
    })
}

/// The operator at the start of `b`, the longest that matches.
fn operator_at(b: &[u8]) -> Option<&'static str> {
    let at = |i: usize| b.get(i).copied().unwrap_or(0);
    let (c1, c2) = (at(1), at(2));
    Some(match *b.first()? {
        b'*' => match (c1, c2) {
            (b'*', b'=') => "**=",
            (b'*', _) => "**",
            (b'=', _) => "*=",
            _ => "*",
        },
        b'<' => match (c1, c2) {
            (b'=', b'>') => "<=>",
            (b'<', b'=') => "<<=",
            (b'=', _) => "<=",
            (b'<', _) => "<<",
            _ => "<",
        },
        b'=' => match (c1, c2) {
            (b'=', b'=') => "===",
            (b'=', _) => "==",
            (b'~', _) => "=~",
            (b'>', _) => "=>",
            _ => "=",
        },
        b'.' => match (c1, c2) {
            (b'.', b'.') => "...",
            (b'.', _) => "..",
            _ => ".",
        },
        b'>' => match (c1, c2) {
            (b'>', b'=') => ">>=",
            (b'=', _) => ">=",
            (b'>', _) => ">>",
            _ => ">",
        },
        b'&' => match (c1, c2) {
            (b'&', b'=') => "&&=",
            (b'.', _) => "&.",
            (b'&', _) => "&&",
            (b'=', _) => "&=",
            _ => "&",
        },
        b'|' => match (c1, c2) {
            (b'|', b'=') => "||=",
            (b'|', _) => "||",
            (b'=', _) => "|=",
            _ => "|",
        },
        b'!' => match c1 {
            b'=' => "!=",
            b'~' => "!~",
            _ => "!",
        },
        b':' if c1 == b':' => "::",
        b':' => ":",
        b'-' => match c1 {
            b'>' => "->",
            b'=' => "-=",
            _ => "-",
        },
        b'+' if c1 == b'=' => "+=",
        b'+' => "+",
        b'/' if c1 == b'=' => "/=",
        b'/' => "/",
        b'%' if c1 == b'=' => "%=",
        b'%' => "%",
        b'^' if c1 == b'=' => "^=",
        b'^' => "^",
        b'~' => "~",
        b'?' => "?",
        b',' => ",",
        b';' => ";",
        b'(' => "(",
        b')' => ")",
        b'[' => "[",
        b']' => "]",
        b'{' => "{",
        b'}' => "}",
        _ => return None,
    })
}

pub(crate) fn lex(src: &str) -> Result<Vec<Token>, LexError> {
    let mut lx = Lexer {
        src,
        b: src.as_bytes(),
        pos: 0,
        line: 1,
        // scripts have up to about one token per 3 bytes (texts are placeholders)
        out: Vec::with_capacity(src.len() / 2 + 8),
        paren: 0,
        ternary: 0,
    };
    lx.run(false)?;
    let line = lx.line;
    lx.out.push(Token {
        tok: Tok::Eof,
        line,
        space: true,
    });
    Ok(lx.out)
}

struct Lexer<'a> {
    src: &'a str,
    b: &'a [u8],
    pos: usize,
    line: u32,
    out: Vec<Token>,
    /// Open brace depth (in `#{}`, the closing brace ends the code).
    paren: usize,
    /// `?` still waiting for their `:`.
    ternary: usize,
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c >= 0x80
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

impl Lexer<'_> {
    fn err<T>(&self, message: impl Into<String>) -> Result<T, LexError> {
        Err(LexError {
            message: message.into(),
            line: self.line,
        })
    }

    fn peek(&self, n: usize) -> u8 {
        self.b.get(self.pos + n).copied().unwrap_or(0)
    }

    fn push(&mut self, tok: Tok, space: bool, line: u32) {
        self.out.push(Token { tok, line, space });
    }

    /// Whether the previous token leaves the lexer expecting a value.
    fn value_expected(&self) -> bool {
        match self.out.last().map(|t| &t.tok) {
            None | Some(Tok::Nl) => true,
            Some(Tok::Op(op)) => !matches!(*op, ")" | "]" | "}"),
            Some(Tok::Kw(k)) => !matches!(*k, "end" | "self" | "nil" | "true" | "false"),
            Some(Tok::Label(_)) => true,
            _ => false,
        }
    }

    /// After a method name followed by a space, a character with no space after it
    /// starts an argument (`puts -1`, `split /,/`).
    fn starts_argument(&self, space: bool) -> bool {
        matches!(self.out.last().map(|t| &t.tok), Some(Tok::Ident(_)))
            && space
            && !matches!(self.peek(1), b' ' | b'\t' | b'\n' | b'=')
    }

    /// Lexes until the end (or, in `#{}` code, until the closing brace).
    fn run(&mut self, in_interpolation: bool) -> Result<(), LexError> {
        let mut space = true;
        loop {
            let Some(&c) = self.b.get(self.pos) else {
                if in_interpolation {
                    return self.err("unterminated string meets end of file");
                }
                return Ok(());
            };
            let line = self.line;
            match c {
                b' ' | b'\t' | b'\r' | 0x0c | 0x0b => {
                    self.pos += 1;
                    space = true;
                    continue;
                }
                b'\\' if self.peek(1) == b'\n' => {
                    self.pos += 2;
                    self.line += 1;
                    space = true;
                    continue;
                }
                b'\n' => {
                    self.pos += 1;
                    self.line += 1;
                    if self.at_line_start_begin() {
                        self.skip_embedded_doc()?;
                    }
                    if !self.value_expected() && !self.continues_with_dot() {
                        self.push(Tok::Nl, space, line);
                    }
                    space = true;
                    continue;
                }
                b'#' => {
                    while self.pos < self.b.len() && self.b[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                    space = true;
                    continue;
                }
                _ => {}
            }
            if c as char == TEXT_MARK {
                let end = self.src[self.pos + 1..]
                    .find(TEXT_MARK)
                    .map(|i| self.pos + 1 + i)
                    .unwrap_or(self.b.len());
                let idx = self.src[self.pos + 1..end].parse().unwrap_or(usize::MAX);
                self.pos = end + 1;
                self.push(Tok::Text(idx), space, line);
                space = false;
                continue;
            }
            // Whether a value is expected matters only to the operator-like characters.
            let value = !(c.is_ascii_digit()
                || is_ident_start(c)
                || matches!(c, b'@' | b'$' | b'"' | b'`' | b'\''))
                && (self.value_expected() || self.starts_argument(space));
            if c.is_ascii_digit() {
                self.number(space)?;
            } else if is_ident_start(c) {
                self.word(space);
            } else if c == b'@' {
                if self.peek(1) == b'@' {
                    return self.err("class variables (@@x)");
                }
                let start = self.pos;
                self.pos += 1;
                while self.pos < self.b.len() && is_ident(self.b[self.pos]) {
                    self.pos += 1;
                }
                let name = self.src[start..self.pos].to_string();
                self.push(Tok::Ivar(name), space, line);
            } else if c == b'$' {
                self.gvar(space)?;
            } else if c == b'"' || c == b'`' {
                if c == b'`' {
                    return self.err("command output (`...`)");
                }
                self.pos += 1;
                let parts = self.string_body(b'"', 0, false)?;
                self.push(Tok::Str(parts), space, line);
            } else if c == b'\'' {
                self.pos += 1;
                let s = self.single_body(b'\'', 0)?;
                self.push(Tok::Str(vec![StrPart::Lit(s)]), space, line);
            } else if c == b'/' && value {
                self.pos += 1;
                let parts = self.string_body(b'/', 0, true)?;
                let flags = self.regex_flags();
                self.push(Tok::Regex(parts, flags), space, line);
            } else if c == b'%'
                && value
                && matches!(
                    self.peek(1),
                    b'w' | b'W'
                        | b'i'
                        | b'I'
                        | b'q'
                        | b'Q'
                        | b'r'
                        | b'('
                        | b'['
                        | b'{'
                        | b'<'
                        | b'|'
                        | b'!'
                )
            {
                self.percent(space)?;
            } else if c == b':' && self.peek(1) != b':' && self.symbol_follows(value) {
                self.symbol(space)?;
            } else if c == b'?' && value && self.peek(1) > b' ' && !is_ident(self.peek(2)) {
                let ch = self.src[self.pos + 1..].chars().next().unwrap_or(' ');
                self.pos += 1 + ch.len_utf8();
                self.push(Tok::Str(vec![StrPart::Lit(ch.to_string())]), space, line);
            } else if c == b'<'
                && value
                && self.peek(1) == b'<'
                && matches!(self.peek(2), b'~' | b'-' | b'A'..=b'Z' | b'"' | b'\'')
            {
                return self.err("heredocs");
            } else {
                let Some(op) = operator_at(&self.b[self.pos..]) else {
                    let ch = self.src[self.pos..].chars().next().unwrap_or(' ');
                    return self.err(format!("unexpected character {ch:?}"));
                };
                self.pos += op.len();
                match op {
                    "{" => self.paren += 1,
                    "}" if self.paren == 0 && in_interpolation => return Ok(()),
                    "}" => self.paren -= 1,
                    "?" => self.ternary += 1,
                    ":" => self.ternary = self.ternary.saturating_sub(1),
                    _ => {}
                }
                // `-1` where a value is expected is a negative number.
                if (op == "-" || op == "+") && value && self.peek(0).is_ascii_digit() {
                    let negative = op == "-";
                    self.number(space)?;
                    if negative {
                        if let Some(t) = self.out.last_mut() {
                            t.tok = match t.tok {
                                Tok::Int(i) => Tok::Int(-i),
                                Tok::Float(f) => Tok::Float(-f),
                                ref other => other.clone(),
                            };
                        }
                    }
                } else {
                    let op = match op {
                        "-" if value => "-@",
                        "+" if value => "+@",
                        "*" if value => "*@",
                        "&" if value => "&@",
                        "[" if value => "[@",
                        "::" if value => "::@",
                        "(" if value && space => "(@",
                        other => other,
                    };
                    self.push(Tok::Op(op), space, line);
                }
            }
            space = false;
        }
    }

    fn at_line_start_begin(&self) -> bool {
        self.b[self.pos..].starts_with(b"=begin")
    }

    fn skip_embedded_doc(&mut self) -> Result<(), LexError> {
        loop {
            match self.src[self.pos..].find('\n') {
                None => return self.err("embedded document meets end of file"),
                Some(i) => {
                    self.pos += i + 1;
                    self.line += 1;
                    if self.b[self.pos..].starts_with(b"=end") {
                        while self.pos < self.b.len() && self.b[self.pos] != b'\n' {
                            self.pos += 1;
                        }
                        return Ok(());
                    }
                }
            }
        }
    }

    /// A line that starts (after blanks) with `.foo` or `&.foo` continues the previous.
    fn continues_with_dot(&self) -> bool {
        let mut p = self.pos;
        while p < self.b.len() && matches!(self.b[p], b' ' | b'\t') {
            p += 1;
        }
        (self.b[p..].starts_with(b".") && !self.b[p..].starts_with(b".."))
            || self.b[p..].starts_with(b"&.")
    }

    fn symbol_follows(&self, value: bool) -> bool {
        let next = self.peek(1);
        let starts = is_ident_start(next) || matches!(next, b'"' | b'\'' | b'@' | b'$');
        let op_sym = matches!(
            next,
            b'[' | b'+' | b'-' | b'*' | b'<' | b'=' | b'!' | b'>' | b'%'
        );
        (starts && (value || self.ternary == 0)) || (op_sym && value)
    }

    fn symbol(&mut self, space: bool) -> Result<(), LexError> {
        let line = self.line;
        self.pos += 1;
        if self.peek(0) == b'"' {
            self.pos += 1;
            let parts = self.string_body(b'"', 0, false)?;
            self.push(Tok::DSym(parts), space, line);
            return Ok(());
        }
        if self.peek(0) == b'\'' {
            self.pos += 1;
            let s = self.single_body(b'\'', 0)?;
            self.push(Tok::Sym(s), space, line);
            return Ok(());
        }
        let rest = &self.src[self.pos..];
        for op in [
            "[]=", "[]", "<=>", "===", "==", "=~", "!=", "!~", "<<", ">>", "<=", ">=", "**", "+@",
            "-@", "+", "-", "*", "/", "%", "<", ">", "!",
        ] {
            if rest.starts_with(op) {
                self.pos += op.len();
                self.push(Tok::Sym(op.to_string()), space, line);
                return Ok(());
            }
        }
        let start = self.pos;
        while self.pos < self.b.len()
            && (is_ident(self.b[self.pos])
                || self.b[self.pos] == b'@' && self.pos == start
                || self.b[self.pos] == b'$' && self.pos == start)
        {
            self.pos += 1;
        }
        if matches!(self.peek(0), b'?' | b'!' | b'=')
            && !matches!(self.peek(1), b'=' | b'~' | b'>')
            && self.peek(0) != b'='
        {
            self.pos += 1;
        }
        let name = self.src[start..self.pos].to_string();
        self.push(Tok::Sym(name), space, line);
        Ok(())
    }

    fn number(&mut self, space: bool) -> Result<(), LexError> {
        let line = self.line;
        let start = self.pos;
        if self.peek(0) == b'0' && matches!(self.peek(1), b'x' | b'X' | b'b' | b'B' | b'o' | b'O') {
            let radix = match self.peek(1) {
                b'x' | b'X' => 16,
                b'b' | b'B' => 2,
                _ => 8,
            };
            self.pos += 2;
            let ds = self.pos;
            while self.pos < self.b.len()
                && (self.b[self.pos].is_ascii_hexdigit() || self.b[self.pos] == b'_')
            {
                self.pos += 1;
            }
            let digits: String = self.src[ds..self.pos]
                .chars()
                .filter(|c| *c != '_')
                .collect();
            return match i64::from_str_radix(&digits, radix) {
                Ok(i) => {
                    self.push(Tok::Int(i), space, line);
                    Ok(())
                }
                Err(_) => self.err(format!("numeric literal {}", &self.src[start..self.pos])),
            };
        }
        while self.pos < self.b.len()
            && (self.b[self.pos].is_ascii_digit() || self.b[self.pos] == b'_')
        {
            self.pos += 1;
        }
        let mut float = false;
        if self.peek(0) == b'.' && self.peek(1).is_ascii_digit() {
            float = true;
            self.pos += 1;
            while self.pos < self.b.len()
                && (self.b[self.pos].is_ascii_digit() || self.b[self.pos] == b'_')
            {
                self.pos += 1;
            }
        }
        if matches!(self.peek(0), b'e' | b'E')
            && (self.peek(1).is_ascii_digit()
                || matches!(self.peek(1), b'+' | b'-') && self.peek(2).is_ascii_digit())
        {
            float = true;
            self.pos += 2;
            while self.pos < self.b.len() && self.b[self.pos].is_ascii_digit() {
                self.pos += 1;
            }
        }
        let text: String = self.src[start..self.pos]
            .chars()
            .filter(|c| *c != '_')
            .collect();
        let tok = if float {
            Tok::Float(text.parse().unwrap_or(0.0))
        } else if text.len() > 1 && text.starts_with('0') {
            match i64::from_str_radix(&text[1..], 8) {
                Ok(i) => Tok::Int(i),
                Err(_) => return self.err(format!("numeric literal {text}")),
            }
        } else {
            match text.parse() {
                Ok(i) => Tok::Int(i),
                Err(_) => return self.err(format!("integer {text} (beyond 64 bits)")),
            }
        };
        self.push(tok, space, line);
        Ok(())
    }

    fn word(&mut self, space: bool) {
        let line = self.line;
        let start = self.pos;
        while self.pos < self.b.len() && is_ident(self.b[self.pos]) {
            self.pos += 1;
        }
        let after_dot = matches!(
            self.out.last().map(|t| &t.tok),
            Some(Tok::Op("." | "&." | "::")) | Some(Tok::Kw("def"))
        );
        if matches!(self.peek(0), b'?' | b'!') && (self.peek(1) != b'=' || self.peek(2) == b'=') {
            self.pos += 1;
        }
        let word = &self.src[start..self.pos];
        // `name:` (not `name::`) is a hash key or keyword argument.
        if !after_dot
            && self.peek(0) == b':'
            && self.peek(1) != b':'
            && self.ternary == 0
            && !word.ends_with('?')
        {
            self.pos += 1;
            self.push(Tok::Label(word.to_string()), space, line);
            return;
        }
        let tok = if after_dot {
            Tok::Ident(word.to_string())
        } else if let Some(kw) = keyword(word) {
            Tok::Kw(kw)
        } else if word.starts_with(|c: char| c.is_ascii_uppercase()) {
            Tok::Const(word.to_string())
        } else {
            Tok::Ident(word.to_string())
        };
        self.push(tok, space, line);
    }

    fn gvar(&mut self, space: bool) -> Result<(), LexError> {
        let line = self.line;
        let next = self.peek(1);
        if next.is_ascii_digit() {
            let start = self.pos + 1;
            self.pos += 1;
            while self.pos < self.b.len() && self.b[self.pos].is_ascii_digit() {
                self.pos += 1;
            }
            let n = self.src[start..self.pos].parse().unwrap_or(0);
            self.push(Tok::NthRef(n), space, line);
            return Ok(());
        }
        if is_ident_start(next) {
            let start = self.pos;
            self.pos += 1;
            while self.pos < self.b.len() && is_ident(self.b[self.pos]) {
                self.pos += 1;
            }
            let name = self.src[start..self.pos].to_string();
            self.push(Tok::Gvar(name), space, line);
            return Ok(());
        }
        if matches!(
            next,
            b'~' | b'!' | b'&' | b'0' | b'_' | b'/' | b';' | b',' | b'.'
        ) {
            let name = self.src[self.pos..self.pos + 2].to_string();
            self.pos += 2;
            self.push(Tok::Gvar(name), space, line);
            return Ok(());
        }
        self.err("global variable name")
    }

    fn regex_flags(&mut self) -> String {
        let start = self.pos;
        while self.pos < self.b.len()
            && matches!(
                self.b[self.pos],
                b'i' | b'm' | b'x' | b'o' | b'u' | b'n' | b'e' | b's'
            )
        {
            self.pos += 1;
        }
        self.src[start..self.pos].to_string()
    }

    /// `%w[...]`, `%i(...)`, `%q{...}`, `%Q|...|`, `%(...)`, `%r{...}`.
    fn percent(&mut self, space: bool) -> Result<(), LexError> {
        let line = self.line;
        self.pos += 1;
        let kind = if self.peek(0).is_ascii_alphabetic() {
            self.pos += 1;
            self.b[self.pos - 1]
        } else {
            b'Q'
        };
        let open = self.peek(0);
        let close = match open {
            b'(' => b')',
            b'[' => b']',
            b'{' => b'}',
            b'<' => b'>',
            c if c.is_ascii_punctuation() => c,
            _ => return self.err("percent literal delimiter"),
        };
        self.pos += 1;
        let nest = if close != open { open } else { 0 };
        match kind {
            b'w' | b'W' | b'i' | b'I' => {
                let body = self.single_body(close, nest)?;
                let words = body.split_whitespace().map(String::from).collect();
                self.push(Tok::Words(words, matches!(kind, b'i' | b'I')), space, line);
            }
            b'q' => {
                let s = self.single_body(close, nest)?;
                self.push(Tok::Str(vec![StrPart::Lit(s)]), space, line);
            }
            b'Q' => {
                let parts = self.string_body(close, nest, false)?;
                self.push(Tok::Str(parts), space, line);
            }
            b'r' => {
                let parts = self.string_body(close, nest, true)?;
                let flags = self.regex_flags();
                self.push(Tok::Regex(parts, flags), space, line);
            }
            other => return self.err(format!("%{} literals", other as char)),
        }
        Ok(())
    }

    /// How many bytes from here a string body takes as they are: up to a `\\`, a line
    /// break, the delimiters, or (with `hash`) a `#`.
    fn plain_run(&self, close: u8, nest: u8, hash: bool) -> usize {
        let rest = &self.b[self.pos..];
        rest.iter()
            .position(|&c| {
                c == b'\\'
                    || c == close
                    || c == b'\n'
                    || (nest != 0 && c == nest)
                    || (hash && c == b'#')
            })
            .unwrap_or(rest.len())
    }

    /// A single-quoted body: only `\\` and the closing delimiter are escapes.
    fn single_body(&mut self, close: u8, nest: u8) -> Result<String, LexError> {
        let mut out = String::new();
        let mut depth = 0;
        loop {
            // A run of plain bytes goes in at once (it ends at an ASCII byte, so on a
            // character boundary).
            let run = self.plain_run(close, nest, false);
            if run > 0 {
                out.push_str(&self.src[self.pos..self.pos + run]);
                self.pos += run;
            }
            let Some(&c) = self.b.get(self.pos) else {
                return self.err("unterminated string meets end of file");
            };
            if c == b'\\'
                && (self.peek(1) == close
                    || self.peek(1) == b'\\'
                    || (nest != 0 && self.peek(1) == nest))
            {
                out.push(self.peek(1) as char);
                self.pos += 2;
                continue;
            }
            if nest != 0 && c == nest {
                depth += 1;
            } else if c == close {
                if depth == 0 {
                    self.pos += 1;
                    return Ok(out);
                }
                depth -= 1;
            }
            if c == b'\n' {
                self.line += 1;
            }
            let ch = self.src[self.pos..].chars().next().unwrap_or(' ');
            out.push(ch);
            self.pos += ch.len_utf8();
        }
    }

    /// A double-quoted (or regex) body with escapes and `#{}` / `#@x` / `#$x` parts.
    /// Regex bodies (`close == '/'` or from `%r`) keep their escapes for the engine.
    fn string_body(
        &mut self,
        close: u8,
        nest: u8,
        is_regex: bool,
    ) -> Result<Vec<StrPart>, LexError> {
        let mut parts = Vec::new();
        let mut lit = String::new();
        let mut depth = 0;
        loop {
            let run = self.plain_run(close, nest, true);
            if run > 0 {
                lit.push_str(&self.src[self.pos..self.pos + run]);
                self.pos += run;
            }
            let Some(&c) = self.b.get(self.pos) else {
                return self.err("unterminated string meets end of file");
            };
            if c == b'\\' {
                let n = self.peek(1);
                if is_regex {
                    if n == close {
                        lit.push(close as char);
                    } else {
                        lit.push('\\');
                        let ch = self.src[self.pos + 1..].chars().next().unwrap_or('\\');
                        lit.push(ch);
                        self.pos += 1 + ch.len_utf8();
                        continue;
                    }
                    self.pos += 2;
                    continue;
                }
                self.pos += 2;
                match n {
                    b'n' => lit.push('\n'),
                    b't' => lit.push('\t'),
                    b's' => lit.push(' '),
                    b'r' => lit.push('\r'),
                    b'0' if !self.peek(0).is_ascii_digit() => lit.push('\0'),
                    b'e' => lit.push('\u{1b}'),
                    b'a' => lit.push('\u{7}'),
                    b'b' => lit.push('\u{8}'),
                    b'f' => lit.push('\u{c}'),
                    b'v' => lit.push('\u{b}'),
                    b'\n' => self.line += 1,
                    b'u' => {
                        let s = self.unicode_escape()?;
                        lit.push_str(&s);
                    }
                    b'x' => {
                        let start = self.pos;
                        while self.pos < start + 2 && self.peek(0).is_ascii_hexdigit() {
                            self.pos += 1;
                        }
                        let v = u32::from_str_radix(&self.src[start..self.pos], 16).unwrap_or(0);
                        lit.push(char::from_u32(v).unwrap_or('\u{fffd}'));
                    }
                    b'0'..=b'7' => {
                        let start = self.pos - 1;
                        while self.pos < start + 3 && matches!(self.peek(0), b'0'..=b'7') {
                            self.pos += 1;
                        }
                        let v = u32::from_str_radix(&self.src[start..self.pos], 8).unwrap_or(0);
                        lit.push(char::from_u32(v).unwrap_or('\u{fffd}'));
                    }
                    0 => return self.err("unterminated string meets end of file"),
                    _ => {
                        self.pos -= 1;
                        let ch = self.src[self.pos..].chars().next().unwrap_or(' ');
                        lit.push(ch);
                        self.pos += ch.len_utf8();
                    }
                }
                continue;
            }
            if c == b'#' && matches!(self.peek(1), b'{' | b'@' | b'$') {
                if !lit.is_empty() {
                    parts.push(StrPart::Lit(std::mem::take(&mut lit)));
                }
                if self.peek(1) == b'{' {
                    self.pos += 2;
                    let mut sub = Lexer {
                        src: self.src,
                        b: self.b,
                        pos: self.pos,
                        line: self.line,
                        out: Vec::new(),
                        paren: 0,
                        ternary: 0,
                    };
                    sub.run(true)?;
                    self.pos = sub.pos;
                    self.line = sub.line;
                    let line = sub.line;
                    let mut toks = sub.out;
                    toks.push(Token {
                        tok: Tok::Eof,
                        line,
                        space: true,
                    });
                    parts.push(StrPart::Code(toks));
                } else {
                    self.pos += 1;
                    let line = self.line;
                    let start = self.pos;
                    self.pos += 1;
                    while self.pos < self.b.len() && is_ident(self.b[self.pos]) {
                        self.pos += 1;
                    }
                    let name = self.src[start..self.pos].to_string();
                    let tok = if name.starts_with('@') {
                        Tok::Ivar(name)
                    } else {
                        Tok::Gvar(name)
                    };
                    parts.push(StrPart::Code(vec![
                        Token {
                            tok,
                            line,
                            space: false,
                        },
                        Token {
                            tok: Tok::Eof,
                            line,
                            space: true,
                        },
                    ]));
                }
                continue;
            }
            if nest != 0 && c == nest {
                depth += 1;
            } else if c == close {
                if depth == 0 {
                    self.pos += 1;
                    break;
                }
                depth -= 1;
            }
            if c == b'\n' {
                self.line += 1;
            }
            let ch = self.src[self.pos..].chars().next().unwrap_or(' ');
            lit.push(ch);
            self.pos += ch.len_utf8();
        }
        if !lit.is_empty() || parts.is_empty() {
            parts.push(StrPart::Lit(lit));
        }
        Ok(parts)
    }

    fn unicode_escape(&mut self) -> Result<String, LexError> {
        let mut out = String::new();
        if self.peek(0) == b'{' {
            self.pos += 1;
            loop {
                while self.peek(0) == b' ' {
                    self.pos += 1;
                }
                if self.peek(0) == b'}' {
                    self.pos += 1;
                    return Ok(out);
                }
                let start = self.pos;
                while self.peek(0).is_ascii_hexdigit() {
                    self.pos += 1;
                }
                if start == self.pos {
                    return self.err("invalid Unicode escape");
                }
                let v = u32::from_str_radix(&self.src[start..self.pos], 16).unwrap_or(0xfffd);
                out.push(char::from_u32(v).unwrap_or('\u{fffd}'));
            }
        }
        let start = self.pos;
        while self.pos < start + 4 && self.peek(0).is_ascii_hexdigit() {
            self.pos += 1;
        }
        if self.pos - start != 4 {
            return self.err("invalid Unicode escape");
        }
        let v = u32::from_str_radix(&self.src[start..self.pos], 16).unwrap_or(0xfffd);
        out.push(char::from_u32(v).unwrap_or('\u{fffd}'));
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ruby's keywords, as the lexer knew them as a list.
    const KEYWORDS: &[&str] = &[
        "alias", "and", "begin", "break", "case", "class", "def", "defined?", "do", "else",
        "elsif", "end", "ensure", "false", "for", "if", "in", "module", "next", "nil", "not", "or",
        "redo", "rescue", "retry", "return", "self", "super", "then", "true", "undef", "unless",
        "until", "when", "while", "yield", "__FILE__", "__LINE__",
    ];

    /// Operators, longest first: the first that starts the text is the operator.
    const OPERATORS: &[&str] = &[
        "**=", "<=>", "===", "...", "<<=", ">>=", "&&=", "||=", "&.", "**", "==", "!=", ">=", "<=",
        "&&", "||", "<<", ">>", "=~", "!~", "..", "::", "->", "=>", "+=", "-=", "*=", "/=", "%=",
        "|=", "&=", "^=", "+", "-", "*", "/", "%", "=", "<", ">", "!", "&", "|", "^", "~", "?",
        ":", ",", ".", ";", "(", ")", "[", "]", "{", "}",
    ];

    #[test]
    fn keywords_are_the_listed_ones() {
        for k in KEYWORDS {
            assert_eq!(keyword(k), Some(*k));
        }
        for w in ["", "x", "defined", "End", "nil?", "__FILE", "ends", "i"] {
            assert_eq!(keyword(w), None, "{w:?}");
        }
    }

    #[test]
    fn operators_match_longest_first() {
        let chars: Vec<u8> = b"*<=>.&|!:-+/%^~?,;()[]{}a 0\x00".to_vec();
        let mut texts: Vec<Vec<u8>> = vec![Vec::new()];
        for len in 1..=3 {
            let mut next = Vec::new();
            for t in texts.iter().filter(|t| t.len() == len - 1) {
                for c in &chars {
                    let mut t = t.clone();
                    t.push(*c);
                    next.push(t);
                }
            }
            texts.extend(next);
        }
        for t in texts {
            let expected = OPERATORS
                .iter()
                .find(|op| t.starts_with(op.as_bytes()))
                .copied();
            assert_eq!(
                operator_at(&t),
                expected,
                "{:?}",
                String::from_utf8_lossy(&t)
            );
        }
    }
}
