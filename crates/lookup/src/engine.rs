//! The lookup itself (`Puppet::Pops::Lookup::LookupAdapter` and its data providers):
//! layers, hierarchy levels, locations, backends, `lookup_options`, merging, digging
//! into dotted keys, and the module `default_hierarchy`.
//!
//! [`Hiera`] is what an environment's `hiera.yaml` files say, loaded once (a module's
//! when a lookup first reaches the module) and shared by every compile of a run (with
//! the cache of parsed data files). A [`Session`] is one
//! compile's lookups: it caches `lookup_options` and backend answers, and guards against
//! recursion. The compile answers questions about its scope through [`LookupHost`].

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use marionette_catalog::Data;

use crate::backend::{BackendCall, BackendContext, Backends, DataHash};
use crate::config::{parse_hiera_config, ConfigV3, ConfigV5, ConfigWarning, HieraConfig, Level};
use crate::error::{ErrorKind, LookupError};
use crate::explain::Explainer;
use crate::interpolate::{dig_path, interpolate, split_key, InterpolationContext, Segment};
use crate::locations::{resolve_locations, text, DataFiles, ResolvedLocation, Target};
use crate::options::{get, LookupOptions};
use crate::{BackendKind, Layer, MergeStrategy};

/// Where an environment's Hiera configuration comes from.
#[derive(Debug, Clone, Default)]
pub struct HieraSources {
    /// The global `hiera.yaml` (Puppet's `hiera_config` setting). `None`: no global
    /// layer. A path that does not exist gives Puppet's default configuration there.
    pub global: Option<PathBuf>,
    /// The environment directory (its `hiera.yaml`, if any, is the environment layer).
    pub environment: PathBuf,
    /// The environment's modules, by name, each with its directory (first on the
    /// modulepath wins).
    pub modules: Vec<(String, PathBuf)>,
    /// `environment_data_provider = hiera` in `environment.conf`: the environment
    /// layer uses Puppet's default configuration when it has no `hiera.yaml`.
    pub environment_default: bool,
    /// Puppet's `strict = error`: a version 3 file outside the global layer, or a data
    /// file that is not a hash, is an error instead of a warning.
    pub strict_error: bool,
}

/// A layer's `hiera.yaml`, parsed.
#[derive(Debug)]
pub struct LayerConfig {
    pub layer: Layer,
    pub config: HieraConfig,
    /// The file; `None` for Puppet's default configuration.
    pub path: Option<PathBuf>,
    /// The directory paths are relative to.
    pub dir: PathBuf,
    pub warnings: Vec<ConfigWarning>,
}

impl LayerConfig {
    fn version(&self) -> u32 {
        match self.config {
            HieraConfig::V5(_) => 5,
            HieraConfig::V3(_) => 3,
        }
    }

    fn provider_name(&self) -> String {
        let place = match &self.layer {
            Layer::Global => "Global".to_string(),
            Layer::Environment => "Environment".to_string(),
            Layer::Module(m) => format!("Module \"{m}\""),
        };
        format!(
            "{place} Data Provider (hiera configuration version {})",
            self.version()
        )
    }
}

type LayerSlot = Option<Result<Arc<LayerConfig>, LookupError>>;

/// An environment's Hiera: its three layers' configurations, the backends they may name,
/// and the data files read so far (shared by the compiles of a run).
pub struct Hiera {
    global: LayerSlot,
    environment: LayerSlot,
    /// Puppet's deprecation of `environment_data_provider = hiera`, given with the
    /// environment layer's warnings.
    environment_conf_warning: Option<String>,
    /// Every module of the environment by name (the first on the modulepath).
    modules: HashMap<String, ModuleLayer>,
    backends: Backends,
    files: Arc<dyn DataFiles + Send + Sync>,
    /// Parsed data files by path.
    cache: Mutex<HashMap<PathBuf, Result<Arc<Data>, LookupError>>>,
    strict_error: bool,
}

impl std::fmt::Debug for Hiera {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hiera")
            .field("global", &self.global)
            .field("environment", &self.environment)
            .finish()
    }
}

/// A module's layer: its `hiera.yaml`, read when a lookup first reaches the module (as
/// Puppet creates a module's data provider), so that a compile reads, and warns about,
/// only the files of the modules it looks keys up in.
struct ModuleLayer {
    file: PathBuf,
    /// `None`: the module has no `hiera.yaml`.
    config: OnceLock<LayerSlot>,
}

impl Hiera {
    /// Reads the configuration files of the global and environment layers; a module's
    /// is read when a lookup first needs it. A file that does not parse is remembered
    /// and reported by the first lookup that needs it, as Puppet does.
    pub fn load(
        sources: &HieraSources,
        backends: Backends,
        files: Arc<dyn DataFiles + Send + Sync>,
    ) -> Hiera {
        let global = sources
            .global
            .as_ref()
            .map(|path| load_layer(files.as_ref(), path, Layer::Global, true));
        let env_file = sources.environment.join("hiera.yaml");
        let environment = (sources.environment_default || files.exists(&env_file))
            .then(|| load_layer(files.as_ref(), &env_file, Layer::Environment, true));
        let mut modules = HashMap::new();
        for (name, dir) in &sources.modules {
            modules.entry(name.clone()).or_insert_with(|| ModuleLayer {
                file: dir.join("hiera.yaml"),
                config: OnceLock::new(),
            });
        }
        let environment_conf_warning = sources.environment_default.then(|| {
            let conf = sources.environment.join("environment.conf");
            format!(
                "Defining environment_data_provider='hiera' in environment.conf is deprecated. A 'hiera.yaml' file should be used instead\n   (file: {})",
                conf.display()
            )
        });
        let mut hiera = Hiera {
            global,
            environment,
            environment_conf_warning,
            modules,
            backends,
            files,
            cache: Mutex::new(HashMap::new()),
            strict_error: sources.strict_error,
        };
        if hiera.strict_error {
            if let Some(slot) = &mut hiera.environment {
                refuse_version_3(slot);
            }
        }
        hiera
    }

    /// A module's layer, its `hiera.yaml` read now if this is the first lookup to need
    /// it; `None` when there is no such module or it has no `hiera.yaml`.
    fn module_layer(&self, module: &str) -> LayerSlot {
        let layer = self.modules.get(module)?;
        layer
            .config
            .get_or_init(|| {
                if !self.files.exists(&layer.file) {
                    return None;
                }
                let place = Layer::Module(module.to_string());
                let mut slot = load_layer(self.files.as_ref(), &layer.file, place, false);
                if self.strict_error {
                    refuse_version_3(&mut slot);
                }
                Some(slot)
            })
            .clone()
    }

    /// Whether the environment layer has a version 5 configuration (the `hiera_*`
    /// functions only search the global layer otherwise).
    pub fn has_environment_layer(&self) -> bool {
        matches!(&self.environment, Some(Ok(c)) if c.version() == 5)
    }

    fn cached_file_data(
        &self,
        path: &Path,
        parse: &mut dyn FnMut(&str) -> Result<Data, LookupError>,
    ) -> Result<Arc<Data>, LookupError> {
        let key = path.to_path_buf();
        if let Some(hit) = self
            .cache
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
        {
            return hit.clone();
        }
        let result = match self.files.read(path) {
            Ok(text) => parse(&text).map(Arc::new),
            Err(e) => Err(LookupError::new(
                ErrorKind::Syntax,
                format!("Unable to read {}: {e}", path.display()),
            )),
        };
        self.cache
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(key)
            .or_insert(result)
            .clone()
    }
}

/// With `strict = error`, a version 3 file outside the global layer is refused
/// instead of ignored.
fn refuse_version_3(slot: &mut Result<Arc<LayerConfig>, LookupError>) {
    let Ok(c) = slot else { return };
    if c.version() != 3 || c.layer == Layer::Global {
        return;
    }
    let place = match c.layer {
        Layer::Environment => "an environment",
        _ => "a module",
    };
    let file = c.path.as_deref().unwrap_or(Path::new("hiera.yaml"));
    *slot = Err(LookupError::new(
        ErrorKind::Config,
        format!("hiera.yaml version 3 cannot be used in {place}"),
    )
    .in_file(&file.to_string_lossy(), None, None));
}

fn load_layer(
    files: &dyn DataFiles,
    path: &Path,
    layer: Layer,
    default_if_missing: bool,
) -> Result<Arc<LayerConfig>, LookupError> {
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    if default_if_missing && !files.exists(path) {
        return Ok(Arc::new(LayerConfig {
            layer,
            config: HieraConfig::V5(ConfigV5::puppet_default()),
            path: None,
            dir,
            warnings: Vec::new(),
        }));
    }
    let file = path.to_string_lossy().into_owned();
    let text = files
        .read(path)
        .map_err(|e| LookupError::new(ErrorKind::Syntax, format!("Unable to read {file}: {e}")))?;
    let parsed = parse_hiera_config(&text, &file, &layer)?;
    Ok(Arc::new(LayerConfig {
        layer,
        config: parsed.config,
        path: Some(path.to_path_buf()),
        dir,
        warnings: parsed.warnings,
    }))
}

/// What a lookup needs from the compile: the scope it runs in, `new()` for
/// `convert_to`, and the log.
pub trait LookupHost {
    /// A variable of the lookup's scope by the name written in `%{...}` (`facts`,
    /// `trusted`, `::role`, `ntp::servers`); `None` when it is not defined.
    fn variable(&mut self, name: &str) -> Option<Data>;
    /// The value at `path` inside variable `name` (see
    /// [`InterpolationContext::variable_at`]); the default digs into `variable`.
    fn variable_at(
        &mut self,
        name: &str,
        path: &[Segment],
        key: &str,
    ) -> Result<Option<Data>, LookupError> {
        match self.variable(name) {
            None => Ok(None),
            Some(value) => dig_path(value, path, key),
        }
    }
    /// `new(T, value, args...)` for a `convert_to` of `[T, args...]`.
    fn convert(&mut self, value: Data, convert_to: &[Data]) -> Result<Data, LookupError>;
    /// A warning for the compile's log.
    fn warning(&mut self, message: String);
}

/// How a lookup is made.
#[derive(Debug, Clone, Default)]
pub struct LookupFlags {
    /// Only the global layer (`hiera_*` functions without an environment layer).
    pub global_only: bool,
    /// Called by `hiera`, `hiera_array`, `hiera_hash` or `hiera_include`.
    pub hiera_xxx: bool,
}

/// A parsed key: `a::b.c.0` → root `a::b`, segments `c`, `0`, module `a`.
#[derive(Debug, Clone)]
struct Key {
    text: String,
    root: String,
    segments: Vec<Segment>,
    module: Option<String>,
}

impl Key {
    fn parse(text: &str) -> Result<Key, LookupError> {
        let mut segments = split_key(text).ok_or_else(|| {
            LookupError::new(
                ErrorKind::Interpolation,
                format!("Syntax error in key: '{text}'"),
            )
        })?;
        let root = match segments.remove(0) {
            Segment::Key(k) => k,
            Segment::Index(i) => i.to_string(),
        };
        let module = root.find("::").map(|i| {
            if i == 0 {
                root.clone()
            } else {
                root[..i].to_string()
            }
        });
        Ok(Key {
            text: text.to_string(),
            root,
            segments,
            module,
        })
    }

    /// `LookupKey#dig`: `Ok(None)` when a segment is missing.
    fn dig(&self, value: Data) -> Result<Option<Data>, LookupError> {
        dig_path(value, &self.segments, &self.text)
    }

    /// `LookupKey#undig`: wraps a value found for the whole key so that `dig` finds it.
    fn undig(&self, value: Data) -> Data {
        self.segments
            .iter()
            .rev()
            .fold(value, |memo, seg| match seg {
                Segment::Index(i) => {
                    let n = usize::try_from(*i).unwrap_or(0);
                    let mut a = vec![Data::Undef; n];
                    a.push(memo);
                    Data::Array(a)
                }
                Segment::Key(k) => Data::Hash(vec![(Data::String(k.clone()), memo)]),
            })
    }
}

const LOOKUP_OPTIONS: &str = "lookup_options";

/// One compile's lookups.
pub struct Session<'h> {
    hiera: &'h Hiera,
    /// Compiled `lookup_options` by module (`None`: keys without a module).
    options: HashMap<Option<String>, Option<Arc<LookupOptions>>>,
    global_options: Option<Option<Data>>,
    env_options: Option<Option<Data>>,
    default_options: HashMap<String, Option<Arc<LookupOptions>>>,
    /// Data hashes by level and location (module layers filtered to the module's keys).
    hashes: HashMap<String, HashMap<String, Arc<DataHash>>>,
    /// `lookup_key` and `data_dig` answers by level, location and key.
    answers: HashMap<(String, String), Option<Data>>,
    /// What backends keep for the compile (`BackendContext::cache_value`).
    backend_values: HashMap<String, Arc<Data>>,
    /// Levels resolved from the facts alone, by layer, index and default hierarchy.
    plans: HashMap<(usize, usize, bool), Arc<LevelPlan>>,
    /// Levels resolved with variables that may change during the compile
    /// (`%{::role}`), with those variables' values then: good while they are the same.
    volatile_plans: HashMap<(usize, usize, bool), Arc<VolatilePlan>>,
    name_stack: Vec<String>,
    /// Whether the global and environment layers' warnings were given.
    warned: bool,
    /// The modules whose layer's warnings were given.
    warned_modules: HashSet<String>,
    /// Whether a `hiera.yaml` deprecation was given (Puppet gives one per compile).
    warned_deprecation: bool,
    explainer: Option<Explainer>,
}

impl<'h> Session<'h> {
    pub fn new(hiera: &'h Hiera) -> Session<'h> {
        Session {
            hiera,
            options: HashMap::new(),
            global_options: None,
            env_options: None,
            default_options: HashMap::new(),
            hashes: HashMap::new(),
            answers: HashMap::new(),
            backend_values: HashMap::new(),
            plans: HashMap::new(),
            volatile_plans: HashMap::new(),
            name_stack: Vec::new(),
            warned: false,
            warned_modules: HashSet::new(),
            warned_deprecation: false,
            explainer: None,
        }
    }

    pub fn hiera(&self) -> &'h Hiera {
        self.hiera
    }

    /// Records what the next lookups do, for `--explain`.
    pub fn start_explaining(&mut self) {
        self.explainer = Some(Explainer::default());
    }

    /// The explanation recorded since `start_explaining`.
    pub fn take_explanation(&mut self) -> String {
        self.explainer
            .take()
            .map(Explainer::finish)
            .unwrap_or_default()
    }

    /// Gives a layer's configuration warnings, at the compile's first use of the layer
    /// (when Puppet reads its file): a deprecation only if none was given yet.
    fn config_warnings(&mut self, config: &LayerConfig, host: &mut dyn LookupHost) {
        for warning in &config.warnings {
            if let ConfigWarning::Deprecation(_) = warning {
                if std::mem::replace(&mut self.warned_deprecation, true) {
                    continue;
                }
            }
            host.warning(warning.text().to_string());
        }
    }

    /// Looks up `key` in every layer. `merge` is the strategy asked for (a name or a
    /// hash with `strategy`); `None` uses the key's `lookup_options`. `Ok(None)` is
    /// "not found".
    pub fn lookup(
        &mut self,
        key: &str,
        merge: Option<&Data>,
        flags: &LookupFlags,
        host: &mut dyn LookupHost,
    ) -> Result<Option<Data>, LookupError> {
        if !self.warned {
            self.warned = true;
            let hiera = self.hiera;
            if let Some(Ok(config)) = &hiera.global {
                self.config_warnings(config, host);
            }
            if let Some(warning) = &hiera.environment_conf_warning {
                host.warning(warning.clone());
            }
            if let Some(Ok(config)) = &hiera.environment {
                self.config_warnings(config, host);
            }
        }
        let outermost = self.name_stack.is_empty();
        let mut cx = Cx {
            s: self,
            host,
            flags: flags.clone(),
            volatile: false,
            planning: None,
        };
        cx.lookup(key, merge).map_err(|mut e| {
            if outermost && e.message.starts_with("Recursive lookup detected") {
                e.message = format!("Lookup of key '{key}' failed: {}", e.message);
            }
            e
        })
    }
}

/// A session and the host of one lookup.
struct Cx<'a, 'h> {
    s: &'a mut Session<'h>,
    host: &'a mut dyn LookupHost,
    flags: LookupFlags,
    /// Set when an interpolation reads a variable that may change during the compile
    /// (anything but `$facts`, `$trusted` and `$server_facts`).
    volatile: bool,
    /// While a level is planned: what it read that `volatile` is about.
    planning: Option<Planning>,
}

/// What planning a level read of the variables that may change during the compile;
/// `nested` when an interpolation looked a key up (the plan then depends on data too).
#[derive(Default)]
struct Planning {
    reads: Vec<VolatileRead>,
    nested: bool,
}

/// A level's plan and the reads of variables that may change it depends on.
struct VolatilePlan {
    reads: Vec<VolatileRead>,
    plan: Arc<LevelPlan>,
}

/// A variable an interpolation read (`%{role}`, or `%{role.a}`: `path` and the text
/// `key`), and its value then.
#[derive(Clone, PartialEq)]
struct VolatileRead {
    name: String,
    path: Option<(Vec<Segment>, String)>,
    value: Option<Data>,
}

/// A hierarchy level resolved for the compile: its locations, options and backend.
/// Kept in the session when it depends on nothing but the node's facts.
struct LevelPlan {
    locations: Vec<Option<ResolvedLocation>>,
    options: Vec<(String, Data)>,
    backend: Arc<dyn crate::backend::Backend>,
    kind: BackendKind,
    function: String,
    level_id: String,
}

/// Variables no manifest can assign, so the same all compile long.
fn stable_variable(name: &str) -> bool {
    matches!(
        name.trim_start_matches(':'),
        "facts" | "trusted" | "server_facts"
    )
}

/// A hierarchy level ready to be asked: its layer, backend and options.
#[derive(Clone, Copy)]
struct Provider<'p> {
    lc: &'p Arc<LayerConfig>,
    backend: &'p Arc<dyn crate::backend::Backend>,
    kind: BackendKind,
    function: &'p str,
    options: &'p [(String, Data)],
    /// Names the level in the per-compile caches.
    level_id: &'p str,
}

#[derive(Clone, Copy)]
enum Place<'m> {
    Global,
    Environment,
    Module(&'m str),
}

impl InterpolationContext for Cx<'_, '_> {
    fn variable(&mut self, name: &str) -> Option<Data> {
        let value = self.host.variable(name);
        self.read(name, None, value.as_ref());
        value
    }
    fn variable_at(
        &mut self,
        name: &str,
        path: &[Segment],
        key: &str,
    ) -> Result<Option<Data>, LookupError> {
        let value = self.host.variable_at(name, path, key)?;
        self.read(name, Some((path, key)), value.as_ref());
        Ok(value)
    }
    fn lookup(&mut self, key: &str) -> Result<Option<Data>, LookupError> {
        if let Some(planning) = &mut self.planning {
            planning.nested = true;
        }
        Cx::lookup(self, key, None)
    }
    fn name_stack(&mut self) -> &mut Vec<String> {
        &mut self.s.name_stack
    }
}

impl Cx<'_, '_> {
    /// Notes an interpolation's read of a variable.
    fn read(&mut self, name: &str, path: Option<(&[Segment], &str)>, value: Option<&Data>) {
        if stable_variable(name) {
            return;
        }
        self.volatile = true;
        if let Some(planning) = &mut self.planning {
            planning.reads.push(VolatileRead {
                name: name.to_string(),
                path: path.map(|(p, k)| (p.to_vec(), k.to_string())),
                value: value.cloned(),
            });
        }
    }

    /// A plan made with variables that may change, if they still have the values
    /// they had then (the reads count as this lookup's, as planning's would).
    fn reusable_plan(&mut self, id: &(usize, usize, bool)) -> Option<Arc<LevelPlan>> {
        if self.s.explainer.is_some() {
            return None;
        }
        let entry = self.s.volatile_plans.get(id)?.clone();
        let VolatilePlan { reads, plan } = &*entry;
        for r in reads {
            let now = match &r.path {
                None => self.host.variable(&r.name),
                Some((path, key)) => self.host.variable_at(&r.name, path, key).ok()?,
            };
            if now != r.value {
                return None;
            }
        }
        self.volatile = true;
        if let Some(planning) = &mut self.planning {
            planning.reads.extend(reads.iter().cloned());
        }
        Some(plan.clone())
    }

    fn explain(&mut self, text: impl FnOnce() -> String) {
        if let Some(e) = &mut self.s.explainer {
            e.line(text());
        }
    }

    fn indent(&mut self, by: i32) {
        if let Some(e) = &mut self.s.explainer {
            e.indent(by);
        }
    }

    fn explaining(&self) -> bool {
        self.s.explainer.is_some()
    }

    /// Opens Puppet's "Merge strategy X" block around a merge of several places.
    fn open_merge(&mut self, strategy: &MergeStrategy, variants: usize) -> bool {
        let open = *strategy != MergeStrategy::First && variants > 1 && self.explaining();
        if open {
            self.explain(|| format!("Merge strategy {}", strategy_name(strategy)));
            self.indent(1);
        }
        open
    }

    /// Closes the block `open_merge` opened, with the merged result.
    fn close_merge(&mut self, open: bool, result: &Option<Data>) {
        if open {
            if let Some(v) = result {
                let shown = crate::explain::render(v);
                self.explain(|| format!("Merged result: {shown}"));
            }
            self.indent(-1);
        }
    }

    fn lookup(&mut self, key: &str, merge: Option<&Data>) -> Result<Option<Data>, LookupError> {
        if key == LOOKUP_OPTIONS || key.starts_with("lookup_options.") {
            self.explain(|| format!("Invalid key \"{LOOKUP_OPTIONS}\""));
            return Ok(None);
        }
        let key = Key::parse(key)?;
        let options = self.options_for(&key)?;
        let merge_from_options;
        let merge = match merge {
            Some(m) => Some(m),
            None => {
                merge_from_options = options.as_ref().and_then(|o| get(o, "merge")).cloned();
                if merge_from_options.is_some() {
                    self.explain(|| "Using merge options from \"lookup_options\" hash".into());
                }
                merge_from_options.as_ref()
            }
        };
        let strategy = match merge {
            None => MergeStrategy::First,
            Some(m) => MergeStrategy::from_data(m)?,
        };
        self.explain(|| format!("Searching for \"{}\"", key.text));
        self.indent(1);
        let found = self.search(&key, &strategy);
        self.indent(-1);
        let found = match found? {
            Some(v) => Some(v),
            None if self.flags.global_only => None,
            None => self.lookup_default_in_module(&key)?,
        };
        let Some(value) = found else {
            return Ok(None);
        };
        match options.as_ref().and_then(|o| get(o, "convert_to")) {
            None | Some(Data::Undef) => Ok(Some(value)),
            Some(spec) => {
                let spec = match spec {
                    Data::Array(items) => items.clone(),
                    other => vec![other.clone()],
                };
                self.explain(|| "Applying convert_to lookup_option".into());
                self.host.convert(value, &spec).map(Some).map_err(|e| {
                    LookupError::new(
                        ErrorKind::Merge,
                        format!(
                            "The convert_to lookup_option for key '{}' raised error: {}",
                            key.text, e.message
                        ),
                    )
                })
            }
        }
    }

    /// `do_lookup`: every layer, merged, then dug into.
    fn search(&mut self, key: &Key, strategy: &MergeStrategy) -> Result<Option<Data>, LookupError> {
        let mut found = Vec::new();
        let module = key.module.clone();
        let mut places = vec![Place::Global];
        if !self.flags.global_only {
            places.push(Place::Environment);
            if let Some(m) = &module {
                places.push(Place::Module(m));
            }
        }
        let open = !self.flags.global_only && self.open_merge(strategy, 3);
        for place in places {
            let v = self.layer_lookup(place, key, strategy, false);
            if let Some(v) = v? {
                found.push(v);
                if *strategy == MergeStrategy::First {
                    break;
                }
            }
        }
        // Only the global layer: its value as it is; otherwise always three places
        // (Puppet's provider stack), even when the key has no module.
        let merged = if self.flags.global_only {
            found.pop()
        } else {
            strategy.merge_found(found, 3)?
        };
        self.close_merge(open, &merged);
        match merged {
            None => Ok(None),
            Some(v) => key.dig(v),
        }
    }

    fn layer(&mut self, place: Place<'_>) -> Option<Result<Arc<LayerConfig>, LookupError>> {
        let hiera = self.s.hiera;
        match place {
            Place::Global => hiera.global.clone(),
            Place::Environment => hiera.environment.clone(),
            Place::Module(m) => {
                let layer = hiera.module_layer(m);
                if let Some(Ok(config)) = &layer {
                    if !self.s.warned_modules.contains(m) {
                        self.s.warned_modules.insert(m.to_string());
                        self.s.config_warnings(config, self.host);
                    }
                }
                layer
            }
        }
    }

    /// One layer's data provider (`ConfiguredDataProvider#key_lookup`).
    fn layer_lookup(
        &mut self,
        place: Place<'_>,
        key: &Key,
        strategy: &MergeStrategy,
        default_hierarchy: bool,
    ) -> Result<Option<Data>, LookupError> {
        let Some(lc) = self.layer(place) else {
            if let Place::Module(m) = place {
                let known = self.s.hiera.modules.contains_key(m);
                self.explain(|| {
                    if known {
                        format!("Module \"{m}\" has no data provider")
                    } else {
                        format!("Module \"{m}\" not found")
                    }
                });
            }
            return Ok(None);
        };
        let lc = lc?;
        // A version 3 file outside the global layer is ignored (Puppet warns).
        if lc.version() == 3 && lc.layer != Layer::Global {
            return Ok(None);
        }
        if self.s.name_stack.contains(&key.text) {
            return Err(LookupError::new(
                ErrorKind::Interpolation,
                format!(
                    "Recursive lookup detected in [{}]",
                    self.s.name_stack.join(", ")
                ),
            ));
        }
        self.explain(|| lc.provider_name());
        self.indent(1);
        if let Some(path) = &lc.path {
            self.explain(|| format!("Using configuration \"{}\"", path.display()));
        }
        self.s.name_stack.push(key.text.clone());
        let result = match &lc.config {
            HieraConfig::V5(config) => {
                self.v5_lookup(&lc, config, key, strategy, default_hierarchy)
            }
            HieraConfig::V3(config) => self.v3_lookup(&lc, config, key, strategy),
        };
        self.s.name_stack.pop();
        self.indent(-1);
        result.map_err(|e| with_config_file(e, &lc))
    }

    fn v5_lookup(
        &mut self,
        lc: &Arc<LayerConfig>,
        config: &ConfigV5,
        key: &Key,
        strategy: &MergeStrategy,
        default_hierarchy: bool,
    ) -> Result<Option<Data>, LookupError> {
        let levels: &[Level] = if default_hierarchy {
            config.default_hierarchy.as_deref().unwrap_or(&[])
        } else {
            &config.hierarchy
        };
        let mut found = Vec::new();
        let open = self.open_merge(strategy, levels.len());
        for (index, level) in levels.iter().enumerate() {
            if let Some(v) =
                self.level_lookup(lc, config, level, index, default_hierarchy, key, strategy)?
            {
                found.push(v);
                if *strategy == MergeStrategy::First {
                    break;
                }
            }
        }
        if levels.is_empty() {
            self.explain(|| format!("No such key: \"{}\"", key.text));
        }
        let merged = strategy.merge_found(found, levels.len())?;
        self.close_merge(open, &merged);
        Ok(merged)
    }

    #[allow(clippy::too_many_arguments)]
    fn level_lookup(
        &mut self,
        lc: &Arc<LayerConfig>,
        config: &ConfigV5,
        level: &Level,
        index: usize,
        default_hierarchy: bool,
        key: &Key,
        strategy: &MergeStrategy,
    ) -> Result<Option<Data>, LookupError> {
        let id = (
            Arc::as_ptr(lc) as *const () as usize,
            index,
            default_hierarchy,
        );
        let known = match self.s.plans.get(&id) {
            Some(plan) => Some(plan.clone()),
            None => self.reusable_plan(&id),
        };
        let plan = match known {
            Some(plan) => plan,
            None => {
                let outer = std::mem::replace(&mut self.volatile, false);
                let outer_planning = self.planning.replace(Planning::default());
                let plan = self.plan_level(lc, config, level, index, default_hierarchy);
                let stable = !self.volatile;
                let planning =
                    std::mem::replace(&mut self.planning, outer_planning).unwrap_or_default();
                self.volatile |= outer;
                if let Some(outer) = &mut self.planning {
                    outer.nested |= planning.nested;
                    outer.reads.extend(planning.reads.iter().cloned());
                }
                let Some(plan) = plan? else {
                    return Ok(None);
                };
                let plan = Arc::new(plan);
                if stable {
                    self.s.plans.insert(id, plan.clone());
                } else if !planning.nested {
                    self.s.volatile_plans.insert(
                        id,
                        Arc::new(VolatilePlan {
                            reads: planning.reads,
                            plan: plan.clone(),
                        }),
                    );
                }
                plan
            }
        };
        let provider = Provider {
            lc,
            backend: &plan.backend,
            kind: plan.kind,
            function: &plan.function,
            options: &plan.options,
            level_id: &plan.level_id,
        };
        self.explain(|| format!("Hierarchy entry \"{}\"", level.name));
        self.indent(1);
        let merged = self.locations_lookup(&provider, &plan.locations, key, strategy, false)?;
        self.indent(-1);
        Ok(merged)
    }

    /// A level's locations, options and backend for this node; `None` when it has
    /// nothing to look in.
    fn plan_level(
        &mut self,
        lc: &Arc<LayerConfig>,
        config: &ConfigV5,
        level: &Level,
        index: usize,
        default_hierarchy: bool,
    ) -> Result<Option<LevelPlan>, LookupError> {
        let Some(function) = config.function_of(level) else {
            return Ok(None);
        };
        let Some(kind) = function.kind() else {
            return Err(LookupError::new(
                ErrorKind::Config,
                format!(
                    "hiera3_backend '{}' is not supported by Marionette",
                    function.name()
                ),
            ));
        };
        let files = self.s.hiera.files.clone();
        let in_config = |e: LookupError| match (&e.location, &lc.path) {
            (None, Some(p)) if !e.runtime => e.in_file(&p.to_string_lossy(), None, None),
            _ => e,
        };
        let locations = resolve_locations(
            config,
            level,
            &lc.dir,
            lc.path.is_none(),
            self,
            files.as_ref(),
        )
        .map_err(in_config)?;
        if lc.path.is_none() && matches!(&locations, Some(l) if l.is_empty()) {
            return Ok(None);
        }
        let options = interpolate(
            &Data::Hash(
                config
                    .options_of(level)
                    .iter()
                    .map(|(k, v)| (Data::String(k.clone()), v.clone()))
                    .collect(),
            ),
            self,
            false,
        )
        .map_err(in_config)?;
        let options: Vec<(String, Data)> = match options {
            Data::Hash(entries) => entries
                .into_iter()
                .filter_map(|(k, v)| match k {
                    Data::String(k) => Some((k, v)),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        let backend = self
            .s
            .hiera
            .backends
            .get(function.name(), kind)
            .cloned()
            .ok_or_else(|| {
                LookupError::new(
                    ErrorKind::Config,
                    format!(
                        "Unable to find '{}' function named '{}'",
                        kind_tag(kind),
                        function.name()
                    ),
                )
            })?;
        let level_id = format!(
            "{:?}/{}{}",
            lc.layer,
            if default_hierarchy { "d" } else { "" },
            index
        );
        let locations: Vec<Option<ResolvedLocation>> = match locations {
            None => vec![None],
            Some(l) => l.into_iter().map(Some).collect(),
        };
        Ok(Some(LevelPlan {
            locations,
            options,
            backend,
            kind,
            function: function.name().to_string(),
            level_id,
        }))
    }

    /// A level's locations in order, merged (`MergeStrategy#lookup` over them);
    /// `lower_first` merges them in reverse (Hiera 3's `deep`).
    fn locations_lookup(
        &mut self,
        provider: &Provider<'_>,
        locations: &[Option<ResolvedLocation>],
        key: &Key,
        strategy: &MergeStrategy,
        lower_first: bool,
    ) -> Result<Option<Data>, LookupError> {
        let open = self.open_merge(strategy, locations.len());
        let mut found = Vec::new();
        for location in locations {
            if let Some(v) = self.location_lookup(provider, location.as_ref(), key)? {
                found.push(v);
                if *strategy == MergeStrategy::First {
                    break;
                }
            }
        }
        if lower_first {
            found.reverse();
        }
        let merged = strategy.merge_found(found, locations.len())?;
        self.close_merge(open, &merged);
        Ok(merged)
    }

    /// One location of a level (or the level itself when it has none).
    fn location_lookup(
        &mut self,
        provider: &Provider<'_>,
        location: Option<&ResolvedLocation>,
        key: &Key,
    ) -> Result<Option<Data>, LookupError> {
        let Provider {
            lc,
            backend,
            kind,
            function,
            options,
            level_id,
        } = *provider;
        let (path, uri) = match location.map(|l| &l.location) {
            Some(Target::Path(p)) => (Some(p.as_path()), None),
            Some(Target::Uri(u)) => (None, Some(u.as_str())),
            None => (None, None),
        };
        if let Some(loc) = location {
            self.explain(|| match &loc.location {
                Target::Path(p) => format!("Path \"{}\"", p.display()),
                Target::Uri(u) => format!("URI \"{u}\""),
            });
            self.indent(1);
            self.explain(|| {
                format!(
                    "Original {} \"{}\"",
                    if uri.is_some() { "uri:" } else { "path:" },
                    loc.original
                )
            });
            if !loc.exists {
                self.explain(|| "Path not found".into());
                self.indent(-1);
                return Ok(None);
            }
        }
        let call = BackendCall {
            function,
            options,
            path,
            uri,
        };
        let loc_id: std::borrow::Cow<'_, str> = match location.map(|l| &l.location) {
            // (`to_str` validates UTF-8 much faster than `to_string_lossy` does.)
            Some(Target::Path(p)) => match p.to_str() {
                Some(s) => s.into(),
                None => p.to_string_lossy(),
            },
            Some(Target::Uri(u)) => u.as_str().into(),
            None => "".into(),
        };
        let result = match kind {
            BackendKind::DataHash => {
                let cached = self
                    .s
                    .hashes
                    .get(level_id)
                    .and_then(|level| level.get(&*loc_id));
                let hash = match cached {
                    Some(h) => h.clone(),
                    None => {
                        let data = backend.data_hash(&call, self)?;
                        let described = match path {
                            Some(p) => format!(
                                "Value returned from data_hash function '{function}', when using location '{}',",
                                p.display()
                            ),
                            None => format!("Value returned from data_hash function '{function}'"),
                        };
                        let wrong_type = inferred_type_name(&data);
                        let mut hash = DataHash::from_data(data).ok_or_else(|| {
                            LookupError::new(
                                ErrorKind::Syntax,
                                format!(
                                    "{described} has wrong type, expects a Hash value, got {wrong_type}"
                                ),
                            )
                        })?;
                        if let Layer::Module(m) = &lc.layer {
                            let prefix = format!("{m}::");
                            let allowed = |k: &Data| matches!(k, Data::String(s) if s == LOOKUP_OPTIONS || s.starts_with(&prefix));
                            if !hash.entries().iter().all(|(k, _)| allowed(k)) {
                                self.host.warning(format!(
                                    "Module '{m}': {described} must use keys qualified with the name of the module"
                                ));
                                hash = hash.filtered(allowed);
                            }
                        }
                        let hash = Arc::new(hash);
                        self.s
                            .hashes
                            .entry(level_id.to_string())
                            .or_default()
                            .insert(loc_id.to_string(), hash.clone());
                        hash
                    }
                };
                match hash.get(&key.root) {
                    None => None,
                    Some(v) => {
                        // Puppet's `validate_data_value`: a Symbol, or a hash with a
                        // Boolean key, fails here and not when the file is read.
                        crate::lookup_value::check_lookup_value(v, || {
                            let found = format!("Value for key '{}', in hash returned from data_hash function '{function}'", key.root);
                            match location {
                                Some(_) => format!("{found}, when using location '{loc_id}',"),
                                None => found,
                            }
                        })?;
                        let v = v.clone();
                        Some(interpolate(&v, self, true)?)
                    }
                }
            }
            BackendKind::LookupKey => {
                let cache_key = (format!("{level_id}|{loc_id}"), key.root.clone());
                match self.s.answers.get(&cache_key) {
                    Some(a) => a.clone(),
                    None => {
                        let a = backend.lookup_key(&key.root, &call, self)?;
                        check_answer(
                            a.as_ref(),
                            &key.root,
                            kind,
                            function,
                            location.map(|_| &*loc_id),
                        )?;
                        self.s.answers.insert(cache_key, a.clone());
                        a
                    }
                }
            }
            BackendKind::DataDig => {
                let cache_key = (format!("{level_id}|{loc_id}"), key.text.clone());
                let answer = match self.s.answers.get(&cache_key) {
                    Some(a) => a.clone(),
                    None => {
                        let mut segments = vec![Segment::Key(key.root.clone())];
                        segments.extend(key.segments.iter().cloned());
                        let a = backend.data_dig(&segments, &call, self)?;
                        check_answer(
                            a.as_ref(),
                            &key.text,
                            kind,
                            function,
                            location.map(|_| &*loc_id),
                        )?;
                        self.s.answers.insert(cache_key, a.clone());
                        a
                    }
                };
                answer.map(|v| key.undig(v))
            }
        };
        match &result {
            Some(v) => self.explain(|| {
                let shown = crate::explain::render(v);
                format!("Found key: \"{}\" value: {shown}", key.root)
            }),
            None => self.explain(|| format!("No such key: \"{}\"", key.root)),
        }
        if location.is_some() {
            self.indent(-1);
        }
        Ok(result)
    }

    /// A version 3 global `hiera.yaml`: each backend (`yaml`, `json`) over the whole
    /// hierarchy.
    fn v3_lookup(
        &mut self,
        lc: &Arc<LayerConfig>,
        config: &ConfigV3,
        key: &Key,
        strategy: &MergeStrategy,
    ) -> Result<Option<Data>, LookupError> {
        // `:merge_behavior:` replaces the `hash` merge of `hiera_hash` (only): `deeper`
        // is a deep merge, `deep` a deep merge where lower levels win.
        let mut reverse = false;
        let v3_strategy;
        let strategy = if self.flags.hiera_xxx
            && *strategy == MergeStrategy::Hash
            && matches!(config.merge_behavior.as_str(), "deep" | "deeper")
        {
            let mut options: Vec<(Data, Data)> =
                vec![(Data::String("strategy".into()), Data::String("deep".into()))];
            options.extend(
                config
                    .deep_merge_options
                    .iter()
                    .map(|(k, v)| (Data::String(k.clone()), v.clone())),
            );
            v3_strategy = MergeStrategy::from_data(&Data::Hash(options))?;
            reverse = config.merge_behavior == "deep";
            &v3_strategy
        } else {
            strategy
        };
        let mut found = Vec::new();
        for (index, backend) in config.backends.iter().enumerate() {
            let function = match backend.as_str() {
                "yaml" => "yaml_data",
                "json" => "json_data",
                other => {
                    return Err(LookupError::new(
                        ErrorKind::Config,
                        format!("Hiera 3 backend '{other}' is not supported by Marionette"),
                    ))
                }
            };
            let Some(be) = self
                .s
                .hiera
                .backends
                .get(function, BackendKind::DataHash)
                .cloned()
            else {
                continue;
            };
            let datadir = match config.datadir(backend) {
                Some(d) => d.to_string(),
                None => "/etc/puppetlabs/code/environments/%{::environment}/hieradata".into(),
            };
            let datadir = text(&datadir, self)?;
            self.explain(|| format!("Hierarchy entry \"{backend}\""));
            self.indent(1);
            let mut locations = Vec::with_capacity(config.hierarchy.len());
            for original in &config.hierarchy {
                let rel = text(original, self)?;
                let path = Path::new(&datadir).join(format!("{rel}.{backend}"));
                let exists = self.s.hiera.files.exists(&path);
                locations.push(Some(ResolvedLocation {
                    original: format!("{original}.{backend}"),
                    location: Target::Path(path),
                    exists,
                }));
            }
            let level_id = format!("v3/{index}");
            let provider = Provider {
                lc,
                backend: &be,
                kind: BackendKind::DataHash,
                function,
                options: &[],
                level_id: &level_id,
            };
            let merged = self.locations_lookup(&provider, &locations, key, strategy, reverse);
            self.indent(-1);
            if let Some(v) = merged? {
                found.push(v);
                if *strategy == MergeStrategy::First {
                    break;
                }
            }
        }
        strategy.merge_found(found, config.backends.len())
    }

    /// `lookup_default_in_module`: a module's `default_hierarchy`, when no layer found
    /// the key.
    fn lookup_default_in_module(&mut self, key: &Key) -> Result<Option<Data>, LookupError> {
        let Some(module) = key.module.clone() else {
            return Ok(None);
        };
        let Some(Ok(lc)) = self.layer(Place::Module(&module)) else {
            return Ok(None);
        };
        let HieraConfig::V5(config) = &lc.config else {
            return Ok(None);
        };
        if config.default_hierarchy.is_none() {
            return Ok(None);
        }
        let options = match self.s.default_options.get(&module) {
            Some(o) => o.clone(),
            None => {
                let found = self.layer_lookup(
                    Place::Module(&module),
                    &Key::parse(LOOKUP_OPTIONS)?,
                    &MergeStrategy::Hash,
                    true,
                )?;
                let compiled = match found {
                    None => None,
                    Some(o) => {
                        LookupOptions::validate_for_module(&o, &module)?;
                        Some(Arc::new(LookupOptions::compile(&o)?))
                    }
                };
                self.s
                    .default_options
                    .insert(module.clone(), compiled.clone());
                compiled
            }
        };
        let strategy = match options
            .as_ref()
            .and_then(|o| o.for_key(&key.text))
            .and_then(|o| get(o, "merge"))
        {
            None => MergeStrategy::First,
            Some(m) => MergeStrategy::from_data(m)?,
        };
        self.explain(|| format!("Searching default_hierarchy of module \"{module}\""));
        self.indent(1);
        let found = self.layer_lookup(Place::Module(&module), key, &strategy, true);
        self.indent(-1);
        match found? {
            None => Ok(None),
            Some(v) => key.dig(v),
        }
    }

    /// The `lookup_options` entry that applies to `key`.
    fn options_for(&mut self, key: &Key) -> Result<Option<Data>, LookupError> {
        let module = key.module.clone();
        let compiled = match self.s.options.get(&module) {
            Some(c) => c.clone(),
            None => {
                self.explain(|| format!("Searching for \"{LOOKUP_OPTIONS}\""));
                self.indent(1);
                let c = self.retrieve_options(module.as_deref());
                self.indent(-1);
                let c = c?;
                self.s.options.insert(module.clone(), c.clone());
                c
            }
        };
        Ok(compiled.and_then(|c| c.for_key(&key.text).cloned()))
    }

    fn retrieve_options(
        &mut self,
        module: Option<&str>,
    ) -> Result<Option<Arc<LookupOptions>>, LookupError> {
        let meta = Key::parse(LOOKUP_OPTIONS)?;
        let hash = MergeStrategy::Hash;
        let global = match &self.s.global_options {
            Some(g) => g.clone(),
            None => {
                let g = self.layer_lookup(Place::Global, &meta, &hash, false)?;
                if let Some(g) = &g {
                    check_options_hash(g)?;
                }
                self.s.global_options = Some(g.clone());
                g
            }
        };
        let mut opts = if self.flags.global_only {
            global
        } else {
            match &self.s.env_options {
                Some(e) => e.clone(),
                None => {
                    let env_only = self.layer_lookup(Place::Environment, &meta, &hash, false)?;
                    if let Some(e) = &env_only {
                        check_options_hash(e)?;
                    }
                    let e = match (global, env_only) {
                        (None, e) => e,
                        (g, None) => g,
                        (Some(g), Some(e)) => Some(hash.merge(g, e)?),
                    };
                    self.s.env_options = Some(e.clone());
                    e
                }
            }
        };
        if let (Some(m), false) = (module, self.flags.global_only) {
            let module_opts = self.layer_lookup(Place::Module(m), &meta, &hash, false)?;
            if let Some(mo) = module_opts {
                LookupOptions::validate_for_module(&mo, m)?;
                opts = match opts {
                    None => Some(mo),
                    Some(o) => hash.merge_found([o, mo], 2)?,
                };
            }
        }
        match opts {
            None => Ok(None),
            Some(o) => Ok(Some(Arc::new(LookupOptions::compile(&o)?))),
        }
    }
}

impl BackendContext for Cx<'_, '_> {
    fn cached_file_data(
        &mut self,
        path: &Path,
        parse: &mut dyn FnMut(&str) -> Result<Data, LookupError>,
    ) -> Result<Arc<Data>, LookupError> {
        self.s.hiera.cached_file_data(path, parse)
    }

    fn interpolate(&mut self, value: &Data) -> Result<Data, LookupError> {
        interpolate(value, self, true)
    }

    fn explain(&mut self, text: &str) {
        Cx::explain(self, || text.to_string());
    }

    fn warning(&mut self, text: String) {
        self.host.warning(text);
    }

    fn strict_error(&self) -> bool {
        self.s.hiera.strict_error
    }

    fn cached_value(&mut self, key: &str) -> Option<Arc<Data>> {
        self.s.backend_values.get(key).cloned()
    }

    fn cache_value(&mut self, key: String, value: Arc<Data>) {
        self.s.backend_values.insert(key, value);
    }
}

/// Puppet's check of what a `lookup_key` or `data_dig` function returned (the
/// `data_hash` values are checked when the lookup finds them in the hash).
fn check_answer(
    answer: Option<&Data>,
    key: &str,
    kind: BackendKind,
    function: &str,
    location: Option<&str>,
) -> Result<(), LookupError> {
    let Some(value) = answer else {
        return Ok(());
    };
    crate::lookup_value::check_lookup_value(value, || {
        let found = format!(
            "Value for key '{key}', returned from {} function '{function}'",
            kind_tag(kind)
        );
        match location {
            Some(l) => format!("{found}, when using location '{l}',"),
            None => found,
        }
    })
}

fn check_options_hash(d: &Data) -> Result<(), LookupError> {
    match d {
        Data::Hash(_) => Ok(()),
        _ => Err(LookupError::new(
            ErrorKind::Merge,
            "value of lookup_options must be a hash",
        )),
    }
}

fn kind_tag(kind: BackendKind) -> &'static str {
    match kind {
        BackendKind::DataHash => "data_hash",
        BackendKind::LookupKey => "lookup_key",
        BackendKind::DataDig => "data_dig",
    }
}

fn strategy_name(s: &MergeStrategy) -> &'static str {
    match s {
        MergeStrategy::First => "first",
        MergeStrategy::Unique => "unique",
        MergeStrategy::Hash => "hash",
        MergeStrategy::Deep(_) => "deep",
    }
}

/// The name Puppet's type inference gives a value in a mismatch message.
fn inferred_type_name(d: &Data) -> &'static str {
    match d {
        Data::Array(_) => "Tuple",
        Data::Undef => "Undef",
        Data::Bool(_) => "Boolean",
        Data::Integer(_) => "Integer",
        Data::Float(_) => "Float",
        Data::String(_) => "String",

        Data::Hash(_) => "Hash",
        _ => "Any",
    }
}

/// Errors of a layer name its `hiera.yaml` when they do not name a file already.
fn with_config_file(e: LookupError, lc: &LayerConfig) -> LookupError {
    if e.location.is_some() || e.kind != ErrorKind::Config {
        return e;
    }
    match &lc.path {
        Some(p) => e.in_file(&p.to_string_lossy(), None, None),
        None => e,
    }
}

#[cfg(test)]
mod tests;
