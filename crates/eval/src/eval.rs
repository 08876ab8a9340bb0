//! Expression evaluation.

use crate::compiler::{
    AttrOp, Collector, Compiler, OverrideParam, PendingOverride, Query, RelItem, RelSide,
    Relationship, ResKind, ScopeId, ScopeKind, MAX_EVAL_DEPTH,
};
use crate::env::SourceFile;
use crate::error::{EvalError, Flow};
use crate::types::{capitalize_segments, AliasLink, AliasType, PType};
use crate::value::IndexMap;
use crate::value::{Regex, Value, ValueMap};
use marionette_syntax::model::{
    AssignOp, AttributeOp, BinaryOp, Block, Expr, ExprKind, Lambda, Literal, ResourceForm, Span,
    StrPart, UnaryOp,
};
use std::sync::Arc;

pub(crate) type EvalResult = Result<Value, EvalError>;

impl<'e> Compiler<'e> {
    /// Evaluates the body of a class or define: a `return` or `next` ends it. (In the
    /// main manifest and node definitions nothing catches them: an error.)
    pub(crate) fn eval_statements(
        &mut self,
        body: &[Expr],
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> Result<(), EvalError> {
        match self.eval_block(body, scope, file) {
            Ok(_) => Ok(()),
            Err(e) => match e.flow.as_deref() {
                Some(Flow::Return(_) | Flow::Next(_)) => Ok(()),
                _ => Err(e),
            },
        }
    }

    /// Calls a function named in Puppet code: while it runs, the call is a frame of
    /// Puppet's stack (`PuppetStack.stack` in `call_function`), which functions that
    /// report where they are called from read (stdlib's `deprecation`).
    fn call_from_code(
        &mut self,
        name: &str,
        args: Vec<Value>,
        lambda: Option<&Lambda>,
        scope: ScopeId,
        file: &Arc<SourceFile>,
        span: Span,
    ) -> EvalResult {
        self.puppet_stack.push((file.clone(), Some(span.start)));
        let result = self.call_function(name, args, lambda, scope, file, span);
        self.puppet_stack.pop();
        result
    }

    pub(crate) fn eval_block(
        &mut self,
        body: &[Expr],
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> EvalResult {
        let mut last = Value::Undef;
        for expr in body {
            last = self.eval_expr(expr, scope, file)?;
        }
        Ok(last)
    }

    pub(crate) fn eval_expr(
        &mut self,
        expr: &Expr,
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> EvalResult {
        self.depth += 1;
        if self.depth > MAX_EVAL_DEPTH {
            self.depth -= 1;
            return Err(EvalError::new("Evaluation is nested too deeply")
                .with_location(self.location(file, expr.span)));
        }
        let result = self.eval_inner(expr, scope, file);
        self.depth -= 1;
        result.map_err(|e| {
            if !e.is_error() || e.location.is_some() {
                return e;
            }
            // Puppet names the statement that failed: "Error while evaluating a ...".
            let label = match &expr.kind {
                ExprKind::Resource(_) => Some("a Resource Statement".to_string()),
                ExprKind::Call(_) => Some("a Function Call".to_string()),
                ExprKind::TypeRef(_) => Some("a Type-Name".to_string()),
                ExprKind::MethodCall(_) => Some("a Method call".to_string()),
                ExprKind::ResourceOverride { .. } => Some("a Resource Override".to_string()),
                ExprKind::Relationship { op, .. } => {
                    Some(format!("a '{}' expression", edge_symbol(*op)))
                }
                _ => None,
            };
            let at = match &expr.kind {
                ExprKind::Relationship { lhs, .. } => self.operator_location(file, lhs.span.end),
                // Puppet locates a method call at its `.`, or at its `(` when it has one.
                ExprKind::MethodCall(call) if call.parens => {
                    self.method_paren_location(file, call.receiver.span.end)
                }
                ExprKind::MethodCall(call) => self.operator_location(file, call.receiver.span.end),
                _ => self.location(file, expr.span),
            };
            match label {
                Some(label) if !e.labelled => e.wrapped(&label, at, false),
                _ if matches!(expr.kind, ExprKind::MethodCall(_)) => e.with_location(at),
                _ => e.with_location(self.location(file, expr.span)),
            }
        })
    }

    fn eval_inner(&mut self, expr: &Expr, scope: ScopeId, file: &Arc<SourceFile>) -> EvalResult {
        match &expr.kind {
            ExprKind::Literal(lit) => self.literal(lit),
            ExprKind::Concat(parts) => {
                // The text, and room for a short value in each `${}`.
                let room = parts
                    .iter()
                    .map(|p| match p {
                        StrPart::Text(t) => t.len(),
                        StrPart::Expr(_) => 16,
                    })
                    .sum();
                let mut s = String::with_capacity(room);
                for part in parts {
                    match part {
                        StrPart::Text(t) => s.push_str(t),
                        StrPart::Expr(e) => {
                            let v = self.eval_expr(e, scope, file)?;
                            interpolate(&v, &mut s);
                        }
                    }
                }
                Ok(Value::str(s))
            }
            ExprKind::Heredoc { text, .. } => self.eval_expr(text, scope, file),
            ExprKind::Variable(name) => self.lookup_var(name, scope, file, expr.span),
            ExprKind::QualifiedName(name) => Ok(Value::str(name.as_str())),
            ExprKind::TypeRef(name) => {
                let ty = self.resolve_type_name(name)?;
                if let PType::Resource {
                    type_name: Some(n),
                    title: None,
                } = &ty
                {
                    if !self.is_resource_type(n)? {
                        return Err(EvalError::issue(
                            // As written: each segment of a reference is capitalised.
                            format!(
                                "Resource type not found: {}",
                                marionette_syntax::names::trim_root(name)
                            ),
                            self.location(file, expr.span),
                        ));
                    }
                }
                Ok(Value::Type(Arc::new(ty)))
            }
            ExprKind::Reserved(word) => Err(EvalError::new(format!(
                "Use of reserved word: {word}, must be quoted if intended to be a String value"
            ))),
            ExprKind::Array(items) => Ok(Value::array(self.eval_list(items, scope, file)?)),
            ExprKind::Hash(entries) | ExprKind::UnfoldedHash(entries) => {
                let mut map = ValueMap::default();
                for entry in entries {
                    let k = self.eval_expr(&entry.key, scope, file)?;
                    let v = self.eval_expr(&entry.value, scope, file)?;
                    map.insert(k, v);
                }
                Ok(Value::hash(map))
            }
            ExprKind::Unary { op, expr: inner } => {
                let v = self.eval_expr(inner, scope, file)?;
                match op {
                    UnaryOp::Not => Ok(Value::Bool(!v.is_truthy())),
                    UnaryOp::Neg => match v {
                        Value::Int(i) => Ok(Value::Int(
                            i.checked_neg()
                                .ok_or_else(|| EvalError::new("integer overflow"))?,
                        )),
                        Value::Float(f) => Ok(Value::Float(-f)),
                        // Ruby negates a Bignum without Puppet's range check.
                        Value::BigInt(i) => Ok(Value::integer(i.saturating_neg())),
                        Value::Timespan(t) => {
                            Ok(Value::Timespan(Arc::new(crate::value::Timespan {
                                nanos: -t.nanos,
                            })))
                        }
                        Value::Str(s) => match crate::ops::to_number(&s) {
                            Some(n @ (Value::Int(_) | Value::Float(_))) => {
                                self.numeric_coercion_warning(&s, &n, file, expr.span);
                                match n {
                                    Value::Int(i) => Ok(Value::Int(-i)),
                                    Value::Float(f) => Ok(Value::Float(-f)),
                                    _ => unreachable!("a number"),
                                }
                            }
                            _ => Err(EvalError::new(format!(
                                "The value '{s}' cannot be converted to Numeric."
                            ))),
                        },
                        other => Err(EvalError::new(format!(
                            "The value '{}' cannot be converted to Numeric.",
                            other.ruby_to_s()
                        ))),
                    },
                    UnaryOp::Splat => Ok(match v {
                        Value::Array(_) => v,
                        Value::Undef => Value::array(Vec::new()),
                        Value::Hash(h) => Value::array(
                            h.iter()
                                .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
                                .collect(),
                        ),
                        Value::Iterator(it) => {
                            Value::array(it.walk(crate::value::Walk::FromStart).1)
                        }
                        other => Value::array(vec![other]),
                    }),
                }
            }
            ExprKind::Binary { op, lhs, rhs } => self.binary(*op, lhs, rhs, scope, file),
            ExprKind::Assign { op, target, value } => {
                if *op != AssignOp::Assign {
                    return Err(EvalError::new("The operator '+=' is no longer supported"));
                }
                let v = self.eval_expr(value, scope, file)?;
                self.assign(target, v.clone(), scope, file, target.span.end)?;
                Ok(v)
            }
            ExprKind::Relationship { .. } => {
                let side = self.rel_side_of(expr, scope, file)?;
                let refs: Vec<(String, String)> = side
                    .iter()
                    .filter_map(|item| match item {
                        RelItem::Ref(t, title) => Some((t.clone(), title.clone())),
                        RelItem::Collector(_) => None,
                    })
                    .collect();
                Ok(refs_value(&refs))
            }
            ExprKind::Paren(inner) => self.eval_expr(inner, scope, file),
            ExprKind::Selector { subject, entries } => {
                let v = self.eval_expr(subject, scope, file)?;
                let mut default = None;
                for entry in entries {
                    if let ExprKind::Literal(Literal::Default) = entry.matcher.kind {
                        default = Some(&entry.value);
                        continue;
                    }
                    let m = self.eval_expr(&entry.matcher, scope, file)?;
                    // `*[a, b] => x` matches any of the elements.
                    let candidates = match (&entry.matcher.kind, m) {
                        (
                            ExprKind::Unary {
                                op: UnaryOp::Splat, ..
                            },
                            Value::Array(items),
                        ) => items.iter().cloned().collect(),
                        (_, m) => vec![m],
                    };
                    // A regex's captures are seen by its value only, as in `case`.
                    for m in candidates {
                        self.matches.push(Vec::new());
                        let matched = self.case_match(&v, &m);
                        if let Ok(true) = matched {
                            let r = self.eval_expr(&entry.value, scope, file);
                            self.matches.pop();
                            return r;
                        }
                        self.matches.pop();
                        matched?;
                    }
                }
                match default {
                    Some(value) => self.eval_expr(value, scope, file),
                    None => Err(EvalError::new(format!(
                        "No matching entry for selector parameter with value '{v}'"
                    ))),
                }
            }
            ExprKind::Access { target, keys } => {
                let t = self.eval_expr(target, scope, file)?;
                let key_exprs = keys;
                let keys = match (&t, keys.as_slice()) {
                    (Value::Type(ty), [init]) if matches!(**ty, PType::TypeSet(None)) => {
                        vec![self.eval_typeset_init(init, scope, file)?]
                    }
                    _ => self.eval_list(keys, scope, file)?,
                };
                // `$a['1']`: Puppet coerces an array index (and warns), left to right.
                if let (Value::Array(_), 1..=2) = (&t, keys.len()) {
                    for (k, e) in keys.iter().zip(key_exprs.iter()) {
                        let Value::Str(s) = k else { continue };
                        match crate::ops::to_number(s) {
                            Some(n) => self.numeric_coercion_warning(s, &n, file, e.span),
                            None => break,
                        }
                    }
                }
                self.access(t, keys).map_err(|e| {
                    // Puppet blames a bad key where it is written.
                    let err = EvalError::new(e.message);
                    match e.key.and_then(|i| key_exprs.get(i)) {
                        Some(k) => err.with_location(self.location(file, k.span)),
                        None => err,
                    }
                })
            }
            ExprKind::Call(call) => {
                let args = self.eval_list(&call.args, scope, file)?;
                match &call.callee.kind {
                    ExprKind::QualifiedName(name) => self.call_from_code(
                        name,
                        args,
                        call.lambda.as_ref(),
                        scope,
                        file,
                        call.span,
                    ),
                    // `Type(args)`, a type reference (checked as one) included.
                    _ => {
                        let callee = self.eval_expr(&call.callee, scope, file)?;
                        match callee {
                            Value::Type(ty) => crate::functions::new_value(self, &ty, args),
                            Value::Str(name) => self.call_from_code(
                                &name,
                                args,
                                call.lambda.as_ref(),
                                scope,
                                file,
                                call.span,
                            ),
                            other => Err(EvalError::new(format!("'{other}' is not callable"))),
                        }
                    }
                }
            }
            ExprKind::MethodCall(call) => {
                let receiver = self.eval_expr(&call.receiver, scope, file)?;
                // An Object's attribute comes before any function of the name.
                if let Value::Object(o) = &receiver {
                    let name = marionette_syntax::names::trim_root(&call.name);
                    if let Some(v) = o.get(name) {
                        if call.args.is_empty() {
                            return Ok(v.clone());
                        }
                        return Err(EvalError::new(format!(
                            "'attribute {}[{name}]' expects no arguments, got {}",
                            o.ty.label(),
                            call.args.len()
                        ))
                        .wrapped(
                            "a Method call",
                            self.method_location(call, file),
                            false,
                        ));
                    }
                    if let (Some(v), true) = (o.function(name), call.args.is_empty()) {
                        return Ok(v.clone());
                    }
                }
                let mut args = vec![receiver];
                args.extend(self.eval_list(&call.args, scope, file)?);
                self.call_from_code(
                    &call.name,
                    args,
                    call.lambda.as_ref(),
                    scope,
                    file,
                    call.span,
                )
                .map_err(|mut e| {
                    // Puppet places an unknown method at its `(` (else its `.`).
                    let name = marionette_syntax::names::trim_root(&call.name);
                    if e.message == format!("Unknown function: '{name}'.") {
                        e.location = Some(self.method_location(call, file));
                    }
                    e
                })
            }
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                self.matches.push(Vec::new());
                let result = self.eval_if(cond, then, otherwise.as_deref(), false, scope, file);
                self.matches.pop();
                result
            }
            ExprKind::Unless {
                cond,
                then,
                otherwise,
            } => {
                self.matches.push(Vec::new());
                let result = self.eval_if(cond, then, otherwise.as_deref(), true, scope, file);
                self.matches.pop();
                result
            }
            ExprKind::Case { subject, options } => {
                let v = self.eval_expr(subject, scope, file)?;
                let mut default = None;
                for option in options {
                    for value in &option.values {
                        if let ExprKind::Literal(Literal::Default) = value.kind {
                            default = Some(&option.body);
                            continue;
                        }
                        let m = self.eval_expr(value, scope, file)?;
                        let candidates = match (&value.kind, &m) {
                            (
                                ExprKind::Unary {
                                    op: UnaryOp::Splat, ..
                                },
                                Value::Array(items),
                            ) => items.iter().cloned().collect(),
                            _ => vec![m],
                        };
                        for m in candidates {
                            self.matches.push(Vec::new());
                            if self.case_match(&v, &m)? {
                                let r = self.eval_block(&option.body.statements, scope, file);
                                self.matches.pop();
                                return r;
                            }
                            self.matches.pop();
                        }
                    }
                }
                match default {
                    Some(body) => self.eval_block(&body.statements, scope, file),
                    None => Ok(Value::Undef),
                }
            }
            ExprKind::Block(block) => self.eval_block(&block.statements, scope, file),
            ExprKind::Resource(resource) => self.eval_resource(resource, scope, file),
            ExprKind::ResourceDefaults { type_ref, ops } => {
                let ty = self.eval_expr(type_ref, scope, file)?;
                let rtype = match &ty {
                    Value::Type(t) => match t.resolved() {
                        PType::Resource {
                            type_name: Some(n),
                            title: None,
                        } => n.clone(),
                        PType::Class(None) => "Class".into(),
                        other => other.to_string(),
                    },
                    other => capitalize_segments(&other.to_string()),
                };
                let ops = self.eval_ops(ops, scope, file)?;
                self.define_defaults(scope, &rtype, ops, file)?;
                Ok(ty)
            }
            ExprKind::ResourceOverride { resources, ops } => {
                let target = self.eval_expr(resources, scope, file)?;
                let ops = self.eval_ops(ops, scope, file)?;
                let items: Vec<Value> = match &target {
                    Value::Array(items) => items.iter().cloned().collect(),
                    other => vec![other.clone()],
                };
                let source = self.scopes[scope].source.clone();
                let line = file.line(expr.span.start);
                for item in &items {
                    let (rtype, title) = match item {
                        Value::Type(t) => match t.resolved() {
                            PType::Resource {
                                type_name: Some(tn),
                                title: Some(title),
                            } if tn != "Class" => (tn.clone(), title.clone()),
                            // Puppet turns a type without a title into a reference it
                            // cannot read.
                            PType::Resource {
                                type_name: Some(tn),
                                title: None,
                            } if tn != "Class" => {
                                return Err(EvalError::new(format!(
                                    "No title provided and :{} is not a valid resource reference",
                                    tn.to_lowercase()
                                )))
                            }
                            other => {
                                return Err(EvalError::issue(
                                    format!(
                                        "Resource Override can only operate on resources, got: {other}-Type"
                                    ),
                                    self.location(file, expr.span),
                                ))
                            }
                        },
                        other => {
                            return Err(EvalError::issue(
                                format!(
                                    "Resource Override can only operate on resources, got: {}",
                                    other.type_name()
                                ),
                                self.location(file, expr.span),
                            ))
                        }
                    };
                    let params = ops
                        .iter()
                        .map(|op| OverrideParam {
                            name: op.name.clone(),
                            value: op.value.clone(),
                            append: op.append,
                            source: source.clone(),
                            line: op.line,
                        })
                        .collect();
                    self.add_override(PendingOverride {
                        rtype,
                        title,
                        params,
                        source: source.clone(),
                        file: file.clone(),
                        line,
                    })?;
                }
                Ok(target)
            }
            ExprKind::Collect(_) => {
                self.rel_side_of(expr, scope, file)?;
                Ok(Value::Undef)
            }
            ExprKind::Class(_)
            | ExprKind::Define(_)
            | ExprKind::Node(_)
            | ExprKind::Function(_)
            | ExprKind::TypeAlias(_)
            | ExprKind::TypeDefinition { .. }
            | ExprKind::Nop => Ok(Value::Undef),
            ExprKind::RenderString(text) => {
                let sink = self
                    .render_sink
                    .last_mut()
                    .ok_or_else(|| EvalError::new("EPP text outside of a template"))?;
                sink.push_str(text);
                Ok(Value::Undef)
            }
            ExprKind::RenderExpr(inner) => {
                let v = self.eval_expr(inner, scope, file)?;
                let sink = self
                    .render_sink
                    .last_mut()
                    .ok_or_else(|| EvalError::new("EPP text outside of a template"))?;
                match &v {
                    // A Sensitive renders its value and makes the whole result
                    // Sensitive (render_epp looks for the mark).
                    Value::Sensitive(inner) => {
                        sink.push_str(&inner.to_string());
                        sink.push(crate::functions::SENSITIVE_MARK);
                    }
                    other => sink.push_str(&other.to_string()),
                }
                Ok(Value::Undef)
            }
        }
    }

    pub(crate) fn literal(&self, lit: &Literal) -> EvalResult {
        Ok(match lit {
            Literal::Undef => Value::Undef,
            Literal::Default => Value::Default,
            Literal::Boolean(b) => Value::Bool(*b),
            Literal::Integer(i) => Value::Int(*i),
            Literal::Float(f) => Value::Float(*f),
            Literal::String(s) => Value::str(s.as_str()),
            Literal::Regex(r) => Value::Regex(Regex::shared(r).map_err(EvalError::new)?),
        })
    }

    /// Evaluates a list, unfolding `*splat` elements and unfolded hashes.
    pub(crate) fn eval_list(
        &mut self,
        items: &[Expr],
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> Result<Vec<Value>, EvalError> {
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            let v = self.eval_expr(item, scope, file)?;
            match (&item.kind, v) {
                (
                    ExprKind::Unary {
                        op: UnaryOp::Splat, ..
                    },
                    Value::Array(a),
                ) => out.extend(a.iter().cloned()),
                (_, v) => out.push(v),
            }
        }
        Ok(out)
    }

    fn eval_if(
        &mut self,
        cond: &Expr,
        then: &Block,
        otherwise: Option<&Expr>,
        negate: bool,
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> EvalResult {
        let c = self.eval_expr(cond, scope, file)?.is_truthy();
        if c != negate {
            self.eval_block(&then.statements, scope, file)
        } else {
            match otherwise {
                Some(e) => self.eval_expr(e, scope, file),
                None => Ok(Value::Undef),
            }
        }
    }

    // ------------------------------------------------------------------ variables

    pub(crate) fn lookup_var(
        &mut self,
        name: &str,
        scope: ScopeId,
        file: &Arc<SourceFile>,
        span: Span,
    ) -> EvalResult {
        if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
            let n: usize = name.parse().unwrap_or(usize::MAX);
            for frame in self.matches.iter().rev() {
                if !frame.is_empty() {
                    return Ok(frame
                        .get(n)
                        .cloned()
                        .flatten()
                        .map(Value::str)
                        .unwrap_or(Value::Undef));
                }
            }
            return Ok(Value::Undef);
        }
        if let Some(param) = self.unevaluated_parameter(name, scope) {
            return Err(EvalError::flow(Flow::UnevaluatedParameter(param)));
        }
        if let Some(v) = self.find_var(name, scope) {
            return Ok(v);
        }
        // Puppet's built-in variables always exist (undef where not set).
        if matches!(name, "module_name" | "caller_module_name") {
            return Ok(Value::Undef);
        }
        if self.options.strict_variables {
            return Err(EvalError::issue(
                format!("Unknown variable: '{name}'."),
                self.location(file, span),
            ));
        }
        let msg = format!("Unknown variable: '{name}'.");
        self.warn_at(msg, file, span);
        Ok(Value::Undef)
    }

    /// Puppet's `NUMERIC_COERCION` warning: a String used as a number.
    fn numeric_coercion_warning(&mut self, s: &str, n: &Value, file: &Arc<SourceFile>, span: Span) {
        self.warn_at(
            format!("The string '{s}' was automatically coerced to the numerical value {n}"),
            file,
            span,
        );
    }

    /// Puppet turns a resource type without a title in an attribute value into a
    /// reference with an empty title (`Notify` is `"Notify[]"`), which must pass the
    /// type's title patterns (`File` does not).
    fn untitled_references(&self, v: Value) -> Result<Value, EvalError> {
        fn has_untitled(v: &Value) -> bool {
            match v {
                Value::Type(t) => matches!(
                    t.resolved(),
                    PType::Resource {
                        type_name: Some(_),
                        title: None
                    }
                ),
                Value::Array(items) => items.iter().any(has_untitled),
                Value::Hash(map) => map.iter().any(|(k, v)| has_untitled(k) || has_untitled(v)),
                _ => false,
            }
        }
        fn convert(c: &Compiler<'_>, v: &Value) -> Result<Value, EvalError> {
            Ok(match v {
                Value::Type(t) => match t.resolved() {
                    PType::Resource {
                        type_name: Some(tn),
                        title: None,
                    } => {
                        if let Some(ty) = c.env.ruby_type(&tn.to_lowercase()) {
                            // Puppet reports this one without a location.
                            if let Some(Err(message)) = ty.parse_title("") {
                                return Err(EvalError::preformatted(message));
                            }
                        }
                        Value::str(format!("{tn}[]"))
                    }
                    _ => v.clone(),
                },
                Value::Array(items) => Value::array(
                    items
                        .iter()
                        .map(|i| convert(c, i))
                        .collect::<Result<_, _>>()?,
                ),
                Value::Hash(map) => Value::hash(
                    map.iter()
                        .map(|(k, v)| Ok((convert(c, k)?, convert(c, v)?)))
                        .collect::<Result<_, EvalError>>()?,
                ),
                other => other.clone(),
            })
        }
        if has_untitled(&v) {
            convert(self, &v)
        } else {
            Ok(v)
        }
    }

    pub(crate) fn warn_at(&mut self, message: String, file: &Arc<SourceFile>, span: Span) {
        let (line, col) = file.line_col(span.start);
        self.log(
            "warning",
            format!(
                "{message} (file: {}, line: {line}, column: {col})",
                file.path
            ),
        );
    }

    pub(crate) fn find_var(&self, name: &str, scope: ScopeId) -> Option<Value> {
        let (home, var) = self.var_home(name, scope)?;
        self.scopes[home].vars.get(var).cloned()
    }

    /// The scope that binds the variable `name` (plain or qualified) as seen from
    /// `scope`, and the variable's name there.
    pub(crate) fn var_home<'n>(&self, name: &'n str, scope: ScopeId) -> Option<(ScopeId, &'n str)> {
        let binds = |s: ScopeId, var: &str| self.scopes[s].vars.contains_key(var);
        if let Some(stripped) = name.strip_prefix("::") {
            if !marionette_syntax::names::is_qualified(stripped) {
                return binds(self.top, stripped).then_some((self.top, stripped));
            }
        }
        let name = marionette_syntax::names::trim_root(name);
        if let Some((class, var)) = marionette_syntax::names::rsplit(name) {
            // The class's own variables, then those of the classes it inherits.
            let class = if class
                .bytes()
                .any(|b| !b.is_ascii_lowercase() && !b.is_ascii_digit() && b != b'_' && b != b':')
            {
                std::borrow::Cow::Owned(class.to_lowercase())
            } else {
                std::borrow::Cow::Borrowed(class)
            };
            let mut s = Some(*self.class_scopes.get(class.as_ref())?);
            while let Some(cur) = s {
                if binds(cur, var) {
                    return Some((cur, var));
                }
                s = self.scopes[cur].inherited;
            }
            return None;
        }
        let mut s = Some(scope);
        while let Some(cur) = s {
            if binds(cur, name) {
                return Some((cur, name));
            }
            s = self.next_lookup_scope(cur);
        }
        None
    }

    /// Puppet's warning for a variable that Ruby's `scope.lookupvar` (a template's
    /// `scope['x']`, a 3.x function's `lookupvar`) does not find, once per name and compile (`variable_not_found` through `warn_once`,
    /// without a location). A qualified name is reported as `lookup_qualified_variable`
    /// words it: its class not found, not evaluated, or (searched up its parents)
    /// without the variable, then named with a leading `::`.
    pub(crate) fn variable_not_found(&mut self, name: &str) {
        let plain = marionette_syntax::names::trim_root(name);
        if matches!(plain, "module_name" | "caller_module_name")
            || plain.bytes().all(|b| b.is_ascii_digit())
        {
            return;
        }
        let (shown, reason) = if !marionette_syntax::names::is_qualified(name) {
            (name.to_string(), String::new())
        } else if let Some((class, leaf)) = marionette_syntax::names::rsplit(plain) {
            self.qualified_not_found(class, leaf)
        } else {
            (format!("::{plain}"), String::new())
        };
        if self
            .seen_keys
            .insert(format!("undefined_variables:{shown}"))
        {
            self.log(
                "warning",
                format!("Undefined variable '{shown}'; {reason}\n   (file & line not available)"),
            );
        }
    }

    fn qualified_not_found(&self, class: &str, leaf: &str) -> (String, String) {
        let fqn = format!("{class}::{leaf}");
        match self.env.find_class(class) {
            Ok(Some(_)) => {}
            _ => return (fqn, format!("class {class} could not be found")),
        }
        let Some(&scope) = self.class_scopes.get(&class.to_lowercase()) else {
            return (fqn, format!("class {class} has not been evaluated"));
        };
        match self.scopes[scope].inherited {
            Some(parent) => match &self.scopes[parent].source {
                crate::compiler::Source::Class(parent) => self.qualified_not_found(parent, leaf),
                _ => (format!("::{fqn}"), String::new()),
            },
            None => (format!("::{fqn}"), String::new()),
        }
    }

    /// Puppet's variable lookup order: local scopes to their parent; classes to the
    /// class they inherit, else to the enclosing node or top scope.
    pub(crate) fn next_lookup_scope(&self, cur: ScopeId) -> Option<ScopeId> {
        let scope = &self.scopes[cur];
        match scope.kind {
            ScopeKind::Top => None,
            ScopeKind::Local => scope.parent,
            // A Puppet 3 node that inherits sees its parent node's variables first.
            ScopeKind::Node => scope.inherited.or(Some(self.top)),
            ScopeKind::Class | ScopeKind::Define => {
                if let Some(i) = scope.inherited {
                    return Some(i);
                }
                let mut p = scope.parent;
                while let Some(pid) = p {
                    if matches!(self.scopes[pid].kind, ScopeKind::Top | ScopeKind::Node) {
                        return Some(pid);
                    }
                    p = self.scopes[pid].parent;
                }
                Some(self.top)
            }
        }
    }

    /// Assigns `value` to `target` (a variable, or an array of them) in `scope`; an
    /// error is located at the `=`, the operator after byte `target_end` of `file`
    /// (worked out only for an error: most assignments have none).
    fn assign(
        &mut self,
        target: &Expr,
        value: Value,
        scope: ScopeId,
        file: &Arc<SourceFile>,
        target_end: u32,
    ) -> Result<(), EvalError> {
        self.assign_inner(target, value, scope, file, target_end)
            .map_err(|e| e.with_location(self.operator_location(file, target_end)))
    }

    fn assign_inner(
        &mut self,
        target: &Expr,
        value: Value,
        scope: ScopeId,
        file: &Arc<SourceFile>,
        target_end: u32,
    ) -> Result<(), EvalError> {
        match &target.kind {
            ExprKind::Variable(name) => {
                if marionette_syntax::names::is_qualified(name) {
                    return Err(EvalError::new(format!(
                        "Cannot assign to variables in other namespaces: ${name}"
                    )));
                }
                let bound = self.scopes[scope].vars.contains_key(&**name);
                // Puppet's evaluator refuses `$server_facts` anywhere, and `$facts`
                // and `$trusted` where they are bound (top scope); elsewhere its
                // scope refuses them, an error of the `=` expression.
                if &**name == "server_facts"
                    || (bound && crate::compiler::is_reserved_variable(name))
                {
                    return Err(EvalError::new(format!(
                        "Attempt to assign to a reserved variable name: '${name}'"
                    )));
                }
                if bound {
                    return Err(EvalError::new(format!(
                        "Cannot reassign variable '${name}'"
                    )));
                }
                if crate::compiler::is_reserved_variable(name) {
                    return Err(crate::compiler::reserved_variable_error(name).wrapped(
                        "a '=' expression",
                        self.operator_location(file, target_end),
                        false,
                    ));
                }
                self.scopes[scope].vars.insert(name.clone(), value);
                Ok(())
            }
            ExprKind::Array(targets) => {
                if let Value::Hash(map) = &value {
                    for t in targets {
                        if let ExprKind::Variable(name) = &t.kind {
                            let Some(v) = map.get(&Value::Str(name.clone())) else {
                                return Err(EvalError::new(format!(
                                    "No value for required key '{name}' in assignment to \
                                     variables from hash"
                                )));
                            };
                            self.assign_inner(t, v.clone(), scope, file, target_end)?;
                        }
                    }
                    return Ok(());
                }
                // Any other value is one value to assign.
                let values = match &value {
                    Value::Array(values) => values.clone(),
                    other => Arc::new(vec![other.clone()]),
                };
                if values.len() != targets.len() {
                    return Err(EvalError::new(format!(
                        "Mismatched number of assignable entries and values, expected {}, got {}",
                        targets.len(),
                        values.len()
                    )));
                }
                for (t, v) in targets.iter().zip(values.iter()) {
                    self.assign_inner(t, v.clone(), scope, file, target_end)?;
                }
                Ok(())
            }
            _ => Err(EvalError::new("Illegal attempt to assign to an expression")),
        }
    }

    // ------------------------------------------------------------------ operators

    fn binary(
        &mut self,
        op: BinaryOp,
        lhs: &Expr,
        rhs: &Expr,
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> EvalResult {
        match op {
            BinaryOp::And => {
                let l = self.eval_expr(lhs, scope, file)?;
                if !l.is_truthy() {
                    return Ok(Value::Bool(false));
                }
                Ok(Value::Bool(self.eval_expr(rhs, scope, file)?.is_truthy()))
            }
            BinaryOp::Or => {
                let l = self.eval_expr(lhs, scope, file)?;
                if l.is_truthy() {
                    return Ok(Value::Bool(true));
                }
                Ok(Value::Bool(self.eval_expr(rhs, scope, file)?.is_truthy()))
            }
            _ => {
                let l = self.eval_expr(lhs, scope, file)?;
                let r = self.eval_expr(rhs, scope, file)?;
                if crate::ops::coerces_operands(op, &l) {
                    for (v, e) in [(&l, lhs), (&r, rhs)] {
                        let Value::Str(s) = v else { continue };
                        match crate::ops::to_number(s) {
                            Some(n) => self.numeric_coercion_warning(s, &n, file, e.span),
                            None => break,
                        }
                    }
                }
                self.apply_binary(op, l, r).map_err(|e| {
                    // Puppet reports an operator error at the operand it blames, or at
                    // the operator (the position of a binary expression).
                    let at = match e.blame {
                        crate::ops::Blame::Left => self.location(file, lhs.span),
                        crate::ops::Blame::Right => self.location(file, rhs.span),
                        crate::ops::Blame::Operator => self.operator_location(file, lhs.span.end),
                    };
                    EvalError::new(e.message).with_location(at)
                })
            }
        }
    }

    /// A binary operator on two values (not `and`/`or`). A regexp match sets `$0..$n`.
    pub(crate) fn apply_binary(
        &mut self,
        op: BinaryOp,
        l: Value,
        r: Value,
    ) -> Result<Value, crate::ops::OpError> {
        use BinaryOp::*;
        match op {
            Eq | Ne | Lt | Gt | Le | Ge => crate::ops::comparison(op, &l, &r),
            Match | NotMatch => {
                let (matched, caps) = crate::ops::match_op(op, &l, &r)?;
                self.set_match_data(caps);
                Ok(Value::Bool(if op == Match { matched } else { !matched }))
            }
            In => {
                let (found, caps) = crate::ops::includes(&l, &r);
                self.set_match_data(caps);
                Ok(Value::Bool(found))
            }
            And | Or => unreachable!("short-circuit operators are handled in binary()"),
            _ => crate::ops::arithmetic(op, &l, &r),
        }
    }

    /// Makes the captures of a successful match `$0`, `$1`, ... in the innermost
    /// match scope.
    fn set_match_data(&mut self, caps: Option<crate::ops::Captures>) {
        if let Some(caps) = caps {
            if let Some(frame) = self.matches.last_mut() {
                *frame = caps;
            } else {
                self.matches.push(caps);
            }
        }
    }

    /// `case` and selector option matching.
    pub(crate) fn case_match(&mut self, v: &Value, option: &Value) -> Result<bool, EvalError> {
        let (matched, caps) = crate::ops::case_match(v, option);
        self.set_match_data(caps);
        Ok(matched)
    }

    // ------------------------------------------------------------------ access

    pub(crate) fn access(
        &mut self,
        target: Value,
        keys: Vec<Value>,
    ) -> Result<Value, crate::ops::AccessError> {
        if let Value::Type(t) = &target {
            if !keys.is_empty() {
                match t.resolved() {
                    PType::Resource {
                        type_name: Some(tn),
                        title: Some(title),
                    } => return self.resource_attributes(tn, tn, title, &keys),
                    PType::Class(Some(name)) => {
                        return self.resource_attributes("Class", "class", name, &keys)
                    }
                    _ => {}
                }
            }
        }
        crate::ops::access(&target, &keys)
    }

    /// `Notify[b][message]`, `Class[c][p]`: parameters of a resource already in the
    /// catalog, as they are at this point (Puppet's `access_PResourceType` with a
    /// title). Several keys, or an array of keys, give an array of values.
    fn resource_attributes(
        &mut self,
        shown: &str,
        rtype: &str,
        title: &str,
        keys: &[Value],
    ) -> Result<Value, crate::ops::AccessError> {
        let error = |message: String| crate::ops::AccessError { message, key: None };
        let as_array = keys.len() > 1 || matches!(keys, [Value::Array(_)]);
        let mut names = Vec::new();
        for k in keys {
            flatten(k, &mut names);
        }
        names.retain(|k| !k.is_undef());
        if names.is_empty() {
            return Ok(if as_array {
                Value::array(Vec::new())
            } else {
                Value::Undef
            });
        }
        // Ruby's `String#capitalize`, as Puppet's message applies it.
        let mut chars = shown.chars();
        let shown: String = chars
            .next()
            .map(|c| {
                c.to_uppercase()
                    .chain(chars.flat_map(char::to_lowercase))
                    .collect()
            })
            .unwrap_or_default();
        let Some(id) = self.find(rtype, title) else {
            return Err(error(format!("Resource not found: {shown}['{title}']")));
        };
        let r = &self.resources[id];
        let mut values = Vec::new();
        for name in &names {
            let valid = match name {
                Value::Str(k) => match &r.kind {
                    ResKind::Builtin(ty) => ty.valid_attribute(k),
                    ResKind::Define(def, _) => {
                        resource_type_param(k) || def.params.iter().any(|p| *p.name == **k)
                    }
                    ResKind::Class => {
                        resource_type_param(k)
                            || self
                                .env
                                .find_class(&r.title.to_lowercase())
                                .ok()
                                .flatten()
                                .is_some_and(|c| c.def.params.iter().any(|p| *p.name == **k))
                    }
                    ResKind::Node => resource_type_param(k),
                },
                _ => false,
            };
            if !valid {
                return Err(error(format!(
                    "The resource {shown}['{title}'] does not have a parameter called '{name}'"
                )));
            }
            let Value::Str(k) = name else { continue };
            // Defaults are those visible from the resource's scope now (Puppet applies
            // them when the resource is finished; one set later is seen too).
            let value = match r.params.get(&**k) {
                Some(v) => v.clone(),
                None => self
                    .lookup_defaults(&r.rtype, r.scope)
                    .swap_remove(&**k)
                    .map_or(Value::Undef, |d| d.value),
            };
            values.push(value);
        }
        Ok(if as_array {
            Value::array(values)
        } else {
            values.pop().unwrap_or(Value::Undef)
        })
    }

    /// Where Puppet places a method call's own errors: at its `(`, else its `.`.
    fn method_location(
        &self,
        call: &marionette_syntax::model::MethodCall,
        file: &Arc<SourceFile>,
    ) -> crate::error::Location {
        let name = marionette_syntax::names::trim_root(&call.name);
        let start = call.receiver.span.end as usize;
        let rest = file.text.get(start..).unwrap_or("");
        let after_name = rest.find(name).map(|p| p + name.len()).unwrap_or(0);
        let paren = rest[after_name..]
            .trim_start()
            .starts_with('(')
            .then(|| (start + after_name) as u32);
        self.operator_location(file, paren.unwrap_or(call.receiver.span.end))
    }

    /// A capitalised name as a type: built-in, alias, or resource type reference.
    pub(crate) fn resolve_type_name(&mut self, name: &str) -> Result<PType, EvalError> {
        let name = marionette_syntax::names::trim_root(name);
        if let Some(t) = PType::builtin(name) {
            return Ok(t);
        }
        if let Some(alias) = self.env.find_alias(name).map_err(EvalError::from_load)? {
            let name = capitalize_segments(name);
            if let Some(a) = self.aliases.get(&name) {
                // `type X = Object[...]` declares the Object type X, not an alias.
                if let object @ (PType::Object(Some(_)) | PType::TypeSet(Some(_))) = a.resolved() {
                    return Ok(object.clone());
                }
                // While its definition is evaluated, a reference to the alias is one back
                // to it (a recursive alias).
                let target = if a.is_resolved() {
                    AliasLink::Strong(a.clone())
                } else {
                    AliasLink::Back(Arc::downgrade(a))
                };
                return Ok(PType::Alias { name, target });
            }
            let a = AliasType::new(name.clone());
            self.aliases.insert(name.clone(), a.clone());
            let top = self.top;
            self.resolving_aliases
                .push(marionette_syntax::names::trim_root(&alias.def.name).to_string());
            let evaluated = self.eval_type(&alias.def.type_expr, top, &alias.file);
            self.resolving_aliases.pop();
            let resolved = match evaluated {
                // Named as the `type` statement spells the name.
                Ok(PType::Object(Some(ot))) if ot.name.is_empty() => Ok(PType::Object(Some(
                    Arc::new(ot.named(marionette_syntax::names::trim_root(&alias.def.name))),
                ))),
                Ok(PType::TypeSet(Some(set))) if set.name.is_empty() => {
                    Ok(PType::TypeSet(Some(Arc::new(
                        Arc::unwrap_or_clone(set)
                            .named(marionette_syntax::names::trim_root(&alias.def.name)),
                    ))))
                }
                Ok(t) => crate::types::settle_alias(&a, t),
                Err(e) => Err(e),
            };
            let resolved = match resolved {
                Ok(t) => t,
                Err(e) => {
                    self.aliases.remove(&name);
                    return Err(e);
                }
            };
            let object = matches!(resolved, PType::Object(Some(_)) | PType::TypeSet(Some(_)))
                .then(|| resolved.clone());
            a.resolve(resolved);
            if self.aliases.values().all(|a| a.is_resolved()) {
                self.aliases.values().for_each(AliasType::settle_recursion);
            }
            if let Some(object) = object {
                return Ok(object);
            }
            return Ok(PType::Alias {
                name,
                target: AliasLink::Strong(a),
            });
        }
        // Inside a set being evaluated, its members are also named by their short
        // names (Puppet's loader of the set, consulted after every other).
        let innermost_set = match self.pending_sets.last() {
            Some(p) if !marionette_syntax::names::is_qualified(name) => Some(p.name.clone()),
            _ => None,
        };
        if let Some(set) = innermost_set {
            if let Some((set, key, t)) = self.pending_set_member(&set, name)? {
                return Ok(pending_member(&set, key, &t));
            }
        }
        // `Set::Name`: a member of the set being evaluated, of a set already resolved,
        // or of a set in a module's types file found by one of the name's parents
        // (Puppet's loaders know the members of a set they have resolved, and no
        // others: a set of the main manifest is not found through its members).
        if let Some((set, member)) = name.rsplit_once("::") {
            if let Some((set, key, t)) = self.pending_set_member(set, member)? {
                return Ok(pending_member(&set, key, &t));
            }
            if let Some(PType::TypeSet(Some(ts))) = self
                .aliases
                .get(&capitalize_segments(set))
                .map(|a| a.resolved())
            {
                if let Some(t) = ts.member(member) {
                    return Ok(t);
                }
            }
            // Puppet's loaders, finding no file for a qualified type, look for a
            // TypeSet named by each of its parents, in that parent's own file: loading
            // and resolving it makes its members known.
            let mut parent = set;
            loop {
                let unresolved = !self.aliases.contains_key(&capitalize_segments(parent));
                if unresolved
                    && self
                        .env
                        .find_alias_in_types_file(parent)
                        .map_err(EvalError::from_load)?
                        .is_some()
                {
                    if let PType::TypeSet(Some(ts)) = self.resolve_type_name(parent)? {
                        if let Some(t) = ts.member(&name[parent.len() + 2..]) {
                            return Ok(t);
                        }
                    }
                }
                match parent.rsplit_once("::") {
                    Some((up, _)) => parent = up,
                    None => break,
                }
            }
        }
        Ok(PType::resource(name, None))
    }

    /// A member of a TypeSet being evaluated (the set's name, the member's, its type),
    /// evaluated now if it is not yet.
    fn pending_set_member(
        &mut self,
        set: &str,
        member: &str,
    ) -> Result<Option<(String, String, PType)>, EvalError> {
        let Some(i) = self
            .pending_sets
            .iter()
            .rposition(|p| p.name.eq_ignore_ascii_case(set))
        else {
            return Ok(None);
        };
        let set_name = self.pending_sets[i].name.clone();
        if let Some((key, t)) = self.pending_sets[i]
            .resolved
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(member))
        {
            return Ok(Some((set_name, key.clone(), t.clone())));
        }
        let Some((key, expr)) = self.pending_sets[i]
            .members
            .iter_mut()
            .find(|(k, e)| k.eq_ignore_ascii_case(member) && e.is_some())
            .map(|(k, e)| (k.clone(), e.take()))
        else {
            return Ok(None);
        };
        let Some(expr) = expr else { return Ok(None) };
        let (top, file) = (self.top, self.pending_sets[i].file.clone());
        let t = self.eval_type(&expr, top, &file)?;
        self.pending_sets[i].resolved.push((key.clone(), t.clone()));
        Ok(Some((set_name, key, t)))
    }

    /// A TypeSet's `types`, each evaluated once (a member another one refers to is
    /// evaluated first).
    fn eval_set_members(
        &mut self,
        set: &str,
        types: &[marionette_syntax::model::HashEntry],
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> EvalResult {
        let mut named = ValueMap::default();
        for t in types {
            let (name, value) = match &t.key.kind {
                ExprKind::TypeRef(n) => match self.pending_set_member(set, n)? {
                    Some((_, _, ty)) => (Value::str(n.as_str()), Value::Type(Arc::new(ty))),
                    None => (
                        Value::str(n.as_str()),
                        self.eval_expr(&t.value, scope, file)?,
                    ),
                },
                _ => (
                    self.eval_expr(&t.key, scope, file)?,
                    self.eval_expr(&t.value, scope, file)?,
                ),
            };
            named.insert(name, value);
        }
        Ok(Value::hash(named))
    }

    /// `TypeSet[{..., types => {Name => Type}}]`: the type names in `types` are names,
    /// not references to resolve.
    fn eval_typeset_init(
        &mut self,
        init: &Expr,
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> EvalResult {
        let ExprKind::Hash(entries) = &init.kind else {
            return self.eval_expr(init, scope, file);
        };
        let mut map = ValueMap::default();
        for entry in entries {
            let k = self.eval_expr(&entry.key, scope, file)?;
            let v = match (&k, &entry.value.kind) {
                (Value::Str(s), ExprKind::Hash(types)) if &**s == "types" => {
                    let set = self.resolving_aliases.last().cloned().unwrap_or_default();
                    self.pending_sets.push(crate::object::PendingSet {
                        name: set.clone(),
                        file: file.clone(),
                        members: types
                            .iter()
                            .filter_map(|t| match &t.key.kind {
                                ExprKind::TypeRef(n) => Some((n.clone(), Some(t.value.clone()))),
                                _ => None,
                            })
                            .collect(),
                        resolved: Vec::new(),
                    });
                    let members = self.eval_set_members(&set, types, scope, file);
                    self.pending_sets.pop();
                    members?
                }
                _ => self.eval_expr(&entry.value, scope, file)?,
            };
            map.insert(k, v);
        }
        Ok(Value::hash(map))
    }

    /// Evaluates an expression that must produce a type.
    pub(crate) fn eval_type(
        &mut self,
        expr: &Expr,
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> Result<PType, EvalError> {
        match self.eval_expr(expr, scope, file)? {
            Value::Type(t) => Ok((*t).clone()),
            Value::Hash(_) | Value::Array(_) => Ok(PType::Any),
            other => Err(EvalError::new(format!("Expected a type, got {other}"))),
        }
    }

    // ------------------------------------------------------------------ resources

    pub(crate) fn eval_ops(
        &mut self,
        ops: &[AttributeOp],
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> Result<Vec<AttrOp>, EvalError> {
        let mut out: Vec<AttrOp> = Vec::with_capacity(ops.len());
        for op in ops {
            match op {
                AttributeOp::Set {
                    name,
                    append,
                    value,
                    span,
                } => {
                    let v = self.eval_expr(value, scope, file)?;
                    if let Err(problem) = crate::wire::check_attribute_value(&v) {
                        let sym = if *append { "+>" } else { "=>" };
                        return Err(EvalError::issue(
                            format!("Error while evaluating a '{sym}' expression, {problem}"),
                            self.location(file, *span),
                        ));
                    }
                    let v = self.untitled_references(v)?;
                    out.retain(|o| o.name != *name);
                    out.push(AttrOp {
                        name: name.clone(),
                        append: *append,
                        value: v,
                        line: file.line(span.start),
                    });
                }
                AttributeOp::Splat { value, span } => match self.eval_expr(value, scope, file)? {
                    Value::Hash(map) => {
                        let line = file.line(span.start);
                        for (k, v) in map.iter() {
                            let name = k.to_name();
                            out.retain(|o| o.name != name);
                            out.push(AttrOp {
                                name,
                                append: false,
                                value: v.clone(),
                                line,
                            });
                        }
                    }
                    other => {
                        return Err(EvalError::issue(
                            format!(
                                "Expected value of type Hash, got {}",
                                crate::types::PType::infer(&other).generalize()
                            ),
                            self.location(file, value.span),
                        ))
                    }
                },
            }
        }
        Ok(out)
    }

    fn eval_resource(
        &mut self,
        resource: &marionette_syntax::model::Resource,
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> EvalResult {
        let rtype = match &resource.type_name.kind {
            ExprKind::QualifiedName(n) => n.to_lowercase(),
            _ => match self.eval_expr(&resource.type_name, scope, file)? {
                Value::Type(t) => match t.resolved() {
                    PType::Resource {
                        type_name: Some(n),
                        title: None,
                    } => n.to_lowercase(),
                    PType::Class(None) => "class".into(),
                    other => {
                        return Err(EvalError::issue(
                            format!("Illegal Resource Type expression, expected result to be a type name, or untitled Resource, got {other}"),
                            self.location(file, resource.type_name.span),
                        ))
                    }
                },
                other => {
                    return Err(EvalError::issue(
                        format!("Illegal Resource Type expression, expected result to be a type name, or untitled Resource, got {}", other.type_name()),
                        self.location(file, resource.type_name.span),
                    ))
                }
            },
        };
        let rtype = marionette_syntax::names::trim_root(&rtype).to_string();
        if resource.form == ResourceForm::Exported {
            self.warn_at(
                "You cannot collect exported resources without storeconfigs being set; the export is ignored".into(),
                file,
                resource.span,
            );
        }
        // Titles, then attributes, body by body; `default:` bodies give values to the
        // others; the resources are made once everything is evaluated.
        let mut seen_titles: Vec<Value> = Vec::new();
        let mut bodies: Vec<(Vec<String>, AttrOps)> = Vec::new();
        let mut defaults: Option<AttrOps> = None;
        for body in &resource.bodies {
            let title = self.eval_expr(&body.title, scope, file)?;
            if title.is_undef() {
                return Err(EvalError::issue(
                    "Missing title. The title expression resulted in undef",
                    self.location(file, body.title.span),
                ));
            }
            let mut flat = Vec::new();
            flatten(&title, &mut flat);
            let mut titles = Vec::new();
            let mut is_default = false;
            for (index, t) in flat.iter().enumerate() {
                match t {
                    Value::Undef => {
                        return Err(EvalError::issue(
                            format!("Missing title at index {index}. The title expression resulted in an undef title"),
                            self.location(file, body.title.span),
                        ))
                    }
                    Value::Default => is_default = true,
                    Value::Str(s) if s.is_empty() => {
                        return Err(EvalError::issue(
                            format!("Empty string title at {index}. Title strings must have a length greater than zero."),
                            self.location(file, body.title.span),
                        ))
                    }
                    Value::Str(s) => titles.push(String::from(&**s)),
                    other => {
                        return Err(EvalError::issue(
                            format!(
                                "Illegal title type at index {index}. Expected String, got {}",
                                other.type_name()
                            ),
                            self.location(file, body.title.span),
                        ))
                    }
                }
                if seen_titles.iter().any(|s| s == t) {
                    let shown = match t {
                        Value::Default => "default".to_string(),
                        other => other.to_string(),
                    };
                    return Err(EvalError::issue(
                        format!(
                            "The title '{shown}' has already been used in this resource expression"
                        ),
                        self.location(file, resource.span),
                    ));
                }
                seen_titles.push(t.clone());
            }
            let ops = self.eval_body_ops(&body.ops, scope, file, resource.span)?;
            if is_default {
                defaults = Some(ops.clone());
            }
            bodies.push((titles, ops));
        }
        let defaults = defaults.unwrap_or_default();
        let mut refs = Vec::new();
        for (titles, ops) in bodies {
            let mut params: IndexMap<Arc<str>, Value> = IndexMap::default();
            params.reserve(defaults.len() + ops.len());
            for op in defaults.iter().chain(ops.iter()) {
                params.insert(op.name.clone(), op.value.clone());
            }
            // An attribute set twice (a default, then the body) is where it was set last.
            let lines = || {
                defaults
                    .iter()
                    .chain(ops.iter())
                    .map(|op| (&op.name, op.line))
            };
            let last = titles.len().saturating_sub(1);
            for (i, title) in titles.into_iter().enumerate() {
                // The last title takes the attributes; the others get copies.
                let params = if i == last {
                    std::mem::take(&mut params)
                } else {
                    params.clone()
                };
                if rtype == "class" {
                    let id =
                        self.declare_class(&title, params, scope, Some((file, resource.span)))?;
                    self.set_param_lines(id, file, lines());
                    refs.push(("Class".to_string(), self.resources[id].title.clone()));
                    continue;
                }
                let id = self.declare_resource(
                    &rtype,
                    title,
                    params,
                    scope,
                    file,
                    resource.span,
                    resource.form,
                )?;
                self.set_param_lines(id, file, lines());
                refs.push((
                    self.resources[id].rtype.clone(),
                    self.resources[id].title.clone(),
                ));
            }
        }
        Ok(refs_value(&refs))
    }

    /// Records where the attributes of a declaration are (for messages about them).
    fn set_param_lines<'a>(
        &mut self,
        id: usize,
        file: &Arc<SourceFile>,
        lines: impl Iterator<Item = (&'a Arc<str>, u32)>,
    ) {
        let res = &mut self.resources[id];
        for (name, line) in lines {
            if let Some(i) = res.params.get_index_of(&**name) {
                res.param_lines.set(i, Some((file.clone(), line)));
            }
        }
    }

    /// The attributes of one resource body; setting one twice is an error.
    fn eval_body_ops(
        &mut self,
        ops: &[AttributeOp],
        scope: ScopeId,
        file: &Arc<SourceFile>,
        resource: Span,
    ) -> Result<AttrOps, EvalError> {
        let mut out: AttrOps = Vec::with_capacity(ops.len());
        for op in ops {
            let evaluated = self.eval_ops(std::slice::from_ref(op), scope, file)?;
            for op in evaluated {
                if out.iter().any(|o| o.name == op.name) {
                    return Err(EvalError::issue(
                        format!("The attribute '{}' has already been set", op.name),
                        self.location(file, resource),
                    ));
                }
                out.push(op);
            }
        }
        Ok(out)
    }

    /// Whether a capitalised name is a resource type (built in, defined, or a Ruby
    /// type shipped by a module).
    pub(crate) fn is_resource_type(&self, name: &str) -> Result<bool, EvalError> {
        let lower = marionette_syntax::names::lowercase(marionette_syntax::names::trim_root(name));
        Ok(crate::restype::is_builtin(&lower)
            || matches!(&*lower, "node" | "class" | "resource")
            || self
                .env
                .find_define(&lower)
                .map_err(EvalError::from_load)?
                .is_some()
            || self.env.ruby_type(&lower).is_some())
    }

    /// A collector's query with its operands evaluated now.
    fn compile_query(
        &mut self,
        query: &Expr,
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> Result<Query, EvalError> {
        match &query.kind {
            ExprKind::Paren(inner) => self.compile_query(inner, scope, file),
            ExprKind::Binary {
                op: BinaryOp::And,
                lhs,
                rhs,
            } => Ok(Query::And(
                Box::new(self.compile_query(lhs, scope, file)?),
                Box::new(self.compile_query(rhs, scope, file)?),
            )),
            ExprKind::Binary {
                op: BinaryOp::Or,
                lhs,
                rhs,
            } => Ok(Query::Or(
                Box::new(self.compile_query(lhs, scope, file)?),
                Box::new(self.compile_query(rhs, scope, file)?),
            )),
            ExprKind::Binary {
                op: op @ (BinaryOp::Eq | BinaryOp::Ne),
                lhs,
                rhs,
            } => {
                let attr = match &lhs.kind {
                    ExprKind::QualifiedName(n) => n.clone(),
                    _ => self.eval_expr(lhs, scope, file)?.to_string(),
                };
                let want = self.eval_expr(rhs, scope, file)?;
                if *op == BinaryOp::Eq && attr == "tag" {
                    let values: Vec<Value> = match &want {
                        Value::Array(items) => items.iter().cloned().collect(),
                        other => vec![other.clone()],
                    };
                    let mut tags = Vec::new();
                    for v in values {
                        if matches!(v, Value::Int(_) | Value::Float(_)) {
                            return Err(EvalError::new("Cannot transform a number to a tag"));
                        }
                        tags.push(v.to_string().to_lowercase());
                    }
                    return Ok(Query::Tag(tags));
                }
                Ok(if *op == BinaryOp::Eq {
                    Query::Eq(attr, want)
                } else {
                    Query::Ne(attr, want)
                })
            }
            _ => Err(EvalError::issue(
                "Illegal collector query expression",
                self.location(file, query.span),
            )),
        }
    }

    /// One side of a relationship (`->` etc.), registering collectors as needed.
    pub(crate) fn rel_side_of(
        &mut self,
        expr: &Expr,
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> Result<RelSide, EvalError> {
        match &expr.kind {
            ExprKind::Collect(c) => {
                // Puppet's `CollectorTransformer`: the type is the reference's name,
                // which must be a resource type (not evaluated as a type).
                let rtype = match &c.type_ref.kind {
                    ExprKind::TypeRef(name) => {
                        capitalize_segments(marionette_syntax::names::trim_root(name))
                    }
                    _ => match self.eval_expr(&c.type_ref, scope, file)? {
                        Value::Type(t) => t.resolved().to_string(),
                        other => capitalize_segments(&other.to_string()),
                    },
                };
                let lower = rtype.to_lowercase();
                let refused = if lower == "class" {
                    Some("Classes cannot be collected".to_string())
                } else if self.env.ruby_type(&lower).is_none()
                    && self
                        .env
                        .find_define(&lower)
                        .map_err(EvalError::from_load)?
                        .is_none()
                {
                    Some(format!("Resource type {lower} doesn't exist"))
                } else {
                    None
                };
                if let Some(message) = refused {
                    let query = if c.exported {
                        "an Exported Query"
                    } else {
                        "a Virtual Query"
                    };
                    return Err(EvalError::new(message).wrapped(
                        query,
                        self.location(file, expr.span),
                        false,
                    ));
                }
                if c.exported {
                    self.warn_at(
                        "You cannot collect exported resources without storeconfigs being set; the collection will be ignored".into(),
                        file,
                        expr.span,
                    );
                    return Ok(Vec::new());
                }
                let ops = self.eval_ops(&c.ops, scope, file)?;
                let query = match &c.query {
                    Some(q) => Some(self.compile_query(q, scope, file)?),
                    None => None,
                };
                let idx = self.add_collector(Collector {
                    rtype,
                    query,
                    ops,
                    scope,
                    file: file.clone(),
                    line: file.line(expr.span.start),
                    collected: Vec::new(),
                    alternative: None,
                });
                Ok(vec![RelItem::Collector(idx)])
            }
            ExprKind::Relationship { op, lhs, rhs } => {
                let l = self.rel_side_of(lhs, scope, file)?;
                let r = self.rel_side_of(rhs, scope, file)?;
                let mut l_unique: RelSide = Vec::new();
                for item in l {
                    if !l_unique.contains(&item) {
                        l_unique.push(item);
                    }
                }
                let mut r_unique: RelSide = Vec::new();
                for item in r {
                    if !r_unique.contains(&item) {
                        r_unique.push(item);
                    }
                }
                self.relationships.push(Relationship {
                    lhs: l_unique.clone(),
                    op: *op,
                    rhs: r_unique.clone(),
                });
                if r_unique.is_empty() {
                    return Ok(l_unique);
                }
                if let [RelItem::Collector(c)] = r_unique.as_slice() {
                    self.collectors[*c].alternative = Some(l_unique);
                }
                Ok(r_unique)
            }
            _ => {
                let v = self.eval_expr(expr, scope, file)?;
                let mut out = Vec::new();
                self.rel_operand(&v, &mut out)?;
                Ok(out)
            }
        }
    }

    /// Puppet's relationship operand transformation: references, class names,
    /// `Type[title]` strings, arrays of those.
    fn rel_operand(&self, v: &Value, out: &mut RelSide) -> Result<(), EvalError> {
        match v {
            Value::Array(items) => {
                for item in items.iter() {
                    self.rel_operand(item, out)?;
                }
                Ok(())
            }
            Value::Undef => Ok(()),
            Value::Type(_) => {
                let mut refs = Vec::new();
                if !self.refs_of(v, &mut refs) {
                    return Err(EvalError::new(format!(
                        "Illegal relationship operand, can not form a relationship with something of type {v}. A Catalog type is required."
                    )));
                }
                out.extend(refs.into_iter().map(|(t, title)| RelItem::Ref(t, title)));
                Ok(())
            }
            Value::Str(s) => {
                let mut refs = Vec::new();
                if !self.refs_of(v, &mut refs) {
                    return Err(EvalError::new(format!(
                        "The expression <{s}> is not a valid type specification."
                    )));
                }
                out.extend(refs.into_iter().map(|(t, title)| RelItem::Ref(t, title)));
                Ok(())
            }
            other => Err(EvalError::issue(
                format!(
                    "Illegal relationship operand, can not form a relationship with {}. A Catalog type is required.",
                    article_type(other)
                ),
                crate::error::Location::default(),
            )),
        }
    }
}

fn edge_symbol(op: marionette_syntax::model::EdgeOp) -> &'static str {
    use marionette_syntax::model::EdgeOp;
    match op {
        EdgeOp::Before => "->",
        EdgeOp::Notify => "~>",
        EdgeOp::Require => "<-",
        EdgeOp::Subscribe => "<~",
    }
}

/// Whether a defined type or class accepts `name` whatever its parameters (Puppet's
/// `Puppet::Resource::Type#valid_parameter?`).
fn resource_type_param(name: &str) -> bool {
    name == "name" || crate::compiler::METAPARAMS.contains(&name)
}

/// Evaluated attribute operations: name, `+>`, value.
type AttrOps = Vec<AttrOp>;

/// Puppet's string interpolation of a value (`EvaluatorImpl#string`): strings as they
/// are (also inside arrays and hashes), undef as nothing.
fn interpolate(v: &Value, out: &mut String) {
    match v {
        Value::Str(s) => out.push_str(s),
        Value::Undef => {}
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                interpolate(item, out);
            }
            out.push(']');
        }
        Value::Hash(map) => {
            out.push('{');
            for (i, (k, v)) in map.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                interpolate(k, out);
                out.push_str(" => ");
                interpolate(v, out);
            }
            out.push('}');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// Ruby's `[x].flatten`.
fn flatten(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| flatten(i, out)),
        other => out.push(other.clone()),
    }
}

fn refs_value(refs: &[(String, String)]) -> Value {
    let values: Vec<Value> = refs
        .iter()
        .map(|(t, title)| {
            if t == "Class" {
                Value::Type(Arc::new(PType::Class(Some(title.to_lowercase()))))
            } else {
                Value::Type(Arc::new(PType::Resource {
                    type_name: Some(t.clone()),
                    title: Some(title.clone()),
                }))
            }
        })
        .collect();
    Value::array(values)
}

pub(crate) fn article_type(v: &Value) -> String {
    let n = v.type_name();
    let a = if matches!(n.chars().next(), Some('A' | 'E' | 'I' | 'O' | 'U')) {
        "an"
    } else {
        "a"
    };
    format!("{a} {n}")
}

/// A member `key` (of type `t`) of the TypeSet `set` being evaluated, as a reference
/// inside the set gives it: an Object member as itself, any other as an alias named
/// by its short name.
fn pending_member(set: &str, key: String, t: &PType) -> PType {
    match crate::object::set_member(set, &key, t) {
        object @ PType::Object(_) => object,
        other => {
            let a = AliasType::new(key.clone());
            a.resolve(other);
            a.settle_recursion();
            PType::Alias {
                name: key,
                target: AliasLink::Strong(a),
            }
        }
    }
}
