//! Built-in functions: the ones Puppet 7 ships that catalog compiles use.

use crate::compiler::{Compiler, ScopeId, ScopeKind};
use crate::env::SourceFile;
use crate::error::{EvalError, Flow};
use crate::eval::{article_type, EvalResult};
use crate::ops::compare;
use crate::types::PType;
use crate::value::{format_float, Deferred, Regex, Value, ValueMap};
use indexmap::IndexMap;
use marionette_syntax::model::{Lambda, Span};
use std::sync::Arc;

fn arity(name: &str, args: &[Value], min: usize, max: usize) -> Result<(), EvalError> {
    if args.len() < min || args.len() > max {
        let expected = if min == max {
            format!("{min}")
        } else if max == usize::MAX {
            format!("at least {min}")
        } else {
            format!("between {min} and {max}")
        };
        return Err(EvalError::new(format!(
            "'{name}' expects {expected} arguments, got {}",
            args.len()
        )));
    }
    Ok(())
}

fn string_arg<'a>(name: &str, v: &'a Value) -> Result<&'a str, EvalError> {
    v.as_str().ok_or_else(|| {
        EvalError::new(format!(
            "'{name}' parameter 'str' expects a String value, got {}",
            v.type_name()
        ))
    })
}

/// The class names an `include`-like call names: strings, arrays, `Class[x]` types.
fn class_names(args: &[Value], out: &mut Vec<String>) -> Result<(), EvalError> {
    for a in args {
        match a {
            Value::Str(s) => out.push(s.to_string()),
            Value::Array(items) => class_names(items, out)?,
            Value::Type(t) => match t.resolved() {
                PType::Class(Some(n)) => out.push(n.clone()),
                PType::Resource {
                    type_name: Some(tn),
                    title: Some(title),
                } if tn == "Class" => out.push(title.to_lowercase()),
                PType::Resource {
                    type_name: Some(tn),
                    title: None,
                } => out.push(tn.to_lowercase()),
                other => {
                    return Err(EvalError::new(format!(
                        "Cannot use {other} where a class name is expected"
                    )))
                }
            },
            other => {
                return Err(EvalError::new(format!(
                    "Cannot use {} where a class name is expected",
                    article_type(other)
                )))
            }
        }
    }
    Ok(())
}

impl<'e> Compiler<'e> {
    /// Calls a named function: a built-in, or one written in the Puppet language.
    pub(crate) fn call_function(
        &mut self,
        name: &str,
        args: Vec<Value>,
        lambda: Option<&Lambda>,
        scope: ScopeId,
        file: &Arc<SourceFile>,
        span: Span,
    ) -> EvalResult {
        let name = name.trim_start_matches("::");
        let lambda = lambda.map(|l| (l, scope, file.clone()));
        match name {
            "include" | "contain" | "require" => {
                let mut names = Vec::new();
                class_names(&args, &mut names)?;
                let mut refs = Vec::new();
                for n in names {
                    let id =
                        self.declare_class(&n, None, scope, Some((file, span)), name == "contain")?;
                    if name == "require" {
                        if let Some(container) = self.scopes[scope].resource {
                            let r = Value::Type(Arc::new(PType::Class(Some(
                                self.resources[id].title.to_lowercase(),
                            ))));
                            let mut items: Vec<Value> =
                                match self.resources[container].params.get("require") {
                                    Some(Value::Array(a)) => a.iter().cloned().collect(),
                                    Some(v) if !v.is_undef() => vec![v.clone()],
                                    _ => Vec::new(),
                                };
                            items.push(r);
                            self.resources[container]
                                .params
                                .insert("require".into(), Value::array(items));
                        }
                    }
                    refs.push(Value::Type(Arc::new(PType::Class(Some(
                        self.resources[id].title.to_lowercase(),
                    )))));
                }
                Ok(Value::array(refs))
            }
            "realize" => {
                let mut refs = Vec::new();
                for a in &args {
                    if !self.refs_of(a, &mut refs) {
                        return Err(EvalError::new(format!(
                            "realize(): Cannot realize {}",
                            article_type(a)
                        )));
                    }
                }
                for (t, title) in refs {
                    match self.find(&t, &title) {
                        Some(id) => {
                            if !self.resources[id].exported {
                                self.resources[id].virtual_ = false;
                            }
                        }
                        None => self.realize_requests.push(((t, title), file.clone(), span)),
                    }
                }
                Ok(Value::Undef)
            }
            "tag" => {
                let mut tags = Vec::new();
                for a in &args {
                    match a {
                        Value::Array(items) => tags.extend(items.iter().map(|v| v.to_string())),
                        other => tags.push(other.to_string()),
                    }
                }
                if let Some(r) = self.scopes[scope].resource {
                    for t in tags {
                        crate::compiler::tag_with_segments(&t, &mut self.resources[r].tags);
                    }
                }
                Ok(Value::Undef)
            }
            "tagged" => {
                let Some(r) = self.scopes[scope].resource else {
                    return Ok(Value::Bool(false));
                };
                let tags = &self.resources[r].tags;
                let mut all = true;
                for a in &args {
                    let wanted: Vec<String> = match a {
                        Value::Array(items) => {
                            items.iter().map(|v| v.to_string().to_lowercase()).collect()
                        }
                        other => vec![other.to_string().to_lowercase()],
                    };
                    all &= wanted.iter().all(|w| tags.contains(w));
                }
                Ok(Value::Bool(all))
            }
            "defined" => {
                arity(name, &args, 1, usize::MAX)?;
                for a in &args {
                    let found = match a {
                        Value::Str(s) => {
                            if let Some(var) = s.strip_prefix('$') {
                                self.find_var(var, scope).is_some()
                            } else {
                                let n = s.to_lowercase();
                                crate::compiler::BUILTIN_TYPES.contains(&n.as_str())
                                    || self
                                        .env
                                        .find_class(&n)
                                        .map_err(EvalError::from_load)?
                                        .is_some()
                                    || self
                                        .env
                                        .find_define(&n)
                                        .map_err(EvalError::from_load)?
                                        .is_some()
                                    || self
                                        .env
                                        .find_function(&n)
                                        .map_err(EvalError::from_load)?
                                        .is_some()
                                    || BUILTIN_FUNCTIONS.contains(&n.as_str())
                            }
                        }
                        Value::Type(t) => match t.resolved() {
                            PType::Resource {
                                type_name: Some(tn),
                                title: Some(title),
                            } => self.find(tn, title).is_some(),
                            PType::Resource {
                                type_name: Some(tn),
                                title: None,
                            } => {
                                let n = tn.to_lowercase();
                                crate::compiler::BUILTIN_TYPES.contains(&n.as_str())
                                    || self
                                        .env
                                        .find_define(&n)
                                        .map_err(EvalError::from_load)?
                                        .is_some()
                            }
                            PType::Class(Some(n)) => self.class_scopes.contains_key(n),
                            _ => true,
                        },
                        _ => false,
                    };
                    if found {
                        return Ok(Value::Bool(true));
                    }
                }
                Ok(Value::Bool(false))
            }
            "notice" | "info" | "warning" | "err" | "debug" | "alert" | "crit" | "emerg" => {
                let msg = args
                    .iter()
                    .map(|a| a.to_string())
                    .collect::<Vec<_>>()
                    .join(" ");
                let title = self.scopes[scope].title.clone();
                let level = match name {
                    "warning" => "warning",
                    "err" => "err",
                    "info" => "info",
                    "debug" => "debug",
                    "alert" => "alert",
                    "crit" => "crit",
                    "emerg" => "emerg",
                    _ => "notice",
                };
                self.log(level, format!("Scope({title}): {msg}"));
                Ok(Value::Undef)
            }
            "fail" => {
                let msg = args
                    .iter()
                    .map(|a| a.to_string())
                    .collect::<Vec<_>>()
                    .join(" ");
                Err(EvalError::new(msg))
            }
            "create_resources" => {
                arity(name, &args, 2, 3)?;
                let rtype = args[0].to_string().to_lowercase();
                let Value::Hash(instances) = &args[1] else {
                    return Err(EvalError::new(
                        "create_resources(): second argument must be a Hash",
                    ));
                };
                let defaults = match args.get(2) {
                    Some(Value::Hash(d)) => (**d).clone(),
                    _ => ValueMap::new(),
                };
                let (rtype, form) = if let Some(t) = rtype.strip_prefix("@@") {
                    (
                        t.to_string(),
                        marionette_syntax::model::ResourceForm::Exported,
                    )
                } else if let Some(t) = rtype.strip_prefix('@') {
                    (
                        t.to_string(),
                        marionette_syntax::model::ResourceForm::Virtual,
                    )
                } else {
                    (rtype, marionette_syntax::model::ResourceForm::Regular)
                };
                for (title, params) in instances.iter() {
                    let mut p: IndexMap<String, Value> = IndexMap::new();
                    for (k, v) in defaults.iter() {
                        p.insert(k.to_string(), v.clone());
                    }
                    if let Value::Hash(h) = params {
                        for (k, v) in h.iter() {
                            p.insert(k.to_string(), v.clone());
                        }
                    }
                    if rtype == "class" {
                        self.declare_class(
                            &title.to_string(),
                            Some(p),
                            scope,
                            Some((file, span)),
                            false,
                        )?;
                    } else {
                        self.declare_resource(
                            &rtype,
                            title.to_string(),
                            p,
                            scope,
                            file,
                            span,
                            form,
                        )?;
                    }
                }
                Ok(Value::Undef)
            }
            "each" | "map" | "filter" | "reduce" | "with" | "then" | "lest" | "reverse_each"
            | "any" | "all" | "partition" | "step" => self.iterate(name, args, lambda),
            "epp" => {
                arity(name, &args, 1, 2)?;
                let path = args[0].to_string();
                let template = self.find_module_file(&path, "templates")?;
                let params = match args.get(1) {
                    Some(Value::Hash(h)) => Some((**h).clone()),
                    _ => None,
                };
                let file = self
                    .env
                    .load_template(&template)
                    .map_err(EvalError::from_load)?;
                self.render_epp(&file, params, scope)
            }
            "inline_epp" => {
                arity(name, &args, 1, 2)?;
                let text = args[0].to_string();
                let checked = marionette_syntax::check(&text, true);
                if let Some(e) = checked.errors.first() {
                    return Err(EvalError::new(format!("inline_epp(): {}", e.message)));
                }
                let file = Arc::new(SourceFile {
                    path: file.path.clone(),
                    lines: marionette_syntax::LineIndex::new(&text),
                    text,
                    program: checked.program,
                });
                let params = match args.get(1) {
                    Some(Value::Hash(h)) => Some((**h).clone()),
                    _ => None,
                };
                self.render_epp(&file, params, scope)
            }
            "file" => {
                for a in &args {
                    let path = a.to_string();
                    let full = if path.starts_with('/') {
                        Some(std::path::PathBuf::from(&path))
                    } else {
                        self.find_module_file(&path, "files").ok()
                    };
                    if let Some(full) = full {
                        if let Ok(text) = self.env.sources.read(&full) {
                            return Ok(Value::str(text));
                        }
                    }
                }
                Err(EvalError::new(format!(
                    "Could not find any files from {}",
                    args.iter()
                        .map(|a| a.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                )))
            }
            "assert_type" => {
                arity(name, &args, 2, 2)?;
                let Value::Type(t) = &args[0] else {
                    return Err(EvalError::new(
                        "assert_type(): first argument must be a Type",
                    ));
                };
                if t.is_instance(&args[1]) {
                    Ok(args[1].clone())
                } else if let Some((l, s, f)) = lambda {
                    self.call_lambda(
                        l,
                        s,
                        &f,
                        vec![
                            args[0].clone(),
                            Value::Type(Arc::new(PType::infer_set(&args[1]))),
                        ],
                    )
                } else {
                    Err(EvalError::new(crate::describe::value_mismatch(
                        "assert_type():",
                        t,
                        &args[1],
                    )))
                }
            }
            "type" => {
                arity(name, &args, 1, 2)?;
                let mode = args.get(1).map(|v| v.to_string());
                Ok(Value::Type(Arc::new(match mode.as_deref() {
                    Some("generalized") => PType::infer(&args[0]).generalize(),
                    Some("reduced") => PType::infer(&args[0]),
                    _ => PType::infer_set(&args[0]),
                })))
            }
            "lookup" => {
                // Hiera comes later; until then a default (or default lambda) is the value.
                match (args.len(), lambda) {
                    (_, Some((l, s, f))) => self.call_lambda(l, s, &f, vec![args[0].clone()]),
                    (4.., _) => Ok(args[3].clone()),
                    _ => Err(EvalError::new(format!(
                        "Function lookup() did not find a value for the name '{}'",
                        args.first().map(|a| a.to_string()).unwrap_or_default()
                    ))),
                }
            }
            "return" => Err(EvalError::flow(Flow::Return(
                args.into_iter().next().unwrap_or(Value::Undef),
            ))),
            "break" => Err(EvalError::flow(Flow::Break)),
            "next" => Err(EvalError::flow(Flow::Next(
                args.into_iter().next().unwrap_or(Value::Undef),
            ))),
            "sprintf" => {
                arity(name, &args, 1, usize::MAX)?;
                Ok(Value::str(sprintf(
                    string_arg(name, &args[0])?,
                    &args[1..],
                )?))
            }
            _ => {
                if let Some(v) = pure_function(name, &args)? {
                    return Ok(v);
                }
                if let Some(def) = self.env.find_function(name).map_err(EvalError::from_load)? {
                    return self.call_puppet_function(&def.def, &def.file, args);
                }
                if name.starts_with(|c: char| c.is_ascii_uppercase()) {
                    let ty = self.resolve_type_name(name)?;
                    return new_value(self, &ty, args);
                }
                Err(EvalError::new(format!("Unknown function: '{name}'")))
            }
        }
    }

    /// The full path of `module/path` under a module's `subdir` (`templates`, `files`).
    fn find_module_file(&self, path: &str, subdir: &str) -> Result<std::path::PathBuf, EvalError> {
        if path.starts_with('/') {
            return Ok(std::path::PathBuf::from(path));
        }
        let (module, rest) = path
            .split_once('/')
            .ok_or_else(|| EvalError::new(format!("Invalid module file path: '{path}'")))?;
        let dir = self.env.module_dir(module).ok_or_else(|| {
            EvalError::new(format!(
                "Could not find module '{module}' in the modulepath"
            ))
        })?;
        let full = dir.join(subdir).join(rest);
        if self.env.sources.is_file(&full) {
            Ok(full)
        } else {
            Err(EvalError::new(format!("Could not find template '{path}'")))
        }
    }

    /// Renders an EPP template. Without a parameter tag it sees the calling scope's
    /// variables; with one, only its parameters (and top scope).
    fn render_epp(
        &mut self,
        file: &Arc<SourceFile>,
        params: Option<ValueMap>,
        scope: ScopeId,
    ) -> EvalResult {
        let program = file.program.clone();
        let parent = if program.epp_params.is_some() {
            self.top
        } else {
            scope
        };
        let local = self.local_scope(parent);
        if let Some(declared) = &program.epp_params {
            let mut given = params.clone().unwrap_or_default();
            for p in declared {
                let v = match given.shift_remove(&Value::str(p.name.as_str())) {
                    Some(v) => v,
                    None => match &p.default {
                        Some(d) => self.eval_expr(d, local, file)?,
                        None => {
                            return Err(EvalError::new(format!(
                                "Error while evaluating a Function Call, epp(): Too few arguments: expects a value for parameter '{}'",
                                p.name
                            )))
                        }
                    },
                };
                if let Some(t) = &p.type_expr {
                    let ty = self.eval_type(t, local, file)?;
                    if let Some(msg) = crate::describe::parameter_error("lambda", &p.name, &ty, &v)
                    {
                        return Err(EvalError::new(msg));
                    }
                }
                self.scopes[local].vars.insert(p.name.clone(), v);
            }
        } else if let Some(params) = params {
            for (k, v) in params {
                self.scopes[local].vars.insert(k.to_string(), v);
            }
        }
        self.render_sink.push(String::new());
        let result = self.eval_block(&program.body, local, file);
        let out = self.render_sink.pop().unwrap_or_default();
        result?;
        Ok(Value::str(out))
    }

    pub(crate) fn call_lambda(
        &mut self,
        lambda: &Lambda,
        scope: ScopeId,
        file: &Arc<SourceFile>,
        args: Vec<Value>,
    ) -> EvalResult {
        let local = self.local_scope(scope);
        let mut args = args.into_iter();
        for p in &lambda.params {
            let v = if p.captures_rest {
                Value::array(args.by_ref().collect())
            } else {
                match args.next() {
                    Some(v) => v,
                    None => match &p.default {
                        Some(d) => self.eval_expr(d, local, file)?,
                        None => {
                            return Err(EvalError::new(format!(
                                "block expects a value for parameter '{}'",
                                p.name
                            )))
                        }
                    },
                }
            };
            if let Some(t) = &p.type_expr {
                let ty = self.eval_type(t, local, file)?;
                if let Some(msg) = crate::describe::argument_error("block", &p.name, &ty, &v) {
                    return Err(EvalError::new(msg));
                }
            }
            self.scopes[local].vars.insert(p.name.clone(), v);
        }
        self.matches.push(Vec::new());
        let r = self.eval_block(&lambda.body.statements, local, file);
        self.matches.pop();
        match r {
            Err(e) => match e.flow.as_deref() {
                Some(Flow::Next(v)) => Ok(v.clone()),
                _ => Err(e),
            },
            ok => ok,
        }
    }

    fn call_puppet_function(
        &mut self,
        def: &marionette_syntax::model::FunctionDef,
        file: &Arc<SourceFile>,
        args: Vec<Value>,
    ) -> EvalResult {
        let top = self.top;
        let local = self.local_scope(top);
        self.scopes[local].kind = ScopeKind::Local;
        let required = def
            .params
            .iter()
            .filter(|p| p.default.is_none() && !p.captures_rest)
            .count();
        if args.len() < required
            || (args.len() > def.params.len() && !def.params.iter().any(|p| p.captures_rest))
        {
            return Err(EvalError::new(format!(
                "'{}' expects {} arguments, got {}",
                def.name,
                if required == def.params.len() {
                    required.to_string()
                } else {
                    format!("between {required} and {}", def.params.len())
                },
                args.len()
            )));
        }
        let mut args = args.into_iter();
        for p in &def.params {
            let v = if p.captures_rest {
                Value::array(args.by_ref().collect())
            } else {
                match args.next() {
                    Some(v) => v,
                    None => match &p.default {
                        Some(d) => self.eval_expr(d, local, file)?,
                        None => Value::Undef,
                    },
                }
            };
            if let Some(t) = &p.type_expr {
                let ty = self.eval_type(t, local, file)?;
                if let Some(msg) =
                    crate::describe::argument_error(&format!("'{}'", def.name), &p.name, &ty, &v)
                {
                    return Err(EvalError::new(msg));
                }
            }
            self.scopes[local].vars.insert(p.name.clone(), v);
        }
        self.matches.push(Vec::new());
        let r = self.eval_block(&def.body.statements, local, file);
        self.matches.pop();
        match r {
            Err(e) => match e.flow.as_deref() {
                Some(Flow::Return(v)) => Ok(v.clone()),
                _ => Err(e),
            },
            ok => ok,
        }
    }

    fn iterate(
        &mut self,
        name: &str,
        args: Vec<Value>,
        lambda: Option<(&Lambda, ScopeId, Arc<SourceFile>)>,
    ) -> EvalResult {
        let (lambda, scope, file) = match lambda {
            Some(l) => l,
            None => {
                if name == "with" || name == "then" || name == "lest" {
                    return Err(EvalError::new(format!("'{name}' expects a block")));
                }
                return Err(EvalError::new(format!("'{name}' expects a block")));
            }
        };
        match name {
            "with" => self.call_lambda(lambda, scope, &file, args),
            "then" => {
                if args.first().is_none_or(Value::is_undef) {
                    Ok(Value::Undef)
                } else {
                    self.call_lambda(lambda, scope, &file, vec![args[0].clone()])
                }
            }
            "lest" => {
                if args.first().is_none_or(Value::is_undef) {
                    self.call_lambda(lambda, scope, &file, Vec::new())
                } else {
                    Ok(args[0].clone())
                }
            }
            _ => {
                let collection = args.first().cloned().unwrap_or(Value::Undef);
                let hash_like = matches!(collection, Value::Hash(_));
                let items = iterable_items(&collection)?;
                let arity = lambda.params.len();
                let call_args = |i: usize, item: &Value| -> Vec<Value> {
                    match (hash_like, arity, item) {
                        (true, 2, Value::Array(pair)) => pair.iter().cloned().collect(),
                        (false, 2, _) => vec![Value::Int(i as i64), item.clone()],
                        _ => vec![item.clone()],
                    }
                };
                match name {
                    "each" | "reverse_each" => {
                        let order: Vec<usize> = if name == "each" {
                            (0..items.len()).collect()
                        } else {
                            (0..items.len()).rev().collect()
                        };
                        for i in order {
                            match self.call_lambda(lambda, scope, &file, call_args(i, &items[i])) {
                                Err(e) if matches!(e.flow.as_deref(), Some(Flow::Break)) => break,
                                r => {
                                    r?;
                                }
                            }
                        }
                        Ok(collection)
                    }
                    "map" => {
                        let mut out = Vec::new();
                        for (i, item) in items.iter().enumerate() {
                            match self.call_lambda(lambda, scope, &file, call_args(i, item)) {
                                Err(e) if matches!(e.flow.as_deref(), Some(Flow::Break)) => break,
                                r => out.push(r?),
                            }
                        }
                        Ok(Value::array(out))
                    }
                    "filter" => {
                        let mut out_a = Vec::new();
                        let mut out_h = ValueMap::new();
                        for (i, item) in items.iter().enumerate() {
                            let keep =
                                match self.call_lambda(lambda, scope, &file, call_args(i, item)) {
                                    Err(e) if matches!(e.flow.as_deref(), Some(Flow::Break)) => {
                                        break
                                    }
                                    r => r?.is_truthy(),
                                };
                            if keep {
                                match (hash_like, item) {
                                    (true, Value::Array(pair)) => {
                                        out_h.insert(pair[0].clone(), pair[1].clone());
                                    }
                                    _ => out_a.push(item.clone()),
                                }
                            }
                        }
                        Ok(if hash_like {
                            Value::hash(out_h)
                        } else {
                            Value::array(out_a)
                        })
                    }
                    "any" | "all" => {
                        for (i, item) in items.iter().enumerate() {
                            let t = self
                                .call_lambda(lambda, scope, &file, call_args(i, item))?
                                .is_truthy();
                            if name == "any" && t {
                                return Ok(Value::Bool(true));
                            }
                            if name == "all" && !t {
                                return Ok(Value::Bool(false));
                            }
                        }
                        Ok(Value::Bool(name == "all"))
                    }
                    "reduce" => {
                        let mut iter = items.into_iter();
                        let mut memo = match args.get(1) {
                            Some(start) => start.clone(),
                            None => iter.next().unwrap_or(Value::Undef),
                        };
                        for item in iter {
                            memo = self.call_lambda(lambda, scope, &file, vec![memo, item])?;
                        }
                        Ok(memo)
                    }
                    "partition" => {
                        let (mut yes, mut no) = (Vec::new(), Vec::new());
                        for (i, item) in items.iter().enumerate() {
                            if self
                                .call_lambda(lambda, scope, &file, call_args(i, item))?
                                .is_truthy()
                            {
                                yes.push(item.clone());
                            } else {
                                no.push(item.clone());
                            }
                        }
                        Ok(Value::array(vec![Value::array(yes), Value::array(no)]))
                    }
                    _ => Err(EvalError::new(format!("Unknown function: '{name}'"))),
                }
            }
        }
    }
}

/// The elements an iteration function walks: array items, `[key, value]` pairs of a
/// hash, `0..n-1` for an integer, the characters of a string.
fn iterable_items(v: &Value) -> Result<Vec<Value>, EvalError> {
    Ok(match v {
        Value::Array(a) => a.iter().cloned().collect(),
        Value::Hash(h) => h
            .iter()
            .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
            .collect(),
        Value::Int(n) => (0..*n).map(Value::Int).collect(),
        Value::Str(s) => s.chars().map(|c| Value::str(c.to_string())).collect(),
        Value::Type(t) => match t.resolved() {
            PType::Integer {
                from: Some(a),
                to: Some(b),
            } => (*a..=*b).map(Value::Int).collect(),
            PType::Enum { values, .. } => values.iter().map(|v| Value::str(v.as_str())).collect(),
            _ => return Err(EvalError::new(format!("{t} is not iterable"))),
        },
        Value::Undef => Vec::new(),
        other => {
            return Err(EvalError::new(format!(
                "{} is not iterable",
                article_type(other)
            )))
        }
    })
}

/// Functions that need no compiler state.
pub(crate) const BUILTIN_FUNCTIONS: &[&str] = &[
    "include",
    "contain",
    "require",
    "realize",
    "tag",
    "tagged",
    "defined",
    "notice",
    "info",
    "warning",
    "err",
    "debug",
    "alert",
    "crit",
    "emerg",
    "fail",
    "create_resources",
    "each",
    "map",
    "filter",
    "reduce",
    "with",
    "then",
    "lest",
    "reverse_each",
    "any",
    "all",
    "partition",
    "epp",
    "inline_epp",
    "file",
    "assert_type",
    "type",
    "lookup",
    "sprintf",
    "join",
    "split",
    "flatten",
    "keys",
    "values",
    "length",
    "size",
    "empty",
    "sort",
    "unique",
    "min",
    "max",
    "dig",
    "versioncmp",
    "regsubst",
    "upcase",
    "downcase",
    "capitalize",
    "strip",
    "lstrip",
    "rstrip",
    "chomp",
    "chop",
    "abs",
    "floor",
    "ceiling",
    "round",
    "md5",
    "sha1",
    "sha256",
    "shellquote",
    "reverse",
    "index",
    "get",
    "compare",
    "match",
    "convert_to",
    "new",
    "slice",
    "camelcase",
    "unwrap",
    "step",
    "hiera",
];

fn pure_function(name: &str, args: &[Value]) -> Result<Option<Value>, EvalError> {
    Ok(Some(match name {
        "join" => {
            arity(name, args, 1, 2)?;
            let sep = args.get(1).map(|v| v.to_string()).unwrap_or_default();
            match &args[0] {
                Value::Array(items) => Value::str(
                    items
                        .iter()
                        .map(|v| v.to_string())
                        .collect::<Vec<_>>()
                        .join(&sep),
                ),
                other => {
                    return Err(EvalError::new(format!(
                        "'join' parameter 'arg' expects an Array value, got {}",
                        other.type_name()
                    )))
                }
            }
        }
        "split" => {
            arity(name, args, 2, 2)?;
            let s = string_arg(name, &args[0])?;
            let parts: Vec<Value> = match &args[1] {
                Value::Regex(re) => regex_split(s, re),
                Value::Str(p) => {
                    let re = Regex::new(p).map_err(EvalError::new)?;
                    regex_split(s, &re)
                }
                Value::Type(t) => match t.resolved() {
                    PType::Regexp(Some(re)) => regex_split(s, re),
                    _ => {
                        return Err(EvalError::new(
                            "split(): pattern must be a String or Regexp",
                        ))
                    }
                },
                _ => {
                    return Err(EvalError::new(
                        "split(): pattern must be a String or Regexp",
                    ))
                }
            };
            Value::array(parts)
        }
        "flatten" => {
            fn flat(v: &Value, out: &mut Vec<Value>) {
                match v {
                    Value::Array(items) => items.iter().for_each(|i| flat(i, out)),
                    other => out.push(other.clone()),
                }
            }
            let mut out = Vec::new();
            for a in args {
                flat(a, &mut out);
            }
            Value::array(out)
        }
        "keys" => match args.first() {
            Some(Value::Hash(h)) => Value::array(h.keys().cloned().collect()),
            _ => return Err(EvalError::new("keys(): expects a Hash")),
        },
        "values" => match args.first() {
            Some(Value::Hash(h)) => Value::array(h.values().cloned().collect()),
            _ => return Err(EvalError::new("values(): expects a Hash")),
        },
        "length" | "size" => Value::Int(match args.first() {
            Some(Value::Array(a)) => a.len(),
            Some(Value::Hash(h)) => h.len(),
            Some(Value::Str(s)) => s.chars().count(),
            Some(Value::Undef) => 0,
            _ => {
                return Err(EvalError::new(format!(
                    "{name}(): expects a Collection or String"
                )))
            }
        } as i64),
        "empty" => Value::Bool(match args.first() {
            Some(Value::Array(a)) => a.is_empty(),
            Some(Value::Hash(h)) => h.is_empty(),
            Some(Value::Str(s)) => s.is_empty(),
            Some(Value::Undef) => true,
            Some(Value::Int(_) | Value::Float(_)) => false,
            _ => {
                return Err(EvalError::new(
                    "empty(): expects a Collection, String, Numeric or Undef",
                ))
            }
        }),
        "sort" => match args.first() {
            Some(Value::Array(a)) => {
                let mut items: Vec<Value> = a.iter().cloned().collect();
                let mut err = None;
                items.sort_by(|x, y| match (x, y) {
                    (Value::Str(a), Value::Str(b)) => a.cmp(b),
                    _ => compare(x, y).unwrap_or_else(|e| {
                        err = Some(e);
                        std::cmp::Ordering::Equal
                    }),
                });
                if let Some(e) = err {
                    return Err(EvalError::new(e));
                }
                Value::array(items)
            }
            Some(Value::Str(s)) => {
                let mut chars: Vec<char> = s.chars().collect();
                chars.sort();
                Value::str(chars.into_iter().collect::<String>())
            }
            _ => return Err(EvalError::new("sort(): expects an Array or String")),
        },
        "unique" => match args.first() {
            Some(Value::Array(a)) => {
                let mut out: Vec<Value> = Vec::new();
                for v in a.iter() {
                    if !out.contains(v) {
                        out.push(v.clone());
                    }
                }
                Value::array(out)
            }
            Some(Value::Str(s)) => {
                let mut out = String::new();
                for c in s.chars() {
                    if !out.contains(c) {
                        out.push(c);
                    }
                }
                Value::str(out)
            }
            _ => return Err(EvalError::new("unique(): expects an Array or String")),
        },
        "min" | "max" => {
            let items: Vec<Value> = match args {
                [Value::Array(a)] => a.iter().cloned().collect(),
                _ => args.to_vec(),
            };
            let mut best: Option<Value> = None;
            for v in items {
                best = Some(match best {
                    None => v,
                    Some(b) => {
                        let ord = compare(&v, &b).unwrap_or(std::cmp::Ordering::Equal);
                        if (name == "min" && ord.is_lt()) || (name == "max" && ord.is_gt()) {
                            v
                        } else {
                            b
                        }
                    }
                });
            }
            best.unwrap_or(Value::Undef)
        }
        "dig" => {
            let mut cur = args.first().cloned().unwrap_or(Value::Undef);
            for k in &args[1.min(args.len())..] {
                cur = match (&cur, k) {
                    (Value::Hash(h), k) => h.get(k).cloned().unwrap_or(Value::Undef),
                    (Value::Array(a), Value::Int(i)) => {
                        a.get(*i as usize).cloned().unwrap_or(Value::Undef)
                    }
                    (Value::Undef, _) => Value::Undef,
                    _ => return Err(EvalError::new("dig(): cannot dig into a non-collection")),
                };
            }
            cur
        }
        "versioncmp" => {
            arity(name, args, 2, 3)?;
            Value::Int(versioncmp(&args[0].to_string(), &args[1].to_string()))
        }
        "regsubst" => {
            arity(name, args, 3, 5)?;
            let flags = args.get(3).map(|v| v.to_string()).unwrap_or_default();
            let pattern = match &args[1] {
                Value::Regex(r) => r.source.clone(),
                other => other.to_string(),
            };
            let pattern = if flags.contains('I') {
                format!("(?i){pattern}")
            } else {
                pattern
            };
            let re = Regex::new(&pattern).map_err(EvalError::new)?;
            let replacement = ruby_replacement(&args[2].to_string());
            let global = flags.contains('G');
            let subst = |s: &str| -> String {
                if global {
                    re.compiled
                        .replace_all(s, replacement.as_str())
                        .into_owned()
                } else {
                    re.compiled.replace(s, replacement.as_str()).into_owned()
                }
            };
            match &args[0] {
                Value::Array(items) => Value::array(
                    items
                        .iter()
                        .map(|v| Value::str(subst(&v.to_string())))
                        .collect(),
                ),
                other => Value::str(subst(&other.to_string())),
            }
        }
        "upcase" | "downcase" | "capitalize" | "strip" | "lstrip" | "rstrip" | "chomp" | "chop"
        | "camelcase" => {
            arity(name, args, 1, 1)?;
            let f = |s: &str| -> String {
                match name {
                    "upcase" => s.to_uppercase(),
                    "downcase" => s.to_lowercase(),
                    "capitalize" => {
                        let mut c = s.chars();
                        match c.next() {
                            Some(f) => {
                                f.to_uppercase().collect::<String>() + &c.as_str().to_lowercase()
                            }
                            None => String::new(),
                        }
                    }
                    "strip" => s.trim().to_string(),
                    "lstrip" => s.trim_start().to_string(),
                    "rstrip" => s.trim_end().to_string(),
                    "chomp" => s
                        .strip_suffix("\r\n")
                        .or_else(|| s.strip_suffix('\n'))
                        .or_else(|| s.strip_suffix('\r'))
                        .unwrap_or(s)
                        .to_string(),
                    "chop" => {
                        let mut c: Vec<char> = s.chars().collect();
                        c.pop();
                        c.into_iter().collect()
                    }
                    _ => s
                        .split('_')
                        .map(|w| {
                            let mut c = w.chars();
                            match c.next() {
                                Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
                                None => String::new(),
                            }
                        })
                        .collect(),
                }
            };
            match &args[0] {
                Value::Str(s) => Value::str(f(s)),
                Value::Array(items) => Value::array(
                    items
                        .iter()
                        .map(|v| Value::str(f(&v.to_string())))
                        .collect(),
                ),
                Value::Hash(h) if name == "upcase" || name == "downcase" => Value::hash(
                    h.iter()
                        .map(|(k, v)| {
                            (Value::str(f(&k.to_string())), Value::str(f(&v.to_string())))
                        })
                        .collect(),
                ),
                other => {
                    return Err(EvalError::new(format!(
                        "{name}(): expects a String, got {}",
                        other.type_name()
                    )))
                }
            }
        }
        "abs" => match args.first() {
            Some(Value::Int(i)) => Value::Int(i.abs()),
            Some(Value::Float(f)) => Value::Float(f.abs()),
            _ => return Err(EvalError::new("abs(): expects a Numeric")),
        },
        "floor" | "ceiling" | "round" => match args.first() {
            Some(Value::Int(i)) => Value::Int(*i),
            Some(Value::Float(f)) => Value::Int(match name {
                "floor" => f.floor(),
                "ceiling" => f.ceil(),
                _ => f.round(),
            } as i64),
            _ => return Err(EvalError::new(format!("{name}(): expects a Numeric"))),
        },
        "md5" => Value::str(hex(&md5::Md5::digest(
            args.first()
                .map(|v| v.to_string())
                .unwrap_or_default()
                .as_bytes(),
        ))),
        "sha1" => Value::str(hex(&sha1::Sha1::digest(
            args.first()
                .map(|v| v.to_string())
                .unwrap_or_default()
                .as_bytes(),
        ))),
        "sha256" => Value::str(hex(&sha2::Sha256::digest(
            args.first()
                .map(|v| v.to_string())
                .unwrap_or_default()
                .as_bytes(),
        ))),
        "shellquote" => {
            let mut words = Vec::new();
            for a in args {
                match a {
                    Value::Array(items) => words.extend(items.iter().map(|v| v.to_string())),
                    other => words.push(other.to_string()),
                }
            }
            Value::str(
                words
                    .iter()
                    .map(|w| shellquote(w))
                    .collect::<Vec<_>>()
                    .join(" "),
            )
        }
        "reverse" => match args.first() {
            Some(Value::Array(a)) => Value::array(a.iter().rev().cloned().collect()),
            Some(Value::Str(s)) => Value::str(s.chars().rev().collect::<String>()),
            _ => return Err(EvalError::new("reverse(): expects an Array or String")),
        },
        "get" => {
            arity(name, args, 2, 3)?;
            let mut cur = args[0].clone();
            for seg in args[1].to_string().split('.').filter(|s| !s.is_empty()) {
                cur = match &cur {
                    Value::Hash(h) => h.get(&Value::str(seg)).cloned().unwrap_or(Value::Undef),
                    Value::Array(a) => seg
                        .parse::<usize>()
                        .ok()
                        .and_then(|i| a.get(i).cloned())
                        .unwrap_or(Value::Undef),
                    _ => Value::Undef,
                };
            }
            if cur.is_undef() {
                args.get(2).cloned().unwrap_or(Value::Undef)
            } else {
                cur
            }
        }
        "Sensitive" => Value::Sensitive(Arc::new(args.first().cloned().unwrap_or(Value::Undef))),
        "Deferred" => deferred(args)?,
        _ => return Ok(None),
    }))
}

use md5::Digest;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn deferred(args: &[Value]) -> EvalResult {
    let name = args.first().map(|v| v.to_string()).unwrap_or_default();
    let arguments = match args.get(1) {
        Some(Value::Array(a)) => a.iter().cloned().collect(),
        Some(other) => vec![other.clone()],
        None => Vec::new(),
    };
    Ok(Value::Deferred(Arc::new(Deferred { name, arguments })))
}

fn regex_split(s: &str, re: &Regex) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    let mut last = 0;
    for m in re.compiled.find_iter(s).flatten() {
        if m.start() == m.end() && m.start() == 0 {
            continue;
        }
        out.push(Value::str(&s[last..m.start()]));
        last = m.end();
    }
    out.push(Value::str(&s[last..]));
    // Ruby's split drops trailing empty strings.
    while out.last().is_some_and(|v| v.as_str() == Some("")) {
        out.pop();
    }
    out
}

/// Ruby's `\1`/`\0` back-references in a replacement → `${1}`.
fn ruby_replacement(r: &str) -> String {
    let mut out = String::new();
    let mut chars = r.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(d) if d.is_ascii_digit() => out.push_str(&format!("${{{d}}}")),
                Some('&') => out.push_str("${0}"),
                Some(other) => out.push(other),
                None => out.push('\\'),
            },
            '$' => out.push_str("$$"),
            other => out.push(other),
        }
    }
    out
}

fn shellquote(w: &str) -> String {
    if w.is_empty() {
        return "\"\"".into();
    }
    let safe = |c: char| c.is_ascii_alphanumeric() || "@%_+=:,./-".contains(c);
    if w.chars().all(safe) {
        return w.to_string();
    }
    if !w.contains('\'') {
        return format!("'{w}'");
    }
    let mut out = String::from("\"");
    for c in w.chars() {
        if "$`\"\\".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// Puppet's `versioncmp` (the algorithm of Puppet::Util::Package.versioncmp).
pub fn versioncmp(a: &str, b: &str) -> i64 {
    fn tokens(s: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut cur = String::new();
        let mut kind = 0; // 1 digit, 2 alpha
        for c in s.chars() {
            let k = if c.is_ascii_digit() {
                1
            } else if c.is_ascii_alphabetic() {
                2
            } else {
                3
            };
            if k == 3 {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                out.push(c.to_string());
                kind = 0;
                continue;
            }
            if k != kind && !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            cur.push(c);
            kind = k;
        }
        if !cur.is_empty() {
            out.push(cur);
        }
        out
    }
    if a == b {
        return 0;
    }
    let (ta, tb) = (tokens(a), tokens(b));
    let mut ia = ta.iter();
    let mut ib = tb.iter();
    loop {
        match (ia.next(), ib.next()) {
            (None, None) => return 0,
            (Some(_), None) => return 1,
            (None, Some(_)) => return -1,
            (Some(x), Some(y)) => {
                if x == y {
                    continue;
                }
                if x == "-" {
                    return -1;
                }
                if y == "-" {
                    return 1;
                }
                if x == "." {
                    return -1;
                }
                if y == "." {
                    return 1;
                }
                let xd = x.chars().all(|c| c.is_ascii_digit());
                let yd = y.chars().all(|c| c.is_ascii_digit());
                if xd && yd {
                    if x.starts_with('0') || y.starts_with('0') {
                        return match x.cmp(y) {
                            std::cmp::Ordering::Less => -1,
                            std::cmp::Ordering::Greater => 1,
                            _ => 0,
                        };
                    }
                    let (nx, ny): (u128, u128) = (x.parse().unwrap_or(0), y.parse().unwrap_or(0));
                    if nx != ny {
                        return if nx < ny { -1 } else { 1 };
                    }
                    continue;
                }
                return match x.to_uppercase().cmp(&y.to_uppercase()) {
                    std::cmp::Ordering::Less => -1,
                    std::cmp::Ordering::Greater => 1,
                    _ => continue,
                };
            }
        }
    }
}

/// A small `sprintf` covering the directives manifests use: `%s %d %i %f %x %o %b %e %%`
/// with flags, width and precision.
fn sprintf(fmt: &str, args: &[Value]) -> Result<String, EvalError> {
    let mut out = String::new();
    let mut chars = fmt.chars().peekable();
    let mut next = 0usize;
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        if chars.peek() == Some(&'%') {
            chars.next();
            out.push('%');
            continue;
        }
        let mut flags = String::new();
        while let Some(&f) = chars.peek() {
            if "-+ 0#".contains(f) {
                flags.push(f);
                chars.next();
            } else {
                break;
            }
        }
        let mut width = String::new();
        while let Some(&d) = chars.peek() {
            if d.is_ascii_digit() {
                width.push(d);
                chars.next();
            } else {
                break;
            }
        }
        let mut precision: Option<usize> = None;
        if chars.peek() == Some(&'.') {
            chars.next();
            let mut p = String::new();
            while let Some(&d) = chars.peek() {
                if d.is_ascii_digit() {
                    p.push(d);
                    chars.next();
                } else {
                    break;
                }
            }
            precision = Some(p.parse().unwrap_or(0));
        }
        let conv = chars
            .next()
            .ok_or_else(|| EvalError::new("sprintf(): incomplete format specifier"))?;
        let arg = args.get(next).cloned().unwrap_or(Value::Undef);
        next += 1;
        let num = |v: &Value| -> f64 {
            match v {
                Value::Int(i) => *i as f64,
                Value::Float(f) => *f,
                Value::Str(s) => s.parse().unwrap_or(0.0),
                _ => 0.0,
            }
        };
        let int = |v: &Value| -> i64 {
            match v {
                Value::Int(i) => *i,
                Value::Float(f) => *f as i64,
                Value::Str(s) => s.parse().unwrap_or(0),
                _ => 0,
            }
        };
        let body = match conv {
            's' => {
                let s = arg.to_string();
                match precision {
                    Some(p) => s.chars().take(p).collect(),
                    None => s,
                }
            }
            'p' => format!("{arg:?}"),
            'd' | 'i' | 'u' => {
                let i = int(&arg);
                if flags.contains('+') && i >= 0 {
                    format!("+{i}")
                } else {
                    i.to_string()
                }
            }
            'f' => format!("{:.*}", precision.unwrap_or(6), num(&arg)),
            'e' => format!("{:.*e}", precision.unwrap_or(6), num(&arg)),
            'g' => format_float(num(&arg)),
            'x' => format!("{:x}", int(&arg)),
            'X' => format!("{:X}", int(&arg)),
            'o' => format!("{:o}", int(&arg)),
            'b' => format!("{:b}", int(&arg)),
            'c' => char::from_u32(int(&arg) as u32)
                .map(String::from)
                .unwrap_or_default(),
            other => {
                return Err(EvalError::new(format!(
                    "sprintf(): unsupported format directive '%{other}'"
                )))
            }
        };
        let width: usize = width.parse().unwrap_or(0);
        let len = body.chars().count();
        if len < width {
            let pad = width - len;
            if flags.contains('-') {
                out.push_str(&body);
                out.push_str(&" ".repeat(pad));
            } else if flags.contains('0') && "dfiuxXobe".contains(conv) {
                let (sign, digits) = if let Some(d) = body.strip_prefix('-') {
                    ("-", d)
                } else {
                    ("", body.as_str())
                };
                out.push_str(sign);
                out.push_str(&"0".repeat(pad));
                out.push_str(digits);
            } else {
                out.push_str(&" ".repeat(pad));
                out.push_str(&body);
            }
        } else {
            out.push_str(&body);
        }
    }
    Ok(out)
}

/// `Type(args)` / `Type.new(args)`: Puppet's `new`.
pub(crate) fn new_value(c: &mut Compiler<'_>, ty: &PType, args: Vec<Value>) -> EvalResult {
    let _ = c;
    let first = args.first().cloned().unwrap_or(Value::Undef);
    match ty.resolved() {
        PType::Sensitive(_) => Ok(Value::Sensitive(Arc::new(first))),
        PType::Deferred => deferred(&args),
        PType::String { .. } => Ok(Value::str(first.to_puppet_string())),
        PType::Integer { .. } => match &first {
            Value::Int(_) => Ok(first),
            Value::Float(f) => Ok(Value::Int(*f as i64)),
            Value::Bool(b) => Ok(Value::Int(*b as i64)),
            Value::Str(s) => match crate::ops::to_number(s) {
                Some(Value::Int(i)) => Ok(Value::Int(i)),
                Some(Value::Float(f)) => Ok(Value::Int(f as i64)),
                _ => Err(EvalError::new(format!(
                    "The string '{s}' cannot be converted to Integer"
                ))),
            },
            other => Err(EvalError::new(format!(
                "Value of type {} cannot be converted to Integer",
                other.type_name()
            ))),
        },
        PType::Float { .. } | PType::Numeric => match &first {
            Value::Int(i) if matches!(ty.resolved(), PType::Float { .. }) => {
                Ok(Value::Float(*i as f64))
            }
            Value::Int(_) | Value::Float(_) => Ok(first),
            Value::Str(s) => crate::ops::to_number(s)
                .map(|v| match (ty.resolved(), v) {
                    (PType::Float { .. }, Value::Int(i)) => Value::Float(i as f64),
                    (_, v) => v,
                })
                .ok_or_else(|| {
                    EvalError::new(format!("The string '{s}' cannot be converted to Float"))
                }),
            other => Err(EvalError::new(format!(
                "Value of type {} cannot be converted to Float",
                other.type_name()
            ))),
        },
        PType::Boolean(_) => match &first {
            Value::Bool(_) => Ok(first),
            Value::Str(s) => match s.to_lowercase().as_str() {
                "true" | "yes" | "y" => Ok(Value::Bool(true)),
                "false" | "no" | "n" | "" => Ok(Value::Bool(false)),
                _ => Err(EvalError::new(format!(
                    "The string '{s}' cannot be converted to Boolean"
                ))),
            },
            Value::Int(i) => Ok(Value::Bool(*i != 0)),
            other => Err(EvalError::new(format!(
                "Value of type {} cannot be converted to Boolean",
                other.type_name()
            ))),
        },
        PType::Array { .. } | PType::Tuple { .. } => match &first {
            Value::Array(_) => Ok(first),
            Value::Hash(h) => Ok(Value::array(
                h.iter()
                    .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
                    .collect(),
            )),
            Value::Undef => Ok(Value::array(Vec::new())),
            other => Ok(Value::array(vec![other.clone()])),
        },
        PType::Hash { .. } | PType::Struct(_) => match &first {
            Value::Hash(_) => Ok(first),
            Value::Array(items) => {
                let mut m = ValueMap::new();
                if items
                    .iter()
                    .all(|e| matches!(e, Value::Array(p) if p.len() == 2))
                {
                    for e in items.iter() {
                        if let Value::Array(p) = e {
                            m.insert(p[0].clone(), p[1].clone());
                        }
                    }
                } else {
                    for pair in items.chunks(2) {
                        m.insert(
                            pair[0].clone(),
                            pair.get(1).cloned().unwrap_or(Value::Undef),
                        );
                    }
                }
                Ok(Value::hash(m))
            }
            other => Err(EvalError::new(format!(
                "Value of type {} cannot be converted to Hash",
                other.type_name()
            ))),
        },
        PType::Regexp(_) => Ok(Value::Regex(Arc::new(
            Regex::new(&first.to_string()).map_err(EvalError::new)?,
        ))),
        PType::Timestamp => match &first {
            Value::Str(s) => crate::value::Timestamp::parse(s)
                .map(|t| Value::Timestamp(Arc::new(t)))
                .ok_or_else(|| {
                    EvalError::new(format!("Unable to parse '{s}' using any of the formats"))
                }),
            Value::Int(i) => Ok(Value::Timestamp(Arc::new(crate::value::Timestamp {
                seconds: *i,
                nanos: 0,
            }))),
            _ => Err(EvalError::new("Timestamp.new: expects a String or Integer")),
        },
        other => Err(EvalError::new(format!(
            "Creation of new instance of type '{other}' is not supported"
        ))),
    }
}
