//! The host side: opening a plugin library, checking it, and adapting its stable form
//! back to the core crates' traits, so that the host treats a loaded plugin exactly
//! like one linked statically.

use crate::data::{pairs_from_ffi, FfiData, FfiError, FfiErrorKind};
use crate::export::{guard, panic_message};
use crate::ffi::{
    make, BackendContextFfi, FfiBackend, FfiBackendCall, FfiBackendKind, FfiClassifier,
    FfiFunction, FfiParser, FfiPlugin, FunctionContextFfi, PluginModRef,
};
use crate::Plugin;
use abi_stable::library::{lib_header_from_path, LibraryError, RootModule};
use abi_stable::std_types::{ROption, RResult, RStr, RString, RVec, Tuple2};
use marionette_catalog::Data;
use marionette_eval::{ExternalFunction, FunctionContext};
use marionette_lookup::{Backend, BackendCall, BackendContext, BackendKind, LookupError, Segment};
use marionette_nodes::{Classification, ClassifyError, NodeClassifier};
use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Why a library could not be loaded as a plugin.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum LoadError {
    /// Not a loadable library, or a library without Marionette's root module.
    NotAPlugin { path: PathBuf, reason: String },
    /// Built against another version of `marionette-plugin-api`.
    WrongAbi {
        path: PathBuf,
        plugin: String,
        host: String,
    },
    /// The same version, but types of another layout (a modified interface crate).
    Incompatible { path: PathBuf, detail: String },
    /// The plugin's constructor failed or panicked.
    Failed { path: PathBuf, message: String },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotAPlugin { path, reason } => write!(
                f,
                "{} is not a Marionette plugin ({reason})",
                path.display()
            ),
            LoadError::WrongAbi { path, plugin, host } => write!(
                f,
                "{} was built for plugin ABI {plugin}, this marionette has {host}",
                path.display()
            ),
            LoadError::Incompatible { path, detail } => write!(
                f,
                "{} was built against a plugin interface that differs from this marionette's ({detail})",
                path.display()
            ),
            LoadError::Failed { path, message } => {
                write!(f, "plugin {} failed to load: {message}", path.display())
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// The plugin ABI version of this build (this crate's version).
pub fn abi_version() -> String {
    PluginModRef::VERSION_STRINGS.version.to_string()
}

/// Loads the plugin library at `path`. The library stays loaded for the life of the
/// process (its objects may be anywhere).
pub fn load(path: &Path) -> Result<Plugin, LoadError> {
    let header = lib_header_from_path(path).map_err(|e| library_error(path, e))?;
    let module = header
        .init_root_module::<PluginModRef>()
        .map_err(|e| library_error(path, e))?;
    let made =
        catch_unwind(AssertUnwindSafe(|| (module.plugin())())).map_err(|p| LoadError::Failed {
            path: path.to_path_buf(),
            message: format!("its root module panicked: {}", panic_message(&*p)),
        })?;
    match made {
        RResult::ROk(p) => Ok(from_ffi(p)),
        RResult::RErr(e) => Err(LoadError::Failed {
            path: path.to_path_buf(),
            message: e.message.into(),
        }),
    }
}

fn library_error(path: &Path, e: LibraryError) -> LoadError {
    let path = path.to_path_buf();
    let first_line = |s: String| {
        s.lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or_default()
            .to_string()
    };
    match e {
        LibraryError::OpenError { err, .. } => LoadError::NotAPlugin {
            path,
            reason: err.to_string(),
        },
        LibraryError::GetSymbolError { .. } => LoadError::NotAPlugin {
            path,
            reason: "it exports no Marionette plugin module".into(),
        },
        LibraryError::InvalidAbiHeader(_) => LoadError::NotAPlugin {
            path,
            reason: "its abi_stable header is of another abi_stable version".into(),
        },
        LibraryError::IncompatibleVersionNumber { actual_version, .. } => LoadError::WrongAbi {
            path,
            plugin: actual_version.to_string(),
            host: abi_version(),
        },
        LibraryError::ParseVersionError(e) => LoadError::WrongAbi {
            path,
            plugin: format!("'{}' (unreadable)", first_line(e.to_string())),
            host: abi_version(),
        },
        LibraryError::AbiInstability(e) => LoadError::Incompatible {
            path,
            detail: first_line(e.to_string()),
        },
        LibraryError::InvalidCAbi { found, .. } => LoadError::Incompatible {
            path,
            detail: first_line(found.to_string()),
        },
        LibraryError::RootModule { err, .. } => LoadError::Failed {
            path,
            message: first_line(err.to_string()),
        },
        LibraryError::Many(errors) => match errors.into_iter().next() {
            Some(e) => library_error(&path, e),
            None => LoadError::NotAPlugin {
                path,
                reason: "unknown error".into(),
            },
        },
    }
}

/// A plugin's stable form adapted to the core traits (also used in-process, e.g. by
/// the boundary bench).
pub fn from_ffi(p: FfiPlugin) -> Plugin {
    let plugin: Arc<str> = p.name.as_str().into();
    Plugin {
        name: p.name.into(),
        backends: p
            .backends
            .into_iter()
            .map(|Tuple2(name, inner)| {
                let kind = match inner.kind() {
                    FfiBackendKind::DataHash => BackendKind::DataHash,
                    FfiBackendKind::LookupKey => BackendKind::LookupKey,
                    FfiBackendKind::DataDig => BackendKind::DataDig,
                };
                let b: Arc<dyn Backend> = Arc::new(HostBackend { kind, inner });
                (name.into(), b)
            })
            .collect(),
        classifiers: p
            .classifiers
            .into_iter()
            .map(|inner| {
                let c: Arc<dyn NodeClassifier> = Arc::new(HostClassifier {
                    description: inner.describe().into(),
                    plugin: plugin.clone(),
                    inner,
                });
                c
            })
            .collect(),
        functions: p
            .functions
            .into_iter()
            .map(|inner| {
                let f: Arc<dyn ExternalFunction> = Arc::new(HostFunction {
                    name: inner.name().into(),
                    signatures: inner.signatures().into_iter().map(String::from).collect(),
                    inner,
                });
                f
            })
            .collect(),
    }
}

/// Runs a host callback for a plugin: a panic (a bug of the host) becomes an error
/// instead of unwinding into the plugin.
fn host_guard<T>(what: &str, f: impl FnOnce() -> Result<T, FfiError>) -> RResult<T, FfiError> {
    guard("host", what, f)
}

struct HostBackend {
    kind: BackendKind,
    inner: FfiBackend,
}

fn ffi_call(call: &BackendCall<'_>) -> FfiBackendCall {
    FfiBackendCall {
        function: call.function.into(),
        options: crate::data::pairs_to_ffi(call.options),
        path: call
            .path
            .map(|p| RString::from(p.to_string_lossy().as_ref()))
            .into(),
        uri: call.uri.map(RString::from).into(),
    }
}

fn lookup_error(e: &FfiError) -> LookupError {
    e.into()
}

fn found(r: RResult<ROption<FfiData>, FfiError>) -> Result<Option<Data>, LookupError> {
    match r {
        RResult::ROk(found) => Ok(found.into_option().map(|d| (&d).into())),
        RResult::RErr(e) => Err(lookup_error(&e)),
    }
}

impl Backend for HostBackend {
    fn kind(&self) -> BackendKind {
        self.kind
    }

    fn data_hash(
        &self,
        call: &BackendCall<'_>,
        cx: &mut dyn BackendContext,
    ) -> Result<Arc<Data>, LookupError> {
        let mut host = HostBackendCx { inner: cx };
        match self
            .inner
            .data_hash(&ffi_call(call), make::backend_context(&mut host))
        {
            RResult::ROk(d) => Ok(Arc::new((&d).into())),
            RResult::RErr(e) => Err(lookup_error(&e)),
        }
    }

    fn lookup_key(
        &self,
        key: &str,
        call: &BackendCall<'_>,
        cx: &mut dyn BackendContext,
    ) -> Result<Option<Data>, LookupError> {
        let mut host = HostBackendCx { inner: cx };
        found(self.inner.lookup_key(
            key.into(),
            &ffi_call(call),
            make::backend_context(&mut host),
        ))
    }

    fn data_dig(
        &self,
        key: &[Segment],
        call: &BackendCall<'_>,
        cx: &mut dyn BackendContext,
    ) -> Result<Option<Data>, LookupError> {
        let key: Vec<_> = key.iter().map(Into::into).collect();
        let mut host = HostBackendCx { inner: cx };
        found(self.inner.data_dig(
            key.as_slice().into(),
            &ffi_call(call),
            make::backend_context(&mut host),
        ))
    }
}

/// The lookup's context, offered to a plugin's backend.
struct HostBackendCx<'a> {
    inner: &'a mut dyn BackendContext,
}

impl BackendContextFfi for HostBackendCx<'_> {
    fn cached_file_data(
        &mut self,
        path: RStr<'_>,
        mut parse: FfiParser<'_>,
    ) -> RResult<FfiData, FfiError> {
        host_guard("cached_file_data", || {
            let mut parse = |text: &str| match parse.parse(text.into()) {
                RResult::ROk(d) => Ok(Data::from(&d)),
                RResult::RErr(e) => Err(lookup_error(&e)),
            };
            match self
                .inner
                .cached_file_data(Path::new(path.as_str()), &mut parse)
            {
                Ok(d) => Ok((&*d).into()),
                Err(e) => Err((&e).into()),
            }
        })
    }

    fn interpolate(&mut self, value: &FfiData) -> RResult<FfiData, FfiError> {
        host_guard("interpolate", || {
            match self.inner.interpolate(&value.into()) {
                Ok(d) => Ok((&d).into()),
                Err(e) => Err((&e).into()),
            }
        })
    }

    fn explain(&mut self, text: RStr<'_>) {
        let _ = host_guard("explain", || {
            self.inner.explain(text.as_str());
            Ok(())
        });
    }

    fn warning(&mut self, text: RString) {
        let _ = host_guard("warning", || {
            self.inner.warning(text.into());
            Ok(())
        });
    }

    fn strict_error(&self) -> bool {
        self.inner.strict_error()
    }

    fn cached_value(&mut self, key: RStr<'_>) -> ROption<FfiData> {
        match host_guard("cached_value", || Ok(self.inner.cached_value(key.as_str()))) {
            RResult::ROk(Some(d)) => ROption::RSome((&*d).into()),
            _ => ROption::RNone,
        }
    }

    fn cache_value(&mut self, key: RString, value: FfiData) {
        let _ = host_guard("cache_value", || {
            self.inner
                .cache_value(key.into(), Arc::new(Data::from(&value)));
            Ok(())
        });
    }
}

struct HostClassifier {
    plugin: Arc<str>,
    description: String,
    inner: FfiClassifier,
}

impl fmt::Debug for HostClassifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HostClassifier")
            .field("plugin", &self.plugin)
            .field("description", &self.description)
            .finish()
    }
}

impl NodeClassifier for HostClassifier {
    fn describe(&self) -> String {
        self.description.clone()
    }

    fn classify(&self, certname: &str, facts: &Data) -> Result<Classification, ClassifyError> {
        match self.inner.classify(certname.into(), &facts.into()) {
            RResult::ROk(c) => Ok(Classification {
                classes: c
                    .classes
                    .iter()
                    .map(|Tuple2(name, params)| {
                        (
                            name.to_string(),
                            params.as_ref().into_option().map(pairs_from_ffi),
                        )
                    })
                    .collect(),
                parameters: pairs_from_ffi(&c.parameters),
                environment: c.environment.into_option().map(String::from),
            }),
            RResult::RErr(e) => Err(ClassifyError::new(e.message.as_str())),
        }
    }
}

struct HostFunction {
    name: String,
    signatures: Vec<String>,
    inner: FfiFunction,
}

impl ExternalFunction for HostFunction {
    fn name(&self) -> &str {
        &self.name
    }

    fn signatures(&self) -> Vec<String> {
        self.signatures.clone()
    }

    fn call(&self, args: &[Data], cx: &mut dyn FunctionContext) -> Result<Data, String> {
        let args: RVec<FfiData> = args.iter().map(FfiData::from).collect();
        let mut host = HostFunctionCx { inner: cx };
        match self.inner.call(args, make::function_context(&mut host)) {
            RResult::ROk(d) => Ok((&d).into()),
            RResult::RErr(e) => Err(e.message.into()),
        }
    }
}

/// The compile's function context, offered to a plugin's function.
struct HostFunctionCx<'a> {
    inner: &'a mut dyn FunctionContext,
}

impl FunctionContextFfi for HostFunctionCx<'_> {
    fn signature(&self) -> usize {
        self.inner.signature()
    }

    fn has_block(&self) -> bool {
        self.inner.has_block()
    }

    fn call_block(&mut self, args: RVec<FfiData>) -> RResult<FfiData, FfiError> {
        host_guard("call_block", || {
            let args = args.iter().map(Data::from).collect();
            match self.inner.call_block(args) {
                Ok(d) => Ok((&d).into()),
                Err(message) => Err(FfiError {
                    message: message.into(),
                    kind: FfiErrorKind::Other,
                    runtime: false,
                    location: ROption::RNone,
                }),
            }
        })
    }

    fn warning(&mut self, text: RString) {
        let _ = host_guard("warning", || {
            self.inner.warning(text.into());
            Ok(())
        });
    }
}
