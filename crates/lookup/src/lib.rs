//! Hiera 5: `lookup()`, automatic class-parameter lookup and the data behind them, as
//! Puppet 7.23's `Puppet::Pops::Lookup` does them.
//!
//! # Role
//!
//! `marionette-eval` asks this crate for a key (`ntp::servers`, or a `lookup()` call) and
//! gets back a value or "not found". This crate owns everything between: the three
//! layers, each layer's `hiera.yaml` (versions 5 and 4; version 3 in the global layer),
//! the hierarchy, the backends, `lookup_options`, merge behaviour, `%{...}`
//! interpolation and `--explain` output. It does no file-system walking of its own: files
//! reach it through [`DataFiles`], which the evaluator implements, and backends are trait
//! objects ([`Backend`]) registered by name in [`Backends`]: the built-in `yaml_data`,
//! `json_data` and `hocon_data`, and whatever a plugin or a custom binary adds.
//!
//! # Layers
//!
//! Searched in this order:
//!
//! 1. **global**: the `hiera_config` file (versions 5 and 3, with `:merge_behavior:`);
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
//! # API
//!
//! * [`Hiera::load`]: the configuration of an environment (every layer's `hiera.yaml`,
//!   parsed and validated), frozen and shared by all compiles of the environment, with the
//!   cache of parsed data files.
//! * [`Session`]: one compile's lookups ([`Session::lookup`]), with the compile's scope
//!   behind [`LookupHost`] (variables for interpolation, value conversion, warnings), and
//!   `--explain` recording.
//! * [`Backend`] / [`BackendContext`]: a Hiera backend function and what it may ask of
//!   the lookup (the run's file cache, interpolation, explain lines, warnings).
//!
//! Values are [`marionette_catalog::Data`] (undef, booleans, numbers, strings, arrays,
//! hashes, `Sensitive` through `convert_to`), so the evaluator converts one data type only.
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
pub use json::{parse_json, parse_json_text};
pub use locations::{resolve_locations, DataFiles, ResolvedLocation, Target};
pub use options::{root_key, LookupOptions};
pub use yaml::{parse_yaml, parse_yaml_facts, yaml_data_hash};

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
