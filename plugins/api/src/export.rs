//! The plugin side: a [`Plugin`] of Rust trait objects turned into its stable form.
//! Every entry point the host can call catches panics and returns them as errors
//! (`plugin NAME panicked in WHAT: MESSAGE`).

use crate::data::{pairs_from_ffi, FfiData, FfiError, FfiErrorKind, FfiPairs};
use crate::ffi::{
    make, BackendFfi, ClassifierFfi, FfiBackendCall, FfiBackendContext, FfiBackendKind,
    FfiClassification, FfiFunctionContext, FfiPlugin, FunctionFfi, ParserFfi,
};
use crate::Plugin;
use abi_stable::std_types::{ROption, RResult, RSlice, RStr, RString, RVec, Tuple2};
use marionette_catalog::Data;
use marionette_eval::{ExternalFunction, FunctionContext};
use marionette_lookup::{Backend, BackendCall, BackendContext, BackendKind, LookupError, Segment};
use marionette_nodes::NodeClassifier;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The text of a panic's payload.
pub(crate) fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(a panic without a message)".to_string()
    }
}

/// Runs `f`, turning a panic into `plugin PLUGIN panicked in WHAT: MESSAGE` (an error
/// Puppet reports wrapped by the call that caused it).
pub(crate) fn guard<T>(
    plugin: &str,
    what: &str,
    f: impl FnOnce() -> Result<T, FfiError>,
) -> RResult<T, FfiError> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r.into(),
        Err(payload) => RResult::RErr(FfiError {
            message: format!(
                "plugin {plugin} panicked in {what}: {}",
                panic_message(&*payload)
            )
            .into(),
            kind: FfiErrorKind::Other,
            runtime: true,
            location: ROption::RNone,
        }),
    }
}

/// The stable form of `plugin()`'s plugin; a panic in `plugin()` is an error.
pub fn export(plugin: fn() -> Plugin) -> RResult<FfiPlugin, FfiError> {
    guard("(unnamed)", "its constructor", || Ok(to_ffi(plugin())))
}

/// The stable form of a plugin (also used in-process, e.g. by the boundary bench).
pub fn to_ffi(plugin: Plugin) -> FfiPlugin {
    let name: Arc<str> = plugin.name.as_str().into();
    FfiPlugin {
        name: plugin.name.as_str().into(),
        backends: plugin
            .backends
            .into_iter()
            .map(|(function, inner)| {
                let b = ExportedBackend {
                    plugin: name.clone(),
                    kind: match inner.kind() {
                        BackendKind::DataHash => FfiBackendKind::DataHash,
                        BackendKind::LookupKey => FfiBackendKind::LookupKey,
                        BackendKind::DataDig => FfiBackendKind::DataDig,
                    },
                    function: function.clone(),
                    inner,
                };
                Tuple2(function.into(), make::backend(b))
            })
            .collect(),
        classifiers: plugin
            .classifiers
            .into_iter()
            .map(|inner| {
                make::classifier(ExportedClassifier {
                    plugin: name.clone(),
                    inner,
                })
            })
            .collect(),
        functions: plugin
            .functions
            .into_iter()
            .map(|inner| {
                make::function(ExportedFunction {
                    plugin: name.clone(),
                    name: inner.name().to_string(),
                    signatures: inner.signatures(),
                    inner,
                })
            })
            .collect(),
    }
}

struct ExportedBackend {
    plugin: Arc<str>,
    function: String,
    kind: FfiBackendKind,
    inner: Arc<dyn Backend>,
}

/// A backend call's pieces, owned on this side.
struct Call {
    options: Vec<(String, Data)>,
    path: Option<PathBuf>,
}

impl Call {
    fn new(call: &FfiBackendCall) -> Call {
        Call {
            options: pairs_from_ffi(&call.options),
            path: call
                .path
                .as_ref()
                .into_option()
                .map(|p| PathBuf::from(p.as_str())),
        }
    }

    fn borrow<'a>(&'a self, call: &'a FfiBackendCall) -> BackendCall<'a> {
        BackendCall {
            function: call.function.as_str(),
            options: &self.options,
            path: self.path.as_deref(),
            uri: call.uri.as_ref().into_option().map(|u| u.as_str()),
        }
    }
}

fn lookup_result(r: Result<Option<Data>, LookupError>) -> Result<ROption<FfiData>, FfiError> {
    match r {
        Ok(found) => Ok(found.as_ref().map(FfiData::from).into()),
        Err(e) => Err((&e).into()),
    }
}

impl BackendFfi for ExportedBackend {
    fn kind(&self) -> FfiBackendKind {
        self.kind
    }

    fn data_hash(
        &self,
        call: &FfiBackendCall,
        cx: FfiBackendContext<'_>,
    ) -> RResult<FfiData, FfiError> {
        guard(&self.plugin, &self.function, || {
            let owned = Call::new(call);
            let mut cx = PluginBackendCx {
                plugin: &self.plugin,
                to: cx,
            };
            match self.inner.data_hash(&owned.borrow(call), &mut cx) {
                Ok(d) => Ok((&*d).into()),
                Err(e) => Err((&e).into()),
            }
        })
    }

    fn lookup_key(
        &self,
        key: RStr<'_>,
        call: &FfiBackendCall,
        cx: FfiBackendContext<'_>,
    ) -> RResult<ROption<FfiData>, FfiError> {
        guard(&self.plugin, &self.function, || {
            let owned = Call::new(call);
            let mut cx = PluginBackendCx {
                plugin: &self.plugin,
                to: cx,
            };
            lookup_result(
                self.inner
                    .lookup_key(key.as_str(), &owned.borrow(call), &mut cx),
            )
        })
    }

    fn data_dig(
        &self,
        key: RSlice<'_, crate::data::FfiSegment>,
        call: &FfiBackendCall,
        cx: FfiBackendContext<'_>,
    ) -> RResult<ROption<FfiData>, FfiError> {
        guard(&self.plugin, &self.function, || {
            let owned = Call::new(call);
            let key: Vec<Segment> = key.iter().map(Segment::from).collect();
            let mut cx = PluginBackendCx {
                plugin: &self.plugin,
                to: cx,
            };
            lookup_result(self.inner.data_dig(&key, &owned.borrow(call), &mut cx))
        })
    }
}

/// The host's lookup context, seen by the plugin's backend as a `BackendContext`.
struct PluginBackendCx<'p, 'a> {
    plugin: &'p str,
    to: FfiBackendContext<'a>,
}

/// A backend's file parser, called back by the host.
struct Parser<'p, 'f> {
    plugin: &'p str,
    path: &'p Path,
    parse: &'p mut (dyn FnMut(&str) -> Result<Data, LookupError> + 'f),
}

impl ParserFfi for Parser<'_, '_> {
    fn parse(&mut self, text: RStr<'_>) -> RResult<FfiData, FfiError> {
        let what = format!("parsing {}", self.path.display());
        guard(self.plugin, &what, || match (self.parse)(text.as_str()) {
            Ok(d) => Ok((&d).into()),
            Err(e) => Err((&e).into()),
        })
    }
}

impl BackendContext for PluginBackendCx<'_, '_> {
    fn cached_file_data(
        &mut self,
        path: &Path,
        parse: &mut dyn FnMut(&str) -> Result<Data, LookupError>,
    ) -> Result<Arc<Data>, LookupError> {
        let text = path.to_string_lossy();
        let mut parser = Parser {
            plugin: self.plugin,
            path,
            parse,
        };
        match self
            .to
            .cached_file_data(text.as_ref().into(), make::parser(&mut parser))
        {
            RResult::ROk(d) => Ok(Arc::new((&d).into())),
            RResult::RErr(e) => Err((&e).into()),
        }
    }

    fn interpolate(&mut self, value: &Data) -> Result<Data, LookupError> {
        match self.to.interpolate(&value.into()) {
            RResult::ROk(d) => Ok((&d).into()),
            RResult::RErr(e) => Err((&e).into()),
        }
    }

    fn explain(&mut self, text: &str) {
        self.to.explain(text.into());
    }

    fn warning(&mut self, text: String) {
        self.to.warning(text.into());
    }

    fn strict_error(&self) -> bool {
        self.to.strict_error()
    }

    fn cached_value(&mut self, key: &str) -> Option<Arc<Data>> {
        self.to
            .cached_value(key.into())
            .into_option()
            .map(|d| Arc::new((&d).into()))
    }

    fn cache_value(&mut self, key: String, value: Arc<Data>) {
        self.to.cache_value(key.into(), (&*value).into());
    }
}

struct ExportedClassifier {
    plugin: Arc<str>,
    inner: Arc<dyn NodeClassifier>,
}

fn pairs(p: &[(String, Data)]) -> FfiPairs {
    crate::data::pairs_to_ffi(p)
}

impl ClassifierFfi for ExportedClassifier {
    fn describe(&self) -> RString {
        match guard(&self.plugin, "describe", || Ok(self.inner.describe())) {
            RResult::ROk(s) => s.into(),
            RResult::RErr(_) => format!("the node classifier of plugin {}", self.plugin).into(),
        }
    }

    fn classify(
        &self,
        certname: RStr<'_>,
        facts: &FfiData,
    ) -> RResult<FfiClassification, FfiError> {
        guard(&self.plugin, "classify", || {
            let facts = Data::from(facts);
            match self.inner.classify(certname.as_str(), &facts) {
                Ok(c) => Ok(FfiClassification {
                    classes: c
                        .classes
                        .iter()
                        .map(|(name, params)| {
                            Tuple2(name.as_str().into(), params.as_deref().map(pairs).into())
                        })
                        .collect(),
                    parameters: pairs(&c.parameters),
                    environment: c.environment.as_deref().map(RString::from).into(),
                }),
                Err(e) => Err(FfiError::message(e.message)),
            }
        })
    }
}

struct ExportedFunction {
    plugin: Arc<str>,
    name: String,
    signatures: Vec<String>,
    inner: Arc<dyn ExternalFunction>,
}

impl FunctionFfi for ExportedFunction {
    fn name(&self) -> RString {
        self.name.as_str().into()
    }

    fn signatures(&self) -> RVec<RString> {
        self.signatures.iter().map(|s| s.as_str().into()).collect()
    }

    fn call(&self, args: RVec<FfiData>, cx: FfiFunctionContext<'_>) -> RResult<FfiData, FfiError> {
        guard(&self.plugin, &self.name, || {
            let args: Vec<Data> = args.iter().map(Data::from).collect();
            let mut cx = PluginFunctionCx { to: cx };
            match self.inner.call(&args, &mut cx) {
                Ok(d) => Ok((&d).into()),
                Err(message) => Err(FfiError::message(message)),
            }
        })
    }
}

/// The host's function context, seen by the plugin's function.
struct PluginFunctionCx<'a> {
    to: FfiFunctionContext<'a>,
}

impl FunctionContext for PluginFunctionCx<'_> {
    fn signature(&self) -> usize {
        self.to.signature()
    }

    fn has_block(&self) -> bool {
        self.to.has_block()
    }

    fn call_block(&mut self, args: Vec<Data>) -> Result<Data, String> {
        let args = args.iter().map(FfiData::from).collect();
        match self.to.call_block(args) {
            RResult::ROk(d) => Ok((&d).into()),
            RResult::RErr(e) => Err(e.message.into()),
        }
    }

    fn warning(&mut self, text: String) {
        self.to.warning(text.into());
    }
}
