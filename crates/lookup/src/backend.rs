//! Backends: the Rust form of Hiera 5's backend functions (`data_hash`, `lookup_key`,
//! `data_dig`), and the two Puppet ships, `yaml_data` and `json_data`.
//!
//! A backend is a trait object registered under the name `hiera.yaml` uses
//! (`data_hash: yaml_data`). Plugins are adapted to the same trait, so the lookup itself
//! never knows where a backend comes from.

use foldhash::{HashMap, HashMapExt};
use std::path::Path;
use std::sync::Arc;

use marionette_catalog::Data;

use crate::error::{ErrorKind, LookupError};
use crate::interpolate::Segment;
use crate::BackendKind;

/// A hash of data as a `data_hash` backend returns it, indexed by its string keys.
/// The data itself is shared (the parsed file in the run's cache), not copied.
#[derive(Debug)]
pub struct DataHash {
    data: Arc<Data>,
    index: HashMap<String, usize>,
}

impl DataHash {
    /// The hash in `data`; `None` when `data` is not a hash.
    pub fn from_data(data: Arc<Data>) -> Option<DataHash> {
        let Data::Hash(entries) = &*data else {
            return None;
        };
        let mut index = HashMap::with_capacity(entries.len());
        for (i, (k, _)) in entries.iter().enumerate() {
            if let Data::String(k) = k {
                index.insert(k.clone(), i);
            }
        }
        Some(DataHash { data, index })
    }

    /// The value of a key; `None` when the key is absent (a present `~` is `Undef`).
    pub fn get(&self, key: &str) -> Option<&Data> {
        self.index.get(key).map(|&i| &self.entries()[i].1)
    }

    pub fn entries(&self) -> &[(Data, Data)] {
        match &*self.data {
            Data::Hash(entries) => entries,
            _ => &[],
        }
    }

    /// Without the entries `keep` refuses (the same hash when it keeps them all).
    pub fn filtered(self, mut keep: impl FnMut(&Data) -> bool) -> DataHash {
        if self.entries().iter().all(|(k, _)| keep(k)) {
            return self;
        }
        let entries = self
            .entries()
            .iter()
            .filter(|(k, _)| keep(k))
            .cloned()
            .collect();
        DataHash::from_data(Arc::new(Data::Hash(entries))).expect("a hash")
    }
}

/// What a backend is called with: its options from `hiera.yaml` (interpolated), and the
/// location (`path` or `uri`) being read, if the level has locations.
#[derive(Debug, Clone, Copy)]
pub struct BackendCall<'a> {
    /// The function name, as `hiera.yaml` wrote it.
    pub function: &'a str,
    pub options: &'a [(String, Data)],
    pub path: Option<&'a Path>,
    pub uri: Option<&'a str>,
}

impl BackendCall<'_> {
    /// An option by name.
    pub fn option(&self, name: &str) -> Option<&Data> {
        self.options.iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }
}

/// Puppet's `Puppet::LookupContext` as a backend sees it.
pub trait BackendContext {
    /// The data of a file, parsed once per run: later calls for the same path (and the
    /// same backend) get the first result without reading the file again.
    fn cached_file_data(
        &mut self,
        path: &Path,
        parse: &mut dyn FnMut(&str) -> Result<Data, LookupError>,
    ) -> Result<Arc<Data>, LookupError>;
    /// `%{...}` interpolation of a value, with the lookup's scope.
    fn interpolate(&mut self, value: &Data) -> Result<Data, LookupError>;
    /// A line of `--explain` output.
    fn explain(&mut self, text: &str);
    /// A warning in the compile's log.
    fn warning(&mut self, text: String);
    /// Puppet's `strict = error`: what would be a warning is an error.
    fn strict_error(&self) -> bool {
        false
    }
    /// What a backend kept under `key` earlier in this compile (Puppet's
    /// `LookupContext#cached_value`): the per-compile cache of backends whose data is
    /// not a file, e.g. the answers of an HTTP service. Every backend of the compile
    /// shares the keys, so start them with the function's name. The default keeps
    /// nothing.
    fn cached_value(&mut self, key: &str) -> Option<Arc<Data>> {
        let _ = key;
        None
    }
    /// Keeps `value` under `key` for the rest of the compile (Puppet's
    /// `LookupContext#cache`).
    fn cache_value(&mut self, key: String, value: Arc<Data>) {
        let _ = (key, value);
    }
}

/// A Hiera 5 backend function. Implement the method of your kind; the others are never
/// called.
pub trait Backend: Send + Sync {
    fn kind(&self) -> BackendKind;

    /// `data_hash`: all data of one location.
    fn data_hash(
        &self,
        call: &BackendCall<'_>,
        cx: &mut dyn BackendContext,
    ) -> Result<Arc<Data>, LookupError> {
        let _ = cx;
        Err(unsupported(call.function, "data_hash"))
    }

    /// `lookup_key`: one root key; `Ok(None)` is "not found" (distinct from `undef`).
    fn lookup_key(
        &self,
        key: &str,
        call: &BackendCall<'_>,
        cx: &mut dyn BackendContext,
    ) -> Result<Option<Data>, LookupError> {
        let _ = (key, cx);
        Err(unsupported(call.function, "lookup_key"))
    }

    /// `data_dig`: a whole dotted key, split into its segments.
    fn data_dig(
        &self,
        key: &[Segment],
        call: &BackendCall<'_>,
        cx: &mut dyn BackendContext,
    ) -> Result<Option<Data>, LookupError> {
        let _ = (key, cx);
        Err(unsupported(call.function, "data_dig"))
    }
}

fn unsupported(function: &str, kind: &str) -> LookupError {
    LookupError::new(
        ErrorKind::Config,
        format!("Unable to find '{kind}' function named '{function}'"),
    )
}

/// The argument mismatch of a `data_hash` function called without a location.
fn missing_path(function: &str) -> LookupError {
    LookupError::new(
        ErrorKind::Config,
        format!("'{function}' one of 'path', 'paths' 'glob', 'globs' or 'mapped_paths' must be declared in hiera.yaml when using this data_hash function"),
    )
    .as_runtime()
}

/// A `data_hash` function over files: Puppet's dispatch takes exactly `{path => ...}`,
/// so any other option, or a level without a path, is an argument mismatch. The file
/// is parsed once per run.
fn file_data(
    call: &BackendCall<'_>,
    cx: &mut dyn BackendContext,
    parse: fn(&str, &str) -> Result<Data, LookupError>,
) -> Result<(Arc<Data>, String), LookupError> {
    let Some(path) = call.path.filter(|_| call.options.is_empty()) else {
        return Err(missing_path(call.function));
    };
    let file = path.to_string_lossy().into_owned();
    let data = cx.cached_file_data(path, &mut |text| parse(text, &file))?;
    Ok((data, file))
}

/// `yaml_data`: a YAML file read as Ruby's Psych reads it.
pub struct YamlData;

impl Backend for YamlData {
    fn kind(&self) -> BackendKind {
        BackendKind::DataHash
    }

    fn data_hash(
        &self,
        call: &BackendCall<'_>,
        cx: &mut dyn BackendContext,
    ) -> Result<Arc<Data>, LookupError> {
        let (document, file) = file_data(call, cx, crate::yaml::yaml_data_document)?;
        if matches!(*document, Data::Hash(_)) {
            return Ok(document);
        }
        // Decided at every use, not only when the file is first read.
        if let Some(w) = crate::yaml::non_hash_warning(&document, &file) {
            if cx.strict_error() && crate::yaml::non_hash_is_error(&document) {
                return Err(LookupError::new(ErrorKind::Syntax, w));
            }
            cx.warning(w);
        }
        Ok(Arc::new(Data::Hash(Vec::new())))
    }
}

/// `json_data`: a JSON file.
pub struct JsonData;

impl Backend for JsonData {
    fn kind(&self) -> BackendKind {
        BackendKind::DataHash
    }

    fn data_hash(
        &self,
        call: &BackendCall<'_>,
        cx: &mut dyn BackendContext,
    ) -> Result<Arc<Data>, LookupError> {
        file_data(call, cx, crate::json::parse_json).map(|(data, _)| data)
    }
}

/// `hocon_data`: a HOCON file.
pub struct HoconData;

impl Backend for HoconData {
    fn kind(&self) -> BackendKind {
        BackendKind::DataHash
    }

    fn data_hash(
        &self,
        call: &BackendCall<'_>,
        cx: &mut dyn BackendContext,
    ) -> Result<Arc<Data>, LookupError> {
        file_data(call, cx, crate::hocon::parse_hocon).map(|(data, _)| data)
    }
}

/// The backends a compile can name, by function name.
#[derive(Clone)]
pub struct Backends {
    by_name: HashMap<String, Arc<dyn Backend>>,
}

impl std::fmt::Debug for Backends {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut names: Vec<&String> = self.by_name.keys().collect();
        names.sort();
        f.debug_struct("Backends").field("names", &names).finish()
    }
}

impl Default for Backends {
    /// Puppet's own: `yaml_data`, `json_data` and `hocon_data`.
    fn default() -> Self {
        let mut b = Backends {
            by_name: HashMap::new(),
        };
        b.register("yaml_data", Arc::new(YamlData));
        b.register("json_data", Arc::new(JsonData));
        b.register("hocon_data", Arc::new(HoconData));
        b
    }
}

impl Backends {
    /// Adds (or replaces) the backend called `name`.
    pub fn register(&mut self, name: impl Into<String>, backend: Arc<dyn Backend>) {
        self.by_name.insert(name.into(), backend);
    }

    /// Whether a backend is registered under `name`.
    pub fn contains(&self, name: &str) -> bool {
        self.by_name.contains_key(name)
    }

    /// The backend of a function name, if it is of the kind asked for.
    pub fn get(&self, name: &str, kind: BackendKind) -> Option<&Arc<dyn Backend>> {
        self.by_name.get(name).filter(|b| b.kind() == kind)
    }
}
