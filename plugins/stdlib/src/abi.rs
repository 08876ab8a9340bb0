//! The function interface this crate is written against. It has the shape of
//! `marionette_eval::external` (the plugin ABI branch), which is not on main yet; when
//! it lands, this module becomes a re-export of it.

use marionette_catalog::Data;

/// A Puppet function implemented outside the evaluator.
pub trait ExternalFunction: Send + Sync {
    /// The name manifests call, e.g. `stdlib::ensure` (lower case, `::`-separated).
    fn name(&self) -> &str;
    /// Puppet's dispatches, tried in order (`"String s, Integer n?"`, `"Any args*"`).
    fn signatures(&self) -> Vec<String>;
    /// Calls the function with arguments that match one of the signatures.
    fn call(&self, args: &[Data], cx: &mut dyn FunctionContext) -> Result<Data, String>;
}

/// What a function may ask of the compile that calls it. The methods past `warning`
/// have defaults that say the compile cannot answer, so a host that does not offer
/// them still runs the functions that do not need them.
pub trait FunctionContext {
    /// The index of the signature the arguments matched (0 for the first).
    fn signature(&self) -> usize;
    /// Whether the call has a block (lambda).
    fn has_block(&self) -> bool;
    /// Calls the block with `args` and returns its value.
    fn call_block(&mut self, args: Vec<Data>) -> Result<Data, String>;
    /// A warning in the compile's log (`Warning: text`).
    fn warning(&mut self, text: String);

    /// A notice in the compile's log (`Notice: text`).
    fn notice(&mut self, text: String) {
        self.warning(text)
    }
    /// Calls another function (a built-in, an external or a Puppet-language one) as
    /// `call_function` does in Ruby.
    fn call_function(&mut self, name: &str, args: Vec<Data>) -> Result<Data, String> {
        let _ = args;
        Err(unavailable(&format!("calling function '{name}'")))
    }
    /// A variable as the calling scope sees it (`facts`, `::fqdn`, `module_name`);
    /// `None` when it is not set.
    fn variable(&mut self, name: &str) -> Option<Data> {
        let _ = name;
        None
    }
    /// True the first time `key` is seen in this compile (for warnings given once).
    fn first_time(&mut self, key: &str) -> bool {
        let _ = key;
        true
    }
    /// Whether `value` is an instance of the type `ty` (a type value, or a type's
    /// source text as a string): `Ok(None)` if it is, `Ok(Some(description))` with
    /// Puppet's mismatch description (`expects a String value, got Integer`) if not.
    fn type_mismatch(&mut self, ty: &Data, value: &Data) -> Result<Option<String>, String> {
        let _ = (ty, value);
        Err(unavailable("type checks"))
    }
    /// The parameters of a resource in the catalog (`type` as in `File`, `Class`),
    /// `None` if there is no such resource. Undef parameters are absent.
    fn resource(&mut self, type_name: &str, title: &str) -> Option<Vec<(String, Data)>> {
        let _ = (type_name, title);
        None
    }
    /// The directory of a module of the environment.
    fn module_path(&mut self, module: &str) -> Option<String> {
        let _ = module;
        None
    }
    /// The file and line of each Puppet-code frame being evaluated, innermost first
    /// (Puppet's `PuppetStack.stacktrace`).
    fn stacktrace(&mut self) -> Vec<(String, u32)> {
        Vec::new()
    }
}

fn unavailable(what: &str) -> String {
    format!("{what} is not available to functions in this compile")
}

/// An [`ExternalFunction`] made of a name, signatures and a plain function.
#[derive(Clone)]
pub struct NativeFunction {
    pub name: &'static str,
    pub signatures: &'static [&'static str],
    #[allow(clippy::type_complexity)]
    pub imp: fn(&[Data], &mut dyn FunctionContext) -> Result<Data, String>,
}

impl ExternalFunction for NativeFunction {
    fn name(&self) -> &str {
        self.name
    }

    fn signatures(&self) -> Vec<String> {
        self.signatures.iter().map(|s| s.to_string()).collect()
    }

    fn call(&self, args: &[Data], cx: &mut dyn FunctionContext) -> Result<Data, String> {
        (self.imp)(args, cx)
    }
}
