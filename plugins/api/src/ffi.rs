//! The binary interface: the root module a plugin library exports, and the FFI-safe
//! trait objects it hands out. Plugin authors never use these directly (they write a
//! [`Plugin`](crate::Plugin) and [`export_plugin!`](crate::export_plugin)); they are
//! public because the exported library must name them.
//!
//! Every method here that a plugin implements catches panics (see `export.rs`), and so
//! does every callback the host implements (see `load.rs`): unwinding never crosses the
//! boundary.
// abi_stable's derives and `#[sabi_trait]` expand to unsafe code (vtables, pointer
// casts); this module writes none itself.
#![allow(unsafe_code)]
// The `_TO`/`_Ref` names are abi_stable's conventions.
#![allow(non_camel_case_types)]
// `#[sabi_trait]` (abi_stable 0.11.3) puts trait impls inside a generated constant,
// which newer compilers flag.
#![allow(non_local_definitions)]

use crate::data::{FfiData, FfiError, FfiPairs, FfiSegment};
use abi_stable::library::RootModule;
use abi_stable::sabi_types::VersionStrings;
use abi_stable::std_types::{RBox, RResult, RSlice, RStr, RString, RVec, Tuple2};
use abi_stable::{declare_root_module_statics, package_version_strings, sabi_trait, StableAbi};
use abi_stable::{sabi_trait::TD_Opaque, std_types::ROption};

/// The root module every plugin library exports. A prefix type: fields may only be
/// added at the end, after the last one.
#[repr(C)]
#[derive(StableAbi)]
#[sabi(kind(Prefix(prefix_ref = PluginModRef)))]
#[sabi(missing_field(panic))]
pub struct PluginMod {
    /// Builds the plugin: its name and what it provides.
    #[sabi(last_prefix_field)]
    pub plugin: extern "C" fn() -> RResult<FfiPlugin, FfiError>,
}

impl RootModule for PluginModRef {
    declare_root_module_statics! {PluginModRef}
    const BASE_NAME: &'static str = "marionette_plugin";
    const NAME: &'static str = "marionette_plugin";
    /// This crate's version: the ABI version.
    const VERSION_STRINGS: VersionStrings = package_version_strings!();
}

/// What a plugin provides, in its stable form.
#[repr(C)]
#[derive(StableAbi)]
pub struct FfiPlugin {
    pub name: RString,
    /// Hiera backends by function name (`eyaml_lookup_key`).
    pub backends: RVec<Tuple2<RString, FfiBackend>>,
    pub classifiers: RVec<FfiClassifier>,
    pub functions: RVec<FfiFunction>,
}

pub type FfiBackend = BackendFfi_TO<'static, RBox<()>>;
pub type FfiClassifier = ClassifierFfi_TO<'static, RBox<()>>;
pub type FfiFunction = FunctionFfi_TO<'static, RBox<()>>;
pub type FfiBackendContext<'a> = BackendContextFfi_TO<'a, abi_stable::sabi_types::RMut<'a, ()>>;
pub type FfiParser<'a> = ParserFfi_TO<'a, abi_stable::sabi_types::RMut<'a, ()>>;
pub type FfiFunctionContext<'a> = FunctionContextFfi_TO<'a, abi_stable::sabi_types::RMut<'a, ()>>;

/// The kind of a Hiera backend function.
#[repr(u8)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq)]
pub enum FfiBackendKind {
    DataHash,
    LookupKey,
    DataDig,
}

/// The mirror of `marionette_lookup::BackendCall`.
#[repr(C)]
#[derive(StableAbi, Debug, Clone)]
pub struct FfiBackendCall {
    pub function: RString,
    pub options: FfiPairs,
    /// The location's path, lossily UTF-8.
    pub path: ROption<RString>,
    pub uri: ROption<RString>,
}

/// A Hiera backend function (the mirror of `marionette_lookup::Backend`).
#[sabi_trait]
pub trait BackendFfi: Send + Sync {
    fn kind(&self) -> FfiBackendKind;

    fn data_hash(
        &self,
        call: &FfiBackendCall,
        cx: FfiBackendContext<'_>,
    ) -> RResult<FfiData, FfiError>;

    /// `RNone`: not found (distinct from `Undef`).
    fn lookup_key(
        &self,
        key: RStr<'_>,
        call: &FfiBackendCall,
        cx: FfiBackendContext<'_>,
    ) -> RResult<ROption<FfiData>, FfiError>;

    #[sabi(last_prefix_field)]
    fn data_dig(
        &self,
        key: RSlice<'_, FfiSegment>,
        call: &FfiBackendCall,
        cx: FfiBackendContext<'_>,
    ) -> RResult<ROption<FfiData>, FfiError>;
}

/// Puppet's lookup context as a backend sees it (the mirror of
/// `marionette_lookup::BackendContext`), implemented by the host.
#[sabi_trait]
pub trait BackendContextFfi {
    /// The data of a file, parsed by `parse` once per run.
    fn cached_file_data(
        &mut self,
        path: RStr<'_>,
        parse: FfiParser<'_>,
    ) -> RResult<FfiData, FfiError>;

    fn interpolate(&mut self, value: &FfiData) -> RResult<FfiData, FfiError>;

    fn explain(&mut self, text: RStr<'_>);

    fn warning(&mut self, text: RString);

    fn strict_error(&self) -> bool;

    /// What a backend kept under `key` earlier in this compile.
    fn cached_value(&mut self, key: RStr<'_>) -> ROption<FfiData>;

    /// Keeps `value` under `key` for the rest of the compile.
    #[sabi(last_prefix_field)]
    fn cache_value(&mut self, key: RString, value: FfiData);
}

/// The parser a backend gives `cached_file_data`, implemented by the plugin.
#[sabi_trait]
pub trait ParserFfi {
    #[sabi(last_prefix_field)]
    fn parse(&mut self, text: RStr<'_>) -> RResult<FfiData, FfiError>;
}

/// A node classification (the mirror of `marionette_nodes::Classification`).
#[repr(C)]
#[derive(StableAbi, Debug, Clone)]
pub struct FfiClassification {
    /// Classes in order; `RSome` parameters declare the class resource-like.
    pub classes: RVec<Tuple2<RString, ROption<FfiPairs>>>,
    pub parameters: FfiPairs,
    pub environment: ROption<RString>,
}

/// A node classifier (the mirror of `marionette_nodes::NodeClassifier`).
#[sabi_trait]
pub trait ClassifierFfi: Send + Sync {
    fn describe(&self) -> RString;

    #[sabi(last_prefix_field)]
    fn classify(&self, certname: RStr<'_>, facts: &FfiData)
        -> RResult<FfiClassification, FfiError>;
}

/// A Puppet function (the mirror of `marionette_eval::ExternalFunction`).
#[sabi_trait]
pub trait FunctionFfi: Send + Sync {
    fn name(&self) -> RString;

    fn signatures(&self) -> RVec<RString>;

    #[sabi(last_prefix_field)]
    fn call(&self, args: RVec<FfiData>, cx: FfiFunctionContext<'_>) -> RResult<FfiData, FfiError>;
}

/// What a function may ask of the compile (the mirror of
/// `marionette_eval::FunctionContext`), implemented by the host.
#[sabi_trait]
pub trait FunctionContextFfi {
    fn signature(&self) -> usize;

    fn has_block(&self) -> bool;

    fn call_block(&mut self, args: RVec<FfiData>) -> RResult<FfiData, FfiError>;

    #[sabi(last_prefix_field)]
    fn warning(&mut self, text: RString);
}

/// Builds the FFI objects (kept here so that `TD_Opaque` and the generated
/// constructors stay in the module that allows their unsafe code).
pub(crate) mod make {
    use super::*;

    pub fn backend(b: impl BackendFfi + 'static) -> FfiBackend {
        BackendFfi_TO::from_value(b, TD_Opaque)
    }

    pub fn classifier(c: impl ClassifierFfi + 'static) -> FfiClassifier {
        ClassifierFfi_TO::from_value(c, TD_Opaque)
    }

    pub fn function(f: impl FunctionFfi + 'static) -> FfiFunction {
        FunctionFfi_TO::from_value(f, TD_Opaque)
    }

    pub fn backend_context<T: BackendContextFfi>(cx: &mut T) -> FfiBackendContext<'_> {
        BackendContextFfi_TO::from_ptr(cx, TD_Opaque)
    }

    pub fn parser<T: ParserFfi>(p: &mut T) -> FfiParser<'_> {
        ParserFfi_TO::from_ptr(p, TD_Opaque)
    }

    pub fn function_context<T: FunctionContextFfi>(cx: &mut T) -> FfiFunctionContext<'_> {
        FunctionContextFfi_TO::from_ptr(cx, TD_Opaque)
    }

    pub fn root_module(plugin: extern "C" fn() -> RResult<FfiPlugin, FfiError>) -> PluginModRef {
        use abi_stable::prefix_type::PrefixTypeTrait;
        PluginMod { plugin }.leak_into_prefix()
    }
}
