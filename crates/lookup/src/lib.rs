//! Hiera 5: `lookup()`, automatic class-parameter lookup and the data behind them.
//!
//! **Status: groundwork.** Implemented and unit-tested: the data-file readers
//! ([`parse_yaml`], Ruby Psych's `safe_load` semantics; [`parse_json`]), `hiera.yaml`
//! parsing and validation ([`parse_hiera_config`]: version 5 in every layer, version 3 in
//! the global one), `%{...}` interpolation ([`interpolate`], behind the
//! [`InterpolationContext`] trait), a level's locations for one node
//! ([`resolve_locations`], file-system questions through the [`DataFiles`] trait), the
//! merge strategies ([`MergeStrategy::from_data`],
//! [`MergeStrategy::merge_found`]), compiled `lookup_options` ([`LookupOptions`]: exact
//! and regex keys, `merge`, `convert_to`) and the small vocabulary types below. The lookup
//! algorithm itself (layers, providers, caching, `--explain`) is planned, not
//! implemented; nothing is wired into the evaluator yet.
//!
//! # Role
//!
//! `marionette-eval` asks this crate for a key (`ntp::servers`, or a `lookup()` call) and
//! gets back a value or "not found". This crate owns everything between: the three
//! layers, each layer's `hiera.yaml` (version 5; version 3 in the global layer), the hierarchy, the backends, merge
//! behaviour and `%{...}` interpolation. It does no I/O: files reach it through a trait the
//! binary implements, and backends are trait objects supplied by the binary or by plugins.
//!
//! # Layers
//!
//! Searched in this order, each one a [`Layer`]:
//!
//! 1. **global**: `$confdir/hiera.yaml`;
//! 2. **environment**: `<environment>/hiera.yaml`;
//! 3. **module**: `<module>/hiera.yaml`, consulted only for keys in that module's namespace
//!    (`<module>::...`); a module's `default_hierarchy` is used only when nothing else
//!    answered.
//!
//! A hierarchy level names one backend function (`data_hash`, `lookup_key` or `data_dig`,
//! see [`BackendKind`]), its locations (`path`, `paths`, `glob`, `globs`, `uri`, `uris`,
//! `mapped_paths`), `datadir` and `options`. Location paths are interpolated per node
//! (`nodes/%{trusted.certname}.yaml`). `lookup_options` (from the data itself, keys may be
//! regexps) choose the merge strategy and `convert_to`.
//!
//! # Planned API
//!
//! ```text
//! /// A backend, the Rust form of a Hiera 5 backend function.
//! pub trait DataProvider: Send + Sync {
//!     fn name(&self) -> &str;                 // as written in hiera.yaml: "yaml_data"
//!     fn kind(&self) -> BackendKind;
//!     /// `data_hash`: the whole hash for one location (cached per compile).
//!     fn data_hash(&self, location: &Location, options: &Options,
//!                  cx: &mut dyn ProviderContext) -> Result<Data, LookupError>;
//!     /// `lookup_key`: one key; `Ok(None)` is "not found" (distinct from `undef`).
//!     fn lookup_key(&self, key: &str, options: &Options,
//!                   cx: &mut dyn ProviderContext) -> Result<Option<Data>, LookupError>;
//!     /// `data_dig`: one dotted key, already split (`a.b.0` -> ["a", "b", 0]).
//!     fn data_dig(&self, key: &[KeySegment], options: &Options,
//!                 cx: &mut dyn ProviderContext) -> Result<Option<Data>, LookupError>;
//! }
//! /// Gives providers and interpolation what they need from the compile:
//! /// `%{facts.os.family}`, `%{trusted.certname}`, `%{::role}`, `%{scope('x')}`, and
//! /// file text through `DataFiles` (the binary's file system, or a test fixture).
//! pub trait ProviderContext { ... }
//! pub trait DataFiles {                      // exists today with `exists` and `glob`;
//!     fn read(&self, path: &Path) -> Result<Option<Arc<str>>, LookupError>;  // planned
//! }
//!
//! pub struct Hiera { ... }                    // parsed hiera.yaml files; frozen, shared
//! impl Hiera {
//!     pub fn lookup(&self, key: &str, merge: Option<MergeStrategy>,
//!                   cx: &mut dyn ProviderContext) -> Result<Option<Data>, LookupError>;
//! }
//! ```
//!
//! Built-in backends: `yaml_data` and `json_data` (`data_hash`, reading through
//! `DataFiles`). `eyaml_lookup_key`, `hocon_data` and site-specific backends are meant to
//! come from plugins (`marionette-plugin-api`), adapted to the same trait.
//!
//! Values: plain Puppet data (undef, booleans, numbers, strings, arrays, string-keyed
//! hashes, plus `Sensitive` through `convert_to`), planned as `marionette_catalog::Data`
//! so that eval converts one data type only.
//!
//! Interpolation: `%{var}`, dotted keys (`%{facts.os.release.major}`), `%{scope('x')}`,
//! `%{lookup('k')}` / `%{hiera('k')}`, `%{alias('k')}` (keeps the value's type, must be the
//! whole string), `%{literal('%')}`. A lookup that reaches itself again is an error
//! ("recursive lookup"), not a stack overflow.

mod backend;
mod config;
mod engine;
mod error;
mod explain;
mod hocon;
mod interpolate;
mod json;
mod locations;
mod lookup_value;
mod merge;
mod options;
mod yaml;

pub use backend::{
    Backend, BackendCall, BackendContext, Backends, DataHash, HoconData, JsonData, YamlData,
};
pub use config::{
    parse_hiera_config, ConfigV3, ConfigV5, Defaults, Function, HieraConfig, Level, Locations,
    ParsedConfig,
};
pub use engine::{Hiera, HieraSources, LayerConfig, LookupFlags, LookupHost, Session};
pub use error::{ErrorKind, Location, LookupError};
pub use hocon::parse_hocon;
pub use interpolate::{
    dig_path, interpolate, split_key, sub_lookup, InterpolationContext, Segment,
};
pub use json::parse_json;
pub use locations::{resolve_locations, DataFiles, ResolvedLocation, Target};
pub use options::{root_key, LookupOptions};
pub use yaml::{parse_yaml, yaml_data_hash};

/// One of Hiera's three layers.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Layer {
    /// `$confdir/hiera.yaml`.
    Global,
    /// `<environment>/hiera.yaml`.
    Environment,
    /// `<module>/hiera.yaml` of the named module.
    Module(String),
}

/// Which Hiera 5 backend function a hierarchy level names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BackendKind {
    /// Returns all data for one location as a hash (`yaml_data`, `json_data`).
    DataHash,
    /// Looks up one key (`eyaml_lookup_key`).
    LookupKey,
    /// Looks up one dotted key, segment by segment.
    DataDig,
}

/// How the values found at several hierarchy levels are combined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MergeStrategy {
    /// The first value found wins (the default).
    First,
    /// Arrays and scalars are flattened into one array without duplicates.
    Unique,
    /// Hashes are merged on their top-level keys; higher levels win.
    Hash,
    /// Hashes are merged recursively.
    Deep(DeepMergeOptions),
}

/// Options of the `deep` merge strategy.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeepMergeOptions {
    /// A prefix that removes a key or array element from lower levels (`--`).
    pub knockout_prefix: Option<String>,
    /// Sort arrays after merging them.
    pub sort_merged_arrays: bool,
    /// Merge hashes that are elements of arrays.
    pub merge_hash_arrays: bool,
}
