//! `def self.title_patterns` as Ruby code, evaluated without Ruby. Besides literal
//! lists, types build their patterns with code: puppet-keystone's interpolate regexes
//! that helper methods return (`/^(#{region})\/(#{name})$/`, `Regexp.new(...)`) and
//! call `PuppetX::Keystone::CompositeNamevar.basic_split_title_patterns(:name, :type)`
//! from a file they `require`. This is an evaluator for that subset: local variables,
//! literals (strings, symbols, integers, regexes with `#{}`, arrays), `if`/`unless`,
//! `return`, the operators such code uses, a few core methods, and the `def self.x`
//! methods of the type file and of the files it requires (found by module nesting).
//! Anything else is an error, and the caller treats the patterns as unknown.

use super::{lex, Tok, KEYWORDS};
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};

/// A title pattern: Ruby regex source, options (`mix` letters), the attributes its
/// groups give.
pub(super) type Pattern = (String, String, Vec<String>);

/// Nested method calls allowed before giving up (a recursive helper).
const MAX_DEPTH: usize = 32;
/// Expressions nested in one another.
const MAX_NESTING: usize = 64;
/// Files followed through `require`.
const MAX_FILES: usize = 32;

#[derive(Clone, Debug, PartialEq)]
enum Val {
    Nil,
    Bool(bool),
    Int(i64),
    Str(String),
    Sym(String),
    /// A Regexp: source and options (`mix` letters).
    Regex(String, String),
    Array(Vec<Val>),
}

impl Val {
    fn truthy(&self) -> bool {
        !matches!(self, Val::Nil | Val::Bool(false))
    }

    /// `to_s`, as `#{}` interpolates it.
    fn to_s(&self) -> Result<String, String> {
        Ok(match self {
            Val::Nil => String::new(),
            Val::Bool(b) => b.to_string(),
            Val::Int(i) => i.to_string(),
            Val::Str(s) | Val::Sym(s) => s.clone(),
            Val::Regex(source, options) => regexp_to_s(source, options),
            Val::Array(_) => return Err("an Array interpolated".into()),
        })
    }
}

/// Ruby's `Regexp#to_s`: `(?i-mx:source)`, with `/` escaped.
fn regexp_to_s(source: &str, options: &str) -> String {
    let on: String = "mix".chars().filter(|c| options.contains(*c)).collect();
    let off: String = "mix".chars().filter(|c| !options.contains(*c)).collect();
    let mut out = format!("(?{on}");
    if !off.is_empty() {
        out.push('-');
        out.push_str(&off);
    }
    out.push(':');
    let mut chars = source.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                out.push(c);
                if let Some(d) = chars.next() {
                    out.push(d);
                }
            }
            '/' => out.push_str("\\/"),
            _ => out.push(c),
        }
    }
    out.push(')');
    out
}

/// Where each block that `end` closes ends: opening token index to `end` index.
/// Openers are those of Ruby's grammar: `def` (not `def x = ...`), `class`, `module`,
/// `begin`, `case`, `for`, `do` (not a `while ... do`'s), and `if`, `unless`, `while`,
/// `until` starting a statement (not modifiers).
pub(super) fn block_ends(toks: &[Tok]) -> HashMap<usize, usize> {
    let mut stack = Vec::new();
    let mut out = HashMap::new();
    let mut loop_on_line = false;
    for (i, t) in toks.iter().enumerate() {
        let word = match t {
            Tok::Nl => {
                loop_on_line = false;
                continue;
            }
            Tok::Ident(w) => w.as_str(),
            _ => continue,
        };
        if i > 0 && matches!(toks[i - 1], Tok::Punct("." | "&." | "::")) {
            continue;
        }
        match word {
            "end" => {
                if let Some(open) = stack.pop() {
                    out.insert(open, i);
                }
            }
            "do" if loop_on_line => loop_on_line = false,
            "def" if !endless_def(toks, i) => stack.push(i),
            "do" | "class" | "module" | "begin" | "case" | "for" => stack.push(i),
            "if" | "unless" | "while" | "until" if statement_start(toks, i) => {
                stack.push(i);
                loop_on_line = matches!(word, "while" | "until");
            }
            _ => {}
        }
    }
    out
}

/// `def name = expr` (and `def self.name = expr`): no `end`.
fn endless_def(toks: &[Tok], at: usize) -> bool {
    let mut k = at + 2;
    if matches!(toks.get(at + 1), Some(Tok::Ident(s)) if s == "self")
        && matches!(toks.get(at + 2), Some(Tok::Punct(".")))
    {
        k = at + 4;
    }
    matches!(toks.get(k), Some(Tok::Punct("=")))
        && !matches!(toks.get(k + 1), Some(Tok::Punct("(")))
}

/// Whether the token at `at` starts a statement (a keyword there is not a modifier:
/// `return if x` and `raise unless y` are).
fn statement_start(toks: &[Tok], at: usize) -> bool {
    match at.checked_sub(1).and_then(|p| toks.get(p)) {
        None | Some(Tok::Nl | Tok::Label(_)) => true,
        Some(Tok::Punct(p)) => !matches!(*p, ")" | "]" | "}" | "." | "&." | "::"),
        Some(Tok::Ident(w)) => {
            KEYWORDS.contains(&w.as_str())
                && !matches!(w.as_str(), "return" | "yield" | "puts" | "raise")
        }
        _ => false,
    }
}

#[derive(Clone, Debug)]
enum Param {
    Required(String),
    Optional(String, Vec<Tok>),
    Rest(String),
    Block,
}

#[derive(Clone, Debug)]
struct Method {
    params: Result<Vec<Param>, String>,
    body: Vec<Tok>,
}

/// The `def self.x` methods known, by the module they are defined in (`PuppetX::A::B`;
/// empty for the type file's top level and its `newtype` block) and name.
#[derive(Default)]
struct Library {
    methods: HashMap<(String, String), Method>,
}

impl Library {
    fn scan(&mut self, toks: &[Tok]) {
        let ends = block_ends(toks);
        let mut nesting: Vec<(usize, String)> = Vec::new();
        let mut i = 0;
        while i < toks.len() {
            while nesting.last().is_some_and(|(end, _)| *end <= i) {
                nesting.pop();
            }
            let Some(&end) = ends.get(&i) else {
                i += 1;
                continue;
            };
            match &toks[i] {
                Tok::Ident(w) if w == "module" || w == "class" => {
                    let (path, next) = const_path(toks, i + 1);
                    if !path.is_empty() {
                        nesting.push((end, path));
                    }
                    i = next;
                }
                Tok::Ident(w) if w == "def" => {
                    let is_self = matches!(toks.get(i + 1), Some(Tok::Ident(s)) if s == "self")
                        && matches!(toks.get(i + 2), Some(Tok::Punct(".")));
                    if let (true, Some(Tok::Ident(name))) = (is_self, toks.get(i + 3)) {
                        let (params, body_start) = def_params(toks, i + 4, end);
                        let owner = nesting
                            .iter()
                            .map(|(_, n)| n.as_str())
                            .collect::<Vec<_>>()
                            .join("::");
                        let method = Method {
                            params,
                            body: toks[body_start..end].to_vec(),
                        };
                        self.methods.insert((owner, name.clone()), method);
                    }
                    i = end + 1;
                }
                _ => i += 1,
            }
        }
    }

    /// A method called on `path` from code in module `from`, and the module it is
    /// defined in: the constant is looked up from the innermost enclosing module
    /// outwards, as Ruby does.
    fn find(&self, from: &str, path: &str, name: &str) -> Option<(String, &Method)> {
        let get = |owner: String| {
            let m = self.methods.get(&(owner.clone(), name.to_string()))?;
            Some((owner, m))
        };
        if let Some(absolute) = path.strip_prefix("::") {
            return get(absolute.to_string());
        }
        let mut scope = from.to_string();
        loop {
            let full = match (scope.is_empty(), path.is_empty()) {
                (true, _) => path.to_string(),
                (false, true) => scope.clone(),
                (false, false) => format!("{scope}::{path}"),
            };
            if let Some(found) = get(full) {
                return Some(found);
            }
            if scope.is_empty() {
                return None;
            }
            scope = scope
                .rsplit_once("::")
                .map(|(s, _)| s.to_string())
                .unwrap_or_default();
        }
    }
}

/// `A::B::C` at `at`: the path and the index after it.
fn const_path(toks: &[Tok], mut at: usize) -> (String, usize) {
    let mut path = String::new();
    if matches!(toks.get(at), Some(Tok::Punct("::"))) {
        path.push_str("::");
        at += 1;
    }
    while let Some(Tok::Ident(w)) = toks.get(at) {
        if !w.starts_with(|c: char| c.is_ascii_uppercase()) {
            break;
        }
        path.push_str(w);
        at += 1;
        if matches!(toks.get(at), Some(Tok::Punct("::")))
            && matches!(toks.get(at + 1), Some(Tok::Ident(n)) if n.starts_with(|c: char| c.is_ascii_uppercase()))
        {
            path.push_str("::");
            at += 1;
        } else {
            break;
        }
    }
    (path, at)
}

/// A `def`'s parameters (from just after its name) and where its body starts.
fn def_params(toks: &[Tok], at: usize, end: usize) -> (Result<Vec<Param>, String>, usize) {
    let (inner, body_start) = if matches!(toks.get(at), Some(Tok::Punct("("))) {
        let mut depth = 0usize;
        let mut k = at;
        while k < end {
            match toks[k] {
                Tok::Punct("(" | "[" | "{") => depth += 1,
                Tok::Punct(")" | "]" | "}") => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            k += 1;
        }
        (&toks[at + 1..k.min(end)], (k + 1).min(end))
    } else {
        let mut k = at;
        while k < end && !matches!(toks[k], Tok::Nl | Tok::Punct(";")) {
            k += 1;
        }
        (&toks[at..k], k)
    };
    let mut params = Vec::new();
    for part in split_commas(inner) {
        let param = match part {
            [Tok::Ident(n)] => Param::Required(n.clone()),
            [Tok::Ident(n), Tok::Punct("="), default @ ..] => {
                Param::Optional(n.clone(), default.to_vec())
            }
            [Tok::Punct("*"), Tok::Ident(n)] => Param::Rest(n.clone()),
            [Tok::Punct("&"), Tok::Ident(_)] => Param::Block,
            _ => {
                return (
                    Err("a parameter list beyond positional ones".into()),
                    body_start,
                )
            }
        };
        params.push(param);
    }
    (Ok(params), body_start)
}

/// The parts of a token list between top-level commas (newlines dropped).
fn split_commas(toks: &[Tok]) -> Vec<&[Tok]> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (k, t) in toks.iter().enumerate() {
        match t {
            Tok::Punct("(" | "[" | "{") => depth += 1,
            Tok::Punct(")" | "]" | "}") => depth = depth.saturating_sub(1),
            Tok::Punct(",") if depth == 0 => {
                out.push(&toks[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    out.push(&toks[start..]);
    out.into_iter()
        .map(|p| {
            let a = p
                .iter()
                .position(|t| !matches!(t, Tok::Nl))
                .unwrap_or(p.len());
            let b = p
                .iter()
                .rposition(|t| !matches!(t, Tok::Nl))
                .map_or(a, |b| b + 1);
            &p[a..b.max(a)]
        })
        .filter(|p| !p.is_empty())
        .collect()
}

#[derive(Clone, Debug)]
enum Expr {
    Val(Val),
    /// A regex literal: text and `#{}` code, options.
    Regex(Vec<Part>, String),
    Array(Vec<Expr>),
    /// A local variable, or a method of `self` called without arguments.
    Name(String),
    Call(Recv, String, Vec<Expr>),
    Index(Box<Expr>, Box<Expr>),
    Binary(&'static str, Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    If(Vec<(Expr, Vec<Expr>)>, Vec<Expr>),
    Assign(String, Box<Expr>),
    Return(Option<Box<Expr>>),
    Raise,
}

#[derive(Clone, Debug)]
enum Recv {
    SelfRef,
    Const(String),
    Value(Box<Expr>),
}

#[derive(Clone, Debug)]
enum Part {
    Text(String),
    Code(Expr),
}

struct Parser<'a> {
    toks: &'a [Tok],
    i: usize,
    /// Expressions open (a cap keeps a deeply nested input from overflowing the stack).
    depth: usize,
}

type Parsed<T> = Result<T, String>;

impl Parser<'_> {
    fn tok(&self, k: usize) -> Option<&Tok> {
        self.toks.get(self.i + k)
    }

    fn at_word(&self, w: &str) -> bool {
        matches!(self.tok(0), Some(Tok::Ident(x)) if x == w)
    }

    fn at_punct(&self, p: &str) -> bool {
        matches!(self.tok(0), Some(Tok::Punct(x)) if *x == p)
    }

    fn eat_punct(&mut self, p: &str) -> bool {
        let at = self.at_punct(p);
        if at {
            self.i += 1;
        }
        at
    }

    fn expect_punct(&mut self, p: &str) -> Parsed<()> {
        if self.eat_punct(p) {
            Ok(())
        } else {
            Err(format!("`{p}` expected, found {:?}", self.tok(0)))
        }
    }

    fn skip_newlines(&mut self) {
        while matches!(self.tok(0), Some(Tok::Nl | Tok::Punct(";"))) {
            self.i += 1;
        }
    }

    /// Statements up to the end of the tokens or one of the `stop` keywords.
    fn body(&mut self, stop: &[&str]) -> Parsed<Vec<Expr>> {
        let mut out = Vec::new();
        loop {
            self.skip_newlines();
            match self.tok(0) {
                None => return Ok(out),
                Some(Tok::Ident(w)) if stop.contains(&w.as_str()) => return Ok(out),
                _ => {}
            }
            out.push(self.statement()?);
            if !matches!(self.tok(0), None | Some(Tok::Nl | Tok::Punct(";"))) {
                return Err(format!("unexpected {:?}", self.tok(0)));
            }
        }
    }

    fn statement(&mut self) -> Parsed<Expr> {
        let stmt = match self.tok(0) {
            Some(Tok::Ident(w)) if w == "return" => {
                self.i += 1;
                if matches!(self.tok(0), None | Some(Tok::Nl | Tok::Punct(";"))) {
                    Expr::Return(None)
                } else {
                    Expr::Return(Some(Box::new(self.expr()?)))
                }
            }
            Some(Tok::Ident(w)) if w == "raise" || w == "fail" => {
                while !matches!(self.tok(0), None | Some(Tok::Nl)) {
                    self.i += 1;
                }
                Expr::Raise
            }
            Some(Tok::Ident(name))
                if name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
                    && assignment(self.tok(1)).is_some() =>
            {
                let name = name.clone();
                let op = assignment(self.tok(1)).unwrap_or("=");
                self.i += 2;
                self.skip_newlines_in_expression();
                let value = self.expr()?;
                let var = Box::new(Expr::Name(name.clone()));
                let value = match op {
                    "=" => value,
                    "+=" => Expr::Binary("+", var, Box::new(value)),
                    "-=" => Expr::Binary("-", var, Box::new(value)),
                    _ => Expr::Binary("||", var, Box::new(value)),
                };
                Expr::Assign(name, Box::new(value))
            }
            _ => self.expr()?,
        };
        // `stmt if cond` / `stmt unless cond`
        if self.at_word("if") || self.at_word("unless") {
            let negate = self.at_word("unless");
            self.i += 1;
            let cond = self.expr()?;
            let cond = if negate {
                Expr::Not(Box::new(cond))
            } else {
                cond
            };
            return Ok(Expr::If(vec![(cond, vec![stmt])], Vec::new()));
        }
        Ok(stmt)
    }

    fn skip_newlines_in_expression(&mut self) {
        while matches!(self.tok(0), Some(Tok::Nl)) {
            self.i += 1;
        }
    }

    fn expr(&mut self) -> Parsed<Expr> {
        if self.depth >= MAX_NESTING {
            return Err("expressions nested too deeply".into());
        }
        self.depth += 1;
        let e = self.expr_inner();
        self.depth -= 1;
        e
    }

    fn expr_inner(&mut self) -> Parsed<Expr> {
        let mut left = self.not_expr()?;
        loop {
            let op = if self.at_word("and") {
                "&&"
            } else if self.at_word("or") {
                "||"
            } else {
                return Ok(left);
            };
            self.i += 1;
            self.skip_newlines_in_expression();
            left = Expr::Binary(op, Box::new(left), Box::new(self.not_expr()?));
        }
    }

    fn not_expr(&mut self) -> Parsed<Expr> {
        let mut nots = 0;
        while self.at_word("not") {
            self.i += 1;
            nots += 1;
        }
        Ok(negated(self.binary(0)?, nots))
    }

    /// Binary operators by precedence, loosest first.
    fn binary(&mut self, level: usize) -> Parsed<Expr> {
        const LEVELS: &[&[&str]] = &[
            &["||"],
            &["&&"],
            &["==", "!="],
            &["<", "<=", ">", ">="],
            &["+", "-"],
        ];
        let Some(ops) = LEVELS.get(level) else {
            return self.unary();
        };
        let mut left = self.binary(level + 1)?;
        while let Some(Tok::Punct(p)) = self.tok(0) {
            let Some(op) = ops.iter().find(|o| **o == *p) else {
                break;
            };
            self.i += 1;
            self.skip_newlines_in_expression();
            left = Expr::Binary(op, Box::new(left), Box::new(self.binary(level + 1)?));
        }
        Ok(left)
    }

    fn unary(&mut self) -> Parsed<Expr> {
        let mut nots = 0;
        while self.eat_punct("!") {
            nots += 1;
        }
        if nots > 0 {
            return Ok(negated(self.unary()?, nots));
        }
        if self.at_punct("-") && matches!(self.tok(1), Some(Tok::Num(_))) {
            self.i += 1;
            let n = self.primary()?;
            return Ok(Expr::Binary(
                "-",
                Box::new(Expr::Val(Val::Int(0))),
                Box::new(n),
            ));
        }
        let mut e = self.primary()?;
        loop {
            if self.eat_punct(".") || self.eat_punct("&.") {
                let Some(Tok::Ident(name)) = self.tok(0).cloned() else {
                    return Err("a method name expected".into());
                };
                self.i += 1;
                let args = self.call_args()?;
                e = Expr::Call(Recv::Value(Box::new(e)), name, args);
            } else if self.at_punct("[") {
                self.i += 1;
                let index = self.expr()?;
                self.expect_punct("]")?;
                e = Expr::Index(Box::new(e), Box::new(index));
            } else {
                return Ok(e);
            }
        }
    }

    /// `(a, b)` right after a method name; nothing when there are no parentheses.
    fn call_args(&mut self) -> Parsed<Vec<Expr>> {
        if !self.at_punct("(") {
            return Ok(Vec::new());
        }
        self.i += 1;
        self.list(")")
    }

    /// Comma-separated expressions up to `close` (newlines and a trailing comma allowed).
    fn list(&mut self, close: &str) -> Parsed<Vec<Expr>> {
        let mut out = Vec::new();
        loop {
            self.skip_newlines_in_expression();
            if self.eat_punct(close) {
                return Ok(out);
            }
            out.push(self.expr()?);
            self.skip_newlines_in_expression();
            if !self.eat_punct(",") {
                self.skip_newlines_in_expression();
                self.expect_punct(close)?;
                return Ok(out);
            }
        }
    }

    fn primary(&mut self) -> Parsed<Expr> {
        let Some(t) = self.tok(0).cloned() else {
            return Err("an expression expected".into());
        };
        self.i += 1;
        Ok(match t {
            Tok::Str(s) if s.contains("#{") => return Err("string interpolation".into()),
            Tok::Str(s) => Expr::Val(Val::Str(unescape_string(&s))),
            Tok::Sym(s) => Expr::Val(Val::Sym(s)),
            Tok::Words(w) => Expr::Val(Val::Array(w.into_iter().map(Val::Str).collect())),
            Tok::Num(n) => Expr::Val(Val::Int(
                n.replace('_', "")
                    .parse()
                    .map_err(|_| format!("the number {n}"))?,
            )),
            Tok::Regex(source, flags) => Expr::Regex(regex_parts(&source)?, flags),
            Tok::Punct("[") => Expr::Array(self.list("]")?),
            Tok::Punct("(") => {
                self.skip_newlines_in_expression();
                let e = self.expr()?;
                self.skip_newlines_in_expression();
                self.expect_punct(")")?;
                e
            }
            Tok::Punct("::") => {
                self.i -= 1;
                self.constant()?
            }
            Tok::Ident(w) => match w.as_str() {
                "nil" => Expr::Val(Val::Nil),
                "true" => Expr::Val(Val::Bool(true)),
                "false" => Expr::Val(Val::Bool(false)),
                "self" if self.eat_punct(".") => {
                    let Some(Tok::Ident(name)) = self.tok(0).cloned() else {
                        return Err("a method name expected".into());
                    };
                    self.i += 1;
                    let args = self.call_args()?;
                    Expr::Call(Recv::SelfRef, name, args)
                }
                "if" | "unless" => self.if_expr(w == "unless")?,
                _ if w.starts_with(|c: char| c.is_ascii_uppercase()) => {
                    self.i -= 1;
                    self.constant()?
                }
                _ if KEYWORDS.contains(&w.as_str()) || w.starts_with(['@', '$']) => {
                    return Err(format!("`{w}`"))
                }
                _ if self.at_punct("(") => {
                    let args = self.call_args()?;
                    Expr::Call(Recv::SelfRef, w, args)
                }
                _ => Expr::Name(w),
            },
            other => return Err(format!("{other:?}")),
        })
    }

    /// `A::B.method(args)` (a constant's value itself is not known).
    fn constant(&mut self) -> Parsed<Expr> {
        let (path, next) = const_path(self.toks, self.i);
        self.i = next;
        if !self.eat_punct(".") {
            return Err(format!("the constant {path}"));
        }
        let Some(Tok::Ident(name)) = self.tok(0).cloned() else {
            return Err("a method name expected".into());
        };
        self.i += 1;
        let args = self.call_args()?;
        Ok(Expr::Call(Recv::Const(path), name, args))
    }

    /// After `if`/`unless`: branches up to `end`.
    fn if_expr(&mut self, negate: bool) -> Parsed<Expr> {
        let mut branches = Vec::new();
        let mut otherwise = Vec::new();
        let mut first = true;
        loop {
            let cond = self.expr()?;
            let cond = if first && negate {
                Expr::Not(Box::new(cond))
            } else {
                cond
            };
            first = false;
            if self.at_word("then") {
                self.i += 1;
            }
            let body = self.body(&["elsif", "else", "end"])?;
            branches.push((cond, body));
            if self.at_word("elsif") && !negate {
                self.i += 1;
                continue;
            }
            if self.at_word("else") {
                self.i += 1;
                otherwise = self.body(&["end"])?;
            }
            if !self.at_word("end") {
                return Err("`end` expected".into());
            }
            self.i += 1;
            return Ok(Expr::If(branches, otherwise));
        }
    }
}

/// `e` under `nots` negations (`!!x` is the truth of `x`, as a Boolean).
fn negated(e: Expr, nots: usize) -> Expr {
    match nots {
        0 => e,
        n if n % 2 == 1 => Expr::Not(Box::new(e)),
        _ => Expr::Not(Box::new(Expr::Not(Box::new(e)))),
    }
}

/// The operator of an assignment (`=`, `+=`, `-=`, `||=`).
fn assignment(t: Option<&Tok>) -> Option<&'static str> {
    match t {
        Some(Tok::Punct(op @ ("=" | "+=" | "-=" | "||="))) => Some(op),
        _ => None,
    }
}

/// A quoted string's text with the common escapes read (`\\`, `\'`, `\"`, `\n`, `\t`).
fn unescape_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(d) => out.push(d),
            None => out.push(c),
        }
    }
    out
}

/// A regex literal's text split at its `#{...}` interpolations, each parsed.
fn regex_parts(source: &str) -> Parsed<Vec<Part>> {
    let mut parts = Vec::new();
    let mut text = String::new();
    let bytes = source.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' {
            text.push_str(&source[i..(i + 2).min(bytes.len())]);
            i += 2;
            continue;
        }
        if bytes[i] == b'#' && bytes.get(i + 1) == Some(&b'{') {
            let start = i + 2;
            let mut depth = 1;
            let mut k = start;
            while k < bytes.len() {
                match bytes[k] {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                k += 1;
            }
            let toks = lex(&source[start..k.min(bytes.len())]);
            let mut p = Parser {
                toks: &toks,
                i: 0,
                depth: 0,
            };
            let mut body = p.body(&[])?;
            let code = match (body.pop(), body.is_empty()) {
                (Some(code), true) => code,
                _ => return Err("an interpolation of several statements".into()),
            };
            if !text.is_empty() {
                parts.push(Part::Text(std::mem::take(&mut text)));
            }
            parts.push(Part::Code(code));
            i = k + 1;
            continue;
        }
        let ch = source[i..].chars().next().unwrap_or('\u{fffd}');
        text.push(ch);
        i += ch.len_utf8().max(1);
    }
    if !text.is_empty() {
        parts.push(Part::Text(text));
    }
    Ok(parts)
}

enum Flow {
    Value(Val),
    Return(Val),
}

struct Frame {
    /// The module `self` is (empty: the type).
    owner: String,
    locals: HashMap<String, Val>,
}

struct Evaluator<'a> {
    library: &'a Library,
    depth: usize,
}

type Evaluated<T> = Result<T, String>;

impl Evaluator<'_> {
    fn block(&mut self, body: &[Expr], frame: &mut Frame) -> Evaluated<Flow> {
        let mut last = Val::Nil;
        for e in body {
            match self.eval(e, frame)? {
                Flow::Value(v) => last = v,
                ret @ Flow::Return(_) => return Ok(ret),
            }
        }
        Ok(Flow::Value(last))
    }

    /// An expression's value (a `return` inside an operand is not supported).
    fn value(&mut self, e: &Expr, frame: &mut Frame) -> Evaluated<Val> {
        match self.eval(e, frame)? {
            Flow::Value(v) => Ok(v),
            Flow::Return(_) => Err("`return` inside an expression".into()),
        }
    }

    fn eval(&mut self, e: &Expr, frame: &mut Frame) -> Evaluated<Flow> {
        let v = match e {
            Expr::Val(v) => v.clone(),
            Expr::Regex(parts, options) => {
                let mut source = String::new();
                for p in parts {
                    match p {
                        Part::Text(t) => source.push_str(t),
                        Part::Code(c) => source.push_str(&self.value(c, frame)?.to_s()?),
                    }
                }
                Val::Regex(source, regex_options(options))
            }
            Expr::Array(items) => Val::Array(
                items
                    .iter()
                    .map(|i| self.value(i, frame))
                    .collect::<Result<_, _>>()?,
            ),
            Expr::Name(n) => match frame.locals.get(n) {
                Some(v) => v.clone(),
                None => {
                    let owner = frame.owner.clone();
                    self.call_method(&owner, "", n, Vec::new())?
                }
            },
            Expr::Call(recv, name, args) => {
                let args: Vec<Val> = args
                    .iter()
                    .map(|a| self.value(a, frame))
                    .collect::<Result<_, _>>()?;
                match recv {
                    Recv::SelfRef => {
                        let owner = frame.owner.clone();
                        self.call_method(&owner, "", name, args)?
                    }
                    Recv::Const(path) => self.const_call(&frame.owner.clone(), path, name, args)?,
                    Recv::Value(r) => {
                        let r = self.value(r, frame)?;
                        core_method(&r, name, &args)?
                    }
                }
            }
            Expr::Index(target, index) => {
                match (self.value(target, frame)?, self.value(index, frame)?) {
                    (Val::Array(items), Val::Int(i)) => {
                        let at = if i < 0 { items.len() as i64 + i } else { i };
                        usize::try_from(at)
                            .ok()
                            .and_then(|k| items.get(k).cloned())
                            .unwrap_or(Val::Nil)
                    }
                    (t, i) => return Err(format!("{t:?}[{i:?}]")),
                }
            }
            Expr::Binary(op, l, r) => {
                let left = self.value(l, frame)?;
                match *op {
                    "&&" if !left.truthy() => left,
                    "||" if left.truthy() => left,
                    "&&" | "||" => self.value(r, frame)?,
                    _ => binary(op, left, self.value(r, frame)?)?,
                }
            }
            Expr::Not(x) => Val::Bool(!self.value(x, frame)?.truthy()),
            Expr::If(branches, otherwise) => {
                for (cond, body) in branches {
                    if self.value(cond, frame)?.truthy() {
                        return self.block(body, frame);
                    }
                }
                return self.block(otherwise, frame);
            }
            Expr::Assign(name, value) => {
                let v = self.value(value, frame)?;
                frame.locals.insert(name.clone(), v.clone());
                v
            }
            Expr::Return(v) => {
                let v = match v {
                    Some(v) => self.value(v, frame)?,
                    None => Val::Nil,
                };
                return Ok(Flow::Return(v));
            }
            Expr::Raise => return Err("the code raises an exception".into()),
        };
        Ok(Flow::Value(v))
    }

    /// `Const.name(args)`: `Regexp.new`, or a module's method.
    fn const_call(&mut self, from: &str, path: &str, name: &str, args: Vec<Val>) -> Evaluated<Val> {
        match (
            marionette_syntax::names::trim_root(path),
            name,
            args.as_slice(),
        ) {
            ("Regexp", "new", [Val::Regex(s, o)]) => Ok(Val::Regex(s.clone(), o.clone())),
            ("Regexp", "new", [Val::Str(s)]) => Ok(Val::Regex(s.clone(), String::new())),
            _ => self.call_method(from, path, name, args),
        }
    }

    fn call_method(
        &mut self,
        from: &str,
        path: &str,
        name: &str,
        args: Vec<Val>,
    ) -> Evaluated<Val> {
        let (owner, method) = self
            .library
            .find(from, path, name)
            .ok_or_else(|| format!("the method {path}.{name} is unknown"))?;
        let params = method.params.clone()?;
        if self.depth >= MAX_DEPTH {
            return Err("methods nested too deeply".into());
        }
        let mut frame = Frame {
            owner,
            locals: HashMap::new(),
        };
        let required = params
            .iter()
            .filter(|p| matches!(p, Param::Required(_)))
            .count();
        let optional = params
            .iter()
            .filter(|p| matches!(p, Param::Optional(..)))
            .count();
        let rest = params.iter().any(|p| matches!(p, Param::Rest(_)));
        if args.len() < required || (!rest && args.len() > required + optional) {
            return Err(format!("wrong number of arguments to {name}"));
        }
        let mut spare = args.len() - required;
        let mut args = args.into_iter();
        self.depth += 1;
        let result = (|| {
            for p in &params {
                let value = match p {
                    Param::Required(_) => args.next().unwrap_or(Val::Nil),
                    Param::Optional(_, default) if spare == 0 => {
                        let mut parser = Parser {
                            toks: default,
                            i: 0,
                            depth: 0,
                        };
                        let e = parser.expr()?;
                        self.value(&e, &mut frame)?
                    }
                    Param::Optional(..) => {
                        spare -= 1;
                        args.next().unwrap_or(Val::Nil)
                    }
                    Param::Rest(_) => {
                        let take = spare;
                        spare = 0;
                        Val::Array(args.by_ref().take(take).collect())
                    }
                    Param::Block => continue,
                };
                if let Param::Required(n) | Param::Optional(n, _) | Param::Rest(n) = p {
                    frame.locals.insert(n.clone(), value);
                }
            }
            let mut parser = Parser {
                toks: &method.body,
                i: 0,
                depth: 0,
            };
            let body = parser.body(&[])?;
            match self.block(&body, &mut frame)? {
                Flow::Value(v) | Flow::Return(v) => Ok(v),
            }
        })();
        self.depth -= 1;
        result
    }
}

/// A regex literal's options, as `mix` letters (`o`, `u`, `n`... are not options).
fn regex_options(flags: &str) -> String {
    "mix".chars().filter(|c| flags.contains(*c)).collect()
}

fn binary(op: &str, l: Val, r: Val) -> Evaluated<Val> {
    Ok(match (op, l, r) {
        ("==", l, r) => Val::Bool(l == r),
        ("!=", l, r) => Val::Bool(l != r),
        ("+", Val::Int(a), Val::Int(b)) => Val::Int(a.checked_add(b).ok_or("overflow")?),
        ("-", Val::Int(a), Val::Int(b)) => Val::Int(a.checked_sub(b).ok_or("overflow")?),
        ("+", Val::Str(a), Val::Str(b)) => Val::Str(a + &b),
        ("+", Val::Array(mut a), Val::Array(b)) => {
            a.extend(b);
            Val::Array(a)
        }
        ("<", Val::Int(a), Val::Int(b)) => Val::Bool(a < b),
        ("<=", Val::Int(a), Val::Int(b)) => Val::Bool(a <= b),
        (">", Val::Int(a), Val::Int(b)) => Val::Bool(a > b),
        (">=", Val::Int(a), Val::Int(b)) => Val::Bool(a >= b),
        (op, l, r) => return Err(format!("{l:?} {op} {r:?}")),
    })
}

/// The core methods such code calls on values.
fn core_method(r: &Val, name: &str, args: &[Val]) -> Evaluated<Val> {
    Ok(match (r, name, args) {
        (Val::Array(a), "empty?", []) => Val::Bool(a.is_empty()),
        (Val::Str(s), "empty?", []) => Val::Bool(s.is_empty()),
        (Val::Array(a), "count" | "size" | "length", []) => Val::Int(a.len() as i64),
        (Val::Str(s), "size" | "length", []) => Val::Int(s.chars().count() as i64),
        (Val::Array(a), "first", []) => a.first().cloned().unwrap_or(Val::Nil),
        (Val::Array(a), "last", []) => a.last().cloned().unwrap_or(Val::Nil),
        (Val::Regex(s, _), "source", []) => Val::Str(s.clone()),
        (v, "nil?", []) => Val::Bool(*v == Val::Nil),
        (v, "to_s", []) => Val::Str(v.to_s()?),
        (Val::Sym(s), "to_sym", []) | (Val::Str(s), "to_sym", []) => Val::Sym(s.clone()),
        (v, "freeze", []) => v.clone(),
        (v, name, _) => return Err(format!("the method {name} of {v:?}")),
    })
}

/// Evaluates `def self.title_patterns` (its body is `toks[body]` of the type file
/// `toks`): the type file's methods and those of the files it requires (`require`
/// gives the text of a required path, `puppet_x/a/b`, or nothing) are known.
pub(super) fn evaluate(
    toks: &[Tok],
    body: std::ops::Range<usize>,
    require: &dyn Fn(&str) -> Option<String>,
) -> Result<Vec<Pattern>, String> {
    let mut library = Library::default();
    library.scan(toks);
    let mut pending = requires(toks);
    let mut seen = HashSet::new();
    while let Some(path) = pending.pop() {
        if !seen.insert(path.clone()) || seen.len() > MAX_FILES {
            continue;
        }
        if let Some(text) = require(&path) {
            let file = lex(&text);
            library.scan(&file);
            pending.extend(requires(&file));
        }
    }
    let mut parser = Parser {
        toks: &toks[body],
        i: 0,
        depth: 0,
    };
    let body = parser.body(&[])?;
    let mut frame = Frame {
        owner: String::new(),
        locals: HashMap::new(),
    };
    let mut evaluator = Evaluator {
        library: &library,
        depth: 0,
    };
    let value = match evaluator.block(&body, &mut frame)? {
        Flow::Value(v) | Flow::Return(v) => v,
    };
    patterns(value)
}

/// `[[regex, [[:a], [:b]]], ...]` as patterns; a key with a proc cannot be used.
fn patterns(value: Val) -> Result<Vec<Pattern>, String> {
    let Val::Array(items) = value else {
        return Err("title patterns that are not an Array".into());
    };
    items
        .into_iter()
        .map(|item| match item {
            Val::Array(pair) => match pair.as_slice() {
                [Val::Regex(source, options), Val::Array(keys)] => {
                    let keys = keys
                        .iter()
                        .map(|k| match k {
                            Val::Array(k) => match k.as_slice() {
                                [Val::Sym(k)] => Ok(k.clone()),
                                _ => Err("a title pattern key with a proc".to_string()),
                            },
                            _ => Err("a title pattern key that is not an Array".to_string()),
                        })
                        .collect::<Result<_, _>>()?;
                    Ok((source.clone(), options.clone(), keys))
                }
                _ => Err("a title pattern that is not [regex, keys]".into()),
            },
            _ => Err("a title pattern that is not an Array".into()),
        })
        .collect()
}

/// The literal paths a file `require`s, at the start of a statement.
fn requires(toks: &[Tok]) -> Vec<String> {
    let mut out = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if !matches!(t, Tok::Ident(w) if w == "require") || !statement_start(toks, i) {
            continue;
        }
        let path = match (toks.get(i + 1), toks.get(i + 2)) {
            (Some(Tok::Str(p)), _) => p,
            (Some(Tok::Punct("(")), Some(Tok::Str(p))) => p,
            _ => continue,
        };
        if !path.contains("#{") {
            out.push(path.clone());
        }
    }
    out
}
