//! The evaluator: compiles one node's catalog from parsed Puppet code.
//!
//! **Status: in progress.** Compiles manifests into catalogs ([`compile`]); Hiera and
//! ENCs come with their own issues. The design below is what the code follows.
//!
//! # Role
//!
//! Input: the lowered (owned, spanned, `Send`) AST from `marionette-syntax`, a node's
//! facts and classification (`marionette-nodes`), and Hiera (`marionette-lookup`).
//! Output: a `marionette_catalog::Catalog`, or errors. The evaluator never walks rowan
//! nodes and does no I/O: manifests, templates, Hiera data and ENC output reach it through
//! traits the binary (or a test, or a plugin) implements.
//!
//! # Frozen code, per-compile state
//!
//! Compiling many nodes in parallel is cheap because the two kinds of state are separate:
//!
//! * `Environment` — **frozen and shared** (`Send + Sync`, behind an `Arc`): every
//!   manifest and module of one environment, lowered once; indexes of classes, defined
//!   types, node definitions, type aliases and Puppet-language functions by interned name;
//!   the parsed `hiera.yaml` layers. Module code is loaded through a concurrent once-cache
//!   (or eagerly); a compile never mutates it.
//! * `Compile` — **one per node, owned by one thread**: scopes, the catalog under
//!   construction, the set of evaluated classes, pending defined-type instances, virtual
//!   resources and collectors, overrides, resource defaults, relationships, a Hiera cache,
//!   diagnostics. Dropped (or turned into the catalog) at the end.
//!
//! # Planned API
//!
//! ```text
//! pub struct Environment { .. }                       // frozen, Arc-shared
//! impl Environment {
//!     pub fn load(name: &str, sources: &dyn SourceDb, config: &EnvConfig)
//!         -> (Environment, Vec<EvalError>);           // lowering + Puppet-7 validation
//! }
//! pub struct NodeInput { certname, facts, trusted, server_facts, classification }
//! pub fn compile(env: &Environment, node: &NodeInput, host: &dyn CompileHost,
//!                config: &EvalConfig) -> Result<Catalog, Vec<EvalError>>;
//!
//! /// Everything the evaluator may ask of the outside world.
//! pub trait CompileHost: Sync {
//!     fn sources(&self) -> &dyn SourceDb;             // file text by FileId, module autoload
//!     fn hiera(&self) -> &dyn HieraData;              // DataFiles + DataProviders for lookup
//!     fn functions(&self) -> &dyn FunctionProvider;   // plugin functions, by name
//! }
//! pub struct EvalConfig { pub strict: StrictMode, pub strict_variables: bool,
//!                         pub max_depth: u32, .. }
//! #[non_exhaustive] pub enum EvalErrorKind { .. }     // carries FileId + text range
//! ```
//!
//! # Values and types
//!
//! * `Value`: undef, default, booleans, integers (`i64`), floats, strings, regexps,
//!   arrays, insertion-ordered hashes, types, resource references, `Sensitive`,
//!   `Timestamp`/`Timespan`, `SemVer`, `Binary`, `Deferred`, lambdas/iterators.
//!   Cheap to clone (shared payloads), size asserted at compile time
//!   (`const _: () = assert!(size_of::<Value>() == 24);`).
//! * Names (variables, classes, types, parameters) are interned: O(1) compare and hash.
//! * `PType`: Puppet's type system (`Any`, `Integer[from, to]`, `String[min, max]`,
//!   `Enum`, `Pattern`, `Optional`, `Variant`, `Array[T]`, `Hash[K, V]`, `Struct`, `Tuple`,
//!   `Data`, `RichData`, `Resource[T, title]`, `Class[name]`, `Sensitive[T]`, `Callable`,
//!   type aliases ...) with `is_instance(&Value)` and `is_assignable(&PType)`, used for
//!   parameter checks, `=~`, `case`/selector matching and function signatures.
//!
//! # Scopes and evaluation
//!
//! Top scope (facts as `$facts` and legacy variables, `$trusted`, `$server_facts`, ENC
//! parameters), node scope, one named scope per class (readable as `$class::var`, its
//! parent the inherited class's scope), one per defined-type instance, local scopes for
//! lambdas. Variables are immutable once set. Resource defaults are the only dynamically
//! scoped thing. Lazy constructs are evaluated in Puppet's order: defined types late,
//! collectors and overrides until a fixed point, then relationships and containment edges.
//!
//! Built-in functions (`include`, `contain`, `require`, `realize`, `lookup`, `epp`,
//! `notice`, the iteration functions, the stdlib functions people use) are declared in one
//! place with typed signatures; their doc comments are the user documentation.
//!
//! Recursion (nested expressions, function calls, class/define instantiation) is capped
//! by `EvalConfig::max_depth`: a too-deep input gives an error, not a stack overflow.
//! Output is deterministic: no iteration over unordered maps reaches the catalog.

/// Puppet's `strict` setting: what to do about code Puppet considers questionable
/// (references to unknown variables, duplicate hash keys, ...).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum StrictMode {
    /// Ignore.
    Off,
    /// Warn and go on (Puppet 7's default).
    #[default]
    Warning,
    /// Fail the compile.
    Error,
}

pub mod commands;
mod compiler;
pub mod describe;
pub mod env;
pub mod error;
mod eval;
pub mod external;
mod functions;
mod hiera;
pub mod object;
pub mod ops;
pub mod restype;
mod settings;
mod time;
pub mod types;
pub mod value;
pub mod wire;

pub use commands::{CommandOutput, CommandRunner};
pub use compiler::{compile, CompileOptions, CompileOutput, LogLine, NodeInput, MAX_EVAL_DEPTH};
pub use env::{Environment, FsSourceDb, Legacy, LoadError, LoadOptions, SourceDb};
pub use error::{EvalError, Location};
pub use external::{
    Extensions, ExternalFunction, ExternalFunctions, FunctionContext, NativeFunction,
};
pub use functions::{deterministic_rand, versioncmp, RubyRandom};
pub use hiera::{lookup_for_node, value_from_data, LookupOutcome};
pub use value::{Value, ValueMap};
