//! The interface crate for Marionette's dynamically loaded plugins.
//!
//! **Status: documentation only.** Nothing here is implemented yet and the crate does not
//! depend on `abi_stable` yet; this text records what it will contain.
//!
//! # Three roles
//!
//! * **This crate** (interface): the only crate a plugin links besides `abi_stable`. It
//!   holds FFI-safe types and trait objects, nothing else.
//! * **Plugin crates** (`crate-type = ["cdylib", "rlib"]`): implement the interface. The
//!   `rlib` lets their logic be unit-tested as plain Rust.
//! * **The host** (the `marionette` binary): loads each library with
//!   `lib_header_from_path(path)?.init_root_module::<PluginMod_Ref>()` and adapts what it
//!   finds to the same Rust traits the built-in implementations use
//!   (`marionette_lookup`'s data providers, `marionette_nodes`'s node classifier, the
//!   evaluator's function provider). Core crates never see `abi_stable`.
//!
//! # What a plugin can provide
//!
//! * **Hiera backends**: `data_hash`, `lookup_key` or `data_dig` functions, named as in
//!   `hiera.yaml` (e.g. `eyaml_lookup_key`, `hocon_data`, a site's HTTP/Vault backend).
//! * **Node classifiers**: an ENC without a process per node (e.g. querying an inventory).
//! * **Functions**: Puppet functions callable from manifests, with a declared signature
//!   (for functions that are Ruby in real Puppet and have no built-in equivalent).
//!
//! # Planned contents
//!
//! ```text
//! #[repr(C)] #[derive(StableAbi)]
//! #[sabi(kind(Prefix(prefix_ref = PluginMod_Ref)))]
//! pub struct PluginMod {
//!     pub name: extern "C" fn() -> RStr<'static>,
//!     pub hiera_backends: extern "C" fn() -> RVec<HieraBackend_TO<'static, RBox<()>>>,
//!     pub node_classifiers: extern "C" fn() -> RVec<NodeClassifier_TO<'static, RBox<()>>>,
//!     #[sabi(last_prefix_field)]
//!     pub functions: extern "C" fn() -> RVec<Function_TO<'static, RBox<()>>>,
//! }
//! impl RootModule for PluginMod_Ref {
//!     declare_root_module_statics! {PluginMod_Ref}
//!     const BASE_NAME: &'static str = "marionette_plugin";
//!     const NAME: &'static str = "marionette_plugin";
//!     const VERSION_STRINGS: VersionStrings = package_version_strings!();
//! }
//! #[sabi_trait] pub trait HieraBackend { .. }     // mirrors marionette_lookup's trait
//! #[sabi_trait] pub trait NodeClassifier { .. }   // mirrors marionette_nodes's trait
//! #[sabi_trait] pub trait Function { .. }
//! pub enum FfiData { .. }                          // Puppet data with RString/RVec;
//!                                                  // NonExhaustive, so it can grow
//! pub struct FfiError { .. }                       // message (+ optional key/location)
//! ```
//!
//! # Evolution rules
//!
//! * This crate's version **is the ABI version** (`package_version_strings!()`); the
//!   loader refuses a plugin built against an incompatible version with an error, never
//!   undefined behaviour.
//! * Prefix structs only grow at the end (new fields after the last one, older plugins
//!   still load); growable enums are `NonExhaustive`.
//! * Every entry point catches panics and returns an error value: a panicking plugin fails
//!   the lookup or the compile, not the process.
//! * Tested failure paths: a library that is not a plugin, a wrong ABI version, a plugin
//!   that panics.
