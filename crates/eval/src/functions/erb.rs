//! ERB templates: `template('mod/file.erb', ...)` and `inline_template('text', ...)`,
//! rendered by `marionette_erb` in the calling scope, as Puppet 7.23's
//! `TemplateWrapper` renders them: every variable visible there is an `@variable`,
//! `scope[...]`/`scope.lookupvar` read variables (qualified names too), and
//! `scope.call_function`/`scope.function_x` call Puppet functions. Values cross as
//! Puppet's runtime passes them to Ruby (undef is nil, `default` is `:default`).
//!
//! In Puppet a template's `@list` is the very Ruby object that is the variable's value
//! and, for a class's or define's parameter, the resource's parameter value: a template
//! that appends to it changes what Puppet code reads afterwards and what the catalog
//! shows. So a variable's Ruby object is made once: when a template first reads a
//! mutable value (String, Array, Hash), or binds one with `scope.setvar`, the Compiler
//! keeps the object ([`RubyVars`]) and every later template gets that same object.
//! After a template (and before it calls a function, whose Puppet code may read them)
//! the variables it held are refreshed from their objects, and a parameter's
//! resource with them. Facts, `$trusted` and `$server_facts` are frozen in Puppet:
//! templates get them frozen (a change raises `FrozenError`), and they are never kept
//! or written back. Variables a template does not read are not converted at all.

use super::{builtin, Builtin, Call};
use crate::compiler::{Compiler, ScopeId, ScopeKind};
use crate::env::SourceFile;
use crate::error::EvalError;
use crate::eval::EvalResult;
use crate::value::IndexSet;
use crate::value::{Regex, Value, ValueMap};
use foldhash::{HashMap, HashMapExt};
use marionette_erb as erb;
use marionette_syntax::model::Span;
use std::sync::Arc;

/// The Ruby objects that are Puppet variables' values, by scope and variable name.
#[derive(Default)]
pub(crate) struct RubyVars {
    vars: crate::value::IndexMap<(ScopeId, Arc<str>), RubyVar>,
    /// The Ruby objects of the variables Puppet gives templates frozen (the facts,
    /// `$trusted`, ...), converted once per compile: they never change, and every
    /// `scope.to_hash` hands them all to the template.
    frozen: crate::value::IndexMap<(ScopeId, Arc<str>), erb::Value>,
    /// How many variables templates have bound with `scope.setvar`.
    bound: u64,
    /// The Arrays and Hashes inside `$facts`, `$trusted` and `$server_facts` (by
    /// address), found once: a variable that is one of them is frozen too.
    fact_objects: Option<foldhash::HashSet<usize>>,
}

/// A `(scope, name)` key of [`RubyVars`] made of a borrowed name, so that a lookup
/// copies nothing. It hashes as the `(ScopeId, Arc<str>)` it stands for.
#[derive(Hash)]
struct VarKey<'a>(ScopeId, &'a str);

impl indexmap::Equivalent<(ScopeId, Arc<str>)> for VarKey<'_> {
    fn equivalent(&self, key: &(ScopeId, Arc<str>)) -> bool {
        self.0 == key.0 && self.1 == &*key.1
    }
}

struct RubyVar {
    object: erb::Value,
    /// For a variable bound with `scope.setvar`, its number among them: a template
    /// that started before does not see it as `@name` (Puppet sets a template's
    /// instance variables when it starts).
    bound: Option<u64>,
}

pub(super) const FUNCTIONS: &[Builtin] = &[
    // `template('mod/a.erb', 'mod/b.erb')`: the templates rendered and concatenated.
    builtin!("template", &["String paths+"], template),
    // `inline_template('<%= @x %>', ...)`: ERB text rendered and concatenated.
    builtin!("inline_template", &["String templates+"], inline_template),
];

fn template(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let mut out = String::new();
    for name in call.args.iter().map(|a| a.to_string()) {
        let Some(path) = c.find_module_file(&name, "templates") else {
            return Err(EvalError::new(format!("Could not find template '{name}'")));
        };
        let Some(parsed) = c.env.load_erb_template(&path) else {
            return Err(EvalError::new(format!("Could not find template '{name}'")));
        };
        let path = path.display().to_string();
        let rendered = parsed
            .map_err(Failure::Ruby)
            .and_then(|t| render(c, call, &t, Some(&path)))
            .map_err(|e| match e {
                Failure::Ruby(e) if e.kind == erb::ErrorKind::Syntax => {
                    EvalError::foreign(format!("{path}:{}: {}", e.line, e.message))
                }
                Failure::Ruby(e) => EvalError::new(format!(
                "Failed to parse template {name}:\n  Filepath: {path}\n  Line: {}\n  Detail: {}\n",
                e.line, e.message
            )),
            })?;
        out.push_str(&rendered);
    }
    Ok(Value::str(out))
}

fn inline_template(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let mut out = String::new();
    for source in call.args.iter().map(|a| a.to_string()) {
        let parsed = erb::Template::parse(&source);
        let rendered = parsed
            .map_err(Failure::Ruby)
            .and_then(|t| render(c, call, &t, None))
            .map_err(|e| match e {
                Failure::Ruby(e) if e.kind == erb::ErrorKind::Syntax => {
                    EvalError::foreign(format!("(erb):{}: {}", e.line, e.message))
                }
                Failure::Ruby(e) => {
                    EvalError::new(format!("Failed to parse inline template: {}", e.message))
                }
            })?;
        out.push_str(&rendered);
    }
    Ok(Value::str(out))
}

enum Failure {
    Ruby(erb::ErbError),
}

fn render(
    c: &mut Compiler<'_>,
    call: &Call<'_>,
    template: &erb::Template,
    file: Option<&str>,
) -> Result<String, Failure> {
    let started = c.ruby_vars.bound;
    let mut host = Scope {
        c,
        scope: call.scope,
        file: file.map(String::from),
        call_file: call.file.clone(),
        span: call.span,
        started,
        held: IndexSet::default(),
    };
    let rendered = template.render(&mut host).map_err(Failure::Ruby);
    host.write_back();
    rendered
}

/// The calling scope as templates see it.
struct Scope<'a, 'e> {
    c: &'a mut Compiler<'e>,
    scope: ScopeId,
    file: Option<String>,
    call_file: Arc<SourceFile>,
    span: Span,
    /// `RubyVars::bound` when the template started.
    started: u64,
    /// The variables whose kept Ruby objects this template was given.
    held: IndexSet<(ScopeId, Arc<str>)>,
}

impl Scope<'_, '_> {
    /// The Ruby object that is the variable `name` of scope `id` (which binds it):
    /// the one kept for it, else its value converted, and kept if it is mutable.
    fn object(&mut self, id: ScopeId, name: &str) -> erb::Value {
        if let Some(((_, name), var)) = self.c.ruby_vars.vars.get_key_value(&VarKey(id, name)) {
            let object = var.object.clone();
            let name = Arc::clone(name);
            self.hold(id, &name);
            return object;
        }
        if let Some(object) = self.c.ruby_vars.frozen.get(&VarKey(id, name)) {
            return object.clone();
        }
        let (name, value) = self.c.scopes[id]
            .vars
            .get_key_value(name)
            .expect("a variable's home binds it");
        let name = Arc::clone(name);
        let object = to_ruby(value);
        if matches!(value, Value::Str(_) | Value::Array(_) | Value::Hash(_)) {
            let key = (id, Arc::clone(&name));
            if self.frozen_in(id, &name) {
                self.c.ruby_vars.frozen.insert(key, object.clone());
            } else {
                let var = RubyVar {
                    object: object.clone(),
                    bound: None,
                };
                self.c.ruby_vars.vars.insert(key, var);
                self.hold(id, &name);
            }
        }
        object
    }

    fn hold(&mut self, id: ScopeId, name: &Arc<str>) {
        if !self.held.contains(&VarKey(id, name)) {
            self.held.insert((id, Arc::clone(name)));
        }
    }

    /// Whether Puppet gives templates this variable frozen: the facts, `$facts`,
    /// `$trusted` and `$server_facts`, and an Array or Hash Puppet code took from them
    /// (`$f = $facts`, `$r = $os['release']`: the same object).
    fn frozen_in(&mut self, id: ScopeId, name: &str) -> bool {
        let top = self.c.top;
        if id == top
            && (matches!(name, "facts" | "trusted" | "server_facts")
                || self.c.node.facts.contains_key(&Value::str(name)))
        {
            return true;
        }
        let Some(address) = object_address(&self.c.scopes[id].vars[name]) else {
            return false;
        };
        if self.c.ruby_vars.fact_objects.is_none() {
            let mut found = foldhash::HashSet::default();
            for n in ["facts", "trusted", "server_facts"] {
                if let Some(v) = self.c.scopes[top].vars.get(n) {
                    collect_objects(v, &mut found);
                }
            }
            self.c.ruby_vars.fact_objects = Some(found);
        }
        self.c
            .ruby_vars
            .fact_objects
            .as_ref()
            .is_some_and(|found| found.contains(&address))
    }

    /// Whether a template that started before bound `name` of scope `id` with
    /// `scope.setvar` (so it is not one of this template's `@variables`).
    fn bound_since_start(&self, id: ScopeId, name: &str) -> bool {
        let bound = self
            .c
            .ruby_vars
            .vars
            .get(&VarKey(id, name))
            .and_then(|v| v.bound);
        bound.is_some_and(|n| n >= self.started)
    }

    /// Gives the variables this template held their Ruby objects' values, and a
    /// class's or define's parameter (the same object in Puppet) its resource.
    fn write_back(&mut self) {
        for (id, name) in &self.held {
            let Some(var) = self.c.ruby_vars.vars.get(&VarKey(*id, name)) else {
                continue;
            };
            // Most templates only read their variables.
            if self.c.scopes[*id]
                .vars
                .get(&**name)
                .is_some_and(|v| unchanged(&var.object, v))
            {
                continue;
            }
            let value = from_ruby(&var.object).unwrap_or(Value::Undef);
            let scope = &mut self.c.scopes[*id];
            let old = scope.vars.insert(Arc::clone(name), value.clone());
            if old.as_ref() == Some(&value) {
                continue;
            }
            let resource = match scope.kind {
                ScopeKind::Class | ScopeKind::Define => scope.resource,
                _ => None,
            };
            if let Some(param) = resource
                .and_then(|r| self.c.resources[r].params.get_mut(&**name))
                .filter(|p| old.as_ref() == Some(&**p))
            {
                *param = value;
            }
        }
    }
}

impl Scope<'_, '_> {
    /// The variables visible in the scope that are not undef, where each is bound,
    /// in Puppet's order: outer scopes first, each sorted by name; an inner scope's
    /// variable replaces an outer one of the same name, an undef one removes it.
    fn visible(&self) -> Vec<(String, ScopeId)> {
        let mut chain = vec![self.scope];
        let mut cur = self.scope;
        while let Some(next) = self.c.next_lookup_scope(cur) {
            chain.push(next);
            cur = next;
        }
        let mut vars: crate::value::IndexMap<&str, ScopeId> = Default::default();
        for id in chain.into_iter().rev() {
            let mut names: Vec<(&str, bool)> = self.c.scopes[id]
                .vars
                .iter()
                .map(|(k, v)| (&**k, matches!(v, Value::Undef)))
                .collect();
            names.sort_unstable();
            for (k, undef) in names {
                if undef {
                    vars.shift_remove(k);
                } else {
                    vars.insert(k, id);
                }
            }
        }
        vars.into_iter()
            .map(|(k, id)| (k.to_string(), id))
            .collect()
    }
}

impl erb::Host for Scope<'_, '_> {
    fn variables(&mut self) -> Vec<(String, erb::Value)> {
        self.visible()
            .into_iter()
            .map(|(k, id)| {
                let object = self.object(id, &k);
                (k, object)
            })
            .collect()
    }

    fn variable_entry(&mut self, name: &str) -> Option<Option<erb::Value>> {
        // As `visible` finds it: bound in the innermost scope of the chain that binds
        // it, and not undef there.
        let mut cur = Some(self.scope);
        while let Some(id) = cur {
            if let Some(value) = self.c.scopes[id].vars.get(name) {
                return Some((!matches!(value, Value::Undef)).then(|| self.object(id, name)));
            }
            cur = self.c.next_lookup_scope(id);
        }
        Some(None)
    }

    fn instance_variable_names(&mut self) -> Vec<String> {
        self.visible()
            .into_iter()
            .filter(|(k, id)| !self.bound_since_start(*id, k))
            .map(|(k, _)| k)
            .collect()
    }

    fn variable(&mut self, name: &str) -> Option<erb::Value> {
        let (home, _) = self.c.var_home(name, self.scope)?;
        if matches!(self.c.scopes[home].vars[name], Value::Undef)
            || self.bound_since_start(home, name)
        {
            return None;
        }
        Some(self.object(home, name))
    }

    fn frozen(&mut self, name: &str) -> bool {
        self.c
            .var_home(name, self.scope)
            .is_some_and(|(home, var)| {
                // A kept object is a mutable one.
                !self.c.ruby_vars.vars.contains_key(&VarKey(home, var)) && self.frozen_in(home, var)
            })
    }

    fn lookupvar(&mut self, name: &str) -> Result<erb::Value, erb::HostError> {
        let found = self.lookupvar_quietly(name)?;
        if found.is_none() {
            self.c.variable_not_found(name);
        }
        Ok(found.unwrap_or(erb::Value::Nil))
    }

    fn lookupvar_quietly(&mut self, name: &str) -> Result<Option<erb::Value>, erb::HostError> {
        let found = self.c.var_home(name, self.scope).and_then(|(home, var)| {
            let (var, _) = self.c.scopes[home].vars.get_key_value(var)?;
            Some((home, Arc::clone(var)))
        });
        Ok(found.map(|(home, var)| self.object(home, &var)))
    }

    fn setvar(&mut self, name: &str, value: erb::Value) -> Result<erb::Value, erb::HostError> {
        let fail = |m: String| Err(erb::HostError::new("Puppet::ParseError", m));
        if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
            return fail(format!(
                "Cannot assign to a numeric match result variable '${name}'"
            ));
        }
        if matches!(name, "trusted" | "facts" | "server_facts") {
            return fail(format!(
                "Attempt to assign to a reserved variable name: '{name}'"
            ));
        }
        if self.c.scopes[self.scope].vars.contains_key(name) {
            return fail(format!("Cannot reassign variable '${name}'"));
        }
        let puppet = from_ruby(&value).unwrap_or(Value::Undef);
        let name: Arc<str> = Arc::from(name);
        self.c.scopes[self.scope]
            .vars
            .insert(Arc::clone(&name), puppet);
        let var = RubyVar {
            object: value.clone(),
            bound: Some(self.c.ruby_vars.bound),
        };
        self.c.ruby_vars.bound += 1;
        self.c
            .ruby_vars
            .vars
            .insert((self.scope, Arc::clone(&name)), var);
        self.hold(self.scope, &name);
        Ok(value)
    }

    fn call_function(
        &mut self,
        name: &str,
        args: Vec<erb::Value>,
    ) -> Result<erb::Value, erb::HostError> {
        // Puppet code the function runs sees what the template did to its objects.
        self.write_back();
        let mut puppet_args = Vec::with_capacity(args.len());
        for a in &args {
            puppet_args.push(from_ruby(a).map_err(|m| erb::HostError::new("ArgumentError", m))?);
        }
        let file = self.call_file.clone();
        match self
            .c
            .call_function(name, puppet_args, None, self.scope, &file, self.span)
        {
            Ok(v) => Ok(to_ruby(&v)),
            Err(e) if !e.is_error() => Ok(erb::Value::Nil),
            Err(e) => Err(erb::HostError::new("Puppet::ParseError", e.message)),
        }
    }

    fn log(&mut self, level: &str, message: &str) {
        let level = match level {
            "debug" => "debug",
            "info" => "info",
            "notice" => "notice",
            "warning" => "warning",
            "alert" => "alert",
            "emerg" => "emerg",
            "crit" => "crit",
            _ => "err",
        };
        self.c.log(level, message.to_string());
    }

    fn file(&self) -> Option<String> {
        self.file.clone()
    }

    fn classes(&mut self) -> Vec<String> {
        self.c.classes.clone()
    }

    fn tags(&mut self) -> Vec<String> {
        self.c.catalog_tags.clone()
    }
}

/// The address of an Array or Hash (its identity: the same object, not only an equal
/// one).
fn object_address(v: &Value) -> Option<usize> {
    match v {
        Value::Array(a) => Some(Arc::as_ptr(a) as *const u8 as usize),
        Value::Hash(h) => Some(Arc::as_ptr(h) as *const u8 as usize),
        _ => None,
    }
}

/// The addresses of `root` and of every Array and Hash inside it.
fn collect_objects(root: &Value, out: &mut foldhash::HashSet<usize>) {
    let Some(address) = object_address(root) else {
        return;
    };
    if !out.insert(address) {
        return;
    }
    match root {
        Value::Array(items) => items.iter().for_each(|v| collect_objects(v, out)),
        Value::Hash(h) => h.values().for_each(|v| collect_objects(v, out)),
        _ => {}
    }
}

/// A Puppet value as Ruby code sees it.
pub(crate) fn to_ruby(v: &Value) -> erb::Value {
    to_ruby_in(v, &mut HashMap::new())
}

/// `to_ruby`, where an Array or Hash met twice (the same Puppet object, as in
/// `{a => $x, b => $x}`) becomes one Ruby object, as it is in Puppet: Psych's
/// `to_yaml` writes it once with an anchor, then as an alias.
fn to_ruby_in(v: &Value, seen: &mut HashMap<usize, erb::Value>) -> erb::Value {
    let id = match v {
        Value::Array(items) => Arc::as_ptr(items) as *const u8 as usize,
        Value::Hash(h) => Arc::as_ptr(h) as *const u8 as usize,
        _ => 0,
    };
    if let Some(object) = seen.get(&id) {
        return object.clone();
    }
    let object = match v {
        Value::Array(items) => {
            erb::Value::array(items.iter().map(|i| to_ruby_in(i, seen)).collect())
        }
        Value::Hash(h) => erb::Value::hash_from(
            h.iter()
                .map(|(k, v)| (to_ruby_in(k, seen), to_ruby_in(v, seen)))
                .collect::<Vec<_>>(),
        ),
        _ => return to_ruby_scalar(v),
    };
    seen.insert(id, object.clone());
    object
}

fn to_ruby_scalar(v: &Value) -> erb::Value {
    match v {
        Value::Undef => erb::Value::Nil,
        Value::Default => erb::Value::sym("default"),
        Value::Bool(b) => erb::Value::Bool(*b),
        Value::Int(i) => erb::Value::Int(*i),
        Value::Float(f) => erb::Value::Float(*f),
        Value::Str(s) => erb::Value::str(String::from(&**s)),
        Value::Regex(r) => erb::Value::regexp(&r.source).unwrap_or(erb::Value::Nil),
        Value::Sensitive(_) => foreign(
            v,
            "Puppet::Pops::Types::PSensitiveType::Sensitive",
            "#<Puppet::Pops::Types::PSensitiveType::Sensitive:0x0000000000000000>".into(),
        ),
        Value::Type(_) => foreign(v, "Puppet::Pops::Types::PAnyType", v.to_string()),
        other => foreign(other, "Object", other.to_string()),
    }
}

fn foreign(v: &Value, class: &str, inspect: String) -> erb::Value {
    erb::Value::Foreign(std::rc::Rc::new(erb::Foreign {
        class: class.to_string(),
        to_s: v.to_string(),
        inspect,
        payload: Box::new(v.clone()),
    }))
}

/// Whether [`from_ruby`] of `object` is surely `value` already (`false` when unsure):
/// the same scalars, Strings, Arrays and Hashes (entries in the same order).
fn unchanged(object: &erb::Value, value: &Value) -> bool {
    match (object, value) {
        (erb::Value::Nil, Value::Undef) => true,
        (erb::Value::Bool(a), Value::Bool(b)) => a == b,
        (erb::Value::Int(a), Value::Int(b)) => a == b,
        (erb::Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
        (erb::Value::Str(a), Value::Str(b)) => a.borrow().as_str() == &**b,
        (erb::Value::Array(a), Value::Array(b)) => {
            let a = a.borrow();
            a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| unchanged(x, y))
        }
        (erb::Value::Hash(a), Value::Hash(b)) => {
            let a = a.borrow();
            a.len() == b.len()
                && a.values()
                    .zip(b.iter())
                    .all(|((k, v), (bk, bv))| unchanged(k, bk) && unchanged(v, bv))
        }
        _ => false,
    }
}

/// A Ruby value given back to Puppet (a function's argument).
pub(crate) fn from_ruby(v: &erb::Value) -> Result<Value, String> {
    Ok(match v {
        erb::Value::Nil => Value::Undef,
        erb::Value::Bool(b) => Value::Bool(*b),
        erb::Value::Int(i) => Value::Int(*i),
        erb::Value::Float(f) => Value::Float(*f),
        erb::Value::Str(s) => Value::str(s.borrow().as_str()),
        erb::Value::Sym(s) => match &**s {
            "undef" => Value::Undef,
            "default" => Value::Default,
            other => Value::str(other),
        },
        erb::Value::Array(a) => {
            let items = a.borrow().clone();
            let mut out = Vec::with_capacity(items.len());
            for i in &items {
                out.push(from_ruby(i)?);
            }
            Value::array(out)
        }
        erb::Value::Hash(h) => {
            let pairs: Vec<(erb::Value, erb::Value)> = h.borrow().values().cloned().collect();
            let mut out = ValueMap::default();
            for (k, v) in &pairs {
                out.insert(from_ruby(k)?, from_ruby(v)?);
            }
            Value::Hash(Arc::new(out))
        }
        erb::Value::Regexp(_) => {
            let source = v.regexp_source().unwrap_or_default();
            Value::Regex(Arc::new(Regex::new(&source)?))
        }
        erb::Value::Foreign(f) => match f.payload.downcast_ref::<Value>() {
            Some(v) => v.clone(),
            None => return Err(format!("a {} cannot be passed to Puppet", f.class)),
        },
        other => {
            return Err(format!(
                "a {} cannot be passed to Puppet",
                other.class_name()
            ))
        }
    })
}
