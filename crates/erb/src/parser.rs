//! A recursive-descent parser for the Ruby subset, with Ruby's operator precedence,
//! command calls (`puts x`), blocks (`{ |x| }`, `do |x| end`) and statement modifiers.
//! Like Ruby, it knows which names are local variables (assigned, or block and method
//! parameters) when it reads them: any other bare name is a method call.

use crate::lexer::{StrPart, Tok, Token};
use foldhash::{HashSet, HashSetExt};

#[derive(Debug)]
pub(crate) struct Node {
    pub kind: Kind,
    pub line: u32,
}

#[derive(Debug)]
pub(crate) enum Part {
    Lit(String),
    Code(Node),
}

#[derive(Debug)]
pub(crate) enum Kind {
    Nil,
    True,
    False,
    SelfRef,
    Int(i64),
    Float(f64),
    Str(Vec<Part>),
    Sym(String),
    DSym(Vec<Part>),
    Regex(Vec<Part>, String),
    Array(Vec<Node>),
    Hash(Vec<(Node, Node)>),
    Range(Option<Box<Node>>, Option<Box<Node>>, bool),
    Text(usize),
    Ivar(String),
    Gvar(String),
    NthRef(usize),
    Const(Option<Box<Node>>, String),
    Lvar(String),
    Call(Box<Call>),
    Splat(Box<Node>),
    /// `&blk` / `&:sym` as the last argument.
    BlockPass(Box<Node>),
    Assign(Box<Node>, Box<Node>),
    /// `a op= b`, `a ||= b`, `a &&= b`.
    OpAssign(Box<Node>, &'static str, Box<Node>),
    MultiAssign(Vec<Node>, Box<Node>),
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
    Not(Box<Node>),
    Defined(Box<Node>),
    If(Box<Node>, Box<Node>, Box<Node>),
    While(Box<Node>, Box<Node>, bool),
    For(Box<Param>, Box<Node>, Box<Node>),
    Case(Option<Box<Node>>, Vec<(Vec<Node>, Node)>, Box<Node>),
    Begin(Box<Rescue>),
    Def(String, std::sync::Arc<Lambda>),
    Lambda(std::sync::Arc<Lambda>),
    Return(Option<Box<Node>>),
    Next(Option<Box<Node>>),
    Break(Option<Box<Node>>),
    Seq(Vec<Node>),
}

#[derive(Debug)]
pub(crate) struct Call {
    pub recv: Option<Node>,
    pub name: String,
    pub args: Vec<Node>,
    pub block: Option<std::sync::Arc<Lambda>>,
    pub safe: bool,
}

#[derive(Debug)]
pub(crate) struct Rescue {
    pub body: Node,
    pub clauses: Vec<(Vec<Node>, Option<String>, Node)>,
    pub else_body: Option<Node>,
    pub ensure: Option<Node>,
}

/// A block, lambda or method: its parameters and body.
#[derive(Debug)]
pub(crate) struct Lambda {
    pub params: Vec<Param>,
    pub body: Node,
    /// `|a, |` or several parameters: an array argument is spread over them.
    pub spreads: bool,
}

#[derive(Debug)]
pub(crate) enum Param {
    Name(String),
    Optional(String, Node),
    Rest(String),
    Block(String),
    Destructure(Vec<Param>),
}

#[derive(Debug)]
pub(crate) struct ParseError {
    pub message: String,
    pub line: u32,
}

type PResult<T> = Result<T, ParseError>;

pub(crate) fn parse(tokens: Vec<Token>) -> PResult<Node> {
    let mut p = Parser {
        toks: tokens,
        pos: 0,
        locals: vec![HashSet::from_iter(["_erbout".to_string()])],
        depth: 0,
    };
    let body = p.stmts(&[])?;
    if !matches!(p.tok(), Tok::Eof) {
        return p.unexpected();
    }
    Ok(body)
}

const MAX_DEPTH: u32 = 200;

struct Parser {
    toks: Vec<Token>,
    pos: usize,
    /// Local variable names, one set per method body (blocks add to theirs).
    locals: Vec<HashSet<String>>,
    depth: u32,
}

fn node(kind: Kind, line: u32) -> Node {
    Node { kind, line }
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Int(i) => format!("integer literal {i}"),
        Tok::Float(f) => format!("float literal {f}"),
        Tok::Str(_) => "string literal".into(),
        Tok::Sym(s) => format!("symbol literal :{s}"),
        Tok::DSym(_) => "symbol literal".into(),
        Tok::Regex(..) => "regexp literal".into(),
        Tok::Words(..) => "word list".into(),
        Tok::Ident(s) => format!("local variable or method '{s}'"),
        Tok::Const(s) => format!("constant {s}"),
        Tok::Ivar(s) => format!("instance variable {s}"),
        Tok::Gvar(s) => format!("global variable {s}"),
        Tok::NthRef(n) => format!("back reference ${n}"),
        Tok::Label(s) => format!("label {s}:"),
        Tok::Kw(k) => format!("`{k}'"),
        Tok::Op(o) => format!("'{}'", o.trim_end_matches('@')),
        Tok::Text(_) => "template text".into(),
        Tok::Nl => "end-of-line".into(),
        Tok::Eof => "end-of-input".into(),
    }
}

impl Parser {
    #[inline(always)]
    fn tok(&self) -> &Tok {
        &self.toks[self.pos.min(self.toks.len() - 1)].tok
    }

    #[inline(always)]
    fn token(&self) -> &Token {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }

    #[inline(always)]
    fn peek_tok(&self, n: usize) -> &Tok {
        &self.toks[(self.pos + n).min(self.toks.len() - 1)].tok
    }

    #[inline(always)]
    fn line(&self) -> u32 {
        self.token().line
    }

    /// Steps past the current token (never past the final `Eof`).
    #[inline(always)]
    fn bump(&mut self) {
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
    }

    /// The current token (a copy), stepping past it.
    fn next(&mut self) -> Token {
        let t = self.token().clone();
        self.bump();
        t
    }

    /// Moves the current token out, stepping past it, without copying its strings.
    /// Only for a token the parser never reads again (no step back onto it): its
    /// slot is left holding `Nl`. The final `Eof` stays in place.
    fn take(&mut self) -> Tok {
        if self.pos < self.toks.len() - 1 {
            let t = std::mem::replace(&mut self.toks[self.pos].tok, Tok::Nl);
            self.pos += 1;
            t
        } else {
            self.tok().clone()
        }
    }

    /// The current token, stepping past it: moved out (see [`Self::take`]) when
    /// `movable` says the parser never reads it again, copied otherwise.
    fn next_moving(&mut self, movable: impl Fn(&Tok) -> bool) -> Token {
        if movable(self.tok()) {
            Token {
                line: self.line(),
                space: false,
                tok: self.take(),
            }
        } else {
            self.next()
        }
    }

    #[inline(always)]
    fn is_op(&self, op: &str) -> bool {
        matches!(self.tok(), Tok::Op(o) if *o == op)
    }

    #[inline(always)]
    fn is_kw(&self, kw: &str) -> bool {
        matches!(self.tok(), Tok::Kw(k) if *k == kw)
    }

    #[inline(always)]
    fn eat_op(&mut self, op: &str) -> bool {
        if self.is_op(op) {
            self.bump();
            true
        } else {
            false
        }
    }

    #[inline(always)]
    fn eat_kw(&mut self, kw: &str) -> bool {
        if self.is_kw(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn unexpected<T>(&self) -> PResult<T> {
        Err(ParseError {
            message: format!("syntax error, unexpected {}", describe(self.tok())),
            line: self.line(),
        })
    }

    fn expect_op(&mut self, op: &str) -> PResult<()> {
        if self.eat_op(op) {
            Ok(())
        } else {
            Err(ParseError {
                message: format!(
                    "syntax error, unexpected {}, expecting '{op}'",
                    describe(self.tok())
                ),
                line: self.line(),
            })
        }
    }

    fn expect_kw(&mut self, kw: &str) -> PResult<()> {
        if self.eat_kw(kw) {
            Ok(())
        } else {
            Err(ParseError {
                message: format!(
                    "syntax error, unexpected {}, expecting `{kw}'",
                    describe(self.tok())
                ),
                line: self.line(),
            })
        }
    }

    fn unsupported<T>(&self, what: &str) -> PResult<T> {
        Err(ParseError {
            message: format!("unsupported Ruby in a template: {what}"),
            line: self.line(),
        })
    }

    fn skip_terms(&mut self) {
        while matches!(self.tok(), Tok::Nl) || self.is_op(";") {
            self.bump();
        }
    }

    fn skip_nl(&mut self) {
        while matches!(self.tok(), Tok::Nl) {
            self.bump();
        }
    }

    fn declare(&mut self, name: &str) {
        if let Some(set) = self.locals.last_mut() {
            set.insert(name.to_string());
        }
    }

    fn is_local(&self, name: &str) -> bool {
        self.locals.last().is_some_and(|s| s.contains(name))
    }

    #[inline(always)]
    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ParseError {
                message: "template code nested too deeply".into(),
                line: self.line(),
            });
        }
        Ok(())
    }

    /// Statements up to one of the `until` keywords (or `}` / `)` / end of input).
    fn stmts(&mut self, until: &[&str]) -> PResult<Node> {
        let line = self.line();
        let mut out = Vec::new();
        loop {
            self.skip_terms();
            match self.tok() {
                Tok::Eof => break,
                Tok::Kw(k) if until.contains(k) => break,
                Tok::Op("}" | ")") => break,
                _ => {}
            }
            out.push(self.stmt()?);
            if !(matches!(self.tok(), Tok::Nl | Tok::Eof) || self.is_op(";")) {
                match self.tok() {
                    Tok::Kw(k) if until.contains(k) => {}
                    Tok::Op("}" | ")") => {}
                    _ => return self.unexpected(),
                }
            }
        }
        Ok(match out.len() {
            0 => node(Kind::Nil, line),
            1 => out.pop().unwrap_or(node(Kind::Nil, line)),
            _ => node(Kind::Seq(out), line),
        })
    }

    fn stmt(&mut self) -> PResult<Node> {
        self.enter()?;
        let mut e = self.expr_stmt()?;
        loop {
            let line = self.line();
            if self.eat_kw("if") {
                let c = self.expr_stmt()?;
                e = node(
                    Kind::If(Box::new(c), Box::new(e), Box::new(node(Kind::Nil, line))),
                    line,
                );
            } else if self.eat_kw("unless") {
                let c = self.expr_stmt()?;
                e = node(
                    Kind::If(Box::new(c), Box::new(node(Kind::Nil, line)), Box::new(e)),
                    line,
                );
            } else if self.eat_kw("while") {
                let c = self.expr_stmt()?;
                e = node(Kind::While(Box::new(c), Box::new(e), false), line);
            } else if self.eat_kw("until") {
                let c = self.expr_stmt()?;
                e = node(Kind::While(Box::new(c), Box::new(e), true), line);
            } else if self.eat_kw("rescue") {
                let r = self.expr_stmt()?;
                e = node(
                    Kind::Begin(Box::new(Rescue {
                        body: e,
                        clauses: vec![(Vec::new(), None, r)],
                        else_body: None,
                        ensure: None,
                    })),
                    line,
                );
            } else {
                break;
            }
        }
        self.depth -= 1;
        Ok(e)
    }

    /// `a and b`, `a or b`, `not a`.
    fn expr_stmt(&mut self) -> PResult<Node> {
        let mut left = self.not_expr()?;
        loop {
            let line = self.line();
            if self.eat_kw("and") {
                self.skip_nl();
                let right = self.not_expr()?;
                left = node(Kind::And(Box::new(left), Box::new(right)), line);
            } else if self.eat_kw("or") {
                self.skip_nl();
                let right = self.not_expr()?;
                left = node(Kind::Or(Box::new(left), Box::new(right)), line);
            } else {
                return Ok(left);
            }
        }
    }

    fn not_expr(&mut self) -> PResult<Node> {
        let line = self.line();
        if self.eat_kw("not") {
            let e = self.not_expr()?;
            return Ok(node(Kind::Not(Box::new(e)), line));
        }
        self.expr()
    }

    /// An expression: assignments and everything below.
    fn expr(&mut self) -> PResult<Node> {
        self.enter()?;
        let r = self.assignment();
        self.depth -= 1;
        r
    }

    fn assignment(&mut self) -> PResult<Node> {
        // `a, b = ...`
        if let Tok::Ident(_) | Tok::Ivar(_) = self.tok() {
            if matches!(self.peek_tok(1), Tok::Op(",")) && self.looks_like_multi_assign() {
                return self.multi_assign();
            }
        }
        let line = self.line();
        let left = self.ternary()?;
        if self.is_op("=") {
            self.check_assignable(&left)?;
            self.bump();
            self.skip_nl();
            if let Kind::Call(c) = &left.kind {
                if c.recv.is_none() && c.args.is_empty() {
                    self.declare(&c.name);
                }
            }
            let right = self.assignment_rhs()?;
            let left = self.to_target(left);
            return Ok(node(Kind::Assign(Box::new(left), Box::new(right)), line));
        }
        if let Tok::Op(op) = self.tok() {
            let op = *op;
            if let Some(bin) = op.strip_suffix('=').filter(|b| {
                matches!(
                    *b,
                    "+" | "-"
                        | "*"
                        | "/"
                        | "%"
                        | "**"
                        | "||"
                        | "&&"
                        | "<<"
                        | ">>"
                        | "|"
                        | "&"
                        | "^"
                )
            }) {
                self.check_assignable(&left)?;
                self.bump();
                self.skip_nl();
                if let Kind::Call(c) = &left.kind {
                    if c.recv.is_none() && c.args.is_empty() {
                        self.declare(&c.name);
                    }
                }
                let right = self.assignment_rhs()?;
                let left = self.to_target(left);
                let bin: &'static str = match bin {
                    "+" => "+",
                    "-" => "-",
                    "*" => "*",
                    "/" => "/",
                    "%" => "%",
                    "**" => "**",
                    "||" => "||",
                    "&&" => "&&",
                    "<<" => "<<",
                    ">>" => ">>",
                    "|" => "|",
                    "&" => "&",
                    _ => "^",
                };
                return Ok(node(
                    Kind::OpAssign(Box::new(left), bin, Box::new(right)),
                    line,
                ));
            }
        }
        Ok(left)
    }

    fn assignment_rhs(&mut self) -> PResult<Node> {
        let line = self.line();
        let first = if self.is_op("*@") {
            self.bump();
            let e = self.ternary()?;
            node(Kind::Splat(Box::new(e)), line)
        } else {
            self.expr()?
        };
        if self.is_op(",") {
            let mut items = vec![first];
            while self.eat_op(",") {
                self.skip_nl();
                items.push(self.ternary()?);
            }
            return Ok(node(Kind::Array(items), line));
        }
        Ok(first)
    }

    fn looks_like_multi_assign(&self) -> bool {
        let mut i = self.pos;
        loop {
            match &self.toks[i.min(self.toks.len() - 1)].tok {
                Tok::Ident(_) | Tok::Ivar(_) => i += 1,
                _ => return false,
            }
            match &self.toks[i.min(self.toks.len() - 1)].tok {
                Tok::Op(",") => i += 1,
                Tok::Op("=") => return true,
                _ => return false,
            }
        }
    }

    fn multi_assign(&mut self) -> PResult<Node> {
        let line = self.line();
        let mut targets = Vec::new();
        loop {
            let t = Token {
                line: self.line(),
                space: false,
                tok: self.take(),
            };
            targets.push(match t.tok {
                Tok::Ident(name) => {
                    self.declare(&name);
                    node(Kind::Lvar(name), t.line)
                }
                Tok::Ivar(name) => node(Kind::Ivar(name), t.line),
                _ => return self.unexpected(),
            });
            if !self.eat_op(",") {
                break;
            }
        }
        self.expect_op("=")?;
        let value = self.assignment_rhs()?;
        Ok(node(Kind::MultiAssign(targets, Box::new(value)), line))
    }

    fn check_assignable(&self, n: &Node) -> PResult<()> {
        match &n.kind {
            Kind::Lvar(_) | Kind::Ivar(_) | Kind::Gvar(_) => Ok(()),
            Kind::Call(c)
                if c.block.is_none()
                    && (c.recv.is_none() && c.args.is_empty()
                        || c.name == "[]"
                        || c.recv.is_some() && c.args.is_empty()) =>
            {
                Ok(())
            }
            Kind::Const(..) => self.unsupported("constant assignment"),
            _ => Err(ParseError {
                message: "syntax error, unexpected '=', expecting end-of-input".into(),
                line: n.line,
            }),
        }
    }

    /// A bare name being assigned is a local variable.
    fn to_target(&self, n: Node) -> Node {
        match n.kind {
            Kind::Call(c) if c.recv.is_none() && c.args.is_empty() => {
                node(Kind::Lvar(c.name), n.line)
            }
            kind => node(kind, n.line),
        }
    }

    fn ternary(&mut self) -> PResult<Node> {
        let cond = self.range()?;
        let line = self.line();
        if self.eat_op("?") {
            self.skip_nl();
            let a = self.ternary()?;
            self.skip_nl();
            // `x ? a :b` lexes `:b` as a symbol; accept it as `: b`.
            if let Tok::Sym(_) = self.tok() {
                let l = self.line();
                let Tok::Sym(name) = self.take() else {
                    unreachable!()
                };
                let b = if self.is_local(&name) {
                    node(Kind::Lvar(name), l)
                } else {
                    node(
                        Kind::Call(Box::new(Call {
                            recv: None,
                            name,
                            args: vec![],
                            block: None,
                            safe: false,
                        })),
                        l,
                    )
                };
                return Ok(node(
                    Kind::If(Box::new(cond), Box::new(a), Box::new(b)),
                    line,
                ));
            }
            if let Tok::Label(_) = self.tok() {
                // `a ? b: c` lexes as a label
                return self.unexpected();
            }
            self.expect_op(":")?;
            self.skip_nl();
            let b = self.ternary()?;
            return Ok(node(
                Kind::If(Box::new(cond), Box::new(a), Box::new(b)),
                line,
            ));
        }
        Ok(cond)
    }

    fn range(&mut self) -> PResult<Node> {
        let left = self.binary(0)?;
        let line = self.line();
        for (op, excl) in [("..", false), ("...", true)] {
            if self.eat_op(op) {
                let right = if matches!(self.tok(), Tok::Nl | Tok::Eof | Tok::Op(")" | "]")) {
                    None
                } else {
                    Some(Box::new(self.binary(0)?))
                };
                return Ok(node(Kind::Range(Some(Box::new(left)), right, excl), line));
            }
        }
        Ok(left)
    }

    fn binary(&mut self, min: u8) -> PResult<Node> {
        self.enter()?;
        let mut left = self.unary()?;
        while let Tok::Op(op) = self.tok() {
            let op = *op;
            let prec = match op {
                "||" => 1,
                "&&" => 2,
                "<=>" | "==" | "===" | "!=" | "=~" | "!~" => 4,
                "<" | "<=" | ">" | ">=" => 5,
                "|" | "^" => 6,
                "&" => 7,
                "<<" | ">>" => 8,
                "+" | "-" => 9,
                "*" | "/" | "%" => 10,
                _ => break,
            };
            if prec < min {
                break;
            }
            let line = self.line();
            self.bump();
            self.skip_nl();
            let right = self.binary(prec + 1)?;
            left = match op {
                "||" => node(Kind::Or(Box::new(left), Box::new(right)), line),
                "&&" => node(Kind::And(Box::new(left), Box::new(right)), line),
                "!=" => {
                    let eq = call(Some(left), "==", vec![right], line);
                    node(Kind::Not(Box::new(eq)), line)
                }
                "!~" => {
                    let m = call(Some(left), "=~", vec![right], line);
                    node(Kind::Not(Box::new(m)), line)
                }
                _ => call(Some(left), op, vec![right], line),
            };
        }
        self.depth -= 1;
        Ok(left)
    }

    /// `defined?(x)`: a primary that postfix operators apply to.
    fn is_defined_call(&self) -> bool {
        matches!(self.peek_tok(1), Tok::Op("(" | "(@"))
    }

    fn unary(&mut self) -> PResult<Node> {
        let line = self.line();
        match self.tok() {
            Tok::Op("!") => {
                self.bump();
                let e = self.unary()?;
                Ok(node(Kind::Not(Box::new(e)), line))
            }
            Tok::Op("-@") => {
                self.bump();
                let e = self.unary()?;
                Ok(call(Some(e), "-@", vec![], line))
            }
            Tok::Op("+@") => {
                self.bump();
                let e = self.unary()?;
                Ok(call(Some(e), "+@", vec![], line))
            }
            Tok::Op("~") => {
                self.bump();
                let e = self.unary()?;
                Ok(call(Some(e), "~", vec![], line))
            }
            Tok::Kw("defined?") if !self.is_defined_call() => {
                self.bump();
                let e = self.unary()?;
                Ok(node(Kind::Defined(Box::new(e)), line))
            }
            Tok::Kw("not") => {
                self.bump();
                let e = self.unary()?;
                Ok(node(Kind::Not(Box::new(e)), line))
            }
            _ => {
                let base = self.postfix()?;
                if self.is_op("**") {
                    let line = self.line();
                    self.bump();
                    let exp = self.unary()?;
                    return Ok(call(Some(base), "**", vec![exp], line));
                }
                Ok(base)
            }
        }
    }

    fn postfix(&mut self) -> PResult<Node> {
        let mut e = self.primary()?;
        loop {
            let line = self.line();
            match self.tok() {
                Tok::Op(op @ ("." | "&.")) => {
                    let safe = *op == "&.";
                    self.bump();
                    self.skip_nl();
                    let t = self.next_moving(|t| matches!(t, Tok::Ident(_) | Tok::Const(_)));
                    let name = match t.tok {
                        Tok::Ident(n) | Tok::Const(n) => n,
                        Tok::Kw(k) => k.to_string(),
                        Tok::Op("(") => {
                            // `proc.(args)`
                            self.pos -= 1;
                            "call".to_string()
                        }
                        Tok::Op(o) => o.trim_end_matches('@').to_string(),
                        Tok::Label(n) => {
                            // `x.y:` cannot happen in valid Ruby but `a ? b.c: d` can
                            return Err(ParseError {
                                message: format!("syntax error, unexpected label {n}:"),
                                line: t.line,
                            });
                        }
                        _ => {
                            self.pos -= 1;
                            return self.unexpected();
                        }
                    };
                    if self.is_op("=")
                        && !matches!(self.peek_tok(1), Tok::Op("=" | "~"))
                        && name.chars().all(|c| c.is_alphanumeric() || c == '_')
                    {
                        // attribute assignment: handled by the assignment rule
                        e = node(
                            Kind::Call(Box::new(Call {
                                recv: Some(e),
                                name,
                                args: vec![],
                                block: None,
                                safe,
                            })),
                            line,
                        );
                        continue;
                    }
                    let (args, block) = self.call_args(true)?;
                    e = node(
                        Kind::Call(Box::new(Call {
                            recv: Some(e),
                            name,
                            args,
                            block,
                            safe,
                        })),
                        line,
                    );
                }
                Tok::Op("::") => {
                    self.bump();
                    let t = self.next_moving(|t| matches!(t, Tok::Ident(_) | Tok::Const(_)));
                    match t.tok {
                        // The lexer reads a name after `::` as a method name; a
                        // capitalized one without arguments is a constant.
                        Tok::Const(n) | Tok::Ident(n)
                            if n.starts_with(|c: char| c.is_ascii_uppercase())
                                && !self.is_op("(") =>
                        {
                            e = node(Kind::Const(Some(Box::new(e)), n), line);
                        }
                        Tok::Ident(n) | Tok::Const(n) => {
                            let (args, block) = self.call_args(true)?;
                            e = node(
                                Kind::Call(Box::new(Call {
                                    recv: Some(e),
                                    name: n,
                                    args,
                                    block,
                                    safe: false,
                                })),
                                line,
                            );
                        }
                        _ => {
                            self.pos -= 1;
                            return self.unexpected();
                        }
                    }
                }
                Tok::Op("[") if !self.token().space || !matches!(e.kind, Kind::Call(_)) => {
                    self.bump();
                    self.skip_nl();
                    let args = self.arg_list("]")?;
                    e = node(
                        Kind::Call(Box::new(Call {
                            recv: Some(e),
                            name: "[]".into(),
                            args,
                            block: None,
                            safe: false,
                        })),
                        line,
                    );
                }
                Tok::Op("{") if matches!(&e.kind, Kind::Call(c) if c.block.is_none()) => {
                    let b = self.block("}")?;
                    if let Kind::Call(c) = &mut e.kind {
                        c.block = Some(b);
                    }
                }
                Tok::Kw("do") if matches!(&e.kind, Kind::Call(c) if c.block.is_none()) => {
                    let b = self.block("end")?;
                    if let Kind::Call(c) = &mut e.kind {
                        c.block = Some(b);
                    }
                }
                _ => return Ok(e),
            }
        }
    }

    /// Arguments after a method name: `(a, b)` right after it, or a command's
    /// arguments after a space; then a `{ }` or `do end` block is taken by postfix.
    fn call_args(
        &mut self,
        command_ok: bool,
    ) -> PResult<(Vec<Node>, Option<std::sync::Arc<Lambda>>)> {
        if self.is_op("(") && !self.token().space {
            self.bump();
            self.skip_nl();
            let args = self.arg_list(")")?;
            return Ok((args, None));
        }
        if command_ok && self.token().space && self.starts_command_arg() {
            let args = self.command_args()?;
            return Ok((args, None));
        }
        Ok((Vec::new(), None))
    }

    fn starts_command_arg(&self) -> bool {
        match self.tok() {
            Tok::Int(_)
            | Tok::Float(_)
            | Tok::Str(_)
            | Tok::Sym(_)
            | Tok::DSym(_)
            | Tok::Regex(..)
            | Tok::Words(..)
            | Tok::Ident(_)
            | Tok::Const(_)
            | Tok::Ivar(_)
            | Tok::Gvar(_)
            | Tok::NthRef(_)
            | Tok::Label(_)
            | Tok::Text(_) => true,
            Tok::Kw(k) => matches!(
                *k,
                "nil"
                    | "true"
                    | "false"
                    | "self"
                    | "not"
                    | "defined?"
                    | "__FILE__"
                    | "__LINE__"
                    | "lambda"
                    | "proc"
            ),
            Tok::Op(o) => matches!(
                *o,
                "[@" | "-@" | "+@" | "*@" | "&@" | "::@" | "(@" | "!" | "->"
            ),
            _ => false,
        }
    }

    fn command_args(&mut self) -> PResult<Vec<Node>> {
        let mut args = Vec::new();
        let mut pairs = Vec::new();
        let line = self.line();
        loop {
            self.arg(&mut args, &mut pairs)?;
            if !self.eat_op(",") {
                break;
            }
            self.skip_nl();
        }
        if !pairs.is_empty() {
            args.push(node(Kind::Hash(pairs), line));
        }
        Ok(args)
    }

    /// A comma-separated list of arguments up to `close` (consumed).
    fn arg_list(&mut self, close: &str) -> PResult<Vec<Node>> {
        let mut args = Vec::new();
        let mut pairs = Vec::new();
        let line = self.line();
        loop {
            self.skip_nl();
            if self.eat_op(close) {
                break;
            }
            self.arg(&mut args, &mut pairs)?;
            self.skip_nl();
            if self.eat_op(close) {
                break;
            }
            self.expect_op(",")?;
        }
        if !pairs.is_empty() {
            args.push(node(Kind::Hash(pairs), line));
        }
        Ok(args)
    }

    /// One argument: a value, `*splat`, `&block`, `key: value` or `key => value`.
    fn arg(&mut self, args: &mut Vec<Node>, pairs: &mut Vec<(Node, Node)>) -> PResult<()> {
        let line = self.line();
        if let Tok::Label(_) = self.tok() {
            let Tok::Label(name) = self.take() else {
                unreachable!()
            };
            self.skip_nl();
            let v = self.expr_no_stmt()?;
            pairs.push((node(Kind::Sym(name), line), v));
            return Ok(());
        }
        if self.is_op("*@") || self.is_op("*") {
            self.bump();
            let e = self.ternary()?;
            args.push(node(Kind::Splat(Box::new(e)), line));
            return Ok(());
        }
        if self.is_op("&@") || self.is_op("&") {
            self.bump();
            let e = self.ternary()?;
            args.push(node(Kind::BlockPass(Box::new(e)), line));
            return Ok(());
        }
        let v = self.expr_no_stmt()?;
        if self.eat_op("=>") {
            self.skip_nl();
            let val = self.expr_no_stmt()?;
            pairs.push((v, val));
        } else {
            args.push(v);
        }
        Ok(())
    }

    /// An argument expression: `not` is allowed, `and`/`or` are not.
    fn expr_no_stmt(&mut self) -> PResult<Node> {
        self.not_expr()
    }

    fn block(&mut self, close: &str) -> PResult<std::sync::Arc<Lambda>> {
        self.bump();
        let mut params = Vec::new();
        let mut spreads = false;
        self.skip_nl();
        if self.eat_op("||") {
        } else if self.eat_op("|") {
            let (ps, trailing) = self.params("|")?;
            spreads = ps.len() > 1 || trailing || matches!(ps.first(), Some(Param::Rest(_)));
            params = ps;
        }
        let body = if close == "}" {
            let b = self.stmts(&[])?;
            self.expect_op("}")?;
            b
        } else {
            let b = self.body_with_rescue(&["end"])?;
            self.expect_kw("end")?;
            b
        };
        Ok(std::sync::Arc::new(Lambda {
            params,
            body,
            spreads,
        }))
    }

    /// Parameters up to `close` (consumed); also says whether a trailing comma ended them.
    fn params(&mut self, close: &str) -> PResult<(Vec<Param>, bool)> {
        let mut out = Vec::new();
        let mut trailing = false;
        loop {
            self.skip_nl();
            if self.eat_op(close) {
                break;
            }
            trailing = false;
            out.push(self.param()?);
            self.skip_nl();
            if self.eat_op(";") {
                // block-local variables
                while let Tok::Ident(_) = self.tok() {
                    let Tok::Ident(n) = self.take() else {
                        unreachable!()
                    };
                    self.declare(&n);
                    if !self.eat_op(",") {
                        break;
                    }
                }
            }
            if self.eat_op(close) {
                break;
            }
            self.expect_op(",")?;
            trailing = true;
        }
        Ok((out, trailing))
    }

    fn param(&mut self) -> PResult<Param> {
        let t = self.next_moving(|t| matches!(t, Tok::Ident(_) | Tok::Label(_)));
        Ok(match t.tok {
            Tok::Ident(n) => {
                self.declare(&n);
                if self.eat_op("=") {
                    let d = self.ternary()?;
                    Param::Optional(n, d)
                } else {
                    Param::Name(n)
                }
            }
            Tok::Label(n) => {
                return Err(ParseError {
                    message: format!("unsupported Ruby in a template: keyword parameter {n}:"),
                    line: t.line,
                })
            }
            Tok::Op("*" | "*@") => match self.next().tok {
                Tok::Ident(n) => {
                    self.declare(&n);
                    Param::Rest(n)
                }
                _ => Param::Rest(String::new()),
            },
            Tok::Op("&" | "&@") => match self.next().tok {
                Tok::Ident(n) => {
                    self.declare(&n);
                    Param::Block(n)
                }
                _ => return self.unexpected(),
            },
            Tok::Op("(" | "(@") => {
                let (ps, _) = self.params(")")?;
                Param::Destructure(ps)
            }
            _ => {
                self.pos -= 1;
                return self.unexpected();
            }
        })
    }

    fn body_with_rescue(&mut self, until: &[&str]) -> PResult<Node> {
        let line = self.line();
        let mut stops: Vec<&str> = until.to_vec();
        stops.extend(["rescue", "else", "ensure"]);
        let body = self.stmts(&stops)?;
        if !self.is_kw("rescue") && !self.is_kw("ensure") {
            return Ok(body);
        }
        let mut clauses = Vec::new();
        while self.eat_kw("rescue") {
            let mut classes = Vec::new();
            let mut var = None;
            while !matches!(self.tok(), Tok::Nl | Tok::Kw("then"))
                && !self.is_op(";")
                && !self.is_op("=>")
            {
                classes.push(self.ternary()?);
                if !self.eat_op(",") {
                    break;
                }
            }
            if self.eat_op("=>") {
                match self.next().tok {
                    Tok::Ident(n) => {
                        self.declare(&n);
                        var = Some(n);
                    }
                    _ => return self.unexpected(),
                }
            }
            self.eat_kw("then");
            let b = self.stmts(&stops)?;
            clauses.push((classes, var, b));
        }
        let else_body = if self.eat_kw("else") {
            Some(self.stmts(&stops)?)
        } else {
            None
        };
        let ensure = if self.eat_kw("ensure") {
            Some(self.stmts(until)?)
        } else {
            None
        };
        Ok(node(
            Kind::Begin(Box::new(Rescue {
                body,
                clauses,
                else_body,
                ensure,
            })),
            line,
        ))
    }

    fn primary(&mut self) -> PResult<Node> {
        self.enter()?;
        let r = self.primary_inner();
        self.depth -= 1;
        r
    }

    fn primary_inner(&mut self) -> PResult<Node> {
        // Tokens with strings are moved out (no arm steps back onto them).
        let t = self.next_moving(|t| {
            matches!(
                t,
                Tok::Str(_)
                    | Tok::Sym(_)
                    | Tok::DSym(_)
                    | Tok::Regex(..)
                    | Tok::Words(..)
                    | Tok::Ivar(_)
                    | Tok::Gvar(_)
                    | Tok::Const(_)
                    | Tok::Ident(_)
            )
        });
        let line = t.line;
        Ok(match t.tok {
            Tok::Int(i) => node(Kind::Int(i), line),
            Tok::Float(f) => node(Kind::Float(f), line),
            Tok::Str(parts) => {
                let mut parts = self.parts(parts)?;
                // adjacent literals concatenate: "a" "b"
                while let Tok::Str(_) = self.tok() {
                    let Tok::Str(more) = self.take() else {
                        unreachable!()
                    };
                    parts.extend(self.parts(more)?);
                }
                node(Kind::Str(parts), line)
            }
            Tok::Sym(s) => node(Kind::Sym(s), line),
            Tok::DSym(parts) => node(Kind::DSym(self.parts(parts)?), line),
            Tok::Regex(parts, flags) => node(Kind::Regex(self.parts(parts)?, flags), line),
            Tok::Words(words, symbols) => node(
                Kind::Array(
                    words
                        .into_iter()
                        .map(|w| {
                            if symbols {
                                node(Kind::Sym(w), line)
                            } else {
                                node(Kind::Str(vec![Part::Lit(w)]), line)
                            }
                        })
                        .collect(),
                ),
                line,
            ),
            Tok::Text(i) => node(Kind::Text(i), line),
            Tok::Ivar(n) => node(Kind::Ivar(n), line),
            Tok::Gvar(n) => node(Kind::Gvar(n), line),
            Tok::NthRef(n) => node(Kind::NthRef(n), line),
            Tok::Label(_) => {
                self.pos -= 1;
                return self.unexpected();
            }
            Tok::Const(n) => {
                if self.is_op("(") && !self.token().space {
                    let (args, block) = self.call_args(false)?;
                    node(
                        Kind::Call(Box::new(Call {
                            recv: None,
                            name: n,
                            args,
                            block,
                            safe: false,
                        })),
                        line,
                    )
                } else {
                    node(Kind::Const(None, n), line)
                }
            }
            Tok::Ident(n) => {
                if self.is_local(&n) && (self.token().space || !self.is_op("(")) {
                    node(Kind::Lvar(n), line)
                } else {
                    let (args, block) = self.call_args(true)?;
                    node(
                        Kind::Call(Box::new(Call {
                            recv: None,
                            name: n,
                            args,
                            block,
                            safe: false,
                        })),
                        line,
                    )
                }
            }
            Tok::Op("::@" | "::") => match self.next().tok {
                Tok::Const(n) => node(Kind::Const(None, n), line),
                _ => return self.unexpected(),
            },
            Tok::Op("(" | "(@") => {
                let e = self.stmts(&[])?;
                self.skip_terms();
                self.expect_op(")")?;
                e
            }
            Tok::Op("[" | "[@") => {
                let items = self.arg_list("]")?;
                node(Kind::Array(items), line)
            }
            Tok::Op("{") => {
                let mut pairs = Vec::new();
                loop {
                    self.skip_nl();
                    if self.eat_op("}") {
                        break;
                    }
                    let kl = self.line();
                    if let Tok::Label(_) = self.tok() {
                        let Tok::Label(name) = self.take() else {
                            unreachable!()
                        };
                        self.skip_nl();
                        let v = self.expr_no_stmt()?;
                        pairs.push((node(Kind::Sym(name), kl), v));
                    } else if let (Tok::Str(_), Tok::Op(":")) = (self.tok(), self.peek_tok(1)) {
                        // "key": value
                        let Tok::Str(parts) = self.take() else {
                            unreachable!()
                        };
                        self.bump();
                        let k = node(Kind::DSym(self.parts(parts)?), kl);
                        let v = self.expr_no_stmt()?;
                        pairs.push((k, v));
                    } else {
                        let k = self.expr_no_stmt()?;
                        self.skip_nl();
                        self.expect_op("=>")?;
                        self.skip_nl();
                        let v = self.expr_no_stmt()?;
                        pairs.push((k, v));
                    }
                    self.skip_nl();
                    if self.eat_op("}") {
                        break;
                    }
                    self.expect_op(",")?;
                }
                node(Kind::Hash(pairs), line)
            }
            Tok::Op("->") => {
                let params = if self.eat_op("(") || self.eat_op("(@") {
                    self.params(")")?.0
                } else {
                    Vec::new()
                };
                let close = if self.is_op("{") { "}" } else { "end" };
                let b = self.block(close)?;
                let lambda = Lambda {
                    params,
                    body: std::sync::Arc::try_unwrap(b)
                        .map(|l| l.body)
                        .unwrap_or(node(Kind::Nil, line)),
                    spreads: false,
                };
                node(Kind::Lambda(std::sync::Arc::new(lambda)), line)
            }
            Tok::Op("..") | Tok::Op("...") => {
                let excl = matches!(t.tok, Tok::Op("..."));
                let e = self.binary(0)?;
                node(Kind::Range(None, Some(Box::new(e)), excl), line)
            }
            Tok::Kw(k) => return self.keyword(k, line),
            _ => {
                self.pos -= 1;
                return self.unexpected();
            }
        })
    }

    fn parts(&mut self, parts: Vec<StrPart>) -> PResult<Vec<Part>> {
        let mut out = Vec::new();
        for p in parts {
            match p {
                StrPart::Lit(s) => out.push(Part::Lit(s)),
                StrPart::Code(toks) => {
                    let line = toks.first().map(|t| t.line).unwrap_or(0);
                    let saved_toks = std::mem::replace(&mut self.toks, toks);
                    let saved_pos = std::mem::replace(&mut self.pos, 0);
                    let r = self.stmts(&[]);
                    let at_end = matches!(self.tok(), Tok::Eof);
                    let err = if at_end {
                        None
                    } else {
                        Some(self.unexpected::<()>())
                    };
                    self.toks = saved_toks;
                    self.pos = saved_pos;
                    if let Some(Err(e)) = err {
                        return Err(e);
                    }
                    let n = r?;
                    out.push(Part::Code(node(
                        n.kind,
                        if n.line == 0 { line } else { n.line },
                    )));
                }
            }
        }
        Ok(out)
    }

    fn keyword(&mut self, k: &'static str, line: u32) -> PResult<Node> {
        Ok(match k {
            "nil" => node(Kind::Nil, line),
            "true" => node(Kind::True, line),
            "false" => node(Kind::False, line),
            "self" => node(Kind::SelfRef, line),
            "__LINE__" => node(Kind::Int(line as i64), line),
            "defined?" => {
                self.bump();
                self.skip_nl();
                let e = self.expr_stmt()?;
                self.skip_nl();
                self.expect_op(")")?;
                node(Kind::Defined(Box::new(e)), line)
            }
            "if" | "unless" => {
                let cond = self.expr_stmt()?;
                self.eat_kw("then");
                let then = self.stmts(&["elsif", "else", "end"])?;
                let otherwise = self.if_tail()?;
                if k == "if" {
                    node(
                        Kind::If(Box::new(cond), Box::new(then), Box::new(otherwise)),
                        line,
                    )
                } else {
                    node(
                        Kind::If(Box::new(cond), Box::new(otherwise), Box::new(then)),
                        line,
                    )
                }
            }
            "while" | "until" => {
                let cond = self.expr_stmt()?;
                self.eat_kw("do");
                let body = self.stmts(&["end"])?;
                self.expect_kw("end")?;
                node(
                    Kind::While(Box::new(cond), Box::new(body), k == "until"),
                    line,
                )
            }
            "for" => {
                let param = self.param()?;
                self.expect_kw("in")?;
                let iter = self.expr_stmt()?;
                self.eat_kw("do");
                let body = self.stmts(&["end"])?;
                self.expect_kw("end")?;
                node(
                    Kind::For(Box::new(param), Box::new(iter), Box::new(body)),
                    line,
                )
            }
            "case" => {
                let subject = if matches!(self.tok(), Tok::Nl) || self.is_op(";") {
                    None
                } else {
                    Some(Box::new(self.expr_stmt()?))
                };
                self.skip_terms();
                let mut whens = Vec::new();
                while self.eat_kw("when") {
                    let mut values = Vec::new();
                    loop {
                        self.skip_nl();
                        let vl = self.line();
                        if self.eat_op("*@") || self.eat_op("*") {
                            let e = self.ternary()?;
                            values.push(node(Kind::Splat(Box::new(e)), vl));
                        } else {
                            values.push(self.ternary()?);
                        }
                        if !self.eat_op(",") {
                            break;
                        }
                    }
                    self.eat_kw("then");
                    let body = self.stmts(&["when", "else", "end"])?;
                    whens.push((values, body));
                }
                if self.is_kw("in") {
                    return self.unsupported("pattern matching (case/in)");
                }
                let otherwise = if self.eat_kw("else") {
                    self.stmts(&["end"])?
                } else {
                    node(Kind::Nil, line)
                };
                self.expect_kw("end")?;
                node(Kind::Case(subject, whens, Box::new(otherwise)), line)
            }
            "begin" => {
                let body = self.body_with_rescue(&["end"])?;
                self.expect_kw("end")?;
                match body.kind {
                    Kind::Begin(_) => body,
                    kind => node(
                        Kind::Begin(Box::new(Rescue {
                            body: node(kind, line),
                            clauses: vec![],
                            else_body: None,
                            ensure: None,
                        })),
                        line,
                    ),
                }
            }
            "def" => {
                let t = self.next();
                let mut name = match t.tok {
                    Tok::Ident(n) | Tok::Const(n) => n,
                    Tok::Kw("self") => {
                        return self.unsupported("singleton method definitions (def self.x)")
                    }
                    _ => {
                        self.pos -= 1;
                        return self.unexpected();
                    }
                };
                if self.is_op("=") && !self.token().space {
                    self.bump();
                    name.push('=');
                }
                self.locals.push(HashSet::new());
                let params = if self.eat_op("(") || self.eat_op("(@") {
                    self.params(")")?.0
                } else {
                    let mut ps = Vec::new();
                    while !matches!(self.tok(), Tok::Nl) && !self.is_op(";") {
                        ps.push(self.param()?);
                        if !self.eat_op(",") {
                            break;
                        }
                    }
                    ps
                };
                let body = self.body_with_rescue(&["end"]);
                self.locals.pop();
                let body = body?;
                self.expect_kw("end")?;
                node(
                    Kind::Def(
                        name,
                        std::sync::Arc::new(Lambda {
                            params,
                            body,
                            spreads: false,
                        }),
                    ),
                    line,
                )
            }
            "return" | "next" | "break" => {
                let value = if matches!(
                    self.tok(),
                    Tok::Nl | Tok::Eof | Tok::Kw("if" | "unless" | "end")
                ) || self.is_op(";")
                    || self.is_op("}")
                {
                    None
                } else {
                    Some(Box::new(self.assignment_rhs()?))
                };
                match k {
                    "return" => node(Kind::Return(value), line),
                    "next" => node(Kind::Next(value), line),
                    _ => node(Kind::Break(value), line),
                }
            }
            "__FILE__" => node(
                Kind::Call(Box::new(Call {
                    recv: None,
                    name: "__FILE__".into(),
                    args: vec![],
                    block: None,
                    safe: false,
                })),
                line,
            ),
            "then" | "do" | "end" | "else" | "elsif" | "when" | "rescue" | "ensure" | "in"
            | "and" | "or" => {
                self.pos -= 1;
                return self.unexpected();
            }
            other => return self.unsupported(&format!("the '{other}' keyword")),
        })
    }

    fn if_tail(&mut self) -> PResult<Node> {
        let l = self.line();
        if self.eat_kw("elsif") {
            let cond = self.expr_stmt()?;
            self.eat_kw("then");
            let then = self.stmts(&["elsif", "else", "end"])?;
            let otherwise = self.if_tail()?;
            return Ok(node(
                Kind::If(Box::new(cond), Box::new(then), Box::new(otherwise)),
                l,
            ));
        }
        let otherwise = if self.eat_kw("else") {
            self.stmts(&["end"])?
        } else {
            node(Kind::Nil, l)
        };
        self.expect_kw("end")?;
        Ok(otherwise)
    }
}

fn call(recv: Option<Node>, name: &str, args: Vec<Node>, line: u32) -> Node {
    node(
        Kind::Call(Box::new(Call {
            recv,
            name: name.to_string(),
            args,
            block: None,
            safe: false,
        })),
        line,
    )
}
