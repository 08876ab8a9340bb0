//! Expression evaluation.

use crate::compiler::{
    Collector, Compiler, PendingOverride, RelSide, Relationship, ScopeId, ScopeKind, MAX_EVAL_DEPTH,
};
use crate::env::SourceFile;
use crate::error::{EvalError, Flow};
use crate::types::{capitalize_segments, PType, StructMember};
use crate::value::{Regex, Value, ValueMap};
use indexmap::IndexMap;
use marionette_syntax::model::{
    AssignOp, AttributeOp, BinaryOp, Block, Expr, ExprKind, Literal, ResourceForm, Span, StrPart,
    UnaryOp,
};
use std::sync::Arc;

pub(crate) type EvalResult = Result<Value, EvalError>;

impl<'e> Compiler<'e> {
    /// Evaluates statements of a class, define, node or the main manifest; a `return`
    /// ends them.
    pub(crate) fn eval_statements(
        &mut self,
        body: &[Expr],
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> Result<(), EvalError> {
        match self.eval_block(body, scope, file) {
            Ok(_) => Ok(()),
            Err(e) => match e.flow.as_deref() {
                Some(Flow::Return(_)) => Ok(()),
                _ => Err(e),
            },
        }
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
                ExprKind::Resource(_) => Some("Resource Statement"),
                ExprKind::Call(_) => Some("Function Call"),
                ExprKind::MethodCall(_) => Some("Method call"),
                _ => None,
            };
            let e = match label {
                Some(label) if !e.labelled => EvalError {
                    message: format!("Error while evaluating a {label}, {}", e.message),
                    labelled: true,
                    ..e
                },
                _ => e,
            };
            e.with_location(self.location(file, expr.span))
        })
    }

    fn eval_inner(&mut self, expr: &Expr, scope: ScopeId, file: &Arc<SourceFile>) -> EvalResult {
        match &expr.kind {
            ExprKind::Literal(lit) => self.literal(lit),
            ExprKind::Concat(parts) => {
                let mut s = String::new();
                for part in parts {
                    match part {
                        StrPart::Text(t) => s.push_str(t),
                        StrPart::Expr(e) => {
                            let v = self.eval_expr(e, scope, file)?;
                            s.push_str(&v.to_string());
                        }
                    }
                }
                Ok(Value::str(s))
            }
            ExprKind::Heredoc { text, .. } => self.eval_expr(text, scope, file),
            ExprKind::Variable(name) => self.lookup_var(name, scope, file, expr.span),
            ExprKind::QualifiedName(name) => Ok(Value::str(name.as_str())),
            ExprKind::TypeRef(name) => Ok(Value::Type(Arc::new(self.resolve_type_name(name)?))),
            ExprKind::Reserved(word) => Err(EvalError::new(format!(
                "Use of reserved word: {word}, must be quoted if intended to be a String value"
            ))),
            ExprKind::Array(items) => Ok(Value::array(self.eval_list(items, scope, file)?)),
            ExprKind::Hash(entries) | ExprKind::UnfoldedHash(entries) => {
                let mut map = ValueMap::new();
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
                        Value::Str(s) => match to_number(&s) {
                            Some(Value::Int(i)) => Ok(Value::Int(-i)),
                            Some(Value::Float(f)) => Ok(Value::Float(-f)),
                            _ => Err(EvalError::new(format!(
                                "The value '{s}' cannot be converted to Numeric."
                            ))),
                        },
                        other => Err(EvalError::new(format!(
                            "Operator '-' is not applicable to {}.",
                            article_type(&other)
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
                self.assign(target, v.clone(), scope, file)?;
                Ok(v)
            }
            ExprKind::Relationship { .. } => {
                let side = self.rel_side_of(expr, scope, file)?;
                Ok(match side {
                    RelSide::Refs(refs) => refs_value(&refs),
                    RelSide::Collector(_) => Value::Undef,
                })
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
                    if self.case_match(&v, &m)? {
                        return self.eval_expr(&entry.value, scope, file);
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
                let keys = self.eval_list(keys, scope, file)?;
                self.access(t, keys)
            }
            ExprKind::Call(call) => {
                let args = self.eval_list(&call.args, scope, file)?;
                match &call.callee.kind {
                    ExprKind::QualifiedName(name) => {
                        self.call_function(name, args, call.lambda.as_ref(), scope, file, call.span)
                    }
                    ExprKind::TypeRef(name) => {
                        let ty = self.resolve_type_name(name)?;
                        crate::functions::new_value(self, &ty, args)
                    }
                    _ => {
                        let callee = self.eval_expr(&call.callee, scope, file)?;
                        match callee {
                            Value::Type(ty) => crate::functions::new_value(self, &ty, args),
                            Value::Str(name) => self.call_function(
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
                let mut args = vec![receiver];
                args.extend(self.eval_list(&call.args, scope, file)?);
                self.call_function(
                    &call.name,
                    args,
                    call.lambda.as_ref(),
                    scope,
                    file,
                    call.span,
                )
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
                let entry = self.scopes[scope].defaults.entry(rtype).or_default();
                for (name, _, value) in ops {
                    entry.retain(|(k, _)| *k != name);
                    entry.push((name, value));
                }
                Ok(Value::Undef)
            }
            ExprKind::ResourceOverride { resources, ops } => {
                let target = self.eval_expr(resources, scope, file)?;
                let mut refs = Vec::new();
                if !self.refs_of(&target, &mut refs) {
                    return Err(EvalError::new(format!("Illegal override target: {target}")));
                }
                let ops = self.eval_ops(ops, scope, file)?;
                for (t, title) in refs {
                    match self.find(&t, &title) {
                        Some(id) => {
                            if !self.may_override(id, scope) {
                                return Err(EvalError::new(format!(
                                    "Only subclasses can override parameters: {}[{}]",
                                    self.resources[id].rtype, self.resources[id].title
                                )));
                            }
                            self.apply_ops(id, &ops);
                        }
                        None => {
                            self.record_override(PendingOverride {
                                rtype: t,
                                title,
                                ops: ops.clone(),
                                file: file.clone(),
                                span: expr.span,
                            });
                        }
                    }
                }
                Ok(Value::Undef)
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
                sink.push_str(&v.to_string());
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
            Literal::Regex(r) => Value::Regex(Arc::new(Regex::new(r).map_err(EvalError::new)?)),
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
        if let Some(v) = self.find_var(name, scope) {
            return Ok(v);
        }
        if name.trim_start_matches("::").contains("::") {
            let name = name.trim_start_matches("::");
            let (class, _) = name.rsplit_once("::").unwrap_or_default();
            if !self.class_scopes.contains_key(&class.to_lowercase()) {
                let msg = format!("Could not look up qualified variable '${name}'; class {class} has not been evaluated");
                self.warn_at(msg, file, span);
                return Ok(Value::Undef);
            }
        }
        if self.options.strict_variables {
            return Err(EvalError::new(format!(
                "Evaluation Error: Unknown variable: '${name}'."
            )));
        }
        let msg = format!("Unknown variable: '{name}'.");
        self.warn_at(msg, file, span);
        Ok(Value::Undef)
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
        if let Some(stripped) = name.strip_prefix("::") {
            if !stripped.contains("::") {
                return self.scopes[self.top].vars.get(stripped).cloned();
            }
        }
        let name = name.trim_start_matches("::");
        if let Some((class, var)) = name.rsplit_once("::") {
            let s = *self.class_scopes.get(&class.to_lowercase())?;
            return self.scopes[s].vars.get(var).cloned();
        }
        let mut s = Some(scope);
        while let Some(cur) = s {
            if let Some(v) = self.scopes[cur].vars.get(name) {
                return Some(v.clone());
            }
            s = self.next_lookup_scope(cur);
        }
        None
    }

    /// Puppet's variable lookup order: local scopes to their parent; classes to the
    /// class they inherit, else to the enclosing node or top scope.
    fn next_lookup_scope(&self, cur: ScopeId) -> Option<ScopeId> {
        let scope = &self.scopes[cur];
        match scope.kind {
            ScopeKind::Top => None,
            ScopeKind::Local => scope.parent,
            ScopeKind::Node => Some(self.top),
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

    fn assign(
        &mut self,
        target: &Expr,
        value: Value,
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> Result<(), EvalError> {
        match &target.kind {
            ExprKind::Variable(name) => {
                if name.contains("::") {
                    return Err(EvalError::new(format!(
                        "Cannot assign to variables in other namespaces: ${name}"
                    )));
                }
                if self.scopes[scope].vars.contains_key(name) {
                    return Err(EvalError::new(format!(
                        "Cannot reassign variable '${name}'"
                    )));
                }
                self.scopes[scope].vars.insert(name.clone(), value);
                Ok(())
            }
            ExprKind::Array(targets) => {
                match &value {
                    Value::Array(values) => {
                        if values.len() != targets.len() {
                            return Err(EvalError::new(format!(
                                "Mismatched number of elements in array assignment: expected {}, got {}",
                                targets.len(),
                                values.len()
                            )));
                        }
                        for (t, v) in targets.iter().zip(values.iter()) {
                            self.assign(t, v.clone(), scope, file)?;
                        }
                    }
                    Value::Hash(map) => {
                        for t in targets {
                            if let ExprKind::Variable(name) = &t.kind {
                                let v = map
                                    .get(&Value::str(name.as_str()))
                                    .cloned()
                                    .unwrap_or(Value::Undef);
                                self.assign(t, v, scope, file)?;
                            }
                        }
                    }
                    other => {
                        return Err(EvalError::new(format!(
                            "Cannot assign {} to an array of variables",
                            other.type_name()
                        )))
                    }
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
                self.apply_binary(op, l, r)
            }
        }
    }

    pub(crate) fn apply_binary(&mut self, op: BinaryOp, l: Value, r: Value) -> EvalResult {
        use BinaryOp::*;
        match op {
            Eq => Ok(Value::Bool(l.puppet_eq(&r))),
            Ne => Ok(Value::Bool(!l.puppet_eq(&r))),
            Lt | Gt | Le | Ge => {
                let ord = compare(&l, &r)?;
                Ok(Value::Bool(match op {
                    Lt => ord.is_lt(),
                    Gt => ord.is_gt(),
                    Le => ord.is_le(),
                    _ => ord.is_ge(),
                }))
            }
            Match | NotMatch => {
                let matched = self.match_value(&l, &r)?;
                Ok(Value::Bool(if op == Match { matched } else { !matched }))
            }
            In => Ok(Value::Bool(value_in(&l, &r))),
            Add => match (&l, &r) {
                (Value::Array(a), Value::Array(b)) => {
                    Ok(Value::array(a.iter().chain(b.iter()).cloned().collect()))
                }
                (Value::Array(a), Value::Hash(h)) => {
                    let mut v: Vec<Value> = a.iter().cloned().collect();
                    v.extend(
                        h.iter()
                            .map(|(k, v)| Value::array(vec![k.clone(), v.clone()])),
                    );
                    Ok(Value::array(v))
                }
                (Value::Array(a), other) => {
                    let mut v: Vec<Value> = a.iter().cloned().collect();
                    v.push(other.clone());
                    Ok(Value::array(v))
                }
                (Value::Hash(a), Value::Hash(b)) => {
                    let mut m = (**a).clone();
                    for (k, v) in b.iter() {
                        m.insert(k.clone(), v.clone());
                    }
                    Ok(Value::hash(m))
                }
                (Value::Hash(a), Value::Array(b)) => {
                    let mut m = (**a).clone();
                    if b.len() % 2 != 0
                        && !b
                            .iter()
                            .all(|e| matches!(e, Value::Array(p) if p.len() == 2))
                    {
                        return Err(EvalError::new(
                            "Operator '+' Hash with an Array of odd length",
                        ));
                    }
                    if b.iter()
                        .all(|e| matches!(e, Value::Array(p) if p.len() == 2))
                    {
                        for e in b.iter() {
                            if let Value::Array(p) = e {
                                m.insert(p[0].clone(), p[1].clone());
                            }
                        }
                    } else {
                        for pair in b.chunks(2) {
                            m.insert(pair[0].clone(), pair[1].clone());
                        }
                    }
                    Ok(Value::hash(m))
                }
                _ => arith(op, &l, &r),
            },
            Sub => match (&l, &r) {
                (Value::Array(a), Value::Array(b)) => Ok(Value::array(
                    a.iter()
                        .filter(|x| !b.iter().any(|y| y.puppet_eq(x)))
                        .cloned()
                        .collect(),
                )),
                (Value::Array(a), other) => Ok(Value::array(
                    a.iter().filter(|x| !x.puppet_eq(other)).cloned().collect(),
                )),
                (Value::Hash(a), Value::Hash(b)) => Ok(Value::hash(
                    a.iter()
                        .filter(|(k, _)| !b.contains_key(*k))
                        .map(|(k, v)| (k.clone(), v.clone()))
                        .collect(),
                )),
                (Value::Hash(a), Value::Array(b)) => Ok(Value::hash(
                    a.iter()
                        .filter(|(k, _)| !b.iter().any(|x| x == *k))
                        .map(|(k, v)| (k.clone(), v.clone()))
                        .collect(),
                )),
                (Value::Hash(a), other) => Ok(Value::hash(
                    a.iter()
                        .filter(|(k, _)| *k != other)
                        .map(|(k, v)| (k.clone(), v.clone()))
                        .collect(),
                )),
                _ => arith(op, &l, &r),
            },
            Shl => match (&l, &r) {
                (Value::Array(a), other) => {
                    let mut v: Vec<Value> = a.iter().cloned().collect();
                    v.push(other.clone());
                    Ok(Value::array(v))
                }
                _ => arith(op, &l, &r),
            },
            Mul | Div | Rem | Shr => arith(op, &l, &r),
            And | Or => unreachable!("short-circuit operators are handled in binary()"),
        }
    }

    /// `=~`: a regex or a pattern string against a string, or a type against a value.
    /// Captures become `$0`, `$1`, ...
    pub(crate) fn match_value(&mut self, l: &Value, r: &Value) -> Result<bool, EvalError> {
        match r {
            Value::Type(t) => Ok(t.is_instance(l)),
            Value::Regex(re) => self.regex_match(l, re),
            Value::Str(s) => {
                let re = Regex::new(s).map_err(EvalError::new)?;
                self.regex_match(l, &re)
            }
            other => Err(EvalError::new(format!(
                "Left match operand must result in a String value. Got {}",
                article_type(other)
            ))),
        }
    }

    fn regex_match(&mut self, l: &Value, re: &Regex) -> Result<bool, EvalError> {
        let Value::Str(s) = l else {
            return Err(EvalError::new(format!(
                "Left match operand must result in a String value. Got {}",
                article_type(l)
            )));
        };
        match re.captures(s) {
            Some(caps) => {
                if let Some(frame) = self.matches.last_mut() {
                    *frame = caps;
                } else {
                    self.matches.push(caps);
                }
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// `case` and selector option matching.
    pub(crate) fn case_match(&mut self, v: &Value, option: &Value) -> Result<bool, EvalError> {
        match option {
            Value::Regex(re) => match v {
                Value::Str(_) => self.regex_match(v, re),
                _ => Ok(false),
            },
            Value::Type(t) => Ok(t.is_instance(v) || matches!(v, Value::Type(vt) if **vt == **t)),
            Value::Array(opts) => match v {
                Value::Array(vals) => {
                    if opts.len() != vals.len() {
                        return Ok(false);
                    }
                    for (o, x) in opts.iter().zip(vals.iter()) {
                        if !self.case_match(x, o)? {
                            return Ok(false);
                        }
                    }
                    Ok(true)
                }
                _ => Ok(false),
            },
            other => Ok(v.puppet_eq(other)),
        }
    }

    // ------------------------------------------------------------------ access

    pub(crate) fn access(&mut self, target: Value, keys: Vec<Value>) -> EvalResult {
        match &target {
            Value::Array(items) => match keys.as_slice() {
                [Value::Int(i)] => Ok(index(items.len(), *i)
                    .map(|i| items[i].clone())
                    .unwrap_or(Value::Undef)),
                [Value::Int(start), Value::Int(count)] => {
                    Ok(Value::array(slice(items, *start, *count)))
                }
                _ => Err(EvalError::new(format!(
                    "Array[] expects Integer keys, got {}",
                    keys.len()
                ))),
            },
            Value::Hash(map) => match keys.as_slice() {
                [key] => Ok(map.get(key).cloned().unwrap_or(Value::Undef)),
                _ => Ok(Value::array(
                    keys.iter().filter_map(|k| map.get(k).cloned()).collect(),
                )),
            },
            Value::Str(s) => {
                let chars: Vec<Value> = s.chars().map(|c| Value::str(c.to_string())).collect();
                match keys.as_slice() {
                    [Value::Int(i)] => Ok(index(chars.len(), *i)
                        .map(|i| chars[i].clone())
                        .unwrap_or(Value::Undef)),
                    [Value::Int(start), Value::Int(count)] => Ok(Value::str(
                        slice(&chars, *start, *count)
                            .iter()
                            .map(|v| v.to_string())
                            .collect::<String>(),
                    )),
                    _ => Err(EvalError::new("String[] expects Integer keys")),
                }
            }
            Value::Type(t) => Ok(Value::Type(Arc::new(self.parameterize(t, keys)?))),
            Value::Undef => Err(EvalError::new(
                "Operator '[]' is not applicable to an Undef Value.",
            )),
            other => Err(EvalError::new(format!(
                "Operator '[]' is not applicable to {}.",
                article_type(other)
            ))),
        }
    }

    /// `Type[args]`.
    pub(crate) fn parameterize(&mut self, t: &PType, keys: Vec<Value>) -> Result<PType, EvalError> {
        let int = |v: &Value| -> Result<Option<i64>, EvalError> {
            match v {
                Value::Int(i) => Ok(Some(*i)),
                Value::Default => Ok(None),
                Value::Float(f) => Ok(Some(*f as i64)),
                other => Err(EvalError::new(format!(
                    "Expected Integer or default, got {}",
                    other.type_name()
                ))),
            }
        };
        let ty = |v: &Value| -> Result<PType, EvalError> {
            match v {
                Value::Type(t) => Ok((**t).clone()),
                other => Err(EvalError::new(format!(
                    "Expected a Type, got {}",
                    other.type_name()
                ))),
            }
        };
        Ok(match t {
            PType::Integer { .. } => PType::Integer {
                from: keys.first().map(int).transpose()?.flatten(),
                to: keys.get(1).map(int).transpose()?.flatten(),
            },
            PType::Float { .. } => {
                let f = |v: &Value| match v {
                    Value::Int(i) => Some(*i as f64),
                    Value::Float(f) => Some(*f),
                    _ => None,
                };
                PType::Float {
                    from: keys.first().and_then(f),
                    to: keys.get(1).and_then(f),
                }
            }
            PType::String { .. } => PType::String {
                min: keys.first().map(int).transpose()?.flatten(),
                max: keys.get(1).map(int).transpose()?.flatten(),
            },
            PType::Collection { .. } => PType::Collection {
                min: keys.first().map(int).transpose()?.flatten(),
                max: keys.get(1).map(int).transpose()?.flatten(),
            },
            PType::Enum { .. } => {
                let mut values = Vec::new();
                let mut case_insensitive = false;
                for k in &keys {
                    match k {
                        Value::Str(s) => values.push(s.to_string()),
                        Value::Array(a) => values.extend(a.iter().map(|v| v.to_string())),
                        Value::Bool(b) => case_insensitive = *b,
                        _ => {}
                    }
                }
                PType::Enum {
                    values,
                    case_insensitive,
                }
            }
            PType::Pattern(_) => {
                let mut pats = Vec::new();
                for k in &keys {
                    match k {
                        Value::Regex(r) => pats.push(r.clone()),
                        Value::Str(s) => {
                            pats.push(Arc::new(Regex::new(s).map_err(EvalError::new)?))
                        }
                        Value::Type(t) => {
                            if let PType::Pattern(p) = t.resolved() {
                                pats.extend(p.iter().cloned())
                            }
                        }
                        _ => {}
                    }
                }
                PType::Pattern(pats)
            }
            PType::Regexp(_) => match keys.first() {
                Some(Value::Regex(r)) => PType::Regexp(Some(r.clone())),
                Some(Value::Str(s)) => {
                    PType::Regexp(Some(Arc::new(Regex::new(s).map_err(EvalError::new)?)))
                }
                _ => PType::Regexp(None),
            },
            PType::Array { .. } => PType::Array {
                elem: Box::new(keys.first().map(ty).transpose()?.unwrap_or(PType::Any)),
                min: keys.get(1).map(int).transpose()?.flatten(),
                max: keys.get(2).map(int).transpose()?.flatten(),
            },
            PType::Hash { .. } => PType::Hash {
                key: Box::new(keys.first().map(ty).transpose()?.unwrap_or(PType::Any)),
                value: Box::new(keys.get(1).map(ty).transpose()?.unwrap_or(PType::Any)),
                min: keys.get(2).map(int).transpose()?.flatten(),
                max: keys.get(3).map(int).transpose()?.flatten(),
            },
            PType::Tuple { .. } => {
                let mut types = Vec::new();
                let mut ints = Vec::new();
                for k in &keys {
                    match k {
                        Value::Type(t) => types.push((**t).clone()),
                        other => ints.push(int(other)?),
                    }
                }
                PType::Tuple {
                    types,
                    min: ints.first().copied().flatten(),
                    max: ints.get(1).copied().flatten(),
                }
            }
            PType::Struct(_) => {
                let Some(Value::Hash(map)) = keys.first() else {
                    return Err(EvalError::new("Struct[] expects a Hash"));
                };
                let mut members = Vec::new();
                for (k, v) in map.iter() {
                    let value = ty(v)?;
                    let (key, optional) = match k {
                        Value::Str(s) => (s.to_string(), value.is_instance(&Value::Undef)),
                        Value::Type(t) => match t.resolved() {
                            PType::Optional(Some(inner)) => {
                                (inner.to_string().trim_matches('\'').to_string(), true)
                            }
                            PType::Enum { values, .. } if values.len() == 1 => {
                                (values[0].clone(), false)
                            }
                            other => (other.to_string(), false),
                        },
                        other => (other.to_string(), false),
                    };
                    members.push(StructMember {
                        key,
                        optional,
                        value,
                    });
                }
                PType::Struct(members)
            }
            PType::Optional(_) => PType::Optional(match keys.first() {
                Some(Value::Str(s)) => Some(Box::new(PType::Enum {
                    values: vec![s.to_string()],
                    case_insensitive: false,
                })),
                Some(v) => Some(Box::new(ty(v)?)),
                None => None,
            }),
            PType::NotUndef(_) => PType::NotUndef(keys.first().map(ty).transpose()?.map(Box::new)),
            PType::Variant(_) => PType::Variant(keys.iter().map(ty).collect::<Result<_, _>>()?),
            PType::Type(_) => PType::Type(keys.first().map(ty).transpose()?.map(Box::new)),
            PType::Sensitive(_) => {
                PType::Sensitive(keys.first().map(ty).transpose()?.map(Box::new))
            }
            PType::Resource {
                type_name: None, ..
            } => match keys.as_slice() {
                [t] => PType::resource(&t.to_string(), None),
                [t, title] => PType::resource(&t.to_string(), Some(title.to_string())),
                _ => return Err(EvalError::new("Resource[] expects 1 or 2 arguments")),
            },
            PType::Resource {
                type_name: Some(tn),
                title: None,
            } => {
                let titles: Vec<String> = keys
                    .iter()
                    .flat_map(|k| match k {
                        Value::Array(a) => a.iter().map(|v| v.to_string()).collect::<Vec<_>>(),
                        other => vec![other.to_string()],
                    })
                    .collect();
                if titles.len() == 1 {
                    PType::Resource {
                        type_name: Some(tn.clone()),
                        title: Some(titles[0].clone()),
                    }
                } else {
                    // Several titles: a variant of references (used as a list).
                    PType::Variant(
                        titles
                            .into_iter()
                            .map(|t| PType::Resource {
                                type_name: Some(tn.clone()),
                                title: Some(t),
                            })
                            .collect(),
                    )
                }
            }
            PType::Class(None) => match keys.as_slice() {
                [name] => PType::Class(Some(
                    name.to_string().trim_start_matches("::").to_lowercase(),
                )),
                _ => PType::Variant(
                    keys.iter()
                        .map(|k| PType::Class(Some(k.to_string().to_lowercase())))
                        .collect(),
                ),
            },
            PType::Alias { resolved, .. } => self.parameterize(resolved, keys)?,
            other => {
                return Err(EvalError::new(format!(
                    "{other}[] is not a parameterizable type"
                )))
            }
        })
    }

    /// A capitalised name as a type: built-in, alias, or resource type reference.
    pub(crate) fn resolve_type_name(&mut self, name: &str) -> Result<PType, EvalError> {
        let name = name.trim_start_matches("::");
        if let Some(t) = PType::builtin(name) {
            return Ok(t);
        }
        if let Some(alias) = self.env.find_alias(name).map_err(EvalError::from_load)? {
            let top = self.top;
            let resolved = self.eval_type(&alias.def.type_expr, top, &alias.file)?;
            return Ok(PType::Alias {
                name: capitalize_segments(name),
                resolved: Box::new(resolved),
            });
        }
        Ok(PType::resource(name, None))
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
    ) -> Result<Vec<(String, bool, Value)>, EvalError> {
        let mut out: Vec<(String, bool, Value)> = Vec::new();
        for op in ops {
            match op {
                AttributeOp::Set {
                    name,
                    append,
                    value,
                    ..
                } => {
                    let v = self.eval_expr(value, scope, file)?;
                    out.retain(|(n, _, _)| n != name);
                    out.push((name.clone(), *append, v));
                }
                AttributeOp::Splat { value, .. } => match self.eval_expr(value, scope, file)? {
                    Value::Hash(map) => {
                        for (k, v) in map.iter() {
                            let name = k.to_string();
                            out.retain(|(n, _, _)| *n != name);
                            out.push((name, false, v.clone()));
                        }
                    }
                    Value::Undef => {}
                    other => {
                        return Err(EvalError::new(format!(
                            "Splat expression must be a Hash, got {}",
                            other.type_name()
                        )))
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
                    other => return Err(EvalError::new(format!("Illegal resource type: {other}"))),
                },
                Value::Str(s) => s.to_lowercase(),
                other => return Err(EvalError::new(format!("Illegal resource type: {other}"))),
            },
        };
        let rtype = rtype.trim_start_matches("::").to_string();
        // A `default:` body provides values for the others.
        let mut defaults: Vec<(String, bool, Value)> = Vec::new();
        for body in &resource.bodies {
            if matches!(body.title.kind, ExprKind::Literal(Literal::Default)) {
                defaults = self.eval_ops(&body.ops, scope, file)?;
            }
        }
        let mut refs = Vec::new();
        for body in &resource.bodies {
            if matches!(body.title.kind, ExprKind::Literal(Literal::Default)) {
                continue;
            }
            let title = self.eval_expr(&body.title, scope, file)?;
            let titles: Vec<Value> = match title {
                Value::Array(items) => items.iter().cloned().collect(),
                other => vec![other],
            };
            let ops = self.eval_ops(&body.ops, scope, file)?;
            let mut params: IndexMap<String, Value> = IndexMap::new();
            for (k, _, v) in defaults.iter().chain(ops.iter()) {
                params.insert(k.clone(), v.clone());
            }
            for title in titles {
                let title_str = match &title {
                    Value::Str(s) => s.to_string(),
                    Value::Undef => {
                        return Err(EvalError::new(
                            "Missing title. The title expression resulted in undef",
                        ))
                    }
                    other => other.to_string(),
                };
                if rtype == "class" {
                    let id = self.declare_class(
                        &title_str,
                        Some(params.clone()),
                        scope,
                        Some((file, resource.span)),
                        false,
                    )?;
                    refs.push(("Class".to_string(), self.resources[id].title.clone()));
                    continue;
                }
                let id = self.declare_resource(
                    &rtype,
                    title_str,
                    params.clone(),
                    scope,
                    file,
                    resource.span,
                    resource.form,
                )?;
                refs.push((
                    self.resources[id].rtype.clone(),
                    self.resources[id].title.clone(),
                ));
            }
        }
        if resource.form == ResourceForm::Exported && refs.iter().any(|_| true) {
            // Exported resources stay in the catalog; collection is ignored without storeconfigs.
        }
        Ok(refs_value(&refs))
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
                let rtype = match self.eval_expr(&c.type_ref, scope, file)? {
                    Value::Type(t) => match t.resolved() {
                        PType::Resource {
                            type_name: Some(n), ..
                        } => n.clone(),
                        other => other.to_string(),
                    },
                    other => capitalize_segments(&other.to_string()),
                };
                if c.exported {
                    self.warn_at(
                        "You cannot collect exported resources without storeconfigs being set; the collection will be ignored".into(),
                        file,
                        expr.span,
                    );
                    return Ok(RelSide::Refs(Vec::new()));
                }
                let ops = self.eval_ops(&c.ops, scope, file)?;
                let idx = self.add_collector(Collector {
                    rtype,
                    query: c.query.clone(),
                    ops,
                    scope,
                    file: file.clone(),
                    matched: Vec::new(),
                });
                Ok(RelSide::Collector(idx))
            }
            ExprKind::Relationship { op, lhs, rhs } => {
                let l = self.rel_side_of(lhs, scope, file)?;
                let r = self.rel_side_of(rhs, scope, file)?;
                self.relationships.push(Relationship {
                    lhs: l,
                    op: *op,
                    rhs: r.clone(),
                });
                Ok(r)
            }
            _ => {
                let v = self.eval_expr(expr, scope, file)?;
                let mut refs = Vec::new();
                if !self.refs_of(&v, &mut refs) && !v.is_undef() {
                    return Err(EvalError::new(format!("Illegal relationship operand, can not form a relationship with {}. A Catalog type is required.", article_type(&v))));
                }
                Ok(RelSide::Refs(refs))
            }
        }
    }
}

fn refs_value(refs: &[(String, String)]) -> Value {
    let mut values: Vec<Value> = refs
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
    if values.len() == 1 {
        values.pop().expect("one")
    } else {
        Value::array(values)
    }
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

fn index(len: usize, i: i64) -> Option<usize> {
    let i = if i < 0 { len as i64 + i } else { i };
    (i >= 0 && (i as usize) < len).then_some(i as usize)
}

fn slice(items: &[Value], start: i64, count: i64) -> Vec<Value> {
    let len = items.len() as i64;
    let start = if start < 0 {
        (len + start).max(0)
    } else {
        start
    };
    if start >= len {
        return Vec::new();
    }
    let end = if count < 0 {
        len + count + 1
    } else {
        start + count
    };
    let end = end.clamp(start, len);
    items[start as usize..end as usize].to_vec()
}

/// A string that spells a number, as Puppet's arithmetic accepts it.
pub(crate) fn to_number(s: &str) -> Option<Value> {
    let t = s.trim();
    if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        return i64::from_str_radix(hex, 16).ok().map(Value::Int);
    }
    if t.len() > 1 && t.starts_with('0') && t.bytes().all(|b| b.is_ascii_digit()) {
        return i64::from_str_radix(&t[1..], 8).ok().map(Value::Int);
    }
    if let Ok(i) = t.parse::<i64>() {
        return Some(Value::Int(i));
    }
    if t.bytes().any(|b| b.is_ascii_digit()) && !t.contains(char::is_alphabetic)
        || t.contains(['e', 'E'])
    {
        if let Ok(f) = t.parse::<f64>() {
            return Some(Value::Float(f));
        }
    }
    None
}

fn numeric(v: &Value, op: BinaryOp) -> Result<Value, EvalError> {
    match v {
        Value::Int(_) | Value::Float(_) => Ok(v.clone()),
        Value::Str(s) => to_number(s).ok_or_else(|| {
            EvalError::new(format!("The value '{s}' cannot be converted to Numeric."))
        }),
        other => Err(EvalError::new(format!(
            "Operator '{}' is not applicable to {}.",
            op_symbol(op),
            article_type(other)
        ))),
    }
}

fn op_symbol(op: BinaryOp) -> &'static str {
    match op {
        BinaryOp::Add => "+",
        BinaryOp::Sub => "-",
        BinaryOp::Mul => "*",
        BinaryOp::Div => "/",
        BinaryOp::Rem => "%",
        BinaryOp::Shl => "<<",
        BinaryOp::Shr => ">>",
        _ => "?",
    }
}

fn arith(op: BinaryOp, l: &Value, r: &Value) -> EvalResult {
    let l = numeric(l, op)?;
    let r = numeric(r, op)?;
    let overflow = || EvalError::new("integer overflow");
    match (l, r) {
        (Value::Int(a), Value::Int(b)) => Ok(Value::Int(match op {
            BinaryOp::Add => a.checked_add(b).ok_or_else(overflow)?,
            BinaryOp::Sub => a.checked_sub(b).ok_or_else(overflow)?,
            BinaryOp::Mul => a.checked_mul(b).ok_or_else(overflow)?,
            BinaryOp::Div => {
                if b == 0 {
                    return Err(EvalError::new("Division by 0"));
                }
                a.div_euclid(b)
                    - if (a.rem_euclid(b) != 0) && (b < 0) {
                        1
                    } else {
                        0
                    }
            }
            BinaryOp::Rem => {
                if b == 0 {
                    return Err(EvalError::new("Division by 0"));
                }
                let m = a % b;
                if m != 0 && ((m < 0) != (b < 0)) {
                    m + b
                } else {
                    m
                }
            }
            BinaryOp::Shl => {
                if b >= 0 {
                    a.checked_shl(b as u32).unwrap_or(0)
                } else {
                    a >> (-b).min(63)
                }
            }
            BinaryOp::Shr => {
                if b >= 0 {
                    a >> b.min(63)
                } else {
                    a.checked_shl((-b) as u32).unwrap_or(0)
                }
            }
            _ => unreachable!("arith ops only"),
        })),
        (a, b) => {
            let a = match a {
                Value::Int(i) => i as f64,
                Value::Float(f) => f,
                _ => 0.0,
            };
            let b = match b {
                Value::Int(i) => i as f64,
                Value::Float(f) => f,
                _ => 0.0,
            };
            Ok(Value::Float(match op {
                BinaryOp::Add => a + b,
                BinaryOp::Sub => a - b,
                BinaryOp::Mul => a * b,
                BinaryOp::Div => {
                    if b == 0.0 {
                        return Err(EvalError::new("Division by 0"));
                    }
                    a / b
                }
                BinaryOp::Rem => {
                    return Err(EvalError::new("Operator '%' is not applicable to a Float."))
                }
                _ => {
                    return Err(EvalError::new(format!(
                        "Operator '{}' is not applicable to a Float.",
                        op_symbol(op)
                    )))
                }
            }))
        }
    }
}

pub(crate) fn compare(l: &Value, r: &Value) -> Result<std::cmp::Ordering, EvalError> {
    match (l, r) {
        (Value::Int(a), Value::Int(b)) => Ok(a.cmp(b)),
        (Value::Int(_) | Value::Float(_), Value::Int(_) | Value::Float(_)) => {
            let a = if let Value::Int(i) = l {
                *i as f64
            } else if let Value::Float(f) = l {
                *f
            } else {
                0.0
            };
            let b = if let Value::Int(i) = r {
                *i as f64
            } else if let Value::Float(f) = r {
                *f
            } else {
                0.0
            };
            a.partial_cmp(&b)
                .ok_or_else(|| EvalError::new("NaN cannot be compared"))
        }
        (Value::Str(a), Value::Str(b)) => Ok(a.to_lowercase().cmp(&b.to_lowercase())),
        _ => Err(EvalError::new(format!(
            "Comparison of: {} < {}, is not possible",
            l.type_name(),
            r.type_name()
        ))),
    }
}

fn value_in(l: &Value, r: &Value) -> bool {
    match r {
        Value::Array(items) => items.iter().any(|x| match l {
            Value::Regex(re) => matches!(x, Value::Str(s) if re.is_match(s)),
            Value::Type(t) => t.is_instance(x),
            _ => x.puppet_eq(l),
        }),
        Value::Hash(map) => map.keys().any(|k| match l {
            Value::Regex(re) => matches!(k, Value::Str(s) if re.is_match(s)),
            _ => k.puppet_eq(l),
        }),
        Value::Str(s) => match l {
            Value::Str(needle) => s.contains(needle.as_ref()),
            Value::Regex(re) => re.is_match(s),
            _ => false,
        },
        _ => false,
    }
}
