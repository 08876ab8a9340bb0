//! Per-node compile state: scopes, the catalog under construction, and Puppet's
//! evaluation order (main code, node, lazy defined types and collectors, finish).
//!
//! The order and the rules follow Puppet 7's compiler (`Puppet::Parser::Compiler`,
//! `Puppet::Resource::Type`, `Puppet::Parser::Resource`):
//!
//! * resources get the resource defaults visible from their scope when they are
//!   created; classes are evaluated when declared, defined types late;
//! * after the main manifest and the node, collectors and then defined types run until
//!   nothing changes (`evaluate_generators`);
//! * at the end (`finish`) relationships become `before`/`notify` values, overrides
//!   still pending are merged, tags flow from containers to what they contain, and
//!   non-relationship metaparameters flow down containment from `Class[main]`.

mod enc;
mod finish;
mod resources;

use crate::env::{Def, Environment, SourceFile};
use crate::error::{EvalError, Flow, Location};
use crate::restype::ResourceType;
use crate::types::{canonical_type_name, capitalize_segments, PType};
use crate::value::IndexMap;
use crate::value::{Value, ValueMap};
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use marionette_catalog as cat;
use marionette_syntax::model::{
    ClassDef, DefineDef, EdgeOp, Expr, ExprKind, NodeDef, NodeMatcher, Param, Span, UnaryOp,
};
use std::borrow::Cow;
use std::sync::Arc;

pub(crate) use resources::{OverrideParam, PendingOverride, ResTitle};

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
    /// What the node classifier (ENC) answered, if there is one: classes declared in
    /// the node's scope, top-scope parameters (the environment is already chosen).
    pub classification: Option<marionette_nodes::Classification>,
}

/// Settings of a compile.
#[derive(Clone, Debug, Default)]
pub struct CompileOptions {
    /// Puppet ≤ 6 node matching (`strict_hostname_checking = false`): also try the
    /// certname with its dot-separated tail chopped off, and the fqdn fact.
    pub legacy_node_matching: bool,
    /// Unknown variables are errors (`strict_variables`).
    pub strict_variables: bool,
    /// Puppet 3 node inheritance and `import`: settings of the environment, used by
    /// whoever loads it (`marionette::compile_node`).
    pub legacy: crate::env::Legacy,
    /// The global `hiera.yaml` (Puppet's `hiera_config`): a setting of the
    /// environment, used by whoever loads it. `None`: no global Hiera layer.
    pub hiera_config: Option<std::path::PathBuf>,
    /// Puppet's `strict = error`: an environment setting too (see
    /// `Environment::strict_error`).
    pub strict_error: bool,
    /// The node classifier (Puppet's `node_terminus`, e.g. an ENC script), asked by
    /// whoever loads the environment, since it may choose the environment
    /// (`marionette::compile_node`); the compile applies `NodeInput::classification`.
    pub classifier: Option<Arc<dyn marionette_nodes::NodeClassifier>>,
    /// Hiera backends and functions beyond Puppet's own (plugins...): an environment
    /// setting, registered by whoever loads it (`marionette::load_environment`).
    pub extensions: crate::external::Extensions,
    /// Leave out the function libraries the facade bundles (puppetlabs-stdlib's
    /// functions): an environment setting, used by whoever loads it.
    pub no_bundled_functions: bool,
    /// Runs the commands `generate()` asks for; `None` refuses them.
    pub commands: Option<Arc<dyn crate::commands::CommandRunner>>,
}

/// A log line (`Notice: Scope(Class[main]): hello`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    pub level: &'static str,
    pub message: String,
}

impl LogLine {
    /// Errors logged before the one that ends a compile or a load
    /// ([`crate::LoadError::logged`]), as lines of its log.
    pub fn errors(messages: &[String]) -> impl Iterator<Item = LogLine> + '_ {
        messages.iter().map(|message| LogLine {
            level: "err",
            message: message.clone(),
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ScopeKind {
    Top,
    Node,
    Class,
    Define,
    Local,
}

/// Puppet's `source` of a scope, a resource or a parameter: the definition whose code
/// was running. The override rules compare sources.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Source {
    /// The main manifest (Puppet's class `''`).
    Main,
    Class(String),
    Define(String),
    Node(String),
}

/// One resource default (`File { mode => '0644' }`).
#[derive(Clone, Debug)]
pub(crate) struct DefaultParam {
    pub value: Value,
    pub source: Source,
    pub file: Arc<SourceFile>,
    pub line: u32,
}

/// An evaluated attribute operation (`name => value`, `name +> value`, or one entry of
/// `* => hash`) and the line it is on.
#[derive(Clone, Debug)]
pub(crate) struct AttrOp {
    pub name: Arc<str>,
    pub append: bool,
    pub value: Value,
    pub line: u32,
}

pub(crate) struct Scope {
    /// Puppet's parent scope: for a class that inherits, the parent class's scope;
    /// otherwise the scope that declared the class or defined type. Resource
    /// defaults are looked up along it, and, for local scopes, variables too.
    pub parent: Option<ScopeId>,
    /// For a class that inherits: the parent class's scope (also `parent`).
    pub inherited: Option<ScopeId>,
    pub kind: ScopeKind,
    pub vars: HashMap<Arc<str>, Value>,
    /// Resource defaults by capitalised type name, then attribute.
    pub defaults: IndexMap<String, IndexMap<Arc<str>, DefaultParam>>,
    /// The class, define or node resource whose body this scope evaluates.
    pub resource: Option<ResId>,
    /// The name shown in `Scope(...)` log prefixes.
    pub title: String,
    /// The module the running code comes from ("" for the main manifests).
    pub module_name: String,
    pub source: Source,
}

#[derive(Clone, Debug)]
pub(crate) enum ResKind {
    /// A Ruby resource type (Puppet's own or a module's).
    Builtin(Arc<ResourceType>),
    Define(Arc<DefineDef>, Arc<SourceFile>),
    Class,
    Node,
}

pub(crate) struct Res {
    pub rtype: String,
    pub title: String,
    pub params: IndexMap<Arc<str>, Value>,
    /// Who set a parameter, where that is not the resource's own source (defaults,
    /// overrides).
    pub param_sources: HashMap<Arc<str>, Source>,
    /// Where each parameter was set (for messages about it), when known.
    pub param_lines: ParamLines,
    /// The source of the scope the resource was declared in.
    pub source: Source,
    /// Lower-case, without duplicates; shared, as containers pass theirs on.
    pub tags: Vec<Arc<str>>,
    pub file: Option<Arc<SourceFile>>,
    pub line: Option<u32>,
    pub exported: bool,
    pub virtual_: bool,
    pub kind: ResKind,
    pub wire_kind: cat::ResourceKind,
    /// The scope the resource was declared in.
    pub scope: ScopeId,
    /// The resource's first container (the target of its first containment edge).
    pub container: Option<ResId>,
    pub evaluated: bool,
    /// Set for classes: the class's own scope.
    pub class_scope: Option<ScopeId>,
    /// False when the title was not a String (an Integer key of `create_resources`'
    /// hash): Puppet then neither tags the resource with its title nor leaves the
    /// namevar, set from the title, out of the catalog.
    pub title_is_string: bool,
}

/// Where a resource's parameters were set (for messages about them), by the
/// parameter's index in the resource's `params` (which only grows, so an index keeps
/// naming the same parameter): no copy of the names.
#[derive(Clone, Debug, Default)]
pub(crate) struct ParamLines(Vec<Option<(Arc<SourceFile>, u32)>>);

impl ParamLines {
    /// Where parameter `name` of `params` was set, when known.
    pub(crate) fn get(
        &self,
        params: &IndexMap<Arc<str>, Value>,
        name: &str,
    ) -> Option<&(Arc<SourceFile>, u32)> {
        let i = params.get_index_of(name)?;
        self.0.get(i)?.as_ref()
    }

    /// Records (or with `None` forgets) where the parameter at `index` was set.
    pub(crate) fn set(&mut self, index: usize, at: Option<(Arc<SourceFile>, u32)>) {
        if self.0.len() <= index {
            self.0.resize(index + 1, None);
        }
        self.0[index] = at;
    }
}

/// A collector query, its operands evaluated when the collector was created (as
/// Puppet's `CollectorTransformer` does).
#[derive(Clone, Debug)]
pub(crate) enum Query {
    And(Box<Query>, Box<Query>),
    Or(Box<Query>, Box<Query>),
    Eq(String, Value),
    Ne(String, Value),
    Tag(Vec<String>),
}

pub(crate) struct Collector {
    pub rtype: String,
    pub query: Option<Query>,
    pub ops: Vec<AttrOp>,
    pub scope: ScopeId,
    pub file: Arc<SourceFile>,
    pub line: u32,
    /// What it collected so far, in order.
    pub collected: Vec<ResId>,
    /// When this collector is the right side of a chain that collected nothing, the
    /// left side stands in for it as the source of the next arrow.
    pub alternative: Option<RelSide>,
}

/// One operand of a relationship: a resource reference or a collector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum RelItem {
    Ref(String, String),
    Collector(usize),
}

/// One side of a relationship.
pub(crate) type RelSide = Vec<RelItem>;

pub(crate) struct Relationship {
    pub lhs: RelSide,
    pub op: EdgeOp,
    pub rhs: RelSide,
}

/// Parameters still to be evaluated while a class or define binds its parameters:
/// reading one of them from a default expression is an error.
pub(crate) struct ParamGuard {
    pub(crate) scope: ScopeId,
    /// The parameters not given, in order, and whether each is still unevaluated.
    pub(crate) pending: Vec<(Arc<str>, bool)>,
}

/// The compile of one node.
pub struct Compiler<'e> {
    pub(crate) env: &'e Environment,
    pub(crate) node: NodeInput,
    pub(crate) options: CompileOptions,
    pub(crate) scopes: Vec<Scope>,
    pub(crate) resources: Vec<Res>,
    /// Resources by (type, title), and by (type, alias); looked up by [`RefKey`].
    pub(crate) index: IndexMap<(String, String), ResId>,
    pub(crate) class_scopes: HashMap<String, ScopeId>,
    pub(crate) classes: Vec<String>,
    pub(crate) catalog_tags: Vec<String>,
    pub(crate) collectors: Vec<Collector>,
    pub(crate) overrides: Vec<PendingOverride>,
    pub(crate) relationships: Vec<Relationship>,
    pub(crate) realize_requests: Vec<((String, String), Arc<SourceFile>, Span)>,
    /// Containment edges, in the order they were made.
    pub(crate) edges: Vec<(ResId, ResId)>,
    /// Puppet's `PuppetStack`: the function calls being evaluated, outermost first,
    /// each its file and the offset of the call, and, below them, the main manifest
    /// whose top-level code runs (offset `None`: Puppet's line 0).
    pub(crate) puppet_stack: Vec<(Arc<SourceFile>, Option<u32>)>,
    /// The same edges, to find one.
    edge_set: HashSet<(ResId, ResId)>,
    /// Sources that ran a collector with an override block: Puppet lets them
    /// override anything afterwards.
    pub(crate) override_sources: HashSet<Source>,
    /// Puppet 3 node inheritance: each evaluated node's parent node.
    pub(crate) node_parents: HashMap<String, String>,
    pub(crate) log: Vec<LogLine>,
    /// Capture groups of the last regex match, innermost last.
    pub(crate) matches: Vec<Vec<Option<String>>>,
    /// Keys external functions asked about with `FunctionContext::first_time`.
    pub(crate) seen_keys: HashSet<String>,
    /// `annotate`'s annotations, by the identity of the value annotated (which is
    /// kept, so that its identity is not reused): the value, then each annotation
    /// type's name and instance.
    pub(crate) annotations: HashMap<usize, (Value, Vec<(String, Value)>)>,
    pub(crate) depth: u32,
    /// Output of the EPP templates being rendered, innermost last.
    pub(crate) render_sink: Vec<String>,
    pub(crate) main_class: ResId,
    pub(crate) main_stage: ResId,
    pub(crate) node_resource: Option<ResId>,
    pub(crate) top: ScopeId,
    pub(crate) param_guards: Vec<ParamGuard>,
    /// This compile's Hiera lookups (caches, recursion guard), made on first use.
    pub(crate) lookup_session: Option<marionette_lookup::Session<'e>>,
    /// The Ruby objects that ERB templates hold as Puppet variables (bound with
    /// `scope.setvar`, or read and mutable), by scope and name.
    pub(crate) ruby_vars: crate::functions::erb::RubyVars,
    /// The type aliases this compile has resolved (or is resolving), by name.
    pub(crate) aliases: HashMap<String, Arc<crate::types::AliasType>>,
    /// Parameters' types written with nothing but type names and literals, evaluated
    /// once per compile, by the address of their (shared, immutable) expression.
    pub(crate) param_types: HashMap<usize, Arc<PType>>,
    /// The files whose definitions this compile has made (by address): see
    /// [`Compiler::instantiate_definitions`].
    instantiated_files: HashSet<usize>,
    /// The parameter names of each defined type the catalog has (by the address of
    /// its definition), for checking its resources' final parameters.
    pub(crate) define_params: HashMap<usize, HashSet<Arc<str>>>,
    /// The names of the aliases being resolved, innermost last, as written.
    pub(crate) resolving_aliases: Vec<String>,
    /// The TypeSets whose members are being evaluated, innermost last.
    pub(crate) pending_sets: Vec<crate::object::PendingSet>,
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
        Err(error) => {
            let mut log = compiler.log;
            if let Some(logged) = &error.logged {
                log.extend(LogLine::errors(logged));
            }
            Err((error, log))
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

/// A name and its `::` segments, lower case: `a::b` → `a::b`, `a`, `b`. Each is
/// copied into `out` only when new.
pub(crate) fn tag_with_segments<T>(name: &str, out: &mut Vec<T>)
where
    T: AsRef<str> + for<'a> From<&'a str>,
{
    let lower = marionette_syntax::names::lowercase(name);
    push_unique(out, &lower);
    if marionette_syntax::names::is_qualified(&lower) {
        for seg in marionette_syntax::names::segments(&lower) {
            if !seg.is_empty() {
                push_unique(out, seg);
            }
        }
    }
}

/// Adds `tag` to `out` (a copy of it) unless `out` has it already.
pub(crate) fn push_unique<T>(out: &mut Vec<T>, tag: &str)
where
    T: AsRef<str> + for<'a> From<&'a str>,
{
    if !out.iter().any(|t| t.as_ref() == tag) {
        out.push(T::from(tag));
    }
}

/// Gives resource `to` the tags of resource `from` it does not have yet.
pub(crate) fn inherit_tags(resources: &mut [Res], from: ResId, to: ResId) {
    if from == to {
        return;
    }
    let (source, target) = if from < to {
        let (head, tail) = resources.split_at_mut(to);
        (&head[from], &mut tail[0])
    } else {
        let (head, tail) = resources.split_at_mut(from);
        (&tail[0], &mut head[to])
    };
    let mut reserved = false;
    for (i, tag) in source.tags.iter().enumerate() {
        // Tags are mostly shared: the pointers first, the text only for a miss.
        let has = |tags: &[Arc<str>]| {
            tags.iter().any(|t| Arc::ptr_eq(t, tag)) || tags.iter().any(|t| **t == **tag)
        };
        if !has(&target.tags) {
            if !reserved {
                // Room for the rest at once, rather than growing tag by tag.
                target.tags.reserve(source.tags.len() - i);
                reserved = true;
            }
            target.tags.push(tag.clone());
        }
    }
}

/// A `(type, title)` key of [`Compiler::index`] made of borrowed strings, so that a
/// lookup copies nothing. It hashes as the `(String, String)` it stands for.
#[derive(Hash)]
pub(crate) struct RefKey<'a>(pub &'a str, pub &'a str);

impl indexmap::Equivalent<(String, String)> for RefKey<'_> {
    fn equivalent(&self, key: &(String, String)) -> bool {
        self.0 == key.0 && self.1 == key.1
    }
}

/// Metaparameters, valid on every resource.
pub(crate) use crate::restype::METAPARAMETERS as METAPARAMS;

/// The metaparameters that flow from a container to what it contains.
const INHERITED_METAPARAMS: &[&str] = &[
    "noop", "schedule", "audit", "loglevel", "alias", "tag", "stage",
];

/// Whether a value is Puppet's `undef` (absent parameters count as undef too).
/// Whether `name` is one of the variables no code may bind (`$facts`, `$trusted`,
/// `$server_facts`): Puppet's scope refuses them as parameters and as variables of
/// any scope, and not only where they are already bound.
pub(crate) fn is_reserved_variable(name: &str) -> bool {
    matches!(name, "facts" | "trusted" | "server_facts")
}

/// The error of binding a reserved variable where it is not bound yet (Puppet's
/// scope names it without the `$`).
pub(crate) fn reserved_variable_error(name: &str) -> EvalError {
    EvalError::new(format!(
        "Attempt to assign to a reserved variable name: '{name}'"
    ))
}

fn is_unset(v: Option<&Value>) -> bool {
    v.is_none_or(Value::is_undef)
}

/// `Could not find class ::x` / `Could not find resource 'X[y]'`: a reference string.
pub(crate) fn ref_string(rtype: &str, title: &str) -> String {
    [capitalize_segments(rtype).as_str(), "[", title, "]"].concat()
}

impl<'e> Compiler<'e> {
    pub fn new(env: &'e Environment, node: NodeInput, options: CompileOptions) -> Compiler<'e> {
        let top = Scope {
            parent: None,
            inherited: None,
            kind: ScopeKind::Top,
            vars: HashMap::new(),
            defaults: IndexMap::default(),
            resource: None,
            title: "Class[main]".into(),
            module_name: String::new(),
            source: Source::Main,
        };
        Compiler {
            env,
            node,
            options,
            scopes: vec![top],
            resources: Vec::with_capacity(env.resources_hint()),
            index: IndexMap::default(),
            class_scopes: HashMap::new(),
            classes: Vec::new(),
            catalog_tags: Vec::new(),
            puppet_stack: Vec::new(),
            collectors: Vec::new(),
            overrides: Vec::new(),
            relationships: Vec::new(),
            realize_requests: Vec::new(),
            edges: Vec::new(),
            edge_set: HashSet::new(),
            override_sources: HashSet::new(),
            node_parents: HashMap::new(),
            log: Vec::new(),
            matches: Vec::new(),
            seen_keys: HashSet::new(),
            annotations: HashMap::new(),
            depth: 0,
            render_sink: Vec::new(),
            main_class: 0,
            main_stage: 0,
            node_resource: None,
            top: 0,
            param_guards: Vec::new(),
            lookup_session: None,
            ruby_vars: Default::default(),
            aliases: HashMap::new(),
            param_types: HashMap::new(),
            instantiated_files: HashSet::new(),
            define_params: HashMap::new(),
            resolving_aliases: Vec::new(),
            pending_sets: Vec::new(),
        }
    }

    pub(crate) fn log(&mut self, level: &'static str, message: String) {
        self.log.push(LogLine { level, message });
    }

    /// Puppet's `warn_once('deprecations', key, message)`: a warning without a place,
    /// given once per key and compile.
    pub(crate) fn deprecation_once(&mut self, key: &str, message: &str) {
        if self.seen_keys.insert(format!("deprecations:{key}")) {
            self.log(
                "warning",
                format!("{message}\n   (file & line not available)"),
            );
        }
    }

    /// Puppet's `deprecation_warning` from a function: a warning that names the
    /// calling manifest line, given once per message and place.
    pub(crate) fn deprecation_at(
        &mut self,
        message: &str,
        file: &Arc<SourceFile>,
        span: marionette_syntax::model::Span,
    ) {
        let (line, _) = file.line_col(span.start);
        let text = format!("{message}\n   (file: {}, line: {line})", file.path);
        if self.seen_keys.insert(format!("deprecations:{text}")) {
            self.log("warning", text);
        }
    }

    pub(crate) fn new_scope(&mut self, scope: Scope) -> ScopeId {
        self.scopes.push(scope);
        self.scopes.len() - 1
    }

    pub(crate) fn local_scope(&mut self, parent: ScopeId) -> ScopeId {
        let title = self.scopes[parent].title.clone();
        let module_name = self.scopes[parent].module_name.clone();
        let resource = self.scopes[parent].resource;
        let source = self.scopes[parent].source.clone();
        self.new_scope(Scope {
            parent: Some(parent),
            inherited: None,
            kind: ScopeKind::Local,
            vars: HashMap::new(),
            defaults: IndexMap::default(),
            resource,
            title,
            module_name,
            source,
        })
    }

    /// The nearest scope that is not a local (lambda) scope: Puppet's lambdas share the
    /// scope object they run in, so resource defaults set there stay there.
    pub(crate) fn named_scope(&self, mut scope: ScopeId) -> ScopeId {
        while self.scopes[scope].kind == ScopeKind::Local {
            match self.scopes[scope].parent {
                Some(p) => scope = p,
                None => break,
            }
        }
        scope
    }

    /// The module a file belongs to, if it lies in a module on the modulepath.
    pub(crate) fn module_of(&self, file: &SourceFile) -> String {
        file.module_of(&self.env.modulepath).name.clone()
    }

    /// Class `settings`'s scope: every setting is a variable there
    /// (`$settings::vardir`), and `$settings::all_local` the hash of them all.
    fn settings_scope(&mut self, settings: ResId) {
        let values = crate::settings::values(self.env, &self.options, &self.node);
        let mut vars = HashMap::with_capacity(values.len() + 1);
        for (name, value) in &values {
            if let Value::Str(name) = name {
                vars.insert(name.clone(), value.clone());
            }
        }
        vars.insert("all_local".into(), Value::hash(values));
        let top = self.top;
        let scope = self.new_scope(Scope {
            parent: Some(top),
            inherited: None,
            kind: ScopeKind::Class,
            vars,
            defaults: IndexMap::default(),
            resource: Some(settings),
            title: "Class[Settings]".into(),
            module_name: String::new(),
            source: Source::Class("settings".into()),
        });
        self.resources[settings].class_scope = Some(scope);
        self.class_scopes.insert("settings".into(), scope);
    }

    fn run(&mut self) -> Result<cat::Catalog, EvalError> {
        // Puppet asks for the version first, when the compiler is made.
        if let Some(Err(e)) = self
            .env
            .config_version_output(self.options.commands.as_deref())
        {
            return Err(EvalError::new(e));
        }
        self.register_enc_classes()?;
        self.set_top_variables()?;
        // Scaffolding: Stage[main], Class[Settings], Class[main].
        let stage = self.add_resource(self.simple_res(
            "Stage",
            "main",
            cat::ResourceKind::CompilableType,
            ResKind::Builtin(crate::restype::builtin("stage").expect("Puppet has Stage")),
        ));
        self.resources[stage]
            .params
            .insert("name".into(), Value::str("main"));
        self.resources[stage].tags = vec!["stage".into()];
        self.main_stage = stage;
        let settings = self.add_resource(self.simple_res(
            "Class",
            "Settings",
            cat::ResourceKind::Unknown,
            ResKind::Class,
        ));
        self.resources[settings].tags = vec!["class".into(), "settings".into()];
        self.add_edge(stage, settings);
        self.classes.push("settings".into());
        self.settings_scope(settings);
        push_unique(&mut self.catalog_tags, "settings");
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
        self.add_edge(stage, main);
        self.main_class = main;
        self.scopes[self.top].resource = Some(main);
        // Class[main] is of the module '' (top scope has no caller).
        self.scopes[self.top]
            .vars
            .insert("module_name".into(), Value::str(""));

        // The main manifests: their definitions, then their code.
        let manifests = self.env.manifests.clone();
        self.instantiate_main_definitions(&manifests)?;
        for file in &manifests {
            let top = self.top;
            self.puppet_stack.push((file.clone(), None));
            let result = self.eval_block(&file.program.body, top, file);
            self.puppet_stack.pop();
            result?;
        }
        self.evaluate_node()?;
        self.declare_enc_classes()?;
        self.evaluate_generators()?;
        self.finish()?;
        self.fail_on_unevaluated()?;
        self.validate_relationships()?;
        self.build_catalog()
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
            params: IndexMap::default(),
            param_sources: HashMap::new(),
            param_lines: ParamLines::default(),
            source: Source::Main,
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
            title_is_string: true,
        }
    }

    /// Adds a resource to the list and the index (no uniqueness checks).
    pub(crate) fn add_resource(&mut self, res: Res) -> ResId {
        let id = self.resources.len();
        self.index
            .insert((res.rtype.clone(), res.title.clone()), id);
        self.resources.push(res);
        id
    }

    /// A containment edge (each edge once).
    pub(crate) fn add_edge(&mut self, source: ResId, target: ResId) {
        if source == target || !self.edge_set.insert((source, target)) {
            return;
        }
        self.edges.push((source, target));
        if self.resources[target].container.is_none() {
            self.resources[target].container = Some(source);
        }
    }

    // ------------------------------------------------------------------ nodes

    /// The node definition this node gets (`crates/nodes` decides), if there are any.
    fn evaluate_node(&mut self) -> Result<(), EvalError> {
        if self.env.nodes.is_empty() {
            return Ok(());
        }
        let fact = |k: &str| match self.node.facts.get(&Value::str(k)) {
            Some(Value::Str(s)) => Some(s.to_string()),
            _ => None,
        };
        let fqdn =
            fact("fqdn").or_else(|| Some(format!("{}.{}", fact("hostname")?, fact("domain")?)));
        let matching = if self.options.legacy_node_matching {
            marionette_nodes::NameMatching::LegacyChop
        } else {
            marionette_nodes::NameMatching::Strict
        };
        let names = marionette_nodes::node_names(&self.node.name, fqdn.as_deref(), matching);
        let nodes = self.env.nodes.clone();
        let definitions: Vec<&[NodeMatcher]> =
            nodes.iter().map(|n| n.def.matchers.as_slice()).collect();
        let found = marionette_nodes::match_node(&names, &definitions).map_err(EvalError::new)?;
        let Some(found) = found else {
            return Err(EvalError::new(format!(
                "Could not find node statement with name 'default' or '{}'",
                names.join(", ")
            )));
        };
        let node: Def<NodeDef> = nodes[found.index].clone();
        self.evaluate_node_definition(&nodes, node, found.title, found.captures, 0)
            .map(|_| ())
    }

    /// Adds a node definition's Node resource and evaluates its body; with Puppet 3
    /// node inheritance (`Legacy::node_inheritance`), the parent node first, its scope
    /// then inherited like a parent class's. Returns the node's scope.
    fn evaluate_node_definition(
        &mut self,
        nodes: &[Def<NodeDef>],
        node: Def<NodeDef>,
        title: String,
        caps: Vec<Option<String>>,
        depth: usize,
    ) -> Result<ScopeId, EvalError> {
        let mut inherited = None;
        if let Some(parent) = &node.def.parent {
            if depth > 32 {
                return Err(EvalError::new("Node inheritance is nested too deeply"));
            }
            let parent_name = match parent {
                NodeMatcher::Name(n) => n.to_lowercase(),
                NodeMatcher::Default => "default".into(),
                NodeMatcher::Regex(r) => r.clone(),
            };
            let definitions: Vec<&[NodeMatcher]> =
                nodes.iter().map(|n| n.def.matchers.as_slice()).collect();
            let found =
                marionette_nodes::match_node(std::slice::from_ref(&parent_name), &definitions)
                    .map_err(EvalError::new)?
                    .filter(|m| m.title == parent_name)
                    .ok_or_else(|| {
                        EvalError::new(format!(
                            "Could not find parent node '{parent_name}' of node '{title}'"
                        ))
                    })?;
            let parent_def = nodes[found.index].clone();
            self.node_parents.insert(title.clone(), found.title.clone());
            let already = self.class_scopes.get(&found.title).copied();
            inherited = Some(match already {
                Some(scope) => scope,
                None => self.evaluate_node_definition(
                    nodes,
                    parent_def,
                    found.title,
                    Vec::new(),
                    depth + 1,
                )?,
            });
        }
        // ensure_in_catalog(topscope): the Node resource, contained in Class[main].
        let mut res = self.simple_res("Node", &title, cat::ResourceKind::Unknown, ResKind::Node);
        res.tags = vec!["node".into()];
        if is_valid_tag(&title) {
            tag_with_segments(&title, &mut res.tags);
        }
        res.source = Source::Node(title.clone());
        res.scope = self.top;
        let id = self.add_resource(res);
        for tag in &self.resources[id].tags {
            push_unique(&mut self.catalog_tags, tag);
        }
        let main = self.main_class;
        let main_tags = self.resources[main].tags.clone();
        for tag in main_tags {
            push_unique(&mut self.resources[id].tags, &tag);
        }
        self.add_edge(main, id);
        self.node_resource = Some(id);
        // evaluate_code: the node scope, whose parent is top scope.
        self.add_class(&title);
        let scope = self.new_scope(Scope {
            parent: Some(self.top),
            inherited,
            kind: ScopeKind::Node,
            vars: HashMap::new(),
            defaults: IndexMap::default(),
            resource: Some(id),
            title: format!("Node[{title}]"),
            module_name: String::new(),
            source: Source::Node(title.clone()),
        });
        self.scopes[scope]
            .vars
            .insert("title".into(), Value::str(title.as_str()));
        self.scopes[scope]
            .vars
            .insert("name".into(), Value::str(title.as_str()));
        self.set_module_variables(scope);
        self.class_scopes.insert(title.clone(), scope);
        self.matches.push(caps);
        let result = self
            .eval_block(&node.def.body.statements, scope, &node.file)
            .map(|_| ());
        self.matches.pop();
        result.map(|_| scope)
    }

    /// Puppet's `add_class`: the evaluated class (or node) joins the class list and
    /// tags the catalog.
    fn add_class(&mut self, name: &str) {
        self.classes.push(name.to_lowercase());
        if is_valid_tag(name) {
            tag_with_segments(name, &mut self.catalog_tags);
        }
    }

    // ------------------------------------------------------------------ classes

    /// Declares a class resource-like (`class { 'x': }`, `create_resources('class',
    /// ...)`): its resource with these parameters (a second declaration is a
    /// duplicate), evaluated at once. Include-like declarations are
    /// [`Compiler::include_classes`]. Returns its resource.
    pub(crate) fn declare_class(
        &mut self,
        name: &str,
        params: IndexMap<Arc<str>, Value>,
        from: ScopeId,
        at: Option<(&Arc<SourceFile>, Span)>,
    ) -> Result<ResId, EvalError> {
        let id = self.declare_class_resource_like(name, params, from, at)?;
        let title = self.resources[id].title.to_lowercase();
        self.include_class(&title, from, false)
    }

    /// `class { 'name': ... }`: creates the Class resource with its parameters (a
    /// second declaration is a duplicate), declaring the parent class first.
    fn declare_class_resource_like(
        &mut self,
        name: &str,
        params: IndexMap<Arc<str>, Value>,
        from: ScopeId,
        at: Option<(&Arc<SourceFile>, Span)>,
    ) -> Result<ResId, EvalError> {
        let lower = marionette_syntax::names::trim_root(name).to_lowercase();
        let Some(def) = self.env.find_class(&lower).map_err(EvalError::from_load)? else {
            return Err(EvalError::new(format!(
                "Could not find declared class {}",
                marionette_syntax::names::trim_root(name)
            )));
        };
        let title = capitalize_segments(&def.def.name);
        let (file, line) = match at {
            Some((file, span)) => (Some(file.clone()), Some(file.line(span.start))),
            None => (None, None),
        };
        let mut res = self.simple_res("Class", &title, cat::ResourceKind::Class, ResKind::Class);
        res.evaluated = false;
        res.scope = from;
        res.source = self.scopes[from].source.clone();
        res.file = file;
        res.line = line;
        res.params = params;
        self.add_defaults_and_tags(&mut res, from)?;
        self.instantiate_class(&def, from)?;
        for tag in &res.tags {
            push_unique(&mut self.catalog_tags, tag);
        }
        self.add_includer_tags(&mut res, from);
        self.add_to_catalog(res, from)
    }

    /// Puppet makes its classes and defines of a file when it loads the file (the main
    /// manifests before any code runs), and interprets their parameters' types then,
    /// so that a type naming nothing fails the compile even when the definition is
    /// never used. Types written with variables are left to the definition's use
    /// (Puppet interprets them without any variable in scope).
    pub(crate) fn instantiate_definitions(
        &mut self,
        file: &Arc<SourceFile>,
    ) -> Result<(), EvalError> {
        if !self.instantiated_files.insert(Arc::as_ptr(file) as usize) {
            return Ok(());
        }
        // Puppet loads a module's init.pp before any other of its manifests (#4220).
        if let Some(init) = self.module_init_file(file) {
            self.instantiate_definitions(&init)?;
        }
        self.lexer_warnings(file);
        self.check_param_types(&file.program.body, file, &mut HashSet::new())
    }

    /// What Puppet's lexer and validation warn of when they read `file` (logged
    /// when the compile first uses a manifest, where Puppet would load it, and at
    /// each use of a template, which Puppet parses each time).
    pub(crate) fn lexer_warnings(&mut self, file: &Arc<SourceFile>) {
        for (message, at) in &file.program.warnings {
            self.warn_at(message.clone(), file, Span::new(*at, *at));
        }
    }

    /// The `init.pp` of the module whose manifest `file` is, unless it is that file
    /// (or there is none).
    fn module_init_file(&mut self, file: &SourceFile) -> Option<Arc<SourceFile>> {
        let init = file.module_of(&self.env.modulepath).init.as_deref()?;
        self.env.load_file(init).ok().flatten()
    }

    /// [`Compiler::instantiate_definitions`] of the main manifests, which Puppet makes
    /// in order as one program: a type alias they declare is not known to the
    /// definitions before it.
    fn instantiate_main_definitions(
        &mut self,
        manifests: &[Arc<SourceFile>],
    ) -> Result<(), EvalError> {
        let mut pending: HashSet<String> = manifests
            .iter()
            .flat_map(|f| f.program.body.iter())
            .filter_map(|e| match &e.kind {
                ExprKind::TypeAlias(def) => Some(def.name.to_lowercase()),
                _ => None,
            })
            .collect();
        for file in manifests {
            if !self.instantiated_files.insert(Arc::as_ptr(file) as usize) {
                continue;
            }
            self.lexer_warnings(file);
            self.check_param_types(&file.program.body, file, &mut pending)?;
        }
        Ok(())
    }

    /// Interprets the static parameter types of the classes and defines in `body`
    /// (and in the classes' bodies); `pending`: the type aliases of the same program
    /// not declared yet, removed as their declarations are passed.
    fn check_param_types(
        &mut self,
        body: &[Expr],
        file: &Arc<SourceFile>,
        pending: &mut HashSet<String>,
    ) -> Result<(), EvalError> {
        for expr in body {
            let (params, nested) = match &expr.kind {
                ExprKind::Class(def) => (&def.params, Some(&def.body.statements)),
                ExprKind::Define(def) => (&def.params, None),
                ExprKind::TypeAlias(def) => {
                    pending.remove(&def.name.to_lowercase());
                    continue;
                }
                _ => continue,
            };
            for param in params {
                let Some(t) = param.type_expr.as_ref().filter(|t| static_type_expr(t)) else {
                    continue;
                };
                if !pending.is_empty() {
                    let mut names = Vec::new();
                    type_names(t, &mut names);
                    if let Some((name, span)) = names
                        .into_iter()
                        .find(|(n, _)| pending.contains(&n.to_lowercase()))
                    {
                        return Err(EvalError::issue(
                            format!("Resource type not found: {name}"),
                            self.location(file, span),
                        ));
                    }
                }
                let top = self.top;
                self.param_type(t, top, file)?;
            }
            if let Some(body) = nested {
                self.check_param_types(body, file, pending)?;
            }
            // Puppet warns when it makes a class or define (nested ones first) with a
            // parameter named like a metaparameter.
            let name = match &expr.kind {
                ExprKind::Class(def) => &def.name,
                ExprKind::Define(def) => &def.name,
                _ => continue,
            };
            for param in params {
                if METAPARAMS.contains(&&*param.name) {
                    self.log(
                        "warning",
                        format!(
                            "{} is a metaparam; this value will inherit to all contained resources in the {name} definition",
                            param.name
                        ),
                    );
                }
            }
        }
        Ok(())
    }

    /// Puppet's `instantiate_resource`: a class's parent class joins the catalog
    /// (include-like, not yet evaluated) before the class does.
    fn instantiate_class(&mut self, def: &Def<ClassDef>, from: ScopeId) -> Result<(), EvalError> {
        self.instantiate_definitions(&def.file)?;
        let Some(parent) = &def.def.parent else {
            return Ok(());
        };
        let parent_def = self.parent_class(def, parent)?;
        let title = capitalize_segments(&parent_def.def.name);
        if self.find("Class", &title).is_none() {
            self.ensure_class_in_catalog(&parent_def, from)?;
        }
        Ok(())
    }

    /// The definition of a class's parent class, or Puppet's error.
    fn parent_class(&self, def: &Def<ClassDef>, parent: &str) -> Result<Def<ClassDef>, EvalError> {
        match self.env.find_class(parent).map_err(EvalError::from_load)? {
            Some(p) => Ok(p),
            None => {
                let line = def.file.line(def.def.span.start);
                Err(EvalError::located(
                    format!(
                        "Could not find parent resource type '::{}' of type hostclass in {}",
                        marionette_syntax::names::trim_root(parent),
                        self.env.name
                    ),
                    &def.file.path,
                    Some(line),
                ))
            }
        }
    }

    /// Puppet's `ensure_in_catalog` without parameters: the class's resource, created
    /// (with its parent) if it is not in the catalog yet.
    fn ensure_class_in_catalog(
        &mut self,
        def: &Def<ClassDef>,
        from: ScopeId,
    ) -> Result<ResId, EvalError> {
        let title = capitalize_segments(&def.def.name);
        if let Some(id) = self.find("Class", &title) {
            return Ok(id);
        }
        // A class that inherits itself (directly or not) never ends in Puppet either:
        // Ruby's SystemStackError, which no Puppet error wraps. Our note says where.
        self.depth += 1;
        if self.depth > MAX_EVAL_DEPTH {
            self.depth -= 1;
            let (line, col) = def.file.line_col(def.def.span.start);
            let mut e = EvalError::foreign("stack level too deep");
            e.note = Some(format!(
                "(class '{}' inherits from itself through its parents: file: {}, line: {line}, column: {col})",
                def.def.name, def.file.path
            ).into());
            return Err(e);
        }
        let result = self.new_class_resource(def, &title, from);
        self.depth -= 1;
        result
    }

    fn new_class_resource(
        &mut self,
        def: &Def<ClassDef>,
        title: &str,
        from: ScopeId,
    ) -> Result<ResId, EvalError> {
        let mut res = self.simple_res("Class", title, cat::ResourceKind::Unknown, ResKind::Class);
        res.evaluated = false;
        res.scope = from;
        res.source = self.scopes[from].source.clone();
        self.add_defaults_and_tags(&mut res, from)?;
        self.instantiate_class(def, from)?;
        for tag in &res.tags {
            push_unique(&mut self.catalog_tags, tag);
        }
        self.add_includer_tags(&mut res, from);
        self.add_to_catalog(res, from)
    }

    /// Include-like declaration (`evaluate_classes` with lazy evaluation off): the
    /// class joins the catalog if needed and is evaluated.
    fn include_class(
        &mut self,
        name: &str,
        from: ScopeId,
        absolute: bool,
    ) -> Result<ResId, EvalError> {
        let def = self.included_class_def(name, absolute)?;
        match self.evaluated_class(&def) {
            Some(id) => Ok(id),
            None => {
                let id = self.ensure_class_in_catalog(&def, from)?;
                self.evaluate_class(id)?;
                Ok(id)
            }
        }
    }

    /// `include`, `require` and `contain` with several classes: Puppet's
    /// `evaluate_classes` finds them all, puts those not evaluated yet into the catalog,
    /// then evaluates them in order (so `include a, b` adds `Class[A]` and `Class[B]`
    /// before either body runs). With `contain`, the calling scope's resource contains
    /// each. Returns the classes' resources, one per name.
    pub(crate) fn include_classes(
        &mut self,
        names: &[String],
        from: ScopeId,
        contain: bool,
    ) -> Result<Vec<ResId>, EvalError> {
        let defs = names
            .iter()
            .map(|name| self.included_class_def(name, true))
            .collect::<Result<Vec<_>, _>>()?;
        let mut ids = Vec::with_capacity(defs.len());
        let mut newly = Vec::new();
        for def in &defs {
            match self.evaluated_class(def) {
                Some(id) => ids.push(id),
                None => {
                    let id = self.ensure_class_in_catalog(def, from)?;
                    ids.push(id);
                    newly.push(id);
                }
            }
        }
        for id in newly {
            self.evaluate_class(id)?;
        }
        if contain {
            if let Some(container) = self.scopes[from].resource {
                for &id in &ids {
                    self.add_edge(container, id);
                }
            }
        }
        Ok(ids)
    }

    /// The definition of a class an include-like declaration names, or Puppet's error.
    fn included_class_def(&self, name: &str, absolute: bool) -> Result<Def<ClassDef>, EvalError> {
        let lower = marionette_syntax::names::trim_root(name).to_lowercase();
        match self.env.find_class(&lower).map_err(EvalError::from_load)? {
            Some(def) => Ok(def),
            None => {
                let shown = if absolute {
                    format!("::{lower}")
                } else {
                    name.to_string()
                };
                Err(EvalError::new(format!(
                    "Could not find class {shown} for {}",
                    self.node.name
                )))
            }
        }
    }

    /// The resource of a class already evaluated (Puppet's `Scope#class_scope`).
    fn evaluated_class(&self, def: &Def<ClassDef>) -> Option<ResId> {
        let key = def.def.name.to_lowercase();
        let scope = *self.class_scopes.get(&key)?;
        self.scopes[scope].resource
    }

    /// Evaluates a declared class (once): its parent first, then its parameters in its
    /// own scope, its stage, and its body.
    pub(crate) fn evaluate_class(&mut self, id: ResId) -> Result<(), EvalError> {
        if self.resources[id].evaluated {
            return Ok(());
        }
        self.resources[id].evaluated = true;
        let name = self.resources[id].title.to_lowercase();
        let def = self
            .env
            .find_class(&name)
            .map_err(EvalError::from_load)?
            .ok_or_else(|| EvalError::new(format!("Could not find class ::{name}")))?;
        let from = self.resources[id].scope;
        // The parent class is evaluated first; its scope is this class's parent.
        let mut inherited = None;
        if let Some(parent) = &def.def.parent {
            let parent_def = self.parent_class(&def, parent)?;
            let parent_title = capitalize_segments(&parent_def.def.name);
            if let Some(pid) = self.find("Class", &parent_title) {
                self.evaluate_class(pid)?;
                inherited = self
                    .class_scopes
                    .get(&parent_def.def.name.to_lowercase())
                    .copied();
            }
        }
        let module_name = self.module_of(&def.file);
        let scope = self.new_scope(Scope {
            parent: Some(inherited.unwrap_or(from)),
            inherited,
            kind: ScopeKind::Class,
            vars: HashMap::new(),
            defaults: IndexMap::default(),
            resource: Some(id),
            title: ["Class[", self.resources[id].title.as_str(), "]"].concat(),
            module_name,
            source: Source::Class(name.clone()),
        });
        self.resources[id].class_scope = Some(scope);
        self.add_class(&name);
        self.set_module_variables(scope);
        self.scopes[scope]
            .vars
            .insert("title".into(), Value::str(name.as_str()));
        self.scopes[scope]
            .vars
            .insert("name".into(), Value::str(name.as_str()));
        let title = self.resources[id].title.clone();
        self.inject_hiera_parameters(id, &name, &def.def.params, scope)?;
        // Puppet sets the class scope after the parameters' Hiera lookups: their
        // interpolations see the class as not evaluated yet (`Undefined variable
        // 'app::size'; class app has not been evaluated`).
        self.class_scopes.insert(name.clone(), scope);
        self.bind_parameters(
            id,
            &["Class[", title.as_str(), "]"].concat(),
            &def.def.params,
            def.def.span,
            scope,
            &def.file,
        )?;
        self.add_edge_to_stage(id)?;
        self.matches.push(Vec::new());
        let result = self.eval_statements(&def.def.body.statements, scope, &def.file);
        self.matches.pop();
        result
    }

    /// `$module_name` (the module of the running code) and `$caller_module_name` (the
    /// module of the code that declared it). Code outside modules (the main manifests,
    /// their classes, defines and nodes) is of the module `''`, as in Puppet, so both
    /// are set everywhere but in top scope, which has no caller.
    fn set_module_variables(&mut self, scope: ScopeId) {
        let module = self.scopes[scope].module_name.clone();
        self.scopes[scope]
            .vars
            .insert("module_name".into(), Value::str(module.as_str()));
        if let Some(parent) = self.scopes[scope].parent {
            let caller = self.scopes[parent].module_name.clone();
            self.scopes[scope]
                .vars
                .insert("caller_module_name".into(), Value::str(caller.as_str()));
        }
    }

    /// Puppet's `add_edge_to_stage`: a class goes into its own stage, else the stage of
    /// the resource that declared it, else `main`.
    fn add_edge_to_stage(&mut self, id: ResId) -> Result<(), EvalError> {
        let declaring = self.scopes[self.resources[id].scope].resource;
        let stage_of = |c: &Compiler, r: ResId| match c.resources[r].params.get("stage") {
            Some(v) if !v.is_undef() => Some(v.to_string()),
            _ => None,
        };
        let wanted = stage_of(self, id).or_else(|| declaring.and_then(|d| stage_of(self, d)));
        let title = wanted.clone().unwrap_or_else(|| "main".into());
        let Some(stage) = self.find("Stage", &title) else {
            return Err(EvalError::new(format!(
                "Could not find stage {title} specified by Class[{}]",
                self.resources[id].title
            )));
        };
        if title != "main" && wanted.is_some() {
            self.resources[id]
                .params
                .insert("stage".into(), Value::str(title.as_str()));
        }
        self.add_edge(stage, id);
        Ok(())
    }

    /// Automatic class parameter lookup (`inject_external_parameters`): each parameter
    /// not given a value (or given undef) is looked up as `<class>::<param>`; a value
    /// found becomes the given value, except that a found undef does not replace a
    /// default.
    fn inject_hiera_parameters(
        &mut self,
        id: ResId,
        class: &str,
        params: &[Param],
        scope: ScopeId,
    ) -> Result<(), EvalError> {
        let flags = marionette_lookup::LookupFlags::default();
        for param in params {
            if !is_unset(self.resources[id].params.get(&param.name)) {
                continue;
            }
            let key = [class, "::", &*param.name].concat();
            if let Some(v) = self.hiera_lookup(&key, None, &flags, scope)? {
                if v.is_undef() && param.default.is_some() {
                    continue;
                }
                self.resources[id].params.insert(param.name.clone(), v);
            }
        }
        Ok(())
    }

    /// A class's or define's parameter type: kept when its expression is static (type
    /// names, literals, access), for the compile, and for every compile of the
    /// environment when the type does not depend on this compile; else evaluated in
    /// `scope` (`Integer[1, $max]`).
    fn param_type(
        &mut self,
        expr: &Expr,
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> Result<Arc<PType>, EvalError> {
        let key = expr as *const Expr as usize;
        if let Some(t) = self.param_types.get(&key) {
            return Ok(t.clone());
        }
        if let Some(t) = self.env.param_type(expr) {
            self.param_types.insert(key, t.clone());
            return Ok(t);
        }
        let ty = Arc::new(self.eval_type(expr, scope, file)?);
        if static_type_expr(expr) {
            self.param_types.insert(key, ty.clone());
            if crate::types::outlives_compile(&ty) {
                self.env.keep_param_type(expr, ty.clone());
            }
        }
        Ok(ty)
    }

    /// Binds a class's or define's parameters in `scope` as Puppet's
    /// `set_resource_parameters` does: given values (undef counts as not given when
    /// there is a default), then defaults in order (a default may read parameters
    /// bound before it), then the checks (unknown, missing, wrong type). The resource
    /// keeps the given values followed by the defaults.
    pub(crate) fn bind_parameters(
        &mut self,
        id: ResId,
        owner: &str,
        params: &[Param],
        definition: Span,
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> Result<(), EvalError> {
        use crate::describe::{join_mismatches, parameter_mismatches, Mismatch};
        // The given values (`name` and `title` are not parameters), by parameter, as
        // they were before any default was evaluated.
        let is_param = |k: &str| k != "name" && k != "title";
        let res_params = &self.resources[id].params;
        let given: Vec<Option<Value>> = params
            .iter()
            .map(|p| {
                is_param(&p.name)
                    .then(|| res_params.get(&*p.name).cloned())
                    .flatten()
            })
            .collect();
        // The checks come after the defaults, all at once, as Puppet's
        // TypeMismatchDescriber does: the given values (only they can be unknown
        // parameters) first.
        let mut errors = Vec::new();
        for key in res_params.keys().filter(|k| is_param(k)) {
            if !params.iter().any(|p| p.name == *key) && !METAPARAMS.contains(&&**key) {
                errors.push(Mismatch::invalid_parameter(key));
            }
        }
        let unset: Vec<bool> = given.iter().map(|v| is_unset(v.as_ref())).collect();
        let pending = params
            .iter()
            .zip(&unset)
            .filter(|(_, unset)| **unset)
            .map(|(p, _)| (p.name.clone(), true))
            .collect();
        self.param_guards.push(ParamGuard { scope, pending });
        let vars = &mut self.scopes[scope].vars;
        vars.reserve(params.len() + res_params.len());
        for (name, v) in res_params.iter().filter(|(k, _)| is_param(k)) {
            vars.insert(name.clone(), v.clone());
        }
        self.resources[id].params.reserve(params.len());
        // The values of the defaults evaluated, by parameter.
        let mut defaults: Vec<Option<Value>> = vec![None; params.len()];
        let mut result = Ok(());
        // `pending[waiting]` is the next parameter not given.
        let mut waiting = 0;
        for (i, param) in params.iter().enumerate() {
            if !unset[i] {
                continue;
            }
            waiting += 1;
            let Some(default) = &param.default else {
                continue;
            };
            match self.eval_expr(default, scope, file) {
                Ok(v) => {
                    self.resources[id]
                        .params
                        .insert(param.name.clone(), v.clone());
                    self.scopes[scope]
                        .vars
                        .insert(param.name.clone(), v.clone());
                    defaults[i] = Some(v);
                    if let Some(guard) = self.param_guards.last_mut() {
                        guard.pending[waiting - 1].1 = false;
                    }
                }
                Err(e) => {
                    result = Err(match e.flow.as_deref() {
                        Some(Flow::UnevaluatedParameter(to)) => {
                            let names: Vec<&str> = params.iter().map(|p| &*p.name).collect();
                            let pos = |n: &str| names.iter().position(|x| *x == n);
                            if pos(to) < pos(&param.name) {
                                EvalError::new(format!(
                                    "{owner}: expects a value for parameter ${to}"
                                ))
                            } else {
                                EvalError::new(format!(
                                    "{owner}: default expression for ${} tries to illegally access not yet evaluated ${to}",
                                    param.name
                                ))
                            }
                        }
                        _ => e,
                    });
                    break;
                }
            }
        }
        self.param_guards.pop();
        result?;
        // Then each parameter's value.
        for (i, param) in params.iter().enumerate() {
            match defaults[i].as_ref().or(given[i].as_ref()) {
                Some(value) => {
                    if let Some(t) = &param.type_expr {
                        let ty = self.param_type(t, scope, file)?;
                        errors.extend(parameter_mismatches(&param.name, &ty, value));
                    }
                }
                // (Every parameter with a default has a value by now.)
                None => errors.push(Mismatch::missing_parameter(&param.name)),
            }
        }
        if !errors.is_empty() {
            return Err(EvalError::new(join_mismatches(owner, &errors)));
        }
        // Puppet binds the checked values in the scope (the given ones, then the
        // defaults), and its scope refuses a reserved name: an error at the
        // definition's line.
        let reserved = self.resources[id]
            .params
            .keys()
            .find(|k| is_reserved_variable(k) && params.iter().any(|p| p.name == **k));
        if let Some(name) = reserved {
            let line = file.line(definition.start);
            return Err(EvalError::located(
                reserved_variable_error(name).message,
                &file.path,
                Some(line),
            ));
        }
        Ok(())
    }

    /// While parameters are being bound: reading one that is not bound yet.
    pub(crate) fn unevaluated_parameter(&self, name: &str, scope: ScopeId) -> Option<String> {
        let guard = self.param_guards.last()?;
        let mut s = Some(scope);
        while let Some(cur) = s {
            if cur == guard.scope {
                return guard
                    .pending
                    .iter()
                    .any(|(p, unevaluated)| *unevaluated && &**p == name)
                    .then(|| name.to_string());
            }
            if self.scopes[cur].kind != ScopeKind::Local {
                return None;
            }
            s = self.scopes[cur].parent;
        }
        None
    }

    // ------------------------------------------------------------------ defined types

    /// Evaluates a defined type instance: its parameters and body in a scope whose
    /// parent is the scope that declared it. Errors are reported against the instance.
    fn evaluate_define(&mut self, id: ResId) -> Result<(), EvalError> {
        let result = self.evaluate_define_body(id);
        result.map_err(|e| {
            let r = &self.resources[id];
            let location = Location {
                file: r.file.as_ref().map(|f| f.path.clone()).unwrap_or_default(),
                line: r.line.unwrap_or(0),
                column: 0,
            };
            e.wrapped("a Resource Statement", location, true)
        })
    }

    fn evaluate_define_body(&mut self, id: ResId) -> Result<(), EvalError> {
        self.resources[id].evaluated = true;
        let ResKind::Define(def, file) = self.resources[id].kind.clone() else {
            return Ok(());
        };
        let from = self.resources[id].scope;
        let title = self.resources[id].title.clone();
        let module_name = self.module_of(&file);
        let scope = self.new_scope(Scope {
            parent: Some(from),
            inherited: None,
            kind: ScopeKind::Define,
            vars: HashMap::new(),
            defaults: IndexMap::default(),
            resource: Some(id),
            title: [self.resources[id].rtype.as_str(), "[", title.as_str(), "]"].concat(),
            module_name,
            source: Source::Define(def.name.to_lowercase()),
        });
        self.set_module_variables(scope);
        self.scopes[scope]
            .vars
            .insert("title".into(), Value::str(title.as_str()));
        let name = self.resources[id]
            .params
            .get("name")
            .cloned()
            .unwrap_or_else(|| Value::str(title.as_str()));
        self.scopes[scope].vars.insert("name".into(), name);
        let owner = [self.resources[id].rtype.as_str(), "[", title.as_str(), "]"].concat();
        self.depth += 1;
        if self.depth > MAX_EVAL_DEPTH {
            self.depth -= 1;
            return Err(EvalError::new(
                "Defined types are nested too deeply".to_string(),
            ));
        }
        let result = self
            .bind_parameters(id, &owner, &def.params, def.span, scope, &file)
            .and_then(|()| {
                self.matches.push(Vec::new());
                let r = self.eval_statements(&def.body.statements, scope, &file);
                self.matches.pop();
                r
            });
        self.depth -= 1;
        result
    }

    /// Evaluates a class declared but not evaluated (the ENC's classes), as Puppet's
    /// `evaluate_definitions` does: errors are reported against the Class resource,
    /// which has no location.
    fn evaluate_lazy_class(&mut self, id: ResId) -> Result<(), EvalError> {
        self.evaluate_class(id)
            .map_err(|e| e.wrapped("a Resource Statement", Location::default(), true))
    }

    // ------------------------------------------------------------------ lazy evaluation

    /// Collectors, then defined types and classes not evaluated yet, until neither
    /// finds anything new.
    fn evaluate_generators(&mut self) -> Result<(), EvalError> {
        let mut rounds = 0;
        loop {
            let mut progress = self.evaluate_collections()?;
            let pending: Vec<ResId> = (0..self.resources.len())
                .filter(|&i| {
                    let r = &self.resources[i];
                    !r.evaluated
                        && !r.virtual_
                        && matches!(r.kind, ResKind::Define(..) | ResKind::Class)
                })
                .collect();
            for id in pending {
                if !self.resources[id].evaluated {
                    if matches!(self.resources[id].kind, ResKind::Class) {
                        self.evaluate_lazy_class(id)?;
                    } else {
                        self.evaluate_define(id)?;
                    }
                    progress = true;
                }
            }
            if !progress {
                return Ok(());
            }
            rounds += 1;
            if rounds > 1000 {
                return Err(EvalError::new(
                    "Somehow looped more than 1000 times while evaluating host catalog",
                ));
            }
        }
    }

    // ------------------------------------------------------------------ helpers

    pub(crate) fn location(&self, file: &Arc<SourceFile>, span: Span) -> Location {
        let (line, column) = file.line_col(span.start);
        Location {
            file: file.path.clone(),
            line,
            column,
        }
    }

    /// The location of an operator that follows `offset` (Puppet places binary
    /// expressions, assignments and chains at their operator).
    pub(crate) fn operator_location(&self, file: &Arc<SourceFile>, offset: u32) -> Location {
        let i = skip_trivia(file.text.as_bytes(), offset as usize);
        self.location(file, Span::new(i as u32, i as u32))
    }

    /// Where Puppet locates a method call written with parentheses: its `(` (the
    /// receiver ends at `receiver_end`; then come the `.` and the name).
    pub(crate) fn method_paren_location(
        &self,
        file: &Arc<SourceFile>,
        receiver_end: u32,
    ) -> Location {
        let text = file.text.as_bytes();
        let mut i = skip_trivia(text, receiver_end as usize) + 1;
        i = skip_trivia(text, i);
        while i < text.len() && (text[i].is_ascii_alphanumeric() || text[i] == b'_') {
            i += 1;
        }
        let i = skip_trivia(text, i).min(text.len());
        self.location(file, Span::new(i as u32, i as u32))
    }

    /// Where a resource was declared, as Puppet writes it in messages.
    pub(crate) fn declared_at(&self, id: ResId) -> String {
        let r = &self.resources[id];
        match (&r.file, r.line) {
            (Some(f), Some(l)) => format!(" at (file: {}, line: {l})", f.path),
            _ => String::new(),
        }
    }

    pub(crate) fn find(&self, rtype: &str, title: &str) -> Option<ResId> {
        let t = canonical_type_name(marionette_syntax::names::trim_root(rtype));
        let title = if t == "Class" {
            canonical_type_name(marionette_syntax::names::trim_root(title))
        } else {
            Cow::Borrowed(title)
        };
        if let Some(&id) = self.index.get(&RefKey(&t, &title)) {
            return Some(id);
        }
        // Puppet's `Catalog#resource`: else by the uniqueness key of a resource with
        // that title (`File['/tmp/x/']` is `File['/tmp/x']`). A class has none, and
        // is not a type to look for in the modules.
        if t == "Class" {
            return None;
        }
        let ty = self.env.ruby_type(&t.to_lowercase())?;
        let key = resources::uniqueness_key(Some(&ty), &title, &IndexMap::default()).ok()??;
        let (index, _) = resources::key_index(&key);
        self.index.get(&RefKey(&t, &index)).copied()
    }

    /// Records a collector; returns its index.
    pub(crate) fn add_collector(&mut self, c: Collector) -> usize {
        self.collectors.push(c);
        self.collectors.len() - 1
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
                PType::Variant(items) => items
                    .iter()
                    .all(|t| self.refs_of(&Value::Type(Arc::new(t.clone())), out)),
                _ => false,
            },
            Value::Array(items) => items.iter().all(|v| self.refs_of(v, out)),
            Value::Str(s) => {
                // "Type[title]" strings are accepted as references.
                if let Some((t, rest)) = s.split_once('[') {
                    if let Some(title) = rest.strip_suffix(']') {
                        let title = title.trim_matches(|c| c == '\'' || c == '"');
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

/// The offset of the first byte at or after `i` that is not whitespace or a comment.
fn skip_trivia(text: &[u8], mut i: usize) -> usize {
    loop {
        while i < text.len() && text[i].is_ascii_whitespace() {
            i += 1;
        }
        if i < text.len() && text[i] == b'#' {
            while i < text.len() && text[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if i + 1 < text.len() && text[i] == b'/' && text[i + 1] == b'*' {
            i += 2;
            while i + 1 < text.len() && !(text[i] == b'*' && text[i + 1] == b'/') {
                i += 1;
            }
            i = (i + 2).min(text.len());
            continue;
        }
        return i;
    }
}

/// The type names a static type expression (see [`static_type_expr`]) names, with
/// where, in order.
fn type_names<'x>(expr: &'x Expr, out: &mut Vec<(&'x str, Span)>) {
    match &expr.kind {
        ExprKind::TypeRef(name) => out.push((marionette_syntax::names::trim_root(name), expr.span)),
        ExprKind::Array(items) => items.iter().for_each(|e| type_names(e, out)),
        ExprKind::Hash(entries) | ExprKind::UnfoldedHash(entries) => {
            for e in entries {
                type_names(&e.key, out);
                type_names(&e.value, out);
            }
        }
        ExprKind::Access { target, keys } => {
            type_names(target, out);
            keys.iter().for_each(|e| type_names(e, out));
        }
        _ => {}
    }
}

/// Whether a type expression evaluates the same anywhere in a compile: type names,
/// bare words, literals, arrays, hashes and access of those (no variable, call or
/// operator but a negative number).
fn static_type_expr(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Literal(_) | ExprKind::TypeRef(_) | ExprKind::QualifiedName(_) => true,
        ExprKind::Array(items) => items.iter().all(static_type_expr),
        ExprKind::Hash(entries) | ExprKind::UnfoldedHash(entries) => entries
            .iter()
            .all(|e| static_type_expr(&e.key) && static_type_expr(&e.value)),
        ExprKind::Access { target, keys } => {
            static_type_expr(target) && keys.iter().all(static_type_expr)
        }
        ExprKind::Unary {
            op: UnaryOp::Neg,
            expr,
        } => matches!(expr.kind, ExprKind::Literal(_)),
        ExprKind::Paren(inner) => static_type_expr(inner),
        _ => false,
    }
}
