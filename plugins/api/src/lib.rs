//! The interface crate for Marionette's plugins.
//!
//! A plugin provides any of: Hiera backend functions (`data_hash`, `lookup_key`,
//! `data_dig`) under the names `hiera.yaml` uses, node classifiers, and Puppet
//! functions. It is written against the core crates' Rust traits
//! ([`marionette_lookup::Backend`], [`marionette_nodes::NodeClassifier`],
//! [`marionette_eval::ExternalFunction`]) and described by a [`Plugin`]; the same
//! `Plugin` can be linked statically into a custom binary or exported from a dynamic
//! library.
//!
//! # Writing a plugin
//!
//! ```toml
//! [lib]
//! crate-type = ["cdylib", "rlib"]   # the library to load, and plain Rust for tests
//!
//! [dependencies]
//! marionette-plugin-api = "0.1"
//! abi_stable = "0.11"               # the export's generated code names it
//! ```
//!
//! ```text
//! use marionette_plugin_api::Plugin;
//!
//! pub fn plugin() -> Plugin {
//!     Plugin::new("my_plugin")
//!         .backend("my_lookup_key", MyBackend)
//!         .function(MyFunction)
//! }
//!
//! marionette_plugin_api::export_plugin!(plugin);
//! ```
//!
//! # Three roles
//!
//! * **This crate** (interface): the only crate a plugin links besides `abi_stable`.
//! * **Plugin crates** (`crate-type = ["cdylib", "rlib"]`).
//! * **The host** ([`load`]): opens each library with abi_stable, checks it, and
//!   adapts its objects back to the core traits. The core crates never see abi_stable.
//!
//! # The boundary
//!
//! Values cross as [`FfiData`], the stable mirror of `marionette_catalog::Data`;
//! errors as [`FfiError`] (Puppet's message, kind, location). The trait objects are
//! `#[sabi_trait]` mirrors of the core traits ([`ffi`]); callbacks into the host (a
//! backend's lookup context, a function's block) are trait objects too.
//!
//! # Evolution rules
//!
//! * This crate's version **is the ABI version** (`package_version_strings!()`). A
//!   plugin built against another (semver-incompatible) version is refused when loaded:
//!   "PATH was built for plugin ABI x.y.z, this marionette has a.b.c".
//! * abi_stable also checks the layout of every type reachable from the root module: a
//!   plugin built with a modified copy of this crate is refused, never run.
//! * The root module is a prefix type: fields are only added at the end. A new
//!   [`FfiData`] variant or a changed struct is a new ABI version.
//! * Every entry point catches panics: a panicking plugin fails the lookup, the
//!   classification or the compile (`plugin NAME panicked in WHAT: MESSAGE`), never the
//!   process. Host callbacks catch panics too, so unwinding never crosses the boundary.
//! * Loaded libraries are never unloaded (their objects may live anywhere).

pub mod data;
mod export;
pub mod ffi;
mod load;

pub use data::{FfiData, FfiError};
pub use load::{abi_version, from_ffi, load, LoadError};

pub use marionette_catalog::Data;
pub use marionette_eval::{ExternalFunction, FunctionContext, NativeFunction};
pub use marionette_lookup::{Backend, BackendCall, BackendContext, BackendKind, LookupError};
pub use marionette_nodes::{Classification, ClassifyError, NodeClassifier};

use std::sync::Arc;

/// What a plugin provides, as plain Rust: what a plugin crate's `plugin()` returns, what
/// [`load`] gives back, and what a custom binary registers directly.
#[derive(Clone, Default)]
pub struct Plugin {
    /// Names the plugin in messages (`plugin NAME panicked in ...`).
    pub name: String,
    /// Hiera backends by the function name `hiera.yaml` uses (`eyaml_lookup_key`).
    pub backends: Vec<(String, Arc<dyn Backend>)>,
    pub classifiers: Vec<Arc<dyn NodeClassifier>>,
    pub functions: Vec<Arc<dyn ExternalFunction>>,
}

impl std::fmt::Debug for Plugin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Plugin")
            .field("name", &self.name)
            .field(
                "backends",
                &self.backends.iter().map(|(n, _)| n).collect::<Vec<_>>(),
            )
            .field("classifiers", &self.classifiers)
            .field(
                "functions",
                &self.functions.iter().map(|f| f.name()).collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl Plugin {
    pub fn new(name: impl Into<String>) -> Plugin {
        Plugin {
            name: name.into(),
            ..Plugin::default()
        }
    }

    /// Adds a Hiera backend under the function name `hiera.yaml` uses.
    pub fn backend(mut self, function: impl Into<String>, backend: impl Backend + 'static) -> Self {
        self.backends.push((function.into(), Arc::new(backend)));
        self
    }

    pub fn classifier(mut self, classifier: impl NodeClassifier + 'static) -> Self {
        self.classifiers.push(Arc::new(classifier));
        self
    }

    pub fn function(mut self, function: impl ExternalFunction + 'static) -> Self {
        self.functions.push(Arc::new(function));
        self
    }

    /// The plugin as it is seen through the binary interface, without a library: its
    /// objects wrapped into their FFI form and back, in this process. What a loaded
    /// plugin costs per call, measurable in tests and benches.
    pub fn through_ffi(self) -> Plugin {
        from_ffi(export::to_ffi(self))
    }
}

/// Exports a plugin from a `cdylib`: `export_plugin!(plugin)` where `fn plugin() ->
/// Plugin`. The crate must depend on `abi_stable` (the generated export names it).
#[macro_export]
macro_rules! export_plugin {
    ($constructor:path) => {
        #[doc(hidden)]
        fn __marionette_plugin_constructor() -> $crate::Plugin {
            $constructor()
        }

        #[doc(hidden)]
        // abi_stable's export is a `#[no_mangle]` static built with unsafe code.
        #[allow(unsafe_code)]
        pub mod __marionette_plugin_export {
            extern "C" fn plugin(
            ) -> $crate::__private::RResult<$crate::ffi::FfiPlugin, $crate::FfiError> {
                $crate::__private::export(super::__marionette_plugin_constructor)
            }

            #[::abi_stable::export_root_module]
            pub fn root_module() -> $crate::ffi::PluginModRef {
                $crate::__private::root_module(plugin)
            }
        }
    };
}

#[doc(hidden)]
pub mod __private {
    pub use crate::export::export;
    pub use abi_stable::std_types::RResult;

    pub fn root_module(
        plugin: extern "C" fn() -> RResult<crate::ffi::FfiPlugin, crate::FfiError>,
    ) -> crate::ffi::PluginModRef {
        crate::ffi::make::root_module(plugin)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use marionette_lookup::Segment;
    use std::collections::HashMap;
    use std::path::Path;

    /// A lookup context keeping its cache, files and log in memory.
    #[derive(Default)]
    struct Cx {
        cache: HashMap<String, Arc<Data>>,
        log: Vec<String>,
    }

    impl BackendContext for Cx {
        fn cached_file_data(
            &mut self,
            path: &Path,
            parse: &mut dyn FnMut(&str) -> Result<Data, LookupError>,
        ) -> Result<Arc<Data>, LookupError> {
            parse(&format!("text of {}", path.display())).map(Arc::new)
        }
        fn interpolate(&mut self, value: &Data) -> Result<Data, LookupError> {
            Ok(Data::Array(vec![value.clone()]))
        }
        fn explain(&mut self, text: &str) {
            self.log.push(format!("explain {text}"));
        }
        fn warning(&mut self, text: String) {
            self.log.push(format!("warning {text}"));
        }
        fn cached_value(&mut self, key: &str) -> Option<Arc<Data>> {
            self.cache.get(key).cloned()
        }
        fn cache_value(&mut self, key: String, value: Arc<Data>) {
            self.cache.insert(key, value);
        }
    }

    /// Uses every part of the context; panics for the key `panic`.
    struct Probe;

    impl Backend for Probe {
        fn kind(&self) -> BackendKind {
            BackendKind::LookupKey
        }
        fn lookup_key(
            &self,
            key: &str,
            call: &BackendCall<'_>,
            cx: &mut dyn BackendContext,
        ) -> Result<Option<Data>, LookupError> {
            if key == "panic" {
                panic!("probe panics");
            }
            if key == "missing" {
                return Ok(None);
            }
            let file = cx.cached_file_data(call.path.unwrap(), &mut |t| {
                Ok(Data::String(t.to_uppercase()))
            })?;
            let seen = cx.cached_value("probe::seen");
            cx.cache_value("probe::seen".into(), Arc::new(Data::String(key.into())));
            cx.explain("probing");
            cx.warning(format!("option {:?}", call.option("o")));
            Ok(Some(Data::Array(vec![
                (*file).clone(),
                cx.interpolate(&Data::Integer(1))?,
                seen.map_or(Data::Undef, |d| (*d).clone()),
            ])))
        }
        fn data_dig(
            &self,
            key: &[Segment],
            _: &BackendCall<'_>,
            _: &mut dyn BackendContext,
        ) -> Result<Option<Data>, LookupError> {
            Ok(Some(Data::Integer(key.len() as i64)))
        }
    }

    #[test]
    fn a_backend_sees_the_same_context_through_the_abi() {
        let run = |backend: &dyn Backend| {
            let options = vec![("o".to_string(), Data::Bool(true))];
            let call = BackendCall {
                function: "probe",
                options: &options,
                path: Some(Path::new("/d/x.yaml")),
                uri: None,
            };
            let mut cx = Cx::default();
            let answers =
                ["a", "b", "missing", "panic"].map(|k| backend.lookup_key(k, &call, &mut cx));
            let dig = backend.data_dig(
                &[Segment::Key("a".into()), Segment::Index(0)],
                &call,
                &mut cx,
            );
            (answers, dig, cx.log)
        };
        let through = Plugin::new("probe-plugin")
            .backend("probe", Probe)
            .through_ffi();
        assert_eq!(through.backends[0].1.kind(), BackendKind::LookupKey);
        let (answers, dig, log) = run(&*through.backends[0].1);
        let s = |t: &str| Data::String(t.into());
        let expected = |seen: Data| {
            Ok(Some(Data::Array(vec![
                s("TEXT OF /D/X.YAML"),
                Data::Array(vec![Data::Integer(1)]),
                seen,
            ])))
        };
        assert_eq!(answers[0], expected(Data::Undef));
        assert_eq!(answers[1], expected(s("a")));
        assert_eq!(answers[2], Ok(None));
        let panic = answers[3].clone().unwrap_err();
        assert_eq!(
            panic.message,
            "plugin probe-plugin panicked in probe: probe panics"
        );
        assert!(panic.runtime);
        assert_eq!(dig, Ok(Some(Data::Integer(2))));
        assert_eq!(
            log,
            ["explain probing", "warning option Some(Bool(true))"].repeat(2)
        );
    }
}
