//! The catalog model: what one node's compile produces, independent of any wire format.
//!
//! The model types are plain owned data. Building catalogs is `marionette-eval`'s job;
//! [`wire`] serialises them as Puppet 7.23's catalog JSON.
//!
//! # Role
//!
//! `marionette-eval` finishes a compile by converting its runtime values into [`Data`] and
//! pushing [`Resource`]s and [`Edge`]s into a [`Catalog`]. The binary then asks [`wire`] for
//! Puppet 7.23's catalog JSON (`catalog_format` 2). Nothing else in the code base knows
//! what the JSON looks like, and this crate knows nothing about the language.
//!
//! The crate does no I/O and has no randomness or clock: `catalog_uuid` and `version` are
//! supplied by the caller, so the same inputs always give byte-identical output.
//!
//! # Model
//!
//! Field order and collection order follow what Puppet writes, because the order *is*
//! observable in the JSON: `resources` are in evaluation order (the order they entered the
//! catalog), `classes` may contain duplicates (ENC classes appear twice in real Puppet),
//! parameters keep declaration order, hash keys keep insertion order.
//!
//! # API
//!
//! ```text
//! wire::to_json(catalog: &Catalog) -> String      // Ruby's JSON.pretty_generate layout
//! wire::to_json_into(catalog, &mut String)        // the same, into a reused buffer
//! wire::to_json_parallel(catalog) -> String       // the same bytes, on two threads
//! ```

use std::sync::Arc;

/// A compiled catalog for one node.
#[derive(Debug, Clone, PartialEq)]
pub struct Catalog {
    /// The node's certname.
    pub name: String,
    /// The environment the catalog was compiled in.
    pub environment: String,
    /// `config_version` output, or a number supplied by the caller.
    pub version: Version,
    /// Supplied by the caller (random on a server, all zeros for reproducible output).
    pub catalog_uuid: String,
    /// Catalog-level tags in first-seen order, without duplicates.
    pub tags: Vec<String>,
    /// Evaluated class names (lower case) and the matched node definition's name, in
    /// evaluation order. Duplicates are kept: Puppet writes ENC classes twice.
    pub classes: Vec<String>,
    /// Resources in evaluation order.
    pub resources: Vec<Resource>,
    /// Containment edges only; relationships live in resource parameters.
    pub edges: Vec<Edge>,
}

/// The catalog `version`: an integer unless `config_version` produced a string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Version {
    Integer(i64),
    String(String),
}

/// One resource: a built-in type instance, a defined-type instance, a class, a node or a
/// stage.
#[derive(Debug, Clone, PartialEq)]
pub struct Resource {
    /// Capitalised per `::` segment: `File`, `Base::Account`, `Class`, `Node`, `Stage`.
    pub type_name: String,
    pub title: String,
    /// Lower-case tags in Puppet's order, without duplicates. Shared: the compiler
    /// gives many resources the same tag (`class`, a module's name).
    pub tags: Vec<Arc<str>>,
    /// Absolute manifest path of the resource expression, when Puppet records one.
    pub file: Option<String>,
    pub line: Option<u32>,
    pub exported: bool,
    pub kind: ResourceKind,
    /// Parameters in Puppet's order; `undef` parameters are already removed.
    pub parameters: Vec<(Arc<str>, Data)>,
    /// Names of parameters whose (top-level) value was `Sensitive`.
    pub sensitive_parameters: Vec<String>,
}

/// The `kind` attribute of a catalog resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResourceKind {
    /// A Ruby-implemented type (`File`, `Package`, ...) and `Stage`.
    CompilableType,
    /// An instance of a `define`.
    DefinedType,
    /// A class declared resource-like (`class { 'x': }`).
    Class,
    /// Classes declared with `include`/`contain`/ENC, `Class[main]`, `Class[Settings]`,
    /// `Node[...]`.
    Unknown,
}

/// A reference to a resource, written `Type[title]` on the wire.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ResourceRef {
    /// Shared: a resource is the source or target of several edges.
    pub type_name: Arc<str>,
    pub title: Arc<str>,
}

/// A containment edge (`Class[X] -> File[/etc/motd]`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Edge {
    pub source: ResourceRef,
    pub target: ResourceRef,
}

/// A parameter value as it appears in a catalog: Puppet's `RichData`.
///
/// Resource references are plain strings (`"File[/x]"`), as Puppet writes them.
/// Planned additions (the enum is non-exhaustive): type values (`Pcore::IntegerType` ...),
/// `Timespan`, `Binary`, `SemVer`.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Data {
    /// `undef`; written as `null` inside arrays and hashes.
    Undef,
    Bool(bool),
    Integer(i64),
    /// An integer beyond 64 bits (a Ruby Bignum from Hiera data): Puppet looks it up,
    /// prints and compares it, and refuses it in a catalog.
    BigInteger(i128),
    Float(f64),
    String(String),
    Array(Vec<Data>),
    /// Insertion-ordered; keys that are not strings force the rich-data hash form.
    Hash(Vec<(Data, Data)>),
    /// Written in clear text at the top of a parameter (which is then listed in
    /// `sensitive_parameters`), as `{"__ptype": "Sensitive", ...}` when nested.
    Sensitive(Box<Data>),
    /// The `default` literal.
    Default,
    /// A regular expression, by its source text.
    Regexp(String),
    /// A timestamp in Puppet's canonical form (`2024-01-01T00:00:00.000000000 UTC`).
    Timestamp(String),
    /// A `Deferred` function call, resolved by the agent.
    Deferred {
        name: String,
        /// `None` when the Deferred was made without arguments: no `arguments` key.
        arguments: Option<Vec<Data>>,
    },
    /// A Puppet type as a value: `{"__ptype": "Pcore::IntegerType", "from": 1, ...}`.
    Type {
        /// `Pcore::IntegerType`
        ptype: String,
        attributes: Vec<(String, Data)>,
    },
}

pub mod base64;
pub mod ruby;
pub mod wire;
