//! Per-node compile state: scopes, the catalog under construction, and Puppet's
//! evaluation order (main code, node, lazy defined types and collectors, finish).

use crate::env::{Def, Environment, SourceFile};
use crate::error::EvalError;
use crate::types::{capitalize_segments, PType};
use crate::value::{Value, ValueMap};
use indexmap::IndexMap;
use marionette_catalog as cat;
use marionette_syntax::model::{DefineDef, EdgeOp, Expr, NodeDef, NodeMatcher, Param, Span};
use std::collections::HashMap;
use std::sync::Arc;

pub type ScopeId = usize;
pub type ResId = usize;

/// What a node brings to its compile.
#[derive(Clone, Debug, Default)]
pub struct NodeInput {
    /// The certname.
    pub name: String,
    /// The facts hash (`$facts`).
    pub facts: ValueMap,
    /// `$trusted`; when None, Puppet's default for a local compile is used.
    pub trusted: Option<ValueMap>,
    /// `$server_facts`; when None, defaults are used.
    pub server_facts: Option<ValueMap>,
}

/// Settings of a compile.
#[derive(Clone, Debug, Default)]
pub struct CompileOptions {
    /// Puppet ≤ 6 node matching (`strict_hostname_checking = false`): also try the
    /// certname with its dot-separated tail chopped off, and the fqdn fact.
    pub legacy_node_matching: bool,
    /// Unknown variables are errors (`strict_variables`).
    pub strict_variables: bool,
}

/// A log line (`Notice: Scope(Class[main]): hello`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    pub level: &'static str,
    pub message: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ScopeKind {
    Top,
    Node,
    Class,
    Define,
    Local,
}

pub(crate) struct Scope {
    /// The declaring (dynamic) parent: resource defaults are looked up along it, and,
    /// for local scopes, variables too.
    pub parent: Option<ScopeId>,
    /// For a class that inherits: the parent class's scope.
    pub inherited: Option<ScopeId>,
    pub kind: ScopeKind,
    pub vars: HashMap<String, Value>,
    pub defaults: IndexMap<String, Vec<(String, Value)>>,
    /// The class, define or node resource whose body this scope evaluates.
    pub resource: Option<ResId>,
    /// The name shown in `Scope(...)` log prefixes.
    pub title: String,
    pub module_name: String,
}

#[derive(Clone, Debug)]
pub(crate) enum ResKind {
    Builtin,
    Define(Arc<DefineDef>, Arc<SourceFile>),
    Class,
    Node,
}

pub(crate) struct Res {
    pub rtype: String,
    pub title: String,
    pub params: IndexMap<String, Value>,
    pub tags: Vec<String>,
    pub file: Option<Arc<SourceFile>>,
    pub line: Option<u32>,
    pub exported: bool,
    pub virtual_: bool,
    pub kind: ResKind,
    pub wire_kind: cat::ResourceKind,
    /// The scope the resource was declared in.
    pub scope: ScopeId,
    pub container: Option<ResId>,
    pub evaluated: bool,
    /// Set for classes: the class's own scope.
    pub class_scope: Option<ScopeId>,
}

pub(crate) struct Collector {
    pub rtype: String,
    pub query: Option<Expr>,
    pub ops: Vec<(String, bool, Value)>,
    pub scope: ScopeId,
    pub file: Arc<SourceFile>,
    pub matched: Vec<ResId>,
}

pub(crate) struct PendingOverride {
    pub rtype: String,
    pub title: String,
    pub ops: Vec<(String, bool, Value)>,
    pub file: Arc<SourceFile>,
    pub span: Span,
}

/// One side of a relationship: resources now, or a collector's matches at the end.
#[derive(Clone, Debug)]
pub(crate) enum RelSide {
    Refs(Vec<(String, String)>),
    Collector(usize),
}

pub(crate) struct Relationship {
    pub lhs: RelSide,
    pub op: EdgeOp,
    pub rhs: RelSide,
}

/// The compile of one node.
pub struct Compiler<'e> {
    pub(crate) env: &'e Environment,
    pub(crate) node: NodeInput,
    pub(crate) options: CompileOptions,
    pub(crate) scopes: Vec<Scope>,
    pub(crate) resources: Vec<Res>,
    pub(crate) index: HashMap<(String, String), ResId>,
    pub(crate) class_scopes: HashMap<String, ScopeId>,
    pub(crate) classes: Vec<String>,
    pub(crate) catalog_tags: Vec<String>,
    pub(crate) collectors: Vec<Collector>,
    pub(crate) overrides: Vec<PendingOverride>,
    pub(crate) relationships: Vec<Relationship>,
    pub(crate) realize_requests: Vec<((String, String), Arc<SourceFile>, Span)>,
    pub(crate) contained: Vec<(ResId, ResId)>,
    pub(crate) log: Vec<LogLine>,
    /// Capture groups of the last regex match, innermost last.
    pub(crate) matches: Vec<Vec<Option<String>>>,
    pub(crate) depth: u32,
    /// Output of the EPP templates being rendered, innermost last.
    pub(crate) render_sink: Vec<String>,
    pub(crate) main_class: ResId,
    pub(crate) node_resource: Option<ResId>,
    pub(crate) top: ScopeId,
}

/// The deepest nesting of evaluation (expressions, calls, classes) allowed.
pub const MAX_EVAL_DEPTH: u32 = 400;

/// The result of a compile.
pub struct CompileOutput {
    pub catalog: cat::Catalog,
    pub log: Vec<LogLine>,
}

/// Compiles one node's catalog.
pub fn compile(
    env: &Environment,
    node: NodeInput,
    options: CompileOptions,
) -> Result<CompileOutput, (EvalError, Vec<LogLine>)> {
    let mut compiler = Compiler::new(env, node, options);
    match compiler.run() {
        Ok(catalog) => Ok(CompileOutput {
            catalog,
            log: compiler.log,
        }),
        Err(mut error) => {
            let evaluation = error.flow.is_none()
                && error.location.is_some()
                && !error.message.starts_with("Could not parse");
            if evaluation {
                error.message = format!("Evaluation Error: {}", error.message);
            }
            Err((error, compiler.log))
        }
    }
}

pub(crate) fn is_valid_tag(tag: &str) -> bool {
    let mut chars = tag.chars();
    match chars.next() {
        Some(c) if c.is_alphanumeric() || c == '_' => {}
        _ => return false,
    }
    chars.all(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | '.' | '-'))
}

/// A name and its `::` segments, lower case: `a::b` → `a::b`, `a`, `b`.
pub(crate) fn tag_with_segments(name: &str, out: &mut Vec<String>) {
    let lower = name.to_lowercase();
    push_unique(out, lower.clone());
    if lower.contains("::") {
        for seg in lower.split("::") {
            if !seg.is_empty() {
                push_unique(out, seg.to_string());
            }
        }
    }
}

pub(crate) fn push_unique(out: &mut Vec<String>, tag: String) {
    if !out.contains(&tag) {
        out.push(tag);
    }
}

/// Resource types Puppet 7 (as packaged by Debian) implements in Ruby.
pub(crate) const BUILTIN_TYPES: &[&str] = &[
    "exec",
    "file",
    "filebucket",
    "group",
    "notify",
    "package",
    "resources",
    "schedule",
    "service",
    "stage",
    "tidy",
    "user",
    "whit",
    "component",
];

/// The namevar of a built-in type.
pub(crate) fn namevar(rtype: &str) -> &'static str {
    match rtype {
        "File" | "Tidy" => "path",
        "Exec" => "command",
        _ => "name",
    }
}

/// Metaparameters, valid on every resource.
pub(crate) const METAPARAMS: &[&str] = &[
    "alias",
    "audit",
    "before",
    "loglevel",
    "noop",
    "notify",
    "require",
    "schedule",
    "stage",
    "subscribe",
    "tag",
];

impl<'e> Compiler<'e> {
    pub fn new(env: &'e Environment, node: NodeInput, options: CompileOptions) -> Compiler<'e> {
        let top = Scope {
            parent: None,
            inherited: None,
            kind: ScopeKind::Top,
            vars: HashMap::new(),
            defaults: IndexMap::new(),
            resource: None,
            title: "Class[main]".into(),
            module_name: String::new(),
        };
        Compiler {
            env,
            node,
            options,
            scopes: vec![top],
            resources: Vec::new(),
            index: HashMap::new(),
            class_scopes: HashMap::new(),
            classes: Vec::new(),
            catalog_tags: Vec::new(),
            collectors: Vec::new(),
            overrides: Vec::new(),
            relationships: Vec::new(),
            realize_requests: Vec::new(),
            contained: Vec::new(),
            log: Vec::new(),
            matches: Vec::new(),
            depth: 0,
            render_sink: Vec::new(),
            main_class: 0,
            node_resource: None,
            top: 0,
        }
    }

    pub(crate) fn log(&mut self, level: &'static str, message: String) {
        self.log.push(LogLine { level, message });
    }

    pub(crate) fn new_scope(&mut self, scope: Scope) -> ScopeId {
        self.scopes.push(scope);
        self.scopes.len() - 1
    }

    pub(crate) fn local_scope(&mut self, parent: ScopeId) -> ScopeId {
        let title = self.scopes[parent].title.clone();
        let module_name = self.scopes[parent].module_name.clone();
        let resource = self.scopes[parent].resource;
        self.new_scope(Scope {
            parent: Some(parent),
            inherited: None,
            kind: ScopeKind::Local,
            vars: HashMap::new(),
            defaults: IndexMap::new(),
            resource,
            title,
            module_name,
        })
    }

    fn run(&mut self) -> Result<cat::Catalog, EvalError> {
        self.set_top_variables();
        // Scaffolding: Stage[main], Class[Settings], Class[main].
        let stage = self.add_resource(self.simple_res(
            "Stage",
            "main",
            cat::ResourceKind::CompilableType,
            ResKind::Builtin,
        ));
        self.resources[stage]
            .params
            .insert("name".into(), Value::str("main"));
        self.resources[stage].tags = vec!["stage".into()];
        let settings = self.add_resource(self.simple_res(
            "Class",
            "Settings",
            cat::ResourceKind::Unknown,
            ResKind::Class,
        ));
        self.resources[settings].tags = vec!["class".into(), "settings".into()];
        self.resources[settings].container = Some(stage);
        let main = self.add_resource(self.simple_res(
            "Class",
            "main",
            cat::ResourceKind::Unknown,
            ResKind::Class,
        ));
        self.resources[main]
            .params
            .insert("name".into(), Value::str("main"));
        self.resources[main].tags = vec!["class".into()];
        self.resources[main].container = Some(stage);
        self.main_class = main;
        self.scopes[self.top].resource = Some(main);
        self.classes.push("settings".into());
        push_unique(&mut self.catalog_tags, "settings".into());

        // The main manifests.
        let manifests = self.env.manifests.clone();
        for file in &manifests {
            let top = self.top;
            self.eval_statements(&file.program.body, top, file)?;
        }
        self.evaluate_node()?;
        self.evaluate_generators()?;
        self.finish()
    }

    fn simple_res(
        &self,
        rtype: &str,
        title: &str,
        wire_kind: cat::ResourceKind,
        kind: ResKind,
    ) -> Res {
        Res {
            rtype: rtype.into(),
            title: title.into(),
            params: IndexMap::new(),
            tags: Vec::new(),
            file: None,
            line: None,
            exported: false,
            virtual_: false,
            kind,
            wire_kind,
            scope: 0,
            container: None,
            evaluated: true,
            class_scope: None,
        }
    }

    pub(crate) fn add_resource(&mut self, res: Res) -> ResId {
        let id = self.resources.len();
        self.index
            .insert((res.rtype.clone(), res.title.clone()), id);
        self.resources.push(res);
        id
    }

    fn set_top_variables(&mut self) {
        let facts = self.node.facts.clone();
        let top = &mut self.scopes[0];
        for (k, v) in &facts {
            if let Value::Str(name) = k {
                top.vars.insert(name.to_string(), v.clone());
            }
        }
        top.vars.insert("facts".into(), Value::hash(facts.clone()));
        let trusted = self.node.trusted.clone().unwrap_or_else(|| {
            let mut t = ValueMap::new();
            let certname = self.node.name.clone();
            let (hostname, domain) = match certname.split_once('.') {
                Some((h, d)) => (h.to_string(), d.to_string()),
                None => (certname.clone(), String::new()),
            };
            t.insert(Value::str("authenticated"), Value::str("remote"));
            t.insert(Value::str("certname"), Value::str(certname.as_str()));
            t.insert(Value::str("extensions"), Value::hash(ValueMap::new()));
            t.insert(Value::str("hostname"), Value::str(hostname));
            t.insert(Value::str("domain"), Value::str(domain));
            t.insert(Value::str("external"), Value::hash(ValueMap::new()));
            t
        });
        let mut server_facts = self.node.server_facts.clone().unwrap_or_default();
        server_facts.insert(
            Value::str("environment"),
            Value::str(self.env.name.as_str()),
        );
        let top = &mut self.scopes[0];
        for (k, v) in &server_facts {
            if let Value::Str(name) = k {
                if name.as_ref() != "environment" {
                    top.vars.insert(name.to_string(), v.clone());
                }
            }
        }
        top.vars.insert("trusted".into(), Value::hash(trusted));
        top.vars
            .insert("server_facts".into(), Value::hash(server_facts));
        top.vars
            .insert("environment".into(), Value::str(self.env.name.as_str()));
        top.vars.insert("name".into(), Value::str("main"));
        top.vars.insert("title".into(), Value::str("main"));
    }

    // ------------------------------------------------------------------ nodes

    fn evaluate_node(&mut self) -> Result<(), EvalError> {
        if self.env.nodes.is_empty() {
            return Ok(());
        }
        let certname = self.node.name.to_lowercase();
        let mut names = vec![certname.clone()];
        if self.options.legacy_node_matching {
            let mut parts: Vec<&str> = certname.split('.').collect();
            while parts.len() > 1 {
                parts.pop();
                names.push(parts.join("."));
            }
            if let Some(Value::Str(fqdn)) = self.node.facts.get(&Value::str("fqdn")) {
                names.push(fqdn.to_lowercase());
            }
        }
        let nodes = self.env.nodes.clone();
        let mut found: Option<(Def<NodeDef>, String, Vec<Option<String>>)> = None;
        'names: for name in &names {
            for node in &nodes {
                for m in &node.def.matchers {
                    if let NodeMatcher::Name(n) = m {
                        if n.to_lowercase() == *name {
                            found = Some((node.clone(), n.to_lowercase(), Vec::new()));
                            break 'names;
                        }
                    }
                }
            }
        }
        if found.is_none() {
            'regex: for name in &names {
                for node in &nodes {
                    for m in &node.def.matchers {
                        if let NodeMatcher::Regex(source) = m {
                            let re = crate::value::Regex::new(source)
                                .map_err(|e| EvalError::new(format!("invalid regex: {e}")))?;
                            if let Some(caps) = re.captures(name) {
                                let cleaned: String = source
                                    .chars()
                                    .filter(|c| {
                                        c.is_alphanumeric() || matches!(c, '_' | '-' | ':' | '.')
                                    })
                                    .collect();
                                found =
                                    Some((node.clone(), format!("__node_regexp__{cleaned}"), caps));
                                break 'regex;
                            }
                        }
                    }
                }
            }
        }
        if found.is_none() {
            for node in &nodes {
                if node
                    .def
                    .matchers
                    .iter()
                    .any(|m| matches!(m, NodeMatcher::Default))
                {
                    found = Some((node.clone(), "default".into(), Vec::new()));
                    break;
                }
            }
        }
        let Some((node, title, caps)) = found else {
            return Err(EvalError::new(format!(
                "Could not find node statement with name 'default' or '{}'",
                names.join(", ")
            )));
        };
        let mut res = self.simple_res("Node", &title, cat::ResourceKind::Unknown, ResKind::Node);
        res.tags = vec!["node".into()];
        push_unique(&mut res.tags, title.to_lowercase());
        push_unique(&mut res.tags, "class".into());
        res.container = Some(self.main_class);
        let id = self.add_resource(res);
        self.node_resource = Some(id);
        self.classes.push(title.to_lowercase());
        push_unique(&mut self.catalog_tags, title.to_lowercase());
        let scope = self.new_scope(Scope {
            parent: Some(self.top),
            inherited: None,
            kind: ScopeKind::Node,
            vars: HashMap::new(),
            defaults: IndexMap::new(),
            resource: Some(id),
            title: format!("Node[{title}]"),
            module_name: String::new(),
        });
        self.matches.push(caps);
        let result = self.eval_statements(&node.def.body.statements, scope, &node.file);
        self.matches.pop();
        result
    }

    // ------------------------------------------------------------------ classes

    /// Declares a class (include-like when `params` is None). Returns its resource.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn declare_class(
        &mut self,
        name: &str,
        params: Option<IndexMap<String, Value>>,
        from: ScopeId,
        at: Option<(&Arc<SourceFile>, Span)>,
        contain: bool,
    ) -> Result<ResId, EvalError> {
        let name = name.trim_start_matches("::").to_lowercase();
        let title = capitalize_segments(&name);
        if let Some(&id) = self.index.get(&("Class".to_string(), title.clone())) {
            if params.is_some() {
                let (file, line) = self.res_location(id);
                let here = at.map(|(f, s)| self.location(f, s)).unwrap_or_default();
                let _ = (file, line);
                return Err(EvalError::new(format!(
                    "Duplicate declaration: Class[{title}] is already declared{}; cannot redeclare",
                    self.declared_at(id)
                ))
                .with_location(here));
            }
            if contain {
                self.contain(from, id);
            }
            return Ok(id);
        }
        let Some(def) = self.env.find_class(&name).map_err(EvalError::from_load)? else {
            let message = format!("Could not find class ::{name} for {}", self.node.name);
            let here = at.map(|(f, s)| self.location(f, s)).unwrap_or_default();
            return Err(EvalError::new(message).with_location(here));
        };
        // A parent class is declared (include-like) first.
        let mut parent_scope = None;
        if let Some(parent) = &def.def.parent {
            let parent_id = self.declare_class_resource(parent, None, from, None)?;
            parent_scope = Some(parent_id);
        }
        let id = self.declare_class_resource(&name, params, from, at)?;
        if let Some(parent_id) = parent_scope {
            self.evaluate_class(parent_id)?;
        }
        self.evaluate_class(id)?;
        if contain {
            self.contain(from, id);
        }
        Ok(id)
    }

    fn contain(&mut self, from: ScopeId, class: ResId) {
        if let Some(container) = self.scopes[from].resource {
            if container != class && !self.contained.contains(&(container, class)) {
                self.contained.push((container, class));
            }
        }
    }

    /// Adds the Class resource (without evaluating it); for an already declared class,
    /// returns it.
    fn declare_class_resource(
        &mut self,
        name: &str,
        params: Option<IndexMap<String, Value>>,
        from: ScopeId,
        at: Option<(&Arc<SourceFile>, Span)>,
    ) -> Result<ResId, EvalError> {
        let name = name.trim_start_matches("::").to_lowercase();
        let title = capitalize_segments(&name);
        if let Some(&id) = self.index.get(&("Class".to_string(), title.clone())) {
            return Ok(id);
        }
        let Some(def) = self.env.find_class(&name).map_err(EvalError::from_load)? else {
            return Err(EvalError::new(format!(
                "Could not find class ::{name} for {}",
                self.node.name
            )));
        };
        if let Some(parent) = &def.def.parent {
            self.declare_class_resource(parent, None, from, None)?;
        }
        let resource_like = params.is_some();
        let mut res = self.simple_res(
            "Class",
            &title,
            if resource_like {
                cat::ResourceKind::Class
            } else {
                cat::ResourceKind::Unknown
            },
            ResKind::Class,
        );
        res.evaluated = false;
        res.scope = from;
        if let Some((file, span)) = at {
            if resource_like {
                res.file = Some(file.clone());
                res.line = Some(file.line_col(span.start).0);
            }
        }
        res.tags = vec!["class".into()];
        tag_with_segments(&name, &mut res.tags);
        if let Some(container) = self.scopes[from].resource {
            let inherited = self.resources[container].tags.clone();
            for tag in inherited {
                push_unique(&mut res.tags, tag);
            }
        }
        if let Some(p) = params {
            // Metaparameters and declared values; the rest are filled in at evaluation.
            res.params = p;
        }
        let id = self.add_resource(res);
        let _ = def;
        Ok(id)
    }

    /// Evaluates a declared class's parameters and body (once).
    fn evaluate_class(&mut self, id: ResId) -> Result<(), EvalError> {
        if self.resources[id].evaluated {
            return Ok(());
        }
        self.resources[id].evaluated = true;
        let name = self.resources[id].title.to_lowercase();
        let def = self
            .env
            .find_class(&name)
            .map_err(EvalError::from_load)?
            .expect("declared classes exist");
        let from = self.resources[id].scope;
        let inherited = match &def.def.parent {
            Some(parent) => {
                let pid = self.declare_class_resource(parent, None, from, None)?;
                self.evaluate_class(pid)?;
                self.class_scopes
                    .get(&parent.trim_start_matches("::").to_lowercase())
                    .copied()
            }
            None => None,
        };
        let module_name = name.split("::").next().unwrap_or_default().to_string();
        let scope = self.new_scope(Scope {
            parent: Some(from),
            inherited,
            kind: ScopeKind::Class,
            vars: HashMap::new(),
            defaults: IndexMap::new(),
            resource: Some(id),
            title: format!("Class[{}]", self.resources[id].title),
            module_name,
        });
        self.resources[id].class_scope = Some(scope);
        self.class_scopes.insert(name.clone(), scope);
        self.scopes[scope]
            .vars
            .insert("title".into(), Value::str(name.as_str()));
        self.scopes[scope]
            .vars
            .insert("name".into(), Value::str(name.as_str()));
        // Stage containment.
        let stage_title = match self.resources[id].params.get("stage") {
            Some(Value::Str(s)) => s.to_string(),
            _ => "main".into(),
        };
        let stage = self
            .index
            .get(&("Stage".to_string(), stage_title.clone()))
            .copied()
            .ok_or_else(|| {
                EvalError::new(format!(
                    "Could not find stage {stage_title} specified by Class[{}]",
                    self.resources[id].title
                ))
            })?;
        self.resources[id].container = Some(stage);
        self.classes.push(name.clone());
        tag_with_segments(&name, &mut self.catalog_tags);
        let given = std::mem::take(&mut self.resources[id].params);
        let title = self.resources[id].title.clone();
        let params = self.bind_parameters(
            &format!("Class[{title}]"),
            &def.def.params,
            given,
            scope,
            &def.file,
        )?;
        self.resources[id].params = params;
        self.matches.push(Vec::new());
        let result = self.eval_statements(&def.def.body.statements, scope, &def.file);
        self.matches.pop();
        result
    }

    /// Binds declared parameter values and defaults into `scope`; returns the resource
    /// parameters in Puppet's order (given values first, then defaults), metaparameters
    /// included.
    pub(crate) fn bind_parameters(
        &mut self,
        owner: &str,
        params: &[Param],
        mut given: IndexMap<String, Value>,
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> Result<IndexMap<String, Value>, EvalError> {
        for key in given.keys() {
            if !params.iter().any(|p| &p.name == key)
                && !METAPARAMS.contains(&key.as_str())
                && key != "name"
            {
                return Err(EvalError::new(format!(
                    "{owner}: has no parameter named '{key}'"
                )));
            }
        }
        let mut result = IndexMap::new();
        for (k, v) in &given {
            if params.iter().any(|p| &p.name == k) || METAPARAMS.contains(&k.as_str()) {
                result.insert(k.clone(), v.clone());
            }
        }
        for param in params {
            let value = match given.shift_remove(&param.name) {
                Some(v) => v,
                None => match &param.default {
                    Some(default) => {
                        let v = self.eval_expr(default, scope, file)?;
                        result.insert(param.name.clone(), v.clone());
                        v
                    }
                    None => {
                        let optional = match &param.type_expr {
                            Some(t) => {
                                let ty = self.eval_type(t, scope, file)?;
                                ty.is_instance(&Value::Undef)
                            }
                            None => false,
                        };
                        if !optional || param.type_expr.is_none() {
                            return Err(EvalError::new(format!(
                                "{owner}: expects a value for parameter '{}'",
                                param.name
                            )));
                        }
                        Value::Undef
                    }
                },
            };
            if let Some(t) = &param.type_expr {
                let ty = self.eval_type(t, scope, file)?;
                if let Some(msg) = crate::describe::parameter_error(owner, &param.name, &ty, &value)
                {
                    return Err(EvalError::new(msg));
                }
            }
            self.scopes[scope].vars.insert(param.name.clone(), value);
        }
        Ok(result)
    }

    // ------------------------------------------------------------------ resources

    /// Where a resource was declared, for duplicate-declaration messages.
    pub(crate) fn declared_at(&self, id: ResId) -> String {
        let (file, line) = self.res_location(id);
        match (file, line) {
            (Some(f), Some(l)) => format!(" at (file: {f}, line: {l})"),
            _ => String::new(),
        }
    }

    fn res_location(&self, id: ResId) -> (Option<String>, Option<u32>) {
        let r = &self.resources[id];
        (r.file.as_ref().map(|f| f.path.clone()), r.line)
    }

    pub(crate) fn location(&self, file: &Arc<SourceFile>, span: Span) -> crate::error::Location {
        let (line, column) = file.line_col(span.start);
        crate::error::Location {
            file: file.path.clone(),
            line,
            column,
        }
    }

    /// Declares one resource instance (built-in or defined type).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn declare_resource(
        &mut self,
        rtype: &str,
        title: String,
        params: IndexMap<String, Value>,
        scope: ScopeId,
        file: &Arc<SourceFile>,
        span: Span,
        form: marionette_syntax::model::ResourceForm,
    ) -> Result<ResId, EvalError> {
        use marionette_syntax::model::ResourceForm;
        let lower = rtype.to_lowercase();
        let type_name = capitalize_segments(&lower);
        let (kind, wire_kind) = if BUILTIN_TYPES.contains(&lower.as_str()) {
            (ResKind::Builtin, cat::ResourceKind::CompilableType)
        } else if let Some(def) = self.env.find_define(&lower).map_err(EvalError::from_load)? {
            (
                ResKind::Define(def.def.clone(), def.file.clone()),
                cat::ResourceKind::DefinedType,
            )
        } else if self.env.has_ruby_type(&lower) {
            (ResKind::Builtin, cat::ResourceKind::CompilableType)
        } else {
            return Err(EvalError::new(format!("Unknown resource type: '{lower}'"))
                .with_location(self.location(file, span)));
        };
        let key = (type_name.clone(), title.clone());
        if let Some(&existing) = self.index.get(&key) {
            let line = file.line_col(span.start).0;
            return Err(EvalError::new(format!(
                "Duplicate declaration: {type_name}[{title}] is already declared{}; cannot redeclare (file: {}, line: {line})",
                self.declared_at(existing),
                file.path
            )));
        }
        let mut tags = Vec::new();
        if let Some(tag) = params.get("tag") {
            let values: Vec<Value> = match tag {
                Value::Array(items) => items.iter().cloned().collect(),
                other => vec![other.clone()],
            };
            for v in values {
                let t = v.to_string();
                if !is_valid_tag(&t) {
                    return Err(EvalError::new(format!("Invalid tag '{t}'"))
                        .with_location(self.location(file, span)));
                }
                tag_with_segments(&t, &mut tags);
            }
        }
        tag_with_segments(&lower, &mut tags);
        if is_valid_tag(&title) {
            tag_with_segments(&title, &mut tags);
        }
        let container = self.scopes[scope].resource;
        if let Some(c) = container {
            for t in self.resources[c].tags.clone() {
                push_unique(&mut tags, t);
            }
        }
        let kind_is_stage = type_name == "Stage";
        let mut params = params;
        if matches!(kind, ResKind::Builtin) {
            let nv = namevar(&type_name);
            if params.get(nv).is_some_and(|v| v.to_string() == title) {
                params.shift_remove(nv);
            }
        }
        let res = Res {
            rtype: type_name,
            title,
            params,
            tags,
            file: Some(file.clone()),
            line: Some(file.line_col(span.start).0),
            exported: form == ResourceForm::Exported,
            virtual_: form != ResourceForm::Regular,
            evaluated: !matches!(kind, ResKind::Define(..)),
            kind,
            wire_kind,
            scope,
            // Run stages take their container's tags but stand outside it.
            container: if kind_is_stage { None } else { container },
            class_scope: None,
        };
        let id = self.add_resource(res);
        Ok(id)
    }

    /// Merges attribute operations into an existing resource (overrides, collectors).
    pub(crate) fn apply_ops(&mut self, id: ResId, ops: &[(String, bool, Value)]) {
        let res = &mut self.resources[id];
        for (name, append, value) in ops {
            if *append {
                let mut items: Vec<Value> = match res.params.get(name) {
                    Some(Value::Array(a)) => a.iter().cloned().collect(),
                    Some(Value::Undef) | None => Vec::new(),
                    Some(other) => vec![other.clone()],
                };
                match value {
                    Value::Array(a) => items.extend(a.iter().cloned()),
                    other => items.push(other.clone()),
                }
                res.params.insert(name.clone(), Value::array(items));
            } else if value.is_undef() {
                res.params.shift_remove(name);
                res.params.insert(name.clone(), Value::Undef);
            } else {
                res.params.insert(name.clone(), value.clone());
            }
        }
    }

    pub(crate) fn find(&self, rtype: &str, title: &str) -> Option<ResId> {
        let t = capitalize_segments(rtype);
        let title = if t == "Class" {
            capitalize_segments(title)
        } else {
            title.to_string()
        };
        self.index.get(&(t, title)).copied()
    }

    // ------------------------------------------------------------------ lazy evaluation

    fn evaluate_generators(&mut self) -> Result<(), EvalError> {
        loop {
            let mut progress = false;
            // Defined types declared so far (in order), except virtual/exported ones.
            let mut i = 0;
            while i < self.resources.len() {
                if !self.resources[i].evaluated && !self.resources[i].virtual_ {
                    if let ResKind::Define(..) = self.resources[i].kind {
                        self.evaluate_define(i)?;
                        progress = true;
                    }
                }
                i += 1;
            }
            if self.evaluate_collections()? {
                progress = true;
            }
            if !progress {
                break;
            }
        }
        Ok(())
    }

    fn evaluate_define(&mut self, id: ResId) -> Result<(), EvalError> {
        self.resources[id].evaluated = true;
        let ResKind::Define(def, file) = self.resources[id].kind.clone() else {
            return Ok(());
        };
        let from = self.resources[id].scope;
        let title = self.resources[id].title.clone();
        let module_name = def.name.split("::").next().unwrap_or_default().to_string();
        let scope = self.new_scope(Scope {
            parent: Some(from),
            inherited: None,
            kind: ScopeKind::Define,
            vars: HashMap::new(),
            defaults: IndexMap::new(),
            resource: Some(id),
            title: format!("{}[{}]", self.resources[id].rtype, title),
            module_name,
        });
        self.scopes[scope]
            .vars
            .insert("title".into(), Value::str(title.as_str()));
        let name = self.resources[id]
            .params
            .get("name")
            .cloned()
            .unwrap_or_else(|| Value::str(title.as_str()));
        self.scopes[scope].vars.insert("name".into(), name);
        let given = std::mem::take(&mut self.resources[id].params);
        let owner = format!("{}[{}]", self.resources[id].rtype, title);
        self.depth += 1;
        if self.depth > MAX_EVAL_DEPTH {
            return Err(EvalError::new(
                "Defined types are nested too deeply".to_string(),
            ));
        }
        let params = self.bind_parameters(&owner, &def.params, given, scope, &file);
        let params = match params {
            Ok(p) => p,
            Err(e) => {
                self.depth -= 1;
                return Err(e);
            }
        };
        self.resources[id].params = params;
        self.matches.push(Vec::new());
        let result = self.eval_statements(&def.body.statements, scope, &file);
        self.matches.pop();
        self.depth -= 1;
        result
    }

    /// Runs every collector; returns whether anything new was realized.
    fn evaluate_collections(&mut self) -> Result<bool, EvalError> {
        let mut progress = false;
        for c in 0..self.collectors.len() {
            let rtype = self.collectors[c].rtype.clone();
            let candidates: Vec<ResId> = (0..self.resources.len())
                .filter(|&i| self.resources[i].rtype == rtype && !self.resources[i].exported)
                .filter(|i| !self.collectors[c].matched.contains(i))
                .collect();
            for id in candidates {
                let matches = match &self.collectors[c].query {
                    None => true,
                    Some(q) => {
                        let q = q.clone();
                        let scope = self.collectors[c].scope;
                        let file = self.collectors[c].file.clone();
                        self.query_matches(&q, id, scope, &file)?
                    }
                };
                if matches {
                    self.collectors[c].matched.push(id);
                    if self.resources[id].virtual_ {
                        self.resources[id].virtual_ = false;
                        progress = true;
                    }
                    let ops = self.collectors[c].ops.clone();
                    self.apply_ops(id, &ops);
                }
            }
        }
        // Pending overrides whose resource now exists.
        let pending = std::mem::take(&mut self.overrides);
        for o in pending {
            match self.find(&o.rtype, &o.title) {
                Some(id) => self.apply_ops(id, &o.ops),
                None => self.overrides.push(o),
            }
        }
        Ok(progress)
    }

    fn query_matches(
        &mut self,
        query: &Expr,
        id: ResId,
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> Result<bool, EvalError> {
        use marionette_syntax::model::{BinaryOp, ExprKind};
        match &query.kind {
            ExprKind::Paren(inner) => self.query_matches(inner, id, scope, file),
            ExprKind::Binary {
                op: BinaryOp::And,
                lhs,
                rhs,
            } => Ok(self.query_matches(lhs, id, scope, file)?
                && self.query_matches(rhs, id, scope, file)?),
            ExprKind::Binary {
                op: BinaryOp::Or,
                lhs,
                rhs,
            } => Ok(self.query_matches(lhs, id, scope, file)?
                || self.query_matches(rhs, id, scope, file)?),
            ExprKind::Binary {
                op: op @ (BinaryOp::Eq | BinaryOp::Ne),
                lhs,
                rhs,
            } => {
                let attr = match &lhs.kind {
                    ExprKind::QualifiedName(n) => n.clone(),
                    ExprKind::Literal(marionette_syntax::model::Literal::String(s)) => s.clone(),
                    _ => {
                        return Err(EvalError::new(
                            "Collector query must compare an attribute name".to_string(),
                        ))
                    }
                };
                let want = self.eval_expr(rhs, scope, file)?;
                let res = &self.resources[id];
                let found = if attr == "title" {
                    Value::str(res.title.as_str()).puppet_eq(&want)
                } else if attr == "tag" {
                    let w = want.to_string().to_lowercase();
                    res.tags.contains(&w)
                } else {
                    match res.params.get(&attr) {
                        Some(Value::Array(items)) => {
                            items.iter().any(|v| v.puppet_eq(&want))
                                || Value::Array(items.clone()).puppet_eq(&want)
                        }
                        Some(v) => v.puppet_eq(&want),
                        None => false,
                    }
                };
                Ok(if *op == BinaryOp::Eq { found } else { !found })
            }
            _ => Err(
                EvalError::new("Illegal collector query expression".to_string())
                    .with_location(self.location(file, query.span)),
            ),
        }
    }

    // ------------------------------------------------------------------ finish

    fn finish(&mut self) -> Result<cat::Catalog, EvalError> {
        // Overrides still pending refer to missing resources.
        if let Some(o) = self.overrides.first() {
            return Err(EvalError::new(format!(
                "Could not find resource '{}[{}]' for overriding",
                capitalize_segments(&o.rtype),
                o.title
            ))
            .with_location(self.location(&o.file, o.span)));
        }
        let requests = std::mem::take(&mut self.realize_requests);
        let mut missing = Vec::new();
        for ((t, title), file, span) in &requests {
            match self.find(t, title) {
                Some(id) => {
                    self.resources[id].virtual_ =
                        self.resources[id].exported && self.resources[id].virtual_
                }
                None => missing.push((
                    format!("{}[{}]", capitalize_segments(t), title),
                    file.clone(),
                    *span,
                )),
            }
        }
        if let Some((name, file, span)) = missing.first() {
            return Err(
                EvalError::new(format!("Failed to realize virtual resources {name}"))
                    .with_location(self.location(file, *span)),
            );
        }
        self.apply_defaults();
        self.apply_relationships()?;
        Ok(self.build_catalog())
    }

    fn apply_defaults(&mut self) {
        for id in 0..self.resources.len() {
            if matches!(self.resources[id].kind, ResKind::Class | ResKind::Node) {
                continue;
            }
            let rtype = self.resources[id].rtype.clone();
            let mut scope = Some(self.resources[id].scope);
            let mut defaults: Vec<(String, Value)> = Vec::new();
            while let Some(s) = scope {
                if let Some(list) = self.scopes[s].defaults.get(&rtype) {
                    for (k, v) in list {
                        if !defaults.iter().any(|(dk, _)| dk == k) {
                            defaults.push((k.clone(), v.clone()));
                        }
                    }
                }
                scope = self.scopes[s].parent;
            }
            for (k, v) in defaults {
                if !self.resources[id].params.contains_key(&k) && !v.is_undef() {
                    self.resources[id].params.insert(k, v);
                }
            }
        }
    }

    fn rel_side(&self, side: &RelSide) -> Vec<ResId> {
        match side {
            RelSide::Refs(refs) => refs
                .iter()
                .filter_map(|(t, title)| self.find(t, title))
                .collect(),
            RelSide::Collector(c) => self.collectors[*c].matched.clone(),
        }
    }

    fn apply_relationships(&mut self) -> Result<(), EvalError> {
        let relationships = std::mem::take(&mut self.relationships);
        for rel in &relationships {
            for side in [&rel.lhs, &rel.rhs] {
                if let RelSide::Refs(refs) = side {
                    for (t, title) in refs {
                        if self.find(t, title).is_none() {
                            return Err(EvalError::new(format!(
                                "Could not find resource '{}[{}]' for relationship",
                                capitalize_segments(t),
                                title
                            )));
                        }
                    }
                }
            }
            let lhs = self.rel_side(&rel.lhs);
            let rhs = self.rel_side(&rel.rhs);
            let (sources, targets, param) = match rel.op {
                EdgeOp::Before => (lhs, rhs, "before"),
                EdgeOp::Notify => (lhs, rhs, "notify"),
                EdgeOp::Require => (rhs, lhs, "before"),
                EdgeOp::Subscribe => (rhs, lhs, "notify"),
            };
            for &s in &sources {
                for &t in &targets {
                    let target = Value::Type(Arc::new(PType::Resource {
                        type_name: Some(self.resources[t].rtype.clone()),
                        title: Some(self.resources[t].title.clone()),
                    }));
                    let mut items: Vec<Value> = match self.resources[s].params.get(param) {
                        Some(Value::Array(a)) => a.iter().cloned().collect(),
                        Some(Value::Undef) | None => Vec::new(),
                        Some(other) => vec![other.clone()],
                    };
                    items.push(target);
                    self.resources[s]
                        .params
                        .insert(param.to_string(), Value::array(items));
                }
            }
        }
        Ok(())
    }

    fn build_catalog(&self) -> cat::Catalog {
        let mut resources = Vec::new();
        let mut edges = Vec::new();
        let included = |r: &Res| !r.virtual_ || r.exported;
        for (id, r) in self.resources.iter().enumerate() {
            if !included(r) {
                continue;
            }
            let mut parameters = Vec::new();
            let mut sensitive = Vec::new();
            for (k, v) in &r.params {
                if v.is_undef() {
                    continue;
                }
                if matches!(v, Value::Sensitive(_)) {
                    sensitive.push(k.clone());
                }
                parameters.push((k.clone(), crate::wire::to_data(v, true)));
            }
            resources.push(cat::Resource {
                type_name: r.rtype.clone(),
                title: r.title.clone(),
                tags: r.tags.clone(),
                file: r.file.as_ref().map(|f| f.path.clone()),
                line: r.line,
                exported: r.exported,
                kind: r.wire_kind,
                parameters,
                sensitive_parameters: sensitive,
            });
            let rref = |i: ResId| cat::ResourceRef {
                type_name: self.resources[i].rtype.clone(),
                title: self.resources[i].title.clone(),
            };
            if let Some(c) = r.container {
                edges.push(cat::Edge {
                    source: rref(c),
                    target: rref(id),
                });
            }
            for &(container, class) in &self.contained {
                if class == id {
                    edges.push(cat::Edge {
                        source: rref(container),
                        target: rref(id),
                    });
                }
            }
        }
        let mut tags = self.catalog_tags.clone();
        if self.node_resource.is_some() {
            push_unique(&mut tags, "node".into());
        }
        if self.classes.len() > 1 + usize::from(self.node_resource.is_some()) {
            push_unique(&mut tags, "class".into());
        }
        cat::Catalog {
            name: self.node.name.clone(),
            environment: self.env.name.clone(),
            version: cat::Version::Integer(0),
            catalog_uuid: String::new(),
            tags,
            classes: self.classes.clone(),
            resources,
            edges,
        }
    }

    /// Records a collector; returns its index.
    pub(crate) fn add_collector(&mut self, c: Collector) -> usize {
        self.collectors.push(c);
        self.collectors.len() - 1
    }

    /// The override rule: only a class inheriting the one that declared a resource may
    /// override its parameters (collectors may always).
    pub(crate) fn may_override(&self, id: ResId, scope: ScopeId) -> bool {
        let declaring = self.scopes[self.resources[id].scope].resource;
        let Some(declaring) = declaring else {
            return true;
        };
        let mut s = Some(scope);
        while let Some(cur) = s {
            if self.scopes[cur].resource == Some(declaring) {
                return true;
            }
            s = match self.scopes[cur].kind {
                ScopeKind::Local => self.scopes[cur].parent,
                _ => self.scopes[cur].inherited,
            };
        }
        false
    }

    pub(crate) fn record_override(&mut self, o: PendingOverride) {
        self.overrides.push(o);
    }

    /// The set of unique (type, title) refs in a value (references and arrays of them).
    pub(crate) fn refs_of(&self, value: &Value, out: &mut Vec<(String, String)>) -> bool {
        match value {
            Value::Type(t) => match t.resolved() {
                PType::Resource {
                    type_name: Some(tn),
                    title: Some(title),
                } => {
                    out.push((tn.clone(), title.clone()));
                    true
                }
                PType::Class(Some(name)) => {
                    out.push(("Class".into(), capitalize_segments(name)));
                    true
                }
                _ => false,
            },
            Value::Array(items) => items.iter().all(|v| self.refs_of(v, out)),
            Value::Str(s) => {
                // "Type[title]" strings are accepted as references.
                if let Some((t, rest)) = s.split_once('[') {
                    if let Some(title) = rest.strip_suffix(']') {
                        out.push((capitalize_segments(t), title.to_string()));
                        return true;
                    }
                }
                false
            }
            _ => false,
        }
    }
}
