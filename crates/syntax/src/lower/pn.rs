//! The lowered model in Puppet's "PN" notation, the one `puppet parser dump --format pn`
//! prints for Puppet's own model (`Puppet::Pops::Model::PNTransformer`). The tests
//! compare against what Puppet 7.23 prints for the same source, so the differences
//! between the two models (blocks, radixes, folded negative numbers) are undone here.

use crate::model::*;

/// A PN value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Pn {
    Call(&'static str, Vec<Pn>),
    List(Vec<Pn>),
    Map(Vec<(String, Pn)>),
    Str(String),
    Int(i64),
    Float(f64),
    Bool(bool),
    Nil,
}

impl Pn {
    /// PN text, as Puppet formats it without indentation.
    pub(crate) fn format(&self, out: &mut String) {
        match self {
            Pn::Call(name, elements) => {
                out.push('(');
                out.push_str(name);
                for e in elements {
                    out.push(' ');
                    e.format(out);
                }
                out.push(')');
            }
            Pn::List(elements) => {
                out.push('[');
                for (i, e) in elements.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    e.format(out);
                }
                out.push(']');
            }
            Pn::Map(entries) => {
                out.push('{');
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    out.push(':');
                    out.push_str(k);
                    out.push(' ');
                    v.format(out);
                }
                out.push('}');
            }
            Pn::Str(s) => {
                out.push('"');
                for c in s.chars() {
                    match c {
                        '\t' => out.push_str("\\t"),
                        '\n' => out.push_str("\\n"),
                        '\r' => out.push_str("\\r"),
                        '"' => out.push_str("\\\""),
                        '\\' => out.push_str("\\\\"),
                        c if (c as u32) < 0x20 => out.push_str(&format!("\\o{:03o}", c as u32)),
                        c => out.push(c),
                    }
                }
                out.push('"');
            }
            Pn::Int(n) => out.push_str(&n.to_string()),
            Pn::Float(f) => out.push_str(&ruby_float(*f)),
            Pn::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Pn::Nil => out.push_str("nil"),
        }
    }

    /// The JSON form (`puppet parser dump --format json`).
    #[allow(dead_code)] // used by the corpus comparison, not by the unit tests
    pub(crate) fn json(&self, out: &mut String) {
        fn list(items: &[Pn], out: &mut String) {
            for (i, e) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                e.json(out);
            }
        }
        match self {
            Pn::Call(name, elements) => {
                out.push_str("{\"^\":[");
                Pn::Str(name.to_string()).json(out);
                for e in elements {
                    out.push(',');
                    e.json(out);
                }
                out.push_str("]}");
            }
            Pn::List(elements) => {
                out.push('[');
                list(elements, out);
                out.push(']');
            }
            Pn::Map(entries) => {
                out.push_str("{\"#\":[");
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    Pn::Str(k.clone()).json(out);
                    out.push(',');
                    v.json(out);
                }
                out.push_str("]}");
            }
            Pn::Str(s) => {
                out.push('"');
                for c in s.chars() {
                    match c {
                        '"' => out.push_str("\\\""),
                        '\\' => out.push_str("\\\\"),
                        c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                        c => out.push(c),
                    }
                }
                out.push('"');
            }
            Pn::Int(n) => out.push_str(&n.to_string()),
            Pn::Float(f) => out.push_str(&format!("{f:?}")),
            Pn::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Pn::Nil => out.push_str("null"),
        }
    }
}

/// Ruby's `Float#to_s` for the common cases.
fn ruby_float(f: f64) -> String {
    if f.fract() == 0.0 && f.abs() < 1e16 {
        format!("{f:.1}")
    } else {
        format!("{f}")
    }
}

/// Converts a lowered program; `src` is its source (for integer radixes).
pub(crate) struct ToPn<'s> {
    pub src: &'s str,
}

fn call(name: &'static str, elements: Vec<Pn>) -> Pn {
    Pn::Call(name, elements)
}

fn map(entries: Vec<(&str, Pn)>) -> Pn {
    Pn::Map(
        entries
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

impl ToPn<'_> {
    pub(crate) fn program(&self, program: &Program, epp: bool) -> Pn {
        if epp {
            let body = if program.body.is_empty() {
                call("epp", vec![])
            } else {
                call("epp", self.exprs(&program.body))
            };
            let mut entries = Vec::new();
            if let Some(params) = program.epp_params.as_ref().filter(|p| !p.is_empty()) {
                entries.push(("params", self.params(params)));
            }
            entries.push(("body", Pn::List(vec![body])));
            return call("lambda", vec![map(entries)]);
        }
        match program.body.as_slice() {
            [one] => self.expr(one),
            many => call("block", self.exprs(many)),
        }
    }

    fn exprs(&self, exprs: &[Expr]) -> Vec<Pn> {
        exprs.iter().map(|e| self.expr(e)).collect()
    }

    fn block(&self, block: &Block) -> Pn {
        Pn::List(self.exprs(&block.statements))
    }

    fn radix(&self, span: Span) -> i64 {
        let text = self
            .src
            .get(span.start as usize..span.end as usize)
            .unwrap_or("");
        if text.starts_with("0x") || text.starts_with("0X") {
            16
        } else if text.len() > 1 && text.starts_with('0') {
            8
        } else {
            10
        }
    }

    fn literal(&self, literal: &Literal, span: Span) -> Pn {
        match literal {
            Literal::Undef => Pn::Nil,
            Literal::Default => call("default", vec![]),
            Literal::Boolean(b) => Pn::Bool(*b),
            Literal::Integer(n) => match self.radix(span) {
                10 => Pn::Int(*n),
                radix => call(
                    "int",
                    vec![map(vec![("radix", Pn::Int(radix)), ("value", Pn::Int(*n))])],
                ),
            },
            Literal::Float(f) => Pn::Float(*f),
            Literal::String(s) => Pn::Str(s.clone()),
            Literal::Regex(r) => call("regexp", vec![Pn::Str(r.clone())]),
        }
    }

    fn hash(&self, entries: &[HashEntry]) -> Pn {
        call(
            "hash",
            entries
                .iter()
                .map(|e| call("=>", vec![self.expr(&e.key), self.expr(&e.value)]))
                .collect(),
        )
    }

    fn ops(&self, ops: &[AttributeOp]) -> Pn {
        Pn::List(
            ops.iter()
                .map(|op| match op {
                    AttributeOp::Set {
                        name,
                        append,
                        value,
                        ..
                    } => call(
                        if *append { "+>" } else { "=>" },
                        vec![Pn::Str(name.to_string()), self.expr(value)],
                    ),
                    AttributeOp::Splat { value, .. } => call("splat-hash", vec![self.expr(value)]),
                })
                .collect(),
        )
    }

    fn params(&self, params: &[Param]) -> Pn {
        Pn::Map(
            params
                .iter()
                .map(|p| {
                    let mut entries = Vec::new();
                    if let Some(t) = &p.type_expr {
                        entries.push(("type", self.expr(t)));
                    }
                    if p.captures_rest {
                        entries.push(("splat", Pn::Bool(true)));
                    }
                    if let Some(v) = &p.default {
                        entries.push(("value", self.expr(v)));
                    }
                    (p.name.to_string(), map(entries))
                })
                .collect(),
        )
    }

    fn lambda(&self, lambda: &Lambda) -> Pn {
        let mut entries = Vec::new();
        if !lambda.params.is_empty() {
            entries.push(("params", self.params(&lambda.params)));
        }
        if let Some(t) = &lambda.return_type {
            entries.push(("returns", self.expr(t)));
        }
        if !lambda.body.statements.is_empty() {
            entries.push(("body", self.block(&lambda.body)));
        }
        call("lambda", vec![map(entries)])
    }

    fn call_like(
        &self,
        functor: Pn,
        args: &[Expr],
        lambda: &Option<Lambda>,
        name: &'static str,
    ) -> Pn {
        let mut entries = vec![("functor", functor), ("args", Pn::List(self.exprs(args)))];
        if let Some(l) = lambda {
            entries.push(("block", self.lambda(l)));
        }
        call(name, vec![map(entries)])
    }

    fn definition(
        &self,
        kind: &'static str,
        name: &str,
        parent: Option<&str>,
        params: &[Param],
        body: &Block,
        returns: Option<&Expr>,
    ) -> Pn {
        let mut entries = vec![("name", Pn::Str(name.to_string()))];
        if let Some(p) = parent {
            entries.push(("parent", Pn::Str(p.to_string())));
        }
        if !params.is_empty() {
            entries.push(("params", self.params(params)));
        }
        if !body.statements.is_empty() {
            entries.push(("body", self.block(body)));
        }
        if let Some(r) = returns {
            entries.push(("returns", self.expr(r)));
        }
        call(kind, vec![map(entries)])
    }

    fn matcher(&self, m: &NodeMatcher) -> Pn {
        match m {
            NodeMatcher::Name(n) => Pn::Str(n.clone()),
            NodeMatcher::Regex(r) => call("regexp", vec![Pn::Str(r.clone())]),
            NodeMatcher::Default => call("default", vec![]),
        }
    }

    fn if_like(
        &self,
        name: &'static str,
        cond: &Expr,
        then: &Block,
        otherwise: &Option<Box<Expr>>,
    ) -> Pn {
        let mut entries = vec![("test", self.expr(cond))];
        if !then.statements.is_empty() {
            entries.push(("then", self.block(then)));
        }
        match otherwise.as_deref() {
            Some(Expr {
                kind: ExprKind::Block(b),
                ..
            }) => entries.push(("else", self.block(b))),
            Some(e) => entries.push(("else", Pn::List(vec![self.expr(e)]))),
            None => {}
        }
        call(name, vec![map(entries)])
    }

    pub(crate) fn expr(&self, e: &Expr) -> Pn {
        match &e.kind {
            ExprKind::Literal(l) => self.literal(l, e.span),
            ExprKind::Concat(parts) => call(
                "concat",
                parts
                    .iter()
                    .map(|p| match p {
                        StrPart::Text(t) => Pn::Str(t.clone()),
                        StrPart::Expr(e) => call("str", vec![self.expr(e)]),
                    })
                    .collect(),
            ),
            ExprKind::Heredoc { syntax, text } => {
                let mut entries = Vec::new();
                if let Some(s) = syntax {
                    entries.push(("syntax", Pn::Str(s.clone())));
                }
                entries.push(("text", self.expr(text)));
                call("heredoc", vec![map(entries)])
            }
            ExprKind::Variable(name) => call("var", vec![Pn::Str(name.to_string())]),
            ExprKind::QualifiedName(name) => call("qn", vec![Pn::Str(name.clone())]),
            ExprKind::TypeRef(name) => call("qr", vec![Pn::Str(name.clone())]),
            ExprKind::Reserved(word) => call("reserved", vec![Pn::Str(word.clone())]),
            ExprKind::Array(items) => call("array", self.exprs(items)),
            ExprKind::Hash(entries) | ExprKind::UnfoldedHash(entries) => self.hash(entries),
            ExprKind::Unary { op, expr } => match (op, &expr.kind) {
                (UnaryOp::Neg, ExprKind::Literal(Literal::Integer(n))) => Pn::Int(-n),
                (UnaryOp::Neg, ExprKind::Literal(Literal::Float(f))) => Pn::Float(-f),
                (UnaryOp::Neg, _) => call("-", vec![self.expr(expr)]),
                (UnaryOp::Not, _) => call("!", vec![self.expr(expr)]),
                (UnaryOp::Splat, _) => call("unfold", vec![self.expr(expr)]),
            },
            ExprKind::Binary { op, lhs, rhs } => {
                let name = match op {
                    BinaryOp::Or => "or",
                    BinaryOp::And => "and",
                    BinaryOp::Lt => "<",
                    BinaryOp::Gt => ">",
                    BinaryOp::Le => "<=",
                    BinaryOp::Ge => ">=",
                    BinaryOp::Eq => "==",
                    BinaryOp::Ne => "!=",
                    BinaryOp::Shl => "<<",
                    BinaryOp::Shr => ">>",
                    BinaryOp::Add => "+",
                    BinaryOp::Sub => "-",
                    BinaryOp::Mul => "*",
                    BinaryOp::Div => "/",
                    BinaryOp::Rem => "%",
                    BinaryOp::Match => "=~",
                    BinaryOp::NotMatch => "!~",
                    BinaryOp::In => "in",
                };
                call(name, vec![self.expr(lhs), self.expr(rhs)])
            }
            ExprKind::Assign { op, target, value } => {
                let name = match op {
                    AssignOp::Assign => "=",
                    AssignOp::Append => "+=",
                    AssignOp::Delete => "-=",
                };
                call(name, vec![self.expr(target), self.expr(value)])
            }
            ExprKind::Relationship { op, lhs, rhs } => {
                let name = match op {
                    EdgeOp::Before => "->",
                    EdgeOp::Notify => "~>",
                    EdgeOp::Require => "<-",
                    EdgeOp::Subscribe => "<~",
                };
                call(name, vec![self.expr(lhs), self.expr(rhs)])
            }
            ExprKind::Paren(inner) => call("paren", vec![self.expr(inner)]),
            ExprKind::Selector { subject, entries } => call(
                "?",
                vec![
                    self.expr(subject),
                    Pn::List(
                        entries
                            .iter()
                            .map(|s| call("=>", vec![self.expr(&s.matcher), self.expr(&s.value)]))
                            .collect(),
                    ),
                ],
            ),
            ExprKind::Access { target, keys } => {
                let mut elements = vec![self.expr(target)];
                elements.extend(self.exprs(keys));
                call("access", elements)
            }
            ExprKind::Call(c) => self.call_like(
                self.expr(&c.callee),
                &c.args,
                &c.lambda,
                if c.rval_required { "call" } else { "invoke" },
            ),
            ExprKind::MethodCall(m) => {
                let functor = call(
                    ".",
                    vec![
                        self.expr(&m.receiver),
                        call("qn", vec![Pn::Str(m.name.clone())]),
                    ],
                );
                self.call_like(functor, &m.args, &m.lambda, "call-method")
            }
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => self.if_like("if", cond, then, otherwise),
            ExprKind::Unless {
                cond,
                then,
                otherwise,
            } => self.if_like("unless", cond, then, otherwise),
            ExprKind::Case { subject, options } => call(
                "case",
                vec![
                    self.expr(subject),
                    Pn::List(
                        options
                            .iter()
                            .map(|o| {
                                let then = if o.body.statements.is_empty() {
                                    Pn::List(vec![call("nop", vec![])])
                                } else {
                                    self.block(&o.body)
                                };
                                map(vec![
                                    ("when", Pn::List(self.exprs(&o.values))),
                                    ("then", then),
                                ])
                            })
                            .collect(),
                    ),
                ],
            ),
            ExprKind::Block(b) => call("block", self.exprs(&b.statements)),
            ExprKind::Resource(r) => {
                let bodies = r
                    .bodies
                    .iter()
                    .map(|b| {
                        map(vec![
                            ("title", self.expr(&b.title)),
                            ("ops", self.ops(&b.ops)),
                        ])
                    })
                    .collect();
                let mut entries = vec![
                    ("type", self.expr(&r.type_name)),
                    ("bodies", Pn::List(bodies)),
                ];
                match r.form {
                    ResourceForm::Regular => {}
                    ResourceForm::Virtual => entries.push(("form", Pn::Str("virtual".into()))),
                    ResourceForm::Exported => entries.push(("form", Pn::Str("exported".into()))),
                }
                call("resource", vec![map(entries)])
            }
            ExprKind::ResourceDefaults { type_ref, ops } => call(
                "resource-defaults",
                vec![map(vec![
                    ("type", self.expr(type_ref)),
                    ("ops", self.ops(ops)),
                ])],
            ),
            ExprKind::ResourceOverride { resources, ops } => call(
                "resource-override",
                vec![map(vec![
                    ("resources", self.expr(resources)),
                    ("ops", self.ops(ops)),
                ])],
            ),
            ExprKind::Collect(c) => {
                let query_name = if c.exported {
                    "exported-query"
                } else {
                    "virtual-query"
                };
                let query = call(query_name, c.query.iter().map(|q| self.expr(q)).collect());
                let mut entries = vec![("type", self.expr(&c.type_ref)), ("query", query)];
                if !c.ops.is_empty() {
                    entries.push(("ops", self.ops(&c.ops)));
                }
                call("collect", vec![map(entries)])
            }
            ExprKind::Class(c) => self.definition(
                "class",
                &c.name,
                c.parent.as_deref(),
                &c.params,
                &c.body,
                None,
            ),
            ExprKind::Define(d) => {
                self.definition("define", &d.name, None, &d.params, &d.body, None)
            }
            ExprKind::Function(f) => self.definition(
                "function",
                &f.name,
                None,
                &f.params,
                &f.body,
                f.return_type.as_ref(),
            ),
            ExprKind::Node(n) => {
                let mut entries = vec![(
                    "matches",
                    Pn::List(n.matchers.iter().map(|m| self.matcher(m)).collect()),
                )];
                if let Some(p) = &n.parent {
                    entries.push(("parent", self.matcher(p)));
                }
                if !n.body.statements.is_empty() {
                    entries.push(("body", self.block(&n.body)));
                }
                call("node", vec![map(entries)])
            }
            ExprKind::TypeAlias(a) => call(
                "type-alias",
                vec![Pn::Str(a.name.clone()), self.expr(&a.type_expr)],
            ),
            ExprKind::TypeDefinition { name, parent, body } => call(
                "type-definition",
                vec![
                    Pn::Str(name.clone()),
                    parent.clone().map_or(Pn::Nil, Pn::Str),
                    if body.statements.is_empty() {
                        call("nop", vec![])
                    } else {
                        call("block", self.exprs(&body.statements))
                    },
                ],
            ),
            ExprKind::RenderString(s) => call("render-s", vec![Pn::Str(s.clone())]),
            ExprKind::RenderExpr(e) => call("render", vec![self.expr(e)]),
            ExprKind::Nop => call("nop", vec![]),
        }
    }
}
