//! The environment: every manifest and module of one Puppet environment, parsed and
//! lowered once, shared (read-only) by all node compiles.

use crate::restype::ResourceType;
use foldhash::{HashMap, HashMapExt};
use marionette_syntax::model::{
    ClassDef, DefineDef, Expr, ExprKind, FunctionDef, NodeDef, NodeMatcher, Program, TypeAlias,
};
use marionette_syntax::LineIndex;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

mod ahead;

pub use ahead::{set_thread_placement, ThreadPlacement};
mod modules;

/// How the evaluator reads files. The binary implements it over the file system; tests
/// may implement it in memory. (Core crates do no I/O of their own.)
pub trait SourceDb: Send + Sync {
    fn read(&self, path: &Path) -> std::io::Result<String>;
    /// A file's bytes (`binary_file`); by default [`read`](SourceDb::read)'s text.
    fn read_bytes(&self, path: &Path) -> std::io::Result<Vec<u8>> {
        self.read(path).map(String::into_bytes)
    }
    fn is_file(&self, path: &Path) -> bool;
    fn is_dir(&self, path: &Path) -> bool;
    /// The entries of a directory (full paths), in any order; an error of kind
    /// `NotFound` when there is no such directory (`NotADirectory` for a file).
    fn list(&self, path: &Path) -> std::io::Result<Vec<PathBuf>>;
    /// [`list`](SourceDb::list)'s entries, each with whether it is a directory where
    /// the listing tells it (`None`: ask [`is_dir`](SourceDb::is_dir)). A file system
    /// lists entries with their kind: indexing the modules asked it of a hundred
    /// directories, a call each.
    fn list_typed(&self, path: &Path) -> std::io::Result<Vec<(PathBuf, Option<bool>)>> {
        Ok(self.list(path)?.into_iter().map(|p| (p, None)).collect())
    }
}

/// The file-system `SourceDb`.
pub struct FsSourceDb;

impl SourceDb for FsSourceDb {
    fn read(&self, path: &Path) -> std::io::Result<String> {
        std::fs::read_to_string(path)
    }
    fn read_bytes(&self, path: &Path) -> std::io::Result<Vec<u8>> {
        std::fs::read(path)
    }
    fn is_file(&self, path: &Path) -> bool {
        path.is_file()
    }
    fn is_dir(&self, path: &Path) -> bool {
        path.is_dir()
    }
    fn list(&self, path: &Path) -> std::io::Result<Vec<PathBuf>> {
        std::fs::read_dir(path)?
            .map(|e| e.map(|e| e.path()))
            .collect()
    }
    fn list_typed(&self, path: &Path) -> std::io::Result<Vec<(PathBuf, Option<bool>)>> {
        std::fs::read_dir(path)?
            .map(|e| {
                e.map(|e| {
                    // A link may lead to a directory: only `is_dir` follows it.
                    let dir = e.file_type().ok().filter(|t| !t.is_symlink());
                    (e.path(), dir.map(|t| t.is_dir()))
                })
            })
            .collect()
    }
}

/// One loaded source file.
#[derive(Debug)]
pub struct SourceFile {
    /// Absolute path, as Puppet writes it in the catalog.
    pub path: String,
    pub text: String,
    pub lines: LineIndex,
    pub program: Arc<Program>,
    /// The module the file is a manifest of, worked out at its first use and shared
    /// by every compile of the environment.
    module: OnceLock<ModuleOf>,
}

/// The module a manifest belongs to.
#[derive(Debug, Default)]
pub(crate) struct ModuleOf {
    /// Empty for a file outside the modules' `manifests` directories.
    pub name: String,
    /// The module's `init.pp`, unless that is the file itself.
    pub init: Option<PathBuf>,
}

impl SourceFile {
    /// A loaded file: its path as catalogs show it, its text, line starts and program.
    pub fn new(path: String, text: String, lines: LineIndex, program: Arc<Program>) -> Self {
        SourceFile {
            path,
            text,
            lines,
            program,
            module: OnceLock::new(),
        }
    }

    /// The module whose `manifests` directory holds the file, first on `modulepath`.
    pub(crate) fn module_of(&self, modulepath: &[PathBuf]) -> &ModuleOf {
        self.module.get_or_init(|| {
            let path = Path::new(&self.path);
            for dir in modulepath {
                let Ok(rest) = path.strip_prefix(dir) else {
                    continue;
                };
                let mut parts = rest.components();
                if let (Some(module), Some(sub)) = (parts.next(), parts.next()) {
                    if sub.as_os_str() == "manifests" {
                        let init = dir.join(module).join("manifests").join("init.pp");
                        return ModuleOf {
                            name: module.as_os_str().to_string_lossy().into_owned(),
                            init: (init != path).then_some(init),
                        };
                    }
                }
            }
            ModuleOf::default()
        })
    }

    /// 1-based line and column of a byte offset.
    /// The 1-based line of a byte offset.
    pub fn line(&self, offset: u32) -> u32 {
        self.lines.line(&self.text, offset.into())
    }

    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let at = self.lines.line_col(&self.text, offset.into());
        (at.line, at.col)
    }
}

/// A definition and the file it came from.
#[derive(Clone, Debug)]
pub struct Def<T> {
    pub def: Arc<T>,
    pub file: Arc<SourceFile>,
}

/// A load failure: a file that does not parse, or a definition that clashes with
/// one loaded before.
#[derive(Clone, Debug)]
pub struct LoadError {
    pub path: String,
    pub line: u32,
    pub column: u32,
    pub message: String,
    /// A syntax or validation error (Puppet: "Could not parse for environment ..."),
    /// as opposed to a clash between definitions, which Puppet reports as it is.
    pub parse: bool,
    /// An error Puppet reports without the file or a position (a byte order mark, a
    /// number literal Ruby cannot read: `marionette_syntax::is_positionless`; an
    /// entity redefined in a loader).
    pub positionless: bool,
    /// What Puppet logs as errors before it reports this one: when a file fails
    /// validation more than once, each failure with its position, then their count.
    pub logged: Vec<String>,
}

impl LoadError {
    /// The error as Puppet words it for environment `env` (a main manifest's).
    pub fn describe(&self, env: &str) -> String {
        if self.parse && self.positionless {
            format!("Could not parse for environment {env}: {}", self.message)
        } else if self.parse {
            format!(
                "Could not parse for environment {env}: {} {}",
                self.message,
                self.position()
            )
        } else if self.positionless {
            self.message.clone()
        } else {
            format!(
                "{} (file: {}, line: {})",
                self.message, self.path, self.line
            )
        }
    }

    /// `(file: F, line: L, column: C)`, or `(file: F)` where Puppet knows no line
    /// (the end of the input).
    pub fn position(&self) -> String {
        if self.line == 0 {
            format!("(file: {})", self.path)
        } else {
            format!(
                "(file: {}, line: {}, column: {})",
                self.path, self.line, self.column
            )
        }
    }
}

#[derive(Default)]
struct Registry {
    classes: HashMap<String, Def<ClassDef>>,
    defines: HashMap<String, Def<DefineDef>>,
    functions: HashMap<String, Def<FunctionDef>>,
    aliases: HashMap<String, Def<TypeAlias>>,
    /// Files already loaded (by path), so each is parsed once.
    loaded: HashMap<PathBuf, Option<Arc<SourceFile>>>,
    /// EPP templates parsed so far, by path (each is parsed once per run).
    templates: HashMap<PathBuf, Arc<SourceFile>>,
    /// ERB templates parsed so far, by path (each is parsed once per run).
    erb_templates: HashMap<PathBuf, Arc<marionette_erb::Template>>,
    /// Where each class, define and node name was first defined (file, line).
    origins: HashMap<(DefKind, String), (String, u32)>,
    /// The names looked for in the environment's own `functions/` and `types/`
    /// (their files loaded or found missing): asked again (a core type's name, a
    /// built-in function's) for every use, they are not looked for again.
    environment_functions_tried: foldhash::HashSet<String>,
    environment_types_tried: foldhash::HashSet<String>,
}

impl Registry {
    /// [`Registry::environment_functions_tried`] or `environment_types_tried`.
    fn environment_tried(&mut self, subdir: &str) -> &mut foldhash::HashSet<String> {
        if subdir == "functions" {
            &mut self.environment_functions_tried
        } else {
            &mut self.environment_types_tried
        }
    }
}

/// The kinds of definition whose names must not clash.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum DefKind {
    Class,
    Define,
    Node,
}

/// The frozen, shared part of a compile.
pub struct Environment {
    pub name: String,
    /// The environment directory.
    pub root: PathBuf,
    pub modulepath: Vec<PathBuf>,
    /// The main manifest: a file or a directory (`environment.conf`'s `manifest`,
    /// default `manifests/`).
    pub manifest: PathBuf,
    /// `environment.conf`'s `config_version`, the command Puppet runs for the
    /// catalog's version (relative to the environment), `""` without one.
    pub config_version: String,
    /// What `config_version` printed (or why it failed), run once for every compile
    /// of the environment as Puppet runs it once per environment.
    version: std::sync::OnceLock<Result<String, String>>,
    /// The main manifests in evaluation order.
    pub manifests: Vec<Arc<SourceFile>>,
    /// Node definitions of the main manifests, in file order.
    pub nodes: Vec<Def<NodeDef>>,
    pub sources: Arc<dyn SourceDb>,
    /// Puppet 3 behaviours asked for explicitly.
    pub legacy: Legacy,
    /// The global `hiera.yaml` (Puppet's `hiera_config`); `None`: no global layer.
    /// Set before the first compile.
    pub hiera_config: Option<PathBuf>,
    /// The Hiera backends `hiera.yaml` files may name. Set before the first compile.
    pub hiera_backends: marionette_lookup::Backends,
    /// Functions from outside the evaluator (plugins...), called like built-ins. Set
    /// before the first compile.
    pub functions: crate::external::ExternalFunctions,
    /// Puppet's `strict = error`: Hiera's version 3 files outside the global layer and
    /// data files that are not hashes are errors, and so are duplicate keys in hashes
    /// (for the manifests, only when set through [`LoadOptions`]: they are validated
    /// as they load). Set before the first compile.
    pub strict_error: bool,
    pub(crate) hiera: std::sync::OnceLock<marionette_lookup::Hiera>,
    registry: Mutex<Registry>,
    /// The modules of the modulepath, listed once.
    pub(crate) modules: Arc<modules::Modules>,
    /// Which module files exist (templates, `file()`), asked once per run.
    module_files: Mutex<HashMap<PathBuf, bool>>,
    /// `module/rest` names of module files by subdirectory (`templates`, `files`):
    /// the file's path when it exists. Found once per run.
    module_file_paths: Mutex<HashMap<String, HashMap<String, Option<PathBuf>>>>,
    /// The types of class and define parameters whose type expression is static, by
    /// the expression's address (the code is the environment's, never freed while it
    /// lives): evaluated by the first compile that needs one, then shared.
    param_types: Mutex<HashMap<usize, Arc<crate::types::PType>>>,
    /// Manifests parsed on a second thread before the compile asks for them.
    ahead: ahead::ParseAhead,
    /// The most resources a compile of the environment has had: the next compile
    /// makes room for as many at once.
    resources_seen: std::sync::atomic::AtomicUsize,
}

/// Puppet 3 behaviours that Puppet 7 removed, each an explicit option (Puppet 7's
/// behaviour is the default). Puppet ≤ 6 node-name chopping is
/// `CompileOptions::legacy_node_matching`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Legacy {
    /// `node 'a' inherits 'b'`: the parent node is evaluated first and the child's
    /// scope inherits from it, like class inheritance.
    pub node_inheritance: bool,
    /// `import 'nodes/*.pp'` in the main manifests: the files (globs relative to the
    /// importing file) become main manifests after the importing one.
    pub import: bool,
}

/// How [`Environment::load_with_options`] loads an environment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoadOptions {
    pub legacy: Legacy,
    /// Puppet's `strict = error` ([`Environment::strict_error`]); the manifests and
    /// templates are validated under it (a duplicate key in a hash is an error).
    pub strict_error: bool,
}

impl std::fmt::Debug for Environment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Environment")
            .field("name", &self.name)
            .field("root", &self.root)
            .finish()
    }
}

impl Environment {
    /// How many resources a compile should make room for (see `resources_seen`).
    pub(crate) fn resources_hint(&self) -> usize {
        self.resources_seen
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Records that a compile had `count` resources.
    pub(crate) fn saw_resources(&self, count: usize) {
        self.resources_seen
            .fetch_max(count, std::sync::atomic::Ordering::Relaxed);
    }

    /// The catalog version `config_version` gives (`None` without one): the command's
    /// output, stripped, run the first time a compile asks. Run as Puppet's
    /// `Puppet::Util::Execution.execute` runs a one-string command: through `/bin/sh`
    /// when it has shell syntax, else split at spaces; in the current directory.
    pub(crate) fn config_version_output(
        &self,
        commands: Option<&dyn crate::commands::CommandRunner>,
    ) -> Option<Result<String, String>> {
        if self.config_version.is_empty() {
            return None;
        }
        let run = || {
            let cmd = &self.config_version;
            let runner = commands.ok_or_else(|| {
                format!("Execution of config_version command `{cmd}` failed: running commands is disabled")
            })?;
            let argv: Vec<String> =
                if cmd.contains(|c: char| "*?{}[]<>()~&|\\$;'`\"\n#=%".contains(c)) {
                    vec!["sh".into(), "-c".into(), cmd.clone()]
                } else {
                    cmd.split_whitespace().map(str::to_string).collect()
                };
            let failed = |message: String| {
                format!("Execution of config_version command `{cmd}` failed: {message}")
            };
            let out = runner.run(&argv, ".").map_err(failed)?;
            if out.status != 0 {
                return Err(failed(format!(
                    "Execution of '{cmd}' returned {}: {}",
                    out.status,
                    out.output.trim_end()
                )));
            }
            Ok(out.output.trim().to_string())
        };
        Some(self.version.get_or_init(run).clone())
    }

    /// Loads an environment directory: `environment.conf` (`modulepath`, `manifest`),
    /// the main manifest(s) (a file or a directory read in alphabetical order, default
    /// `manifests/`) and the modulepath (default `modules/`). Module code is loaded on
    /// demand.
    pub fn load(
        name: &str,
        root: &Path,
        sources: Arc<dyn SourceDb>,
    ) -> Result<Environment, LoadError> {
        Self::load_with(name, root, sources, Legacy::default())
    }

    /// [`Environment::load`] with Puppet 3 behaviours.
    pub fn load_with(
        name: &str,
        root: &Path,
        sources: Arc<dyn SourceDb>,
        legacy: Legacy,
    ) -> Result<Environment, LoadError> {
        let options = LoadOptions {
            legacy,
            ..LoadOptions::default()
        };
        Self::load_with_options(name, root, sources, options)
    }

    /// [`Environment::load`] with Puppet 3 behaviours and the settings the code is
    /// validated under.
    pub fn load_with_options(
        name: &str,
        root: &Path,
        sources: Arc<dyn SourceDb>,
        options: LoadOptions,
    ) -> Result<Environment, LoadError> {
        let legacy = options.legacy;
        let conf = sources
            .read(&root.join("environment.conf"))
            .unwrap_or_default();
        let setting = |key: &str| -> Option<String> {
            conf.lines().find_map(|line| {
                let line = line.trim();
                let (k, v) = line.split_once('=')?;
                (k.trim() == key).then(|| v.trim().trim_matches('"').to_string())
            })
        };
        let modulepath = match setting("modulepath") {
            Some(mp) => mp
                .split(':')
                .filter(|p| !p.is_empty() && !p.contains('$'))
                .map(|p| {
                    if Path::new(p).is_absolute() {
                        PathBuf::from(p)
                    } else {
                        root.join(p)
                    }
                })
                .collect(),
            None => vec![root.join("modules")],
        };
        let manifest = match setting("manifest") {
            Some(m) if Path::new(&m).is_absolute() => PathBuf::from(m),
            Some(m) => root.join(m),
            None => root.join("manifests"),
        };
        let modules = Arc::new(modules::Modules::new(
            sources.clone(),
            root.to_path_buf(),
            modulepath.clone(),
        ));
        let ahead = ahead::ParseAhead::new(
            sources.clone(),
            modules.clone(),
            marionette_syntax::validate::ValidateOptions {
                legacy_node_inheritance: legacy.node_inheritance,
                skip_definition_checks: true,
                strict_error: options.strict_error,
            },
            &manifest,
        );
        let mut env = Environment {
            name: name.to_string(),
            root: root.to_path_buf(),
            modulepath,
            manifest: manifest.clone(),
            // Relative to the environment, as Puppet expands it (not `$setting`s).
            config_version: setting("config_version")
                .map(
                    |v| match v.starts_with('$') || Path::new(&v).is_absolute() {
                        true => v,
                        false => root.join(v).to_string_lossy().into_owned(),
                    },
                )
                .unwrap_or_default(),
            version: std::sync::OnceLock::new(),
            manifests: Vec::new(),
            nodes: Vec::new(),
            sources,
            legacy,
            hiera_config: None,
            hiera_backends: marionette_lookup::Backends::default(),
            functions: Default::default(),
            strict_error: options.strict_error,
            hiera: std::sync::OnceLock::new(),
            registry: Mutex::new(Registry::default()),
            modules,
            module_files: Mutex::new(HashMap::new()),
            module_file_paths: Mutex::new(HashMap::new()),
            param_types: Mutex::new(HashMap::new()),
            ahead,
            resources_seen: std::sync::atomic::AtomicUsize::new(0),
        };
        let mut files = Vec::new();
        if env.sources.is_dir(&manifest) {
            // Puppet reads `**/*.pp` under the manifest directory, sorted by path.
            let mut dirs = vec![manifest.clone()];
            while let Some(dir) = dirs.pop() {
                for entry in env.sources.list(&dir).unwrap_or_default() {
                    if env.sources.is_dir(&entry) {
                        dirs.push(entry);
                    } else if entry.extension().is_some_and(|e| e == "pp") {
                        files.push(entry);
                    }
                }
            }
            // As strings (Ruby's sort), not by path components: `a.pp` before `a/b.pp`.
            files.sort_by(|a, b| a.as_os_str().cmp(b.as_os_str()));
        } else if env.sources.is_file(&manifest) {
            files.push(manifest);
        }
        if legacy.import {
            files = env.with_imports(files)?;
        }
        for path in files {
            let file = env.load_file(&path)?.expect("a listed file loads");
            collect_nodes(&file.program.body, &file, &mut env.nodes);
            {
                let mut registry = env.registry.lock().unwrap();
                for expr in &file.program.body {
                    if let ExprKind::Node(def) = &expr.kind {
                        let line = file.line(def.span.start);
                        for m in &def.matchers {
                            let name = match m {
                                NodeMatcher::Name(n) => n.to_lowercase(),
                                NodeMatcher::Regex(r) => node_regex_name(r),
                                NodeMatcher::Default => "default".into(),
                            };
                            check_clash(&mut registry, DefKind::Node, &name, &file.path, line)?;
                        }
                    }
                }
            }
            env.manifests.push(file);
        }
        Ok(env)
    }

    /// Puppet 3's `import`: each main manifest followed by the files its top-level
    /// `import 'glob'` statements name (relative to its directory), recursively, each
    /// file once.
    fn with_imports(&self, files: Vec<PathBuf>) -> Result<Vec<PathBuf>, LoadError> {
        use marionette_syntax::model::{Literal, StrPart};
        let mut out: Vec<PathBuf> = Vec::new();
        let mut todo: Vec<PathBuf> = files.into_iter().rev().collect();
        while let Some(path) = todo.pop() {
            if out.contains(&path) {
                continue;
            }
            out.push(path.clone());
            let Some(file) = self.load_file(&path)? else {
                continue;
            };
            let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
            let mut imported = Vec::new();
            for expr in &file.program.body {
                let ExprKind::Call(call) = &expr.kind else {
                    continue;
                };
                if !matches!(&call.callee.kind, ExprKind::QualifiedName(n) if n == "import") {
                    continue;
                }
                for arg in &call.args {
                    let pattern = match &arg.kind {
                        ExprKind::Literal(Literal::String(s)) => s.clone(),
                        ExprKind::Concat(parts)
                            if parts.iter().all(|p| matches!(p, StrPart::Text(_))) =>
                        {
                            parts
                                .iter()
                                .map(|p| {
                                    if let StrPart::Text(t) = p {
                                        t.as_str()
                                    } else {
                                        ""
                                    }
                                })
                                .collect()
                        }
                        _ => continue,
                    };
                    let pattern = if pattern.ends_with(".pp") || pattern.contains('*') {
                        pattern
                    } else {
                        format!("{pattern}.pp")
                    };
                    imported.extend(self.glob(&dir, &pattern));
                }
            }
            todo.extend(imported.into_iter().rev());
        }
        Ok(out)
    }

    /// Files matching a relative pattern whose `*` stand for any characters within one
    /// path segment, sorted.
    fn glob(&self, dir: &Path, pattern: &str) -> Vec<PathBuf> {
        let mut current = vec![dir.to_path_buf()];
        for segment in pattern.split('/').filter(|s| !s.is_empty()) {
            let mut next = Vec::new();
            for base in &current {
                if segment.contains('*') {
                    let mut entries = self.sources.list(base).unwrap_or_default();
                    entries.sort();
                    next.extend(entries.into_iter().filter(|p| {
                        p.file_name()
                            .and_then(|n| n.to_str())
                            .is_some_and(|n| wildcard(segment, n))
                    }));
                } else {
                    next.push(base.join(segment));
                }
            }
            current = next;
        }
        current.retain(|p| self.sources.is_file(p));
        current
    }

    /// Parses a file once and registers its definitions. `Ok(None)` if it does not exist.
    pub fn load_file(&self, path: &Path) -> Result<Option<Arc<SourceFile>>, LoadError> {
        if let Some(done) = self.registry.lock().unwrap().loaded.get(path) {
            return Ok(done.clone());
        }
        let Some(parsed) = self.ahead.parse(path) else {
            self.registry
                .lock()
                .unwrap()
                .loaded
                .insert(path.to_path_buf(), None);
            return Ok(None);
        };
        if let Some(error) = &parsed.error {
            return Err(error.clone());
        }
        let file = parsed.file.clone();
        let mut registry = self.registry.lock().unwrap();
        register(&mut registry, &file.program.body, &file)?;
        registry
            .loaded
            .insert(path.to_path_buf(), Some(file.clone()));
        Ok(Some(file))
    }

    /// Parses, lowers and validates EPP template code under the environment's
    /// settings (`strict = error`).
    pub(crate) fn check_template(&self, text: &str) -> marionette_syntax::Checked {
        let options = marionette_syntax::validate::ValidateOptions {
            strict_error: self.strict_error,
            ..Default::default()
        };
        marionette_syntax::check_with(text, true, options)
    }

    /// Parses an EPP template once (its definitions are not registered anywhere).
    pub fn load_template(&self, path: &Path) -> Result<Arc<SourceFile>, LoadError> {
        if let Some(done) = self.registry.lock().unwrap().templates.get(path) {
            return Ok(done.clone());
        }
        let text = self.sources.read(path).map_err(|e| LoadError {
            path: path.display().to_string(),
            line: 0,
            column: 0,
            message: e.to_string(),
            parse: true,
            positionless: false,
            logged: Vec::new(),
        })?;
        let checked = self.check_template(&text);
        let lines = LineIndex::new(&text);
        let path_str = path.to_string_lossy().into_owned();
        if let Some(error) = load_error(&path_str, &text, &lines, &checked, false) {
            return Err(error);
        }
        let file = Arc::new(SourceFile::new(path_str, text, lines, checked.program));
        self.registry
            .lock()
            .unwrap()
            .templates
            .insert(path.to_path_buf(), file.clone());
        Ok(file)
    }

    /// Reads and parses an ERB template file once per run; `None` if it cannot be read.
    /// (A syntax error is not kept: the next render reports it again.)
    pub fn load_erb_template(
        &self,
        path: &Path,
    ) -> Option<Result<Arc<marionette_erb::Template>, marionette_erb::ErbError>> {
        if let Some(done) = self.registry.lock().unwrap().erb_templates.get(path) {
            return Some(Ok(done.clone()));
        }
        let template = self.ahead.parse_erb(path)?;
        if let Ok(parsed) = &template {
            self.registry
                .lock()
                .unwrap()
                .erb_templates
                .insert(path.to_path_buf(), parsed.clone());
        }
        Some(template)
    }

    /// The full path of `module/rest` under the module's `subdir`, if that file
    /// exists (Puppet's module file references: templates, `file()`, `epp()`).
    pub fn module_file(&self, name: &str, subdir: &str) -> Option<PathBuf> {
        if let Some(known) = self
            .module_file_paths
            .lock()
            .unwrap()
            .get(subdir)
            .and_then(|names| names.get(name))
        {
            return known.clone();
        }
        let (module, rest) = name.split_once('/')?;
        let found = self.module_dir(module).and_then(|dir| {
            let full = dir.join(subdir).join(rest);
            self.module_file_exists(&full).then_some(full)
        });
        self.module_file_paths
            .lock()
            .unwrap()
            .entry(subdir.to_string())
            .or_default()
            .insert(name.to_string(), found.clone());
        found
    }

    /// Whether a file of a module (a template, a `file()`) exists; asked of the
    /// source database once per run.
    pub fn module_file_exists(&self, path: &Path) -> bool {
        let mut known = self.module_files.lock().unwrap();
        if let Some(&exists) = known.get(path) {
            return exists;
        }
        let exists = self.sources.is_file(path);
        known.insert(path.to_path_buf(), exists);
        exists
    }

    /// The shared type of a class or define parameter (see `param_types`).
    pub(crate) fn param_type(&self, expr: &Expr) -> Option<Arc<crate::types::PType>> {
        let key = expr as *const Expr as usize;
        self.param_types.lock().unwrap().get(&key).cloned()
    }

    /// Shares the type of a parameter whose type expression is static (a type that
    /// [`outlives_compile`](crate::types::outlives_compile)).
    pub(crate) fn keep_param_type(&self, expr: &Expr, ty: Arc<crate::types::PType>) {
        let key = expr as *const Expr as usize;
        self.param_types.lock().unwrap().insert(key, ty);
    }

    /// The directory of a module on the modulepath.
    pub fn module_dir(&self, module: &str) -> Option<PathBuf> {
        self.modules.dir(module)
    }

    /// Loads the file that should define `name` (`a::b::c` → `a/manifests/b/c.pp`, `a` →
    /// `a/manifests/init.pp`) from `subdir` (`manifests`, `functions`, `types`).
    fn autoload(&self, name: &str, subdir: &str) -> Result<(), LoadError> {
        let name = marionette_syntax::names::lowercase(marionette_syntax::names::trim_root(name));
        let mut segments: Vec<&str> = marionette_syntax::names::segments(&name).collect();
        let module = segments.remove(0);
        // A directory whose name is no module name (`saz-rsyslog`) is no module:
        // Puppet loads nothing from it.
        if !is_module_name(module) {
            return Ok(());
        }
        let Some(dir) = self.module_dir(module) else {
            return Ok(());
        };
        let mut path = dir.join(subdir);
        if segments.is_empty() {
            path.push("init.pp");
        } else {
            // Puppet's `Module#match_manifests` loads the module's init.pp before any
            // other of its manifests, "in case the class is defined there" (#4220).
            if subdir == "manifests" {
                self.load_file(&path.join("init.pp"))?;
            }
            let last = segments.pop().unwrap_or_default();
            for seg in segments {
                path.push(seg);
            }
            path.push(format!("{last}.pp"));
        }
        let file = self.load_file(&path)?;
        if let Some(file) = file {
            definition_file_error(&name, subdir, &file)?;
        }
        Ok(())
    }

    pub fn find_class(&self, name: &str) -> Result<Option<Def<ClassDef>>, LoadError> {
        let key = marionette_syntax::names::lowercase(marionette_syntax::names::trim_root(name));
        if let Some(def) = self.registry.lock().unwrap().classes.get(&*key) {
            return Ok(Some(def.clone()));
        }
        self.autoload(&key, "manifests")?;
        if marionette_syntax::names::is_qualified(&key) {
            // A class may also live in the module's init.pp or a parent file.
            let mut parts: Vec<&str> = key.split("::").collect();
            while parts.len() > 1 && !self.registry.lock().unwrap().classes.contains_key(&*key) {
                parts.pop();
                self.autoload(&parts.join("::"), "manifests")?;
            }
        }
        Ok(self.registry.lock().unwrap().classes.get(&*key).cloned())
    }

    pub fn find_define(&self, name: &str) -> Result<Option<Def<DefineDef>>, LoadError> {
        let key = marionette_syntax::names::lowercase(marionette_syntax::names::trim_root(name));
        if let Some(def) = self.registry.lock().unwrap().defines.get(&*key) {
            return Ok(Some(def.clone()));
        }
        self.autoload(&key, "manifests")?;
        if marionette_syntax::names::is_qualified(&key)
            && !self.registry.lock().unwrap().defines.contains_key(&*key)
        {
            let module = key.split("::").next().unwrap_or_default().to_string();
            self.autoload(&module, "manifests")?;
        }
        Ok(self.registry.lock().unwrap().defines.get(&*key).cloned())
    }

    pub fn find_function(&self, name: &str) -> Result<Option<Def<FunctionDef>>, LoadError> {
        let key = marionette_syntax::names::lowercase(marionette_syntax::names::trim_root(name));
        if let Some(def) = self.registry.lock().unwrap().functions.get(&*key) {
            return Ok(Some(def.clone()));
        }
        if marionette_syntax::names::is_qualified(&key) {
            self.autoload(&key, "functions")?;
        }
        if !self.registry.lock().unwrap().functions.contains_key(&*key) {
            self.autoload_from_environment(&key, "functions")?;
        }
        Ok(self.registry.lock().unwrap().functions.get(&*key).cloned())
    }

    pub fn find_alias(&self, name: &str) -> Result<Option<Def<TypeAlias>>, LoadError> {
        let key = marionette_syntax::names::lowercase(marionette_syntax::names::trim_root(name));
        if let Some(def) = self.registry.lock().unwrap().aliases.get(&*key) {
            return Ok(Some(def.clone()));
        }
        if marionette_syntax::names::is_qualified(&key) {
            self.autoload(&key, "types")?;
        }
        if !self.registry.lock().unwrap().aliases.contains_key(&*key) {
            self.autoload_from_environment(&key, "types")?;
        }
        if !marionette_syntax::names::is_qualified(&key)
            && !self.registry.lock().unwrap().aliases.contains_key(&*key)
        {
            // A type named as a module is that module's TypeSet, in
            // `types/init_typeset.pp`.
            if let Some(dir) = self.module_dir(&key).filter(|_| is_module_name(&key)) {
                self.load_file(&dir.join("types").join(INIT_TYPESET))?;
            }
        }
        Ok(self.registry.lock().unwrap().aliases.get(&*key).cloned())
    }

    /// [`Environment::find_alias`], when the definition comes from the file the name
    /// maps to (a module's `types/`, its `types/init_typeset.pp`, the environment's own
    /// `types/`): where Puppet's loaders look for the TypeSet that may hold a
    /// qualified type without a file of its own, by each of the type's parent names.
    /// A type defined in the main manifest is not found so.
    pub fn find_alias_in_types_file(
        &self,
        name: &str,
    ) -> Result<Option<Def<TypeAlias>>, LoadError> {
        let Some(def) = self.find_alias(name)? else {
            return Ok(None);
        };
        let key = marionette_syntax::names::lowercase(marionette_syntax::names::trim_root(name));
        let mut segments = marionette_syntax::names::segments(&key);
        let first = segments.next().unwrap_or_default();
        let rest: Vec<&str> = segments.collect();
        let path = Path::new(&def.file.path);
        let in_types = |relative: &str| path.ends_with(Path::new("types").join(relative));
        let found = if rest.is_empty() {
            in_types(&format!("{first}.pp")) || in_types(INIT_TYPESET)
        } else {
            in_types(&format!("{}.pp", rest.join("/")))
        };
        Ok(found.then_some(def))
    }

    /// Puppet's environment loader: the environment's own `functions/` and `types/`
    /// hold global names (`f` in `functions/f.pp`) and names in the `environment`
    /// namespace (`environment::f` in `functions/environment/f.pp`), nothing else.
    fn autoload_from_environment(&self, name: &str, subdir: &str) -> Result<(), LoadError> {
        if marionette_syntax::names::is_qualified(name) && !name.starts_with("environment::") {
            return Ok(());
        }
        // Loading a file again gives what it gave the first time (`loaded`), and
        // nothing more: a name whose file loaded (or was missing) once is done.
        if self
            .registry
            .lock()
            .unwrap()
            .environment_tried(subdir)
            .contains(name)
        {
            return Ok(());
        }
        let mut path = self.root.join(subdir);
        let mut segments: Vec<&str> = marionette_syntax::names::segments(name).collect();
        let last = segments.pop().unwrap_or_default();
        for seg in segments {
            path.push(seg);
        }
        path.push(format!("{last}.pp"));
        let file = self.load_file(&path)?;
        self.registry
            .lock()
            .unwrap()
            .environment_tried(subdir)
            .insert(name.to_string());
        if let Some(file) = file {
            definition_file_error(name, subdir, &file)?;
        }
        Ok(())
    }

    /// Stops parsing ahead (the worker thread ends after the file it is parsing): for
    /// a compile that is over, so that its remaining guesses do not take the core the
    /// catalog's output could use. Later compiles parse what they need themselves.
    pub fn stop_parse_ahead(&self) {
        self.ahead.stop();
    }

    /// The Ruby resource type of this (lower-case) name: Puppet's own, or the first
    /// module on the modulepath with `lib/puppet/type/<name>.rb` (read once, statically).
    pub fn ruby_type(&self, name: &str) -> Option<Arc<ResourceType>> {
        if let Some(t) = crate::restype::builtin(name) {
            return Some(t);
        }
        self.ahead.ruby_type(name)
    }

    /// The module and file of a Ruby function of this name on the modulepath
    /// (`<module>/lib/puppet/functions/<ns>/<name>.rb` for `ns::name`, in the module
    /// named `ns`; for a plain name `lib/puppet/functions/<name>.rb` or the 3.x
    /// `lib/puppet/parser/functions/<name>.rb` of any module), first module first.
    pub fn ruby_function(&self, name: &str) -> Option<(String, PathBuf)> {
        let name = marionette_syntax::names::trim_root(name);
        self.modules.function_files().get(name).cloned()
    }

    /// Whether a module ships a Ruby function of this name ([`Environment::ruby_function`]
    /// without copying its module and file: asked at every call of a bundled function).
    pub(crate) fn has_ruby_function(&self, name: &str) -> bool {
        let name = marionette_syntax::names::trim_root(name);
        self.modules.function_files().contains_key(name)
    }
}

/// The file of a module's TypeSet, the type named as the module.
const INIT_TYPESET: &str = "init_typeset.pp";

/// Whether `name` can name a module (`[a-z][a-z0-9_]*`), as the directories of the
/// modulepath Puppet takes for modules are named.
fn is_module_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_lowercase())
        && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// What Puppet's loader of functions and types (`subdir` `functions` or `types`; no
/// check for `manifests`) finds wrong with the file it loaded for `name` (lower case):
/// it must hold that one function or type alias and nothing else. Reported at the use
/// (`Error while evaluating a Function Call, The code loaded from ...`).
fn definition_file_error(name: &str, subdir: &str, file: &SourceFile) -> Result<(), LoadError> {
    let function = match subdir {
        "functions" => true,
        "types" => false,
        _ => return Ok(()),
    };
    let from = &file.path;
    let definitions = marionette_syntax::validate::definitions(&file.program);
    let alone = || {
        file.program
            .body
            .iter()
            .filter(|e| !matches!(e.kind, ExprKind::Nop))
            .count()
            == 1
    };
    let message = match (definitions.as_slice(), function) {
        ([], true) => format!("The code loaded from {from} does not define the function '{name}' - it is empty."),
        ([], false) => format!("The code loaded from {from} does not define the type '{name}' - it is empty."),
        ([only], true) => match &only.kind {
            ExprKind::Function(f) if f.name != name => format!(
                "The code loaded from {from} produced function with the wrong name, expected {name}, actual {}",
                f.name
            ),
            ExprKind::Function(_) if alone() => return Ok(()),
            ExprKind::Function(_) => format!("The code loaded from {from} contains additional logic - can only contain the function {name}"),
            _ => format!("The code loaded from {from} does not define the function '{name}' - no function found."),
        },
        ([only], false) => match &only.kind {
            ExprKind::TypeAlias(a) if a.name.to_lowercase() != name => format!(
                "The code loaded from {from} produced type with the wrong name, expected '{name}', actual '{}'",
                a.name
            ),
            ExprKind::TypeAlias(_) if alone() => return Ok(()),
            ExprKind::TypeAlias(_) => format!("The code loaded from {from} contains additional logic - can only contain the type '{name}'"),
            _ => format!("The code loaded from {from} does not define the type '{name}' - no type alias or type definition found."),
        },
        (_, true) => format!("The code loaded from {from} must contain only the function '{name}' - it has additional definitions."),
        (_, false) => format!("The code loaded from {from} must contain only the type '{name}' - it has additional definitions."),
    };
    Err(LoadError {
        path: from.clone(),
        line: 0,
        column: 0,
        message,
        parse: false,
        positionless: true,
        logged: Vec::new(),
    })
}

/// The error Puppet reports for a file that does not parse or validate, if any: the
/// first syntax error (without a position at the end of the input), the validation
/// error, or, when validation found several, their number.
fn load_error(
    path: &str,
    text: &str,
    lines: &LineIndex,
    checked: &marionette_syntax::Checked,
    definitions: bool,
) -> Option<LoadError> {
    let Some(first) = checked.errors.first() else {
        // The file validates: what Puppet finds loading its definitions (a manifest's,
        // validated without them).
        if !definitions {
            return None;
        }
        let e = marionette_syntax::validate::definition_error(&checked.program, text, Some(path))?;
        let line = lines.line_col(text, e.range.start()).line;
        return Some(LoadError {
            path: path.to_string(),
            line,
            column: 0,
            message: e.message,
            parse: false,
            positionless: !e.located,
            logged: Vec::new(),
        });
    };
    let validation = || {
        checked.parse.errors().is_empty()
            && marionette_syntax::lower::lower(&checked.parse, text)
                .1
                .is_empty()
    };
    if checked.errors.len() > 1 && validation() {
        let count = checked.errors.len();
        let message = format!("Language validation logged {count} errors. Giving up");
        let mut logged: Vec<String> = checked
            .errors
            .iter()
            .map(|e| {
                let e = syntax_error(path, text, lines, e);
                format!(
                    "{} (file: {}, line: {}, column: {})",
                    e.message, e.path, e.line, e.column
                )
            })
            .collect();
        logged.push(message.clone());
        return Some(LoadError {
            path: path.to_string(),
            line: 0,
            column: 0,
            message,
            parse: true,
            positionless: false,
            logged,
        });
    }
    Some(syntax_error(path, text, lines, first))
}

/// One syntax error of a file, at its position (none at the end of the input:
/// Puppet's parser has no position there).
pub(crate) fn syntax_error(
    path: &str,
    text: &str,
    lines: &LineIndex,
    error: &marionette_syntax::SyntaxError,
) -> LoadError {
    let (line, column) = if error.message == marionette_syntax::SYNTAX_ERROR_AT_END {
        (0, 0)
    } else {
        let at = lines.line_col(text, error.range.start());
        (at.line, at.col)
    };
    LoadError {
        path: path.to_string(),
        line,
        column,
        message: error.message.clone(),
        parse: true,
        positionless: marionette_syntax::is_positionless(&error.message),
        logged: Vec::new(),
    }
}

/// The name Puppet gives a regex node: `__node_regexp__` and the regex source without
/// the characters that are not `[-\w:.]`, nor leading dots.
pub(crate) fn node_regex_name(source: &str) -> String {
    let cleaned: String = source
        .to_lowercase()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ':' | '.'))
        .collect();
    format!("__node_regexp__{}", cleaned.trim_start_matches('.'))
}

/// Puppet's `TypeCollection` duplicate checks: a class, define or node name may be
/// defined once (and a class name not as a node or define).
fn check_clash(
    registry: &mut Registry,
    kind: DefKind,
    name: &str,
    path: &str,
    line: u32,
) -> Result<(), LoadError> {
    let checks: &[(DefKind, &str)] = match kind {
        DefKind::Class => &[
            (
                DefKind::Class,
                "Class '{}' is already defined{}; cannot redefine",
            ),
            (
                DefKind::Node,
                "Node '{}' is already defined{}; cannot be redefined as a class",
            ),
            (
                DefKind::Define,
                "Definition '{}' is already defined{}; cannot be redefined as a class",
            ),
        ],
        DefKind::Node => &[
            (
                DefKind::Node,
                "Node '{}' is already defined{}; cannot redefine",
            ),
            (
                DefKind::Class,
                "Class '{}' is already defined{}; cannot be redefined as a node",
            ),
        ],
        DefKind::Define => &[
            (
                DefKind::Class,
                "'{}' is already defined{} as a class; cannot redefine as a definition",
            ),
            (
                DefKind::Define,
                "Definition '{}' is already defined{}; cannot be redefined",
            ),
        ],
    };
    for (other, template) in checks {
        if let Some((opath, oline)) = registry.origins.get(&(*other, name.to_string())) {
            if opath == path && *oline == line && *other == kind {
                return Ok(()); // the same definition seen again
            }
            let at = format!(" (file: {opath}, line: {oline})");
            let message = template.replacen("{}", name, 1).replacen("{}", &at, 1);
            return Err(LoadError {
                path: path.to_string(),
                line,
                column: 0,
                message,
                parse: false,
                positionless: false,
                logged: Vec::new(),
            });
        }
    }
    registry
        .origins
        .insert((kind, name.to_string()), (path.to_string(), line));
    Ok(())
}

fn register(
    registry: &mut Registry,
    body: &[Expr],
    file: &Arc<SourceFile>,
) -> Result<(), LoadError> {
    for expr in body {
        let line = |span: marionette_syntax::model::Span| file.line(span.start);
        match &expr.kind {
            ExprKind::Class(def) => {
                let name = def.name.to_lowercase();
                check_clash(registry, DefKind::Class, &name, &file.path, line(def.span))?;
                registry.classes.entry(name).or_insert(Def {
                    def: def.clone(),
                    file: file.clone(),
                });
                register(registry, &def.body.statements, file)?;
            }
            ExprKind::Define(def) => {
                let name = def.name.to_lowercase();
                check_clash(registry, DefKind::Define, &name, &file.path, line(def.span))?;
                registry.defines.entry(name).or_insert(Def {
                    def: def.clone(),
                    file: file.clone(),
                });
            }
            ExprKind::Function(def) => {
                registry
                    .functions
                    .entry(def.name.to_lowercase())
                    .or_insert(Def {
                        def: def.clone(),
                        file: file.clone(),
                    });
            }
            ExprKind::TypeAlias(def) => {
                registry
                    .aliases
                    .entry(def.name.to_lowercase())
                    .or_insert(Def {
                        def: def.clone(),
                        file: file.clone(),
                    });
            }
            _ => {}
        }
    }
    Ok(())
}

fn collect_nodes(body: &[Expr], file: &Arc<SourceFile>, out: &mut Vec<Def<NodeDef>>) {
    for expr in body {
        if let ExprKind::Node(def) = &expr.kind {
            out.push(Def {
                def: def.clone(),
                file: file.clone(),
            });
        }
    }
}

/// `*` matches any run of characters; everything else matches itself.
fn wildcard(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, rest)) => {
            let Some(tail) = name.strip_prefix(head) else {
                return false;
            };
            (0..=tail.len())
                .filter(|&i| tail.is_char_boundary(i))
                .any(|i| wildcard(rest, &tail[i..]))
        }
    }
}

/// `name` for a `name.rb` file.
fn ruby_file_stem(path: &Path) -> Option<&str> {
    path.file_name()?.to_str()?.strip_suffix(".rb")
}
