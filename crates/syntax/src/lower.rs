//! Lowering: syntax tree -> owned [`model`](crate::model).
//!
//! This builds the program the way Puppet 7's parser builds its model (the grammar
//! actions of `egrammar.ra` calling `Puppet::Pops::Model::Factory`), including the
//! rewrites Puppet makes while parsing:
//! - in a statement list, a name among Puppet's statement functions followed by an
//!   expression or a comma-separated list becomes a call without parentheses
//!   (`transform_calls`); a comma-separated list anywhere else is an error; calls
//!   standing as statements do not need to produce a value;
//! - `X { attrs }` without a title becomes resource defaults, a resource override, or
//!   a name followed by a hash (`resource_shape`, `transform_resource_wo_title`);
//! - strings are unescaped (single-quoted, double-quoted and heredoc rules differ),
//!   heredoc margins and trailing line breaks removed, empty text segments dropped
//!   (the lexer already made the names of `${x}`, `${x[1]}`, `${x.y}` variables); EPP
//!   `<%%` / `%%>` unescaped, text split only by template comments joined, and
//!   Puppet's quirks with the text after the last tag kept;
//! - adjacent `k => v` arguments are folded into one hash; numbers are parsed;
//! - classes and defines get the names of the classes around them as a prefix;
//! - `type T = P { ... }` becomes `Object[{ ..., parent => P }]`.
//!
//! The tree is at most `tree::MAX_DEPTH` deep, so the recursion here is bounded.

use crate::ast::{self, AstNode, Element, Node, Token};
use crate::kind::SyntaxKind::*;
use crate::model::*;
use crate::{Parse, SyntaxError, TextRange, TextSize};
use rowan::NodeOrToken;
use std::collections::HashMap;
use std::sync::Arc;

/// Lowers a parsed file into the owned model. `text` is the source the tree was parsed
/// from. Errors are those Puppet reports while building its model (for instance a
/// comma-separated argument list after a name that is not a statement function).
pub fn lower(parse: &Parse, text: &str) -> (Program, Vec<SyntaxError>) {
    let root = parse.root();
    debug_assert_eq!(usize::from(root.text_range().len()), text.len());
    let mut lowerer = Lowerer {
        text,
        errors: Vec::new(),
        warnings: Vec::new(),
        // Most files have no heredoc and skip the walk.
        heredoc_bodies: if parse.heredocs {
            pair_heredocs(root)
        } else {
            HashMap::new()
        },
        namestack: Vec::new(),
        epp: root.kind() == EPP_FILE,
    };
    let program = lowerer.program(root);
    (program, lowerer.errors)
}

/// Functions Puppet calls without parentheses when their name starts a statement.
const STATEMENT_CALLS: &[&str] = &[
    "require", "realize", "include", "contain", "tag", "debug", "info", "notice", "warning", "err",
    "fail", "import", "break", "next", "return",
];

struct Lowerer<'t> {
    text: &'t str,
    errors: Vec<SyntaxError>,
    /// See [`Program::warnings`].
    warnings: Vec<(String, u32)>,
    /// Heredoc header token start -> the body node holding its text.
    heredoc_bodies: HashMap<TextSize, Node<'t>>,
    /// Names of the classes being lowered, outermost first (Puppet's namestack).
    namestack: Vec<String>,
    /// Lowering a template.
    epp: bool,
}

fn span(node: Node) -> Span {
    Span::from(node.text_range())
}

fn token_span(token: Token) -> Span {
    Span::from(token.text_range())
}

/// A variable token's name: its text without the `$` (which `${x}` names lack).
fn variable_name(token: Token) -> String {
    let text = token.text();
    text.strip_prefix('$').unwrap_or(text).to_string()
}

/// Pairs every heredoc header with its body: the bodies follow the line of their
/// headers, in the order of the headers.
fn pair_heredocs(root: Node) -> HashMap<TextSize, Node> {
    let mut pending = std::collections::VecDeque::new();
    let mut pairs = HashMap::new();
    let mut walk = vec![root.children_with_tokens()];
    while let Some(elements) = walk.last_mut() {
        match elements.next() {
            Some(NodeOrToken::Node(node)) if node.kind() == HEREDOC_BODY => {
                if let Some(header) = pending.pop_front() {
                    pairs.insert(header, node);
                }
            }
            Some(NodeOrToken::Node(node)) => walk.push(node.children_with_tokens()),
            Some(NodeOrToken::Token(token)) if token.kind() == HEREDOC => {
                pending.push_back(token.text_range().start());
            }
            Some(NodeOrToken::Token(_)) => {}
            None => {
                walk.pop();
            }
        }
    }
    pairs
}

impl Lowerer<'_> {
    fn error(&mut self, message: impl Into<String>, span: Span) {
        self.errors.push(SyntaxError {
            message: message.into(),
            range: TextRange::new(span.start.into(), span.end.into()),
        });
    }

    // ------------------------------------------------------------ statements

    fn program(&mut self, root: Node) -> Program {
        if let Some(epp) = ast::EppFile::cast(root) {
            let epp_params = epp.params().map(|p| self.params(p.params()));
            let mut body = self.statements(epp.elements());
            final_template_text(root, &mut body);
            return Program {
                body,
                epp_params,
                warnings: std::mem::take(&mut self.warnings),
            };
        }
        let mut body = match ast::SourceFile::cast(root) {
            Some(file) => self.statements(file.elements()),
            None => Vec::new(),
        };
        if body.is_empty() {
            // Puppet's empty program: a no-op at the end of the input.
            let end = root.text_range().end().into();
            body.push(Expr::new(ExprKind::Nop, Span::new(end, end)));
        }
        Program {
            body,
            epp_params: None,
            warnings: std::mem::take(&mut self.warnings),
        }
    }

    /// A statement list, with Puppet's `transform_calls`. `elements` are the children
    /// of a file or block that hold the statements: the statements, and the tokens and
    /// other nodes around them.
    fn statements<'a>(&mut self, elements: impl Iterator<Item = Element<'a>>) -> Vec<Expr> {
        let mut out: Vec<Expr> = Vec::new();
        // Whether only whitespace and comments stand between the previous statement
        // and this one.
        let mut only_trivia = false;
        for element in elements {
            let stmt = match element {
                NodeOrToken::Token(t) => {
                    only_trivia &= matches!(t.kind(), WHITESPACE | COMMENT);
                    continue;
                }
                NodeOrToken::Node(node) => match ast::Stmt::cast(node) {
                    Some(stmt) => stmt,
                    None => {
                        only_trivia = false;
                        continue;
                    }
                },
            };
            match &stmt {
                ast::Stmt::Expr(e) => {
                    let expr = self.expr(e);
                    if let Some(callee) = out.pop_if(|last| is_statement_call_name(last)) {
                        out.push(statement_call(callee, vec![expr]));
                    } else {
                        let last = out.last_mut().filter(|_| only_trivia);
                        if let Err(expr) = join_template_text(last, expr) {
                            out.push(as_statement(expr));
                        }
                    }
                }
                ast::Stmt::CommaList(list) => {
                    let items: Vec<Expr> = list.items().map(|e| self.expr(&e)).collect();
                    if let Some(callee) = out.pop_if(|last| is_statement_call_name(last)) {
                        out.push(statement_call(callee, items));
                    } else {
                        let message = match out.last().map(|e| &e.kind) {
                            Some(ExprKind::QualifiedName(name)) => format!(
                                "attempt to pass argument list to the function '{name}' which cannot be called without parentheses"
                            ),
                            _ => "illegal comma separated argument list".to_string(),
                        };
                        let at = list
                            .commas()
                            .next()
                            .map_or(span(list.syntax()), |c| token_span(c));
                        self.error(message, at);
                        out.extend(items.into_iter().map(as_statement));
                    }
                }
            }
            only_trivia = true;
        }
        out
    }

    fn block(&mut self, block: Option<ast::Block>, fallback: Span) -> Block {
        match block {
            Some(block) => Block {
                statements: self.statements(block.elements()),
                span: span(block.syntax()),
            },
            None => Block {
                statements: Vec::new(),
                span: fallback,
            },
        }
    }

    // ----------------------------------------------------------- expressions

    fn expr(&mut self, e: &ast::Expr) -> Expr {
        let at = span(e.syntax());
        let kind = match e {
            ast::Expr::Literal(l) => self.literal(l, at),
            ast::Expr::NameExpr(n) => match n.token() {
                Some(t) if t.kind() == NAME => ExprKind::QualifiedName(t.text().to_string()),
                Some(t) => ExprKind::Reserved(t.text().to_string()),
                None => ExprKind::Nop,
            },
            ast::Expr::TypeRef(t) => ExprKind::TypeRef(t.syntax().text()),
            ast::Expr::VariableExpr(v) => match v.token() {
                Some(t) => ExprKind::Variable(Arc::from(variable_name(t))),
                None => ExprKind::Nop,
            },
            ast::Expr::DqString(s) => return self.string(s.syntax(), Escapes::DQ, false, at),
            ast::Expr::HeredocExpr(h) => self.heredoc(h, at),
            ast::Expr::ArrayExpr(a) => ExprKind::Array(self.arguments(a.entries())),
            ast::Expr::HashExpr(h) => {
                ExprKind::Hash(h.entries().map(|e| self.hash_entry(&e)).collect())
            }
            ast::Expr::BinaryExpr(b) => {
                let op = match b.op_token().map(|t| t.kind()) {
                    Some(OR_KW) => BinaryOp::Or,
                    Some(AND_KW) => BinaryOp::And,
                    Some(LT) => BinaryOp::Lt,
                    Some(GT) => BinaryOp::Gt,
                    Some(LE) => BinaryOp::Le,
                    Some(GE) => BinaryOp::Ge,
                    Some(EQEQ) => BinaryOp::Eq,
                    Some(NE) => BinaryOp::Ne,
                    Some(LSHIFT) => BinaryOp::Shl,
                    Some(RSHIFT) => BinaryOp::Shr,
                    Some(PLUS) => BinaryOp::Add,
                    Some(MINUS) => BinaryOp::Sub,
                    Some(STAR) => BinaryOp::Mul,
                    Some(SLASH) => BinaryOp::Div,
                    Some(PERCENT) => BinaryOp::Rem,
                    Some(MATCH) => BinaryOp::Match,
                    Some(NOMATCH) => BinaryOp::NotMatch,
                    Some(IN_KW) => BinaryOp::In,
                    _ => return Expr::new(ExprKind::Nop, at),
                };
                ExprKind::Binary {
                    op,
                    lhs: self.boxed(b.lhs(), at),
                    rhs: self.boxed(b.rhs(), at),
                }
            }
            ast::Expr::UnaryExpr(u) => ExprKind::Unary {
                op: match u.op_token().map(|t| t.kind()) {
                    Some(MINUS) => UnaryOp::Neg,
                    _ => UnaryOp::Not,
                },
                expr: self.boxed(u.expr(), at),
            },
            ast::Expr::SplatExpr(s) => ExprKind::Unary {
                op: UnaryOp::Splat,
                expr: self.boxed(s.expr(), at),
            },
            ast::Expr::ParenExpr(p) => ExprKind::Paren(self.boxed(p.expr(), at)),
            ast::Expr::SelectorExpr(s) => ExprKind::Selector {
                subject: self.boxed(s.subject(), at),
                entries: s
                    .entries()
                    .map(|entry| {
                        let entry_span = span(entry.syntax());
                        SelectorEntry {
                            matcher: self.expr_or_nop(entry.matcher(), entry_span),
                            value: self.expr_or_nop(entry.value(), entry_span),
                            span: entry_span,
                        }
                    })
                    .collect(),
            },
            ast::Expr::AccessExpr(a) => ExprKind::Access {
                target: self.boxed(a.target(), at),
                keys: self.arguments(a.keys()),
            },
            ast::Expr::CallExpr(c) => {
                let callee = match (c.callee(), c.type_kw()) {
                    (_, Some(kw)) => {
                        Expr::new(ExprKind::QualifiedName("type".into()), token_span(kw))
                    }
                    (callee, None) => self.expr_or_nop(callee, at),
                };
                let args = match c.args() {
                    Some(args) => self.arguments(args.args()),
                    None => Vec::new(),
                };
                let lambda = c.lambda().map(|l| self.lambda(&l));
                ExprKind::Call(Box::new(Call {
                    callee,
                    args,
                    lambda,
                    rval_required: true,
                    span: at,
                }))
            }
            ast::Expr::MethodCallExpr(m) => {
                let receiver = self.expr_or_nop(m.receiver(), at);
                let name = m
                    .name_token()
                    .map_or_else(String::new, |t| t.text().to_string());
                let args = m.args();
                let parens = args.is_some();
                let args = match args {
                    Some(args) => self.arguments(args.args()),
                    None => Vec::new(),
                };
                let lambda = m.lambda().map(|l| self.lambda(&l));
                ExprKind::MethodCall(Box::new(MethodCall {
                    receiver,
                    name,
                    args,
                    lambda,
                    parens,
                    span: at,
                }))
            }
            ast::Expr::IfExpr(i) => self.if_expr(
                i.cond(),
                i.then_block(),
                i.elsif_clause(),
                i.else_clause(),
                at,
            ),
            ast::Expr::UnlessExpr(u) => ExprKind::Unless {
                cond: self.boxed(u.cond(), at),
                then: self.block(u.then_block(), at),
                otherwise: self.else_clause(u.else_clause()),
            },
            ast::Expr::CaseExpr(c) => ExprKind::Case {
                subject: self.boxed(c.subject(), at),
                options: c
                    .options()
                    .map(|option| {
                        let option_span = span(option.syntax());
                        CaseOption {
                            values: option.values().map(|v| self.expr(&v)).collect(),
                            body: self.block(option.body(), option_span),
                            span: option_span,
                        }
                    })
                    .collect(),
            },
            ast::Expr::AssignmentExpr(a) => ExprKind::Assign {
                op: match a.op_token().map(|t| t.kind()) {
                    Some(APPENDS) => AssignOp::Append,
                    Some(DELETES) => AssignOp::Delete,
                    _ => AssignOp::Assign,
                },
                target: self.boxed(a.target(), at),
                value: self.boxed(a.value(), at),
            },
            ast::Expr::RelationshipExpr(r) => ExprKind::Relationship {
                op: match r.op_token().map(|t| t.kind()) {
                    Some(IN_EDGE_SUB) => EdgeOp::Notify,
                    Some(OUT_EDGE) => EdgeOp::Require,
                    Some(OUT_EDGE_SUB) => EdgeOp::Subscribe,
                    _ => EdgeOp::Before,
                },
                lhs: self.boxed(r.lhs(), at),
                rhs: self.boxed(r.rhs(), at),
            },
            ast::Expr::ResourceExpr(r) => self.resource(r, at),
            ast::Expr::AttributeBlockExpr(b) => return self.attribute_block(b, at),
            ast::Expr::CollectExpr(c) => {
                let query = c.query();
                ExprKind::Collect(Box::new(Collect {
                    type_ref: self.expr_or_nop(c.type_expr(), at),
                    exported: query.as_ref().is_some_and(|q| q.exported().is_some()),
                    query: query.and_then(|q| q.expr()).map(|q| self.expr(&q)),
                    ops: c.ops().map(|op| self.attribute_op(&op)).collect(),
                    span: at,
                }))
            }
            ast::Expr::ClassDef(c) => self.class_def(c, at),
            ast::Expr::DefineDef(d) => {
                let name = self.classname(&name_text(d.name_token()));
                ExprKind::Define(Arc::new(DefineDef {
                    name,
                    params: self.param_list(d.param_list()),
                    body: self.block(d.body(), at),
                    span: at,
                }))
            }
            ast::Expr::NodeDef(n) => self.node_def(n, at),
            ast::Expr::FunctionDef(f) => ExprKind::Function(Arc::new(FunctionDef {
                name: name_text(f.name_token()),
                params: self.param_list(f.param_list()),
                return_type: self.return_type(f.return_type()),
                body: self.block(f.body(), at),
                span: at,
            })),
            ast::Expr::TypeAlias(a) => self.type_alias(a, at),
            ast::Expr::TypeDef(t) => {
                let mut refs = t.type_refs();
                let name = refs.next().map_or_else(String::new, |r| r.syntax().text());
                let parent = refs.next().map(|r| r.syntax().text());
                ExprKind::TypeDefinition {
                    name,
                    parent,
                    body: Block {
                        statements: self.statements(t.body_elements()),
                        span: at,
                    },
                }
            }
            ast::Expr::RenderString(r) => {
                ExprKind::RenderString(r.text().map_or_else(String::new, |t| epp_text(t.text())))
            }
            ast::Expr::RenderExpr(r) => {
                let expr = match (r.expr(), r.block()) {
                    (Some(e), _) => self.expr(&e),
                    (None, Some(block)) => {
                        let block = self.block(Some(block), at);
                        block_or_expression(block)
                    }
                    (None, None) => Expr::new(ExprKind::Nop, at),
                };
                ExprKind::RenderExpr(Box::new(expr))
            }
        };
        Expr::new(kind, at)
    }

    fn expr_or_nop(&mut self, e: Option<ast::Expr>, at: Span) -> Expr {
        match e {
            Some(e) => self.expr(&e),
            None => Expr::new(ExprKind::Nop, at),
        }
    }

    fn boxed(&mut self, e: Option<ast::Expr>, at: Span) -> Box<Expr> {
        Box::new(self.expr_or_nop(e, at))
    }

    /// Puppet's `ARGUMENTS`: adjacent bare `k => v` pairs make one hash.
    fn arguments<'a>(&mut self, args: impl Iterator<Item = ast::Argument<'a>>) -> Vec<Expr> {
        let mut out: Vec<Expr> = Vec::new();
        for arg in args {
            match arg {
                ast::Argument::Expr(e) => out.push(self.expr(&e)),
                ast::Argument::HashEntry(h) => {
                    let entry = self.hash_entry(&h);
                    match out.last_mut() {
                        Some(Expr {
                            kind: ExprKind::UnfoldedHash(entries),
                            span,
                        }) => {
                            *span = span.cover(entry.span);
                            entries.push(entry);
                        }
                        _ => {
                            let at = entry.span;
                            out.push(Expr::new(ExprKind::UnfoldedHash(vec![entry]), at));
                        }
                    }
                }
            }
        }
        out
    }

    fn hash_entry(&mut self, entry: &ast::HashEntry) -> HashEntry {
        let at = span(entry.syntax());
        HashEntry {
            key: self.expr_or_nop(entry.key(), at),
            value: self.expr_or_nop(entry.value(), at),
            span: at,
        }
    }

    fn if_expr(
        &mut self,
        cond: Option<ast::Expr>,
        then: Option<ast::Block>,
        elsif: Option<ast::ElsifClause>,
        otherwise: Option<ast::ElseClause>,
        at: Span,
    ) -> ExprKind {
        let cond = self.boxed(cond, at);
        let then = self.block(then, at);
        let otherwise = match elsif {
            Some(elsif) => {
                let elsif_span = span(elsif.syntax());
                let kind = self.if_expr(
                    elsif.cond(),
                    elsif.then_block(),
                    elsif.elsif_clause(),
                    elsif.else_clause(),
                    elsif_span,
                );
                Some(Box::new(Expr::new(kind, elsif_span)))
            }
            None => self.else_clause(otherwise),
        };
        ExprKind::If {
            cond,
            then,
            otherwise,
        }
    }

    /// `else { }` is no else at all, as in Puppet.
    fn else_clause(&mut self, clause: Option<ast::ElseClause>) -> Option<Box<Expr>> {
        let clause = clause?;
        let block = self.block(clause.block(), span(clause.syntax()));
        if block.statements.is_empty() {
            return None;
        }
        let at = block.span;
        Some(Box::new(Expr::new(ExprKind::Block(block), at)))
    }

    fn lambda(&mut self, lambda: &ast::Lambda) -> Lambda {
        let at = span(lambda.syntax());
        Lambda {
            params: self.params(lambda.params()),
            return_type: self.return_type(lambda.return_type()),
            body: self.block(lambda.body(), at),
            span: at,
        }
    }

    fn return_type(&mut self, r: Option<ast::ReturnType>) -> Option<Expr> {
        r.and_then(|r| r.type_expr()).map(|t| self.expr(&t))
    }

    fn param_list(&mut self, list: Option<ast::ParamList>) -> Vec<Param> {
        match list {
            Some(list) => self.params(list.params()),
            None => Vec::new(),
        }
    }

    fn params<'a>(&mut self, params: impl Iterator<Item = ast::Param<'a>>) -> Vec<Param> {
        params
            .map(|p| {
                let parts = p.parts();
                Param {
                    name: parts
                        .variable
                        .map_or_else(|| Arc::from(""), |v| Arc::from(variable_name(v))),
                    type_expr: parts.type_expr.map(|t| self.expr(&t)),
                    default: parts.default_value.map(|d| self.expr(&d)),
                    captures_rest: parts.star.is_some(),
                    span: span(p.syntax()),
                }
            })
            .collect()
    }

    // ------------------------------------------------------------- literals

    fn literal(&mut self, l: &ast::Literal, at: Span) -> ExprKind {
        let Some(token) = l.token() else {
            return ExprKind::Nop;
        };
        let text = token.text();
        ExprKind::Literal(match token.kind() {
            NUMBER => self.number(text, at),
            TRUE_KW => Literal::Boolean(true),
            FALSE_KW => Literal::Boolean(false),
            UNDEF_KW => Literal::Undef,
            DEFAULT_KW => Literal::Default,
            REGEX => Literal::Regex(regex_source(text)),
            STRING => Literal::String(single_quoted(text)),
            // bare words, and `type` / `function` as values
            _ => Literal::String(text.to_string()),
        })
    }

    /// Puppet's `NUMBER`: hex, octal and decimal integers, floats.
    fn number(&mut self, text: &str, at: Span) -> Literal {
        let (digits, radix) =
            if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
                (hex, 16)
            } else if text.len() > 1
                && text.starts_with('0')
                && text.bytes().all(|b| b.is_ascii_digit())
            {
                (&text[1..], 8)
            } else if text.bytes().all(|b| b.is_ascii_digit()) {
                (text, 10)
            } else {
                return match parse_float(text) {
                    Some(f) => Literal::Float(f),
                    None => {
                        self.error(format!("{}, {text}", crate::INVALID_NUMBER), at);
                        Literal::Float(0.0)
                    }
                };
            };
        match i64::from_str_radix(digits, radix) {
            Ok(n) => Literal::Integer(n),
            Err(_) => {
                self.error(
                    format!(
                        "A Literal Integer resulted in a value outside of Puppet Integer max range, got '+0x{}'",
                        big_hex(digits, radix)
                    ),
                    at,
                );
                Literal::Integer(i64::MAX)
            }
        }
    }

    // -------------------------------------------------------------- strings

    /// The text of a double-quoted string or heredoc body: a `Literal::String`, or a
    /// `Concat` when something is interpolated.
    fn string(&mut self, node: Node, escapes: Escapes, trim_break: bool, at: Span) -> Expr {
        if escapes == Escapes::DQ {
            self.warn_unrecognized_escapes(node);
        }
        let mut parts: Vec<StrPart> = Vec::new();
        let mut raw = String::new();
        let mut interpolated = false;
        let mut elements = node.children_with_tokens().peekable();
        while let Some(element) = elements.next() {
            match element {
                NodeOrToken::Token(token) if token.kind() == STR_TEXT => raw.push_str(token.text()),
                NodeOrToken::Token(_) => {}
                NodeOrToken::Node(part) => {
                    let Some(part) = ast::StrNode::cast(part) else {
                        continue;
                    };
                    interpolated = true;
                    self.flush_text(&mut raw, &mut parts, escapes, at);
                    let next = elements.peek().and_then(|e| e.into_token());
                    if let Some(expr) = self.interpolated(&part, next) {
                        parts.push(StrPart::Expr(expr));
                    }
                }
            }
        }
        if trim_break && raw.ends_with('\n') {
            raw.pop();
            if raw.ends_with('\r') {
                raw.pop();
            }
        }
        if !interpolated {
            let text = self.unescape(&raw, escapes, at);
            return Expr::new(ExprKind::Literal(Literal::String(text)), at);
        }
        self.flush_text(&mut raw, &mut parts, escapes, at);
        Expr::new(ExprKind::Concat(parts), at)
    }

    /// Puppet's warning for each escape a double-quoted string does not know (the
    /// backslash stays). Its lexer reads the text up to a `$` (of an interpolation or
    /// not) or the closing quote, and warns standing after it.
    fn warn_unrecognized_escapes(&mut self, node: Node) {
        let mut pending: Vec<char> = Vec::new();
        let flush = |pending: &mut Vec<char>, at: u32, warnings: &mut Vec<(String, u32)>| {
            for e in pending.drain(..) {
                warnings.push((format!("Unrecognized escape sequence '\\{e}'"), at));
            }
        };
        for element in node.children_with_tokens() {
            match element {
                NodeOrToken::Token(token) if token.kind() == STR_TEXT => {
                    let base = token_span(token).start;
                    let mut chars = token.text().char_indices();
                    while let Some((i, c)) = chars.next() {
                        match c {
                            '\\' => match chars.next() {
                                Some((
                                    _,
                                    '\\' | '$' | '\'' | '"' | 'r' | 'n' | 't' | 's' | 'u',
                                ))
                                | Some((_, '\n' | '\r'))
                                | None => {}
                                Some((_, e)) => pending.push(e),
                            },
                            '$' => flush(&mut pending, base + i as u32 + 1, &mut self.warnings),
                            _ => {}
                        }
                    }
                }
                NodeOrToken::Node(part) if !pending.is_empty() => {
                    let opener = match ast::StrNode::cast(part) {
                        Some(ast::StrNode::Interpolation(_)) => 2,
                        Some(ast::StrNode::VariableExpr(_)) => 1,
                        None => continue,
                    };
                    flush(&mut pending, span(part).start + opener, &mut self.warnings);
                }
                _ => {}
            }
        }
        flush(&mut pending, span(node).end, &mut self.warnings);
    }

    /// Ends a text segment. Puppet drops empty ones.
    fn flush_text(
        &mut self,
        raw: &mut String,
        parts: &mut Vec<StrPart>,
        escapes: Escapes,
        at: Span,
    ) {
        if !raw.is_empty() {
            let text = self.unescape(raw, escapes, at);
            if !text.is_empty() {
                parts.push(StrPart::Text(text));
            }
            raw.clear();
        }
    }

    /// `$x` or `${ expr }` in a string, with Puppet's interpolation rewrites. `next` is
    /// the token after it, if a token follows.
    fn interpolated(&mut self, part: &ast::StrNode, next: Option<Token>) -> Option<Expr> {
        match part {
            ast::StrNode::VariableExpr(v) => {
                let name = v.token().map_or_else(String::new, variable_name);
                Some(Expr::new(
                    ExprKind::Variable(Arc::from(name)),
                    span(v.syntax()),
                ))
            }
            ast::StrNode::Interpolation(i) => match i.expr() {
                // Puppet's rewrite of `${x}`, `${x[1]}`, `${x.y}` (a leading name is a
                // variable) is the lexer's: its factory's second pass over the model
                // finds nothing more to rewrite in what the lexer produces.
                Some(e) => Some(self.expr(&e)),
                None => {
                    // `${}`: Puppet's grammar wants an expression; it reports the text
                    // that follows.
                    let after = next.filter(|t| t.kind() == STR_TEXT);
                    let end = span(i.syntax()).end;
                    let (shown, at) = match after {
                        Some(t) => (t.text().to_string(), Span::new(end, token_span(t).end)),
                        None => (String::new(), Span::new(end, end)),
                    };
                    self.error(format!("Syntax error at '{shown}'"), at);
                    None
                }
            },
        }
    }

    fn unescape(&mut self, raw: &str, escapes: Escapes, at: Span) -> String {
        match unescape(raw, escapes) {
            Ok(text) => text,
            Err(()) => {
                self.error(
                    "Unicode escape '\\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff",
                    at,
                );
                raw.to_string()
            }
        }
    }

    fn heredoc(&mut self, heredoc: &ast::HeredocExpr, at: Span) -> ExprKind {
        let Some(header) = heredoc.header() else {
            return ExprKind::Nop;
        };
        let spec = HeredocSpec::parse(header.text());
        let body = self
            .heredoc_bodies
            .get(&header.text_range().start())
            .copied();
        let text = match body {
            Some(body) => {
                let trim = body
                    .tokens()
                    .find(|t| t.kind() == HEREDOC_END)
                    .is_some_and(|end| end_removes_break(end.text(), &spec.tag));
                self.string(body, spec.escapes, trim, span(body))
            }
            None if self.epp => self.heredoc_in_template(header, &spec, at),
            // the lexer reported the missing text
            None => Expr::new(ExprKind::Literal(Literal::String(String::new())), at),
        };
        ExprKind::Heredoc {
            syntax: spec.syntax,
            text: Box::new(text),
        }
    }

    /// In a template, a heredoc written in a tag takes its text from the lines after
    /// the tag's line, which are template text (Puppet renders them too). The lexer
    /// leaves them as template text, so the text is read here; interpolation in it is
    /// not supported.
    fn heredoc_in_template(&mut self, header: Token, spec: &HeredocSpec, at: Span) -> Expr {
        let text = self.text;
        let empty = Expr::new(ExprKind::Literal(Literal::String(String::new())), at);
        let after = usize::from(header.text_range().end());
        let Some(newline) = text[after..].find('\n') else {
            return empty;
        };
        let body_start = after + newline + 1;
        let mut lines = Vec::new();
        let mut line_start = body_start;
        let (end_line, body_end) = loop {
            if line_start >= text.len() {
                return empty;
            }
            let line_end = text[line_start..]
                .find('\n')
                .map_or(text.len(), |i| line_start + i + 1);
            let line = &text[line_start..line_end];
            let content = line
                .trim_end_matches(['\n', '\r'])
                .trim_end_matches([' ', '\t']);
            if content.ends_with(spec.tag.as_str()) {
                break (line, line_end);
            }
            lines.push(line);
            line_start = line_end;
        };
        let blanks = end_line.len() - end_line.trim_start_matches([' ', '\t']).len();
        let margin = &end_line[..blanks];
        let has_margin = blanks > 0 && end_line[blanks..].starts_with('|');
        let mut raw: String = lines
            .iter()
            .map(|line| match line.strip_prefix(margin) {
                Some(rest) if has_margin => rest,
                _ => line,
            })
            .collect();
        if end_removes_break(end_line, &spec.tag) && raw.ends_with('\n') {
            raw.pop();
            if raw.ends_with('\r') {
                raw.pop();
            }
        }
        let body_span = Span::new(body_start as u32, body_end as u32);
        if spec.interpolate && interpolates(&raw) {
            self.error(
                "Interpolation in the text of a heredoc that is written in a template tag is not supported",
                body_span,
            );
        }
        let value = self.unescape(&raw, spec.escapes, body_span);
        Expr::new(ExprKind::Literal(Literal::String(value)), body_span)
    }

    // ------------------------------------------------------------ resources

    fn resource(&mut self, r: &ast::ResourceExpr, at: Span) -> ExprKind {
        let form = match r.form_token().map(|t| t.kind()) {
            Some(AT) => ResourceForm::Virtual,
            Some(ATAT) => ResourceForm::Exported,
            _ => ResourceForm::Regular,
        };
        let type_name = match (r.class_kw(), r.type_expr()) {
            (Some(kw), _) => Expr::new(ExprKind::QualifiedName("class".into()), token_span(kw)),
            (None, type_expr) => self.expr_or_nop(type_expr, at),
        };
        let bodies = r
            .bodies()
            .map(|body| {
                let body_span = span(body.syntax());
                ResourceBody {
                    title: self.expr_or_nop(body.title(), body_span),
                    ops: body.ops().map(|op| self.attribute_op(&op)).collect(),
                    span: body_span,
                }
            })
            .collect();
        ExprKind::Resource(Box::new(Resource {
            form,
            type_name,
            bodies,
            span: at,
        }))
    }

    fn attribute_op(&mut self, op: &ast::AttributeOperation) -> AttributeOp {
        let at = span(op.syntax());
        match op {
            ast::AttributeOperation::AttributeOp(op) => AttributeOp::Set {
                name: op
                    .name_token()
                    .map_or_else(|| Arc::from(""), |t| Arc::from(t.text())),
                append: op.op_token().is_some_and(|t| t.kind() == PARROW),
                value: self.expr_or_nop(op.value(), at),
                span: at,
            },
            ast::AttributeOperation::AttributeSplat(op) => AttributeOp::Splat {
                value: self.expr_or_nop(op.value(), at),
                span: at,
            },
        }
    }

    /// `X { attrs }`, by the shape of X (Puppet's `resource_shape`).
    fn attribute_block(&mut self, b: &ast::AttributeBlockExpr, at: Span) -> Expr {
        let target = self.expr_or_nop(b.target(), at);
        let ops: Vec<AttributeOp> = b.ops().map(|op| self.attribute_op(&op)).collect();
        let kind = match &target.kind {
            ExprKind::TypeRef(_) => ExprKind::ResourceDefaults {
                type_ref: Box::new(target),
                ops,
            },
            // Puppet means `Resource[type] { }` to be defaults, but its test reads a
            // value its type references never set: every access makes an override.
            ExprKind::Access { .. } => ExprKind::ResourceOverride {
                resources: Box::new(target),
                ops,
            },
            ExprKind::QualifiedName(_) => return self.resource_without_title(b, target, ops, at),
            _ => {
                self.error(
                    "Expression is not valid as a resource, resource-default, or resource-override",
                    target.span,
                );
                ExprKind::Nop
            }
        };
        Expr::new(kind, at)
    }

    /// `name { attrs }` is the name followed by a hash (Puppet 3 syntax), unless an
    /// attribute uses `+>`.
    fn resource_without_title(
        &mut self,
        b: &ast::AttributeBlockExpr,
        name: Expr,
        ops: Vec<AttributeOp>,
        at: Span,
    ) -> Expr {
        if ops
            .iter()
            .any(|op| matches!(op, AttributeOp::Set { append: true, .. }))
        {
            let brace = b.l_brace().map_or(at, |t| token_span(t));
            self.error(
                "Syntax error resource body without title or hash with +>",
                brace,
            );
            return Expr::new(ExprKind::Nop, at);
        }
        let entries = ops
            .into_iter()
            .map(|op| match op {
                AttributeOp::Set {
                    name, value, span, ..
                } => {
                    let key_span = Span::new(span.start, span.start + name.len() as u32);
                    HashEntry {
                        key: Expr::new(
                            ExprKind::Literal(Literal::String(name.to_string())),
                            key_span,
                        ),
                        value,
                        span,
                    }
                }
                // Puppet makes an entry of nothing to nothing of `* => x` here.
                AttributeOp::Splat { span, .. } => HashEntry {
                    key: Expr::new(ExprKind::Nop, span),
                    value: Expr::new(ExprKind::Nop, span),
                    span,
                },
            })
            .collect();
        let hash_span = match (b.l_brace(), b.r_brace()) {
            (Some(l), Some(r)) => token_span(l).cover(token_span(r)),
            _ => at,
        };
        let hash = Expr::new(ExprKind::Hash(entries), hash_span);
        if is_statement_call_name(&name) {
            statement_call(name, vec![hash])
        } else {
            let block = Block {
                statements: vec![name, hash],
                span: at,
            };
            Expr::new(ExprKind::Block(block), at)
        }
    }

    // ---------------------------------------------------------- definitions

    /// Puppet's `classname`: the name prefixed with the enclosing classes' names.
    fn classname(&self, name: &str) -> String {
        let joined = format!("{}::{}", self.namestack.join("::"), name);
        joined.strip_prefix("::").unwrap_or(&joined).to_string()
    }

    fn class_def(&mut self, c: &ast::ClassDef, at: Span) -> ExprKind {
        let raw_name = name_text(c.name_token());
        self.namestack.push(raw_name.clone());
        let params = self.param_list(c.param_list());
        let body = self.block(c.body(), at);
        self.namestack.pop();
        let parent = c
            .parent()
            .and_then(|p| p.name_token())
            .map(|t| t.text().to_string());
        ExprKind::Class(Arc::new(ClassDef {
            name: self.classname(&raw_name),
            params,
            parent,
            body,
            span: at,
        }))
    }

    fn node_def(&mut self, n: &ast::NodeDef, at: Span) -> ExprKind {
        let matchers = n.matchers().filter_map(|m| self.host_match(&m)).collect();
        let parent = n
            .parent()
            .and_then(|p| p.matcher())
            .and_then(|m| self.host_match(&m));
        ExprKind::Node(Arc::new(NodeDef {
            matchers,
            parent,
            body: self.block(n.body(), at),
            span: at,
        }))
    }

    fn host_match(&mut self, m: &ast::HostMatch) -> Option<NodeMatcher> {
        let at = span(m.syntax());
        match m {
            ast::HostMatch::Hostname(h) => {
                let segments: Vec<String> = h.segments().map(|t| t.text().to_string()).collect();
                Some(NodeMatcher::Name(segments.join(".")))
            }
            ast::HostMatch::Literal(l) => {
                let token = l.token()?;
                Some(match token.kind() {
                    DEFAULT_KW => NodeMatcher::Default,
                    REGEX => NodeMatcher::Regex(regex_source(token.text())),
                    STRING => NodeMatcher::Name(single_quoted(token.text())),
                    _ => NodeMatcher::Name(token.text().to_string()),
                })
            }
            ast::HostMatch::DqString(s) => {
                let expr = self.string(s.syntax(), Escapes::DQ, false, at);
                match expr.kind {
                    ExprKind::Literal(Literal::String(name)) => Some(NodeMatcher::Name(name)),
                    ExprKind::Concat(parts) => {
                        let at = parts
                            .iter()
                            .find_map(|p| match p {
                                StrPart::Expr(e) => Some(e.span),
                                StrPart::Text(_) => None,
                            })
                            .unwrap_or(at);
                        self.error(
                            "An interpolated expression is not allowed in a hostname of a node",
                            at,
                        );
                        None
                    }
                    _ => None,
                }
            }
            ast::HostMatch::HeredocExpr(h) => {
                let syntax = match self.heredoc(h, at) {
                    ExprKind::Heredoc { syntax, .. } => syntax.unwrap_or_default(),
                    _ => String::new(),
                };
                self.error(
                    format!("Illegal expression. A '@({syntax})' expression is unacceptable as hostname in a Node Definition"),
                    at,
                );
                None
            }
        }
    }

    /// `type Name = T`; `type Name = P { ... }` and `type Name = { ... }` are Puppet's
    /// shorthands for `Object[{ ... }]`.
    fn type_alias(&mut self, alias: &ast::TypeAlias, at: Span) -> ExprKind {
        let mut exprs = alias.exprs();
        let name = match exprs.next() {
            Some(ast::Expr::TypeRef(t)) => t.syntax().text(),
            Some(other) => {
                // Puppet's `TypeMapping` (`type Runtime[...] = ...`), which the model
                // has no place for. Puppet's validator rejects all but `Runtime` ones.
                let runtime = matches!(&other, ast::Expr::AccessExpr(a)
                    if matches!(a.target(), Some(ast::Expr::TypeRef(t)) if t.syntax().text_str() == "Runtime"));
                let message = if runtime {
                    "Type mappings ('type Runtime[...] = ...') are not supported"
                } else {
                    "Expressions of type a Type Mapping are not supported in this version of Puppet"
                };
                self.error(message, span(other.syntax()));
                return ExprKind::Nop;
            }
            None => return ExprKind::Nop,
        };
        let rhs: Vec<ast::Expr> = exprs.collect();
        let type_expr = match rhs.as_slice() {
            [ast::Expr::TypeRef(parent), ast::Expr::HashExpr(hash)] => {
                let parent_span = span(parent.syntax());
                let parent_name = parent.syntax().text();
                let hash_span = span(hash.syntax());
                let mut entries: Vec<HashEntry> =
                    hash.entries().map(|e| self.hash_entry(&e)).collect();
                let parent = Expr::new(ExprKind::TypeRef(parent_name.clone()), parent_span);
                let object = if parent_name == "Object" || parent_name == "TypeSet" {
                    parent
                } else {
                    entries.push(HashEntry {
                        key: Expr::new(ExprKind::QualifiedName("parent".into()), parent_span),
                        value: parent,
                        span: parent_span,
                    });
                    Expr::new(ExprKind::TypeRef("Object".into()), parent_span)
                };
                object_access(object, Expr::new(ExprKind::Hash(entries), hash_span))
            }
            [ast::Expr::HashExpr(hash)] => {
                let hash = self.expr(&ast::Expr::HashExpr(*hash));
                object_access(
                    Expr::new(ExprKind::TypeRef("Object".into()), hash.span),
                    hash,
                )
            }
            [e] => self.expr(e),
            _ => Expr::new(ExprKind::Nop, at),
        };
        ExprKind::TypeAlias(Arc::new(TypeAlias {
            name,
            type_expr,
            span: at,
        }))
    }
}

fn name_text(token: Option<Token>) -> String {
    token.map_or_else(String::new, |t| t.text().to_string())
}

/// `T[hash]`
fn object_access(target: Expr, hash: Expr) -> Expr {
    let at = target.span.cover(hash.span);
    Expr::new(
        ExprKind::Access {
            target: Box::new(target),
            keys: vec![hash],
        },
        at,
    )
}

fn is_statement_call_name(expr: &Expr) -> bool {
    matches!(&expr.kind, ExprKind::QualifiedName(name) if STATEMENT_CALLS.contains(&name.as_str()))
}

fn statement_call(callee: Expr, args: Vec<Expr>) -> Expr {
    let at = args
        .last()
        .map_or(callee.span, |last| callee.span.cover(last.span));
    Expr::new(
        ExprKind::Call(Box::new(Call {
            callee,
            args,
            lambda: None,
            rval_required: false,
            span: at,
        })),
        at,
    )
}

/// A call standing as a statement need not produce a value.
fn as_statement(mut expr: Expr) -> Expr {
    if let ExprKind::Call(call) = &mut expr.kind {
        call.rval_required = false;
    }
    expr
}

/// Puppet's `block_or_expression`: one statement stands alone.
fn block_or_expression(mut block: Block) -> Expr {
    if block.statements.len() == 1 {
        if let Some(only) = block.statements.pop() {
            return only;
        }
    }
    let at = block.span;
    Expr::new(ExprKind::Block(block), at)
}

/// Puppet's template scanner keeps text split only by template comments (`<%# %>`) in
/// one piece: appends `expr` to `last` when both are template text, else gives it back.
fn join_template_text(last: Option<&mut Expr>, expr: Expr) -> Result<(), Expr> {
    let Some(Expr {
        kind: ExprKind::RenderString(text),
        span,
    }) = last
    else {
        return Err(expr);
    };
    let ExprKind::RenderString(more) = &expr.kind else {
        return Err(expr);
    };
    text.push_str(more);
    *span = span.cover(expr.span);
    Ok(())
}

/// Puppet's template scanner, on the text after the last tag: when that text is
/// all trimmed away (whitespace after `-%>`), it still renders an empty string; when
/// the input ends right after a comment or a `<%%`, it renders nothing, not even the
/// text before.
fn final_template_text(root: Node, body: &mut Vec<Expr>) {
    let tokens: Vec<Token> = root.descendant_tokens().collect();
    let region: Vec<Token> = tokens
        .iter()
        .rev()
        .take_while(|t| !matches!(t.kind(), EPP_CODE_CLOSE | RENDER_CLOSE))
        .copied()
        .collect();
    let (Some(last), Some(first)) = (region.first(), region.last()) else {
        return;
    };
    let region_span = token_span(*first).cover(token_span(*last));
    let lost = match last.kind() {
        COMMENT => true,
        EPP_TEXT => last.text().ends_with("<%%"),
        _ => false,
    };
    if lost {
        if body.last().is_some_and(|e| {
            matches!(e.kind, ExprKind::RenderString(_)) && e.span.start >= region_span.start
        }) {
            body.pop();
        }
    } else if !region.iter().any(|t| t.kind() == EPP_TEXT) {
        let end = region_span.end;
        body.push(Expr::new(
            ExprKind::RenderString(String::new()),
            Span::new(end, end),
        ));
    }
}

// ----------------------------------------------------------------- text helpers

/// A single-quoted string's value: only `\\` and `\'` are escapes.
fn single_quoted(text: &str) -> String {
    let inner = text.strip_prefix('\'').unwrap_or(text);
    let inner = if inner.ends_with('\'') && !inner.is_empty() {
        &inner[..inner.len() - 1]
    } else {
        inner
    };
    if !inner.contains('\\') {
        return inner.to_string();
    }
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(&next @ ('\\' | '\'')) = chars.peek() {
                out.push(next);
                chars.next();
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// A regex's source between the slashes, with `\/` made `/`.
fn regex_source(text: &str) -> String {
    let inner = text.strip_prefix('/').unwrap_or(text);
    let inner = inner.strip_suffix('/').unwrap_or(inner);
    inner.replace("\\/", "/")
}

/// EPP text: `<%%` is `<%` and `%%>` is `%>`.
fn epp_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("<%%") {
            out.push_str("<%");
            rest = after;
        } else if let Some(after) = rest.strip_prefix("%%>") {
            out.push_str("%>");
            rest = after;
        } else {
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// Puppet's float conversion, which refuses `0e5`-like zeros and infinities.
fn parse_float(text: &str) -> Option<f64> {
    let int_len = text.bytes().take_while(u8::is_ascii_digit).count();
    let (int, rest) = text.split_at(int_len);
    let zero_power = int.bytes().all(|b| b == b'0') && {
        let r = rest.strip_prefix('.').unwrap_or(rest);
        r.trim_start_matches('0').starts_with(['e', 'E'])
    };
    if zero_power {
        return None;
    }
    text.parse::<f64>().ok().filter(|f| f.is_finite())
}

/// `digits` (in `radix`) as hexadecimal, whatever their size.
fn big_hex(digits: &str, radix: u32) -> String {
    let mut limbs: Vec<u32> = vec![0];
    for d in digits.chars().filter_map(|c| c.to_digit(radix)) {
        let mut carry = u64::from(d);
        for limb in &mut limbs {
            let v = u64::from(*limb) * u64::from(radix) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            limbs.push(carry as u32);
        }
    }
    let mut out = String::new();
    for (i, limb) in limbs.iter().rev().enumerate() {
        if i == 0 {
            out.push_str(&format!("{limb:x}"));
        } else {
            out.push_str(&format!("{limb:08x}"));
        }
    }
    out
}

/// Which escapes a string's text honours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Escapes {
    backslash: bool,
    dollar: bool,
    single_quote: bool,
    double_quote: bool,
    r: bool,
    n: bool,
    t: bool,
    s: bool,
    u: bool,
    /// `\` + line break: both removed.
    newline: bool,
}

impl Escapes {
    /// Puppet's `DQ_ESCAPES`.
    const DQ: Escapes = Escapes {
        backslash: true,
        dollar: true,
        single_quote: true,
        double_quote: true,
        r: true,
        n: true,
        t: true,
        s: true,
        u: true,
        newline: true,
    };

    /// A heredoc's `/flags`: none without a `/`; `\\` and the listed ones with it; all
    /// of `trnsuL$` for a bare `/`.
    fn heredoc(flags: Option<&str>) -> Escapes {
        let Some(flags) = flags else {
            return Escapes::default();
        };
        let flags = if flags.is_empty() { "trnsuL$" } else { flags };
        Escapes {
            backslash: true,
            dollar: flags.contains('$'),
            r: flags.contains('r'),
            n: flags.contains('n'),
            t: flags.contains('t'),
            s: flags.contains('s'),
            u: flags.contains('u'),
            newline: flags.contains('L'),
            ..Escapes::default()
        }
    }

    fn allows(self, c: char) -> bool {
        match c {
            '\\' => self.backslash,
            '$' => self.dollar,
            '\'' => self.single_quote,
            '"' => self.double_quote,
            'r' => self.r,
            'n' => self.n,
            't' => self.t,
            's' => self.s,
            'u' => self.u,
            _ => false,
        }
    }
}

/// The value of a double-quoted string's text segment (its escapes processed), as
/// Puppet's syntax errors show a string token.
pub(crate) fn dq_text_value(raw: &str) -> String {
    unescape(raw, Escapes::DQ).unwrap_or_else(|()| raw.to_string())
}

/// Puppet's `slurp` escape processing: `\u` escapes first (repeated until none is left,
/// as Puppet does), then every other `\x` in one left-to-right pass. An escape that is
/// not enabled keeps its backslash. Err for a `\u` naming no character.
fn unescape(raw: &str, escapes: Escapes) -> Result<String, ()> {
    if !raw.contains('\\') {
        return Ok(raw.to_string());
    }
    let mut text = raw.to_string();
    if escapes.u {
        while let Some(next) = unicode_pass(&text)? {
            text = next;
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.peek().copied() {
            None => out.push('\\'),
            Some('\r') => {
                chars.next();
                if chars.peek() == Some(&'\n') {
                    chars.next();
                    if !escapes.newline {
                        out.push_str("\\\r\n");
                    }
                } else {
                    // `\` + a lone CR is no escape.
                    out.push_str("\\\r");
                }
            }
            Some('\n') => {
                chars.next();
                if !escapes.newline {
                    out.push_str("\\\n");
                }
            }
            Some(e) => {
                chars.next();
                if !escapes.allows(e) {
                    out.push('\\');
                    out.push(e);
                    continue;
                }
                match e {
                    'r' => out.push('\r'),
                    'n' => out.push('\n'),
                    't' => out.push('\t'),
                    's' => out.push(' '),
                    // a `\u` the unicode pass left alone
                    'u' => out.push_str("\\u"),
                    _ => out.push(e),
                }
            }
        }
    }
    Ok(out)
}

/// One pass of Puppet's `\uXXXX` / `\u{X..}` replacement (a Ruby `gsub` whose match
/// also takes the character before the backslashes): `None` when nothing was replaced.
fn unicode_pass(text: &str) -> Result<Option<String>, ()> {
    let b = text.as_bytes();
    let mut out = String::new();
    let mut copied = 0; // text[..copied] is in `out`
    let mut search = 0; // the next match may not start before this
    let mut from = 0;
    while let Some(rel) = text[from..].find("\\u") {
        let at = from + rel;
        from = at + 2;
        let mut run = 0;
        while at > run && b[at - run - 1] == b'\\' {
            run += 1;
        }
        let start = at - run;
        let starts_ok = run % 2 == 0
            && (start > search || (start >= search && (start == 0 || b[start - 1] == b'\n')));
        if !starts_ok {
            continue;
        }
        let Some((code, len)) = unicode_digits(&text[at + 2..]) else {
            continue;
        };
        let c = char::from_u32(code).ok_or(())?;
        out.push_str(&text[copied..at]);
        out.push(c);
        copied = at + 2 + len;
        search = copied;
        from = copied;
    }
    if copied == 0 {
        return Ok(None);
    }
    out.push_str(&text[copied..]);
    Ok(Some(out))
}

/// After `\u`: four hex digits, or one to six in braces. The code and the length used.
fn unicode_digits(rest: &str) -> Option<(u32, usize)> {
    let b = rest.as_bytes();
    if b.len() >= 4 && b[..4].iter().all(u8::is_ascii_hexdigit) {
        return Some((u32::from_str_radix(&rest[..4], 16).ok()?, 4));
    }
    if b.first() == Some(&b'{') {
        let n = b[1..].iter().take_while(|c| c.is_ascii_hexdigit()).count();
        if (1..=6).contains(&n) && b.get(1 + n) == Some(&b'}') {
            return Some((u32::from_str_radix(&rest[1..1 + n], 16).ok()?, n + 2));
        }
    }
    None
}

/// A heredoc header `@(TAG:syntax/flags)`, as the lexer accepted it.
struct HeredocSpec {
    tag: String,
    /// `@("TAG")`
    interpolate: bool,
    syntax: Option<String>,
    escapes: Escapes,
}

impl HeredocSpec {
    fn parse(header: &str) -> HeredocSpec {
        let spec = header.strip_prefix("@(").unwrap_or(header);
        let spec = spec.strip_suffix(')').unwrap_or(spec);
        let (rest, flags) = match spec.find('/') {
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
        let tag = tag.trim();
        let (tag, interpolate) = match tag.strip_prefix('"').and_then(|t| t.strip_suffix('"')) {
            Some(inner) => (inner.trim(), true),
            None => (tag, false),
        };
        HeredocSpec {
            tag: tag.to_string(),
            interpolate,
            syntax: syntax.filter(|s| !s.is_empty()).map(str::to_string),
            escapes: Escapes::heredoc(flags),
        }
    }
}

/// Whether text has a `$name` or `${` that a double-quoted string would interpolate.
fn interpolates(text: &str) -> bool {
    text.match_indices('$').any(|(i, _)| {
        let rest = &text.as_bytes()[i + 1..];
        rest.first() == Some(&b'{') || crate::lexer::variable_name_len(rest) > 0
    })
}

/// Whether a heredoc's end line (`  |- TAG`) asks for the last line break to go.
fn end_removes_break(end_line: &str, tag: &str) -> bool {
    let line = end_line
        .trim_end_matches(['\n', '\r'])
        .trim_end_matches([' ', '\t']);
    match line.strip_suffix(tag) {
        Some(before) => before.trim_end_matches([' ', '\t']).ends_with('-'),
        None => false,
    }
}

#[cfg(test)]
mod pn;
#[cfg(test)]
mod tests;
