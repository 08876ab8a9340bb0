//! The Ruby functions of Puppet modules in native Rust, one Rust module per Puppet
//! module, as the Debian-packaged modules (`/usr/share/puppet/modules`) define them.
//! `functions.txt` lists every function of the corpus outside stdlib and why
//! the missing ones are missing. As stdlib's
//! (`marionette-stdlib`), a function exists in a compile only where a module on the
//! modulepath ships its Ruby file (`marionette::register_bundled_functions`).
//!
//! The legacy un-namespaced names (`bool2httpd`, `postgresql_password`...) are the
//! modules' 4.x wrappers: stdlib's `deprecation` warning, then the namespaced function,
//! both called through the compile as the Ruby does.

use std::sync::Arc;

pub mod apache;
pub mod archive;
pub mod collectd;
pub mod datacat;
pub mod dns;
pub mod inifile;
pub mod ironic;
pub mod mcollective;
pub mod memcached;
pub mod mongodb;
pub mod monit;
pub mod murano;
pub mod mysql;
pub mod neutron;
pub mod nova;
pub mod openstack_extras;
pub mod openstacklib;
pub mod postgresql;
pub mod redis;
pub mod ssh;
pub mod staging;
pub mod translate;
pub mod vswitch;

pub use marionette_eval::{ExternalFunction, FunctionContext, NativeFunction};

use marionette_catalog::Data;

/// The functions of each module.
const MODULES: [&[NativeFunction]; 23] = [
    mysql::FUNCTIONS,
    apache::FUNCTIONS,
    memcached::FUNCTIONS,
    postgresql::FUNCTIONS,
    openstacklib::FUNCTIONS,
    neutron::FUNCTIONS,
    nova::FUNCTIONS,
    mcollective::FUNCTIONS,
    redis::FUNCTIONS,
    ssh::FUNCTIONS,
    archive::FUNCTIONS,
    collectd::FUNCTIONS,
    ironic::FUNCTIONS,
    mongodb::FUNCTIONS,
    openstack_extras::FUNCTIONS,
    staging::FUNCTIONS,
    translate::FUNCTIONS,
    vswitch::FUNCTIONS,
    dns::FUNCTIONS,
    murano::FUNCTIONS,
    datacat::FUNCTIONS,
    monit::FUNCTIONS,
    inifile::FUNCTIONS,
];

/// Every function of every module.
pub fn functions() -> Vec<Arc<dyn ExternalFunction>> {
    MODULES
        .iter()
        .flat_map(|m| m.iter())
        .map(|f| Arc::new(f.clone()) as Arc<dyn ExternalFunction>)
        .collect()
}

/// The plugin, for `Compiler::builder().plugin(...)`; the marionette binary links the
/// functions in itself (`marionette::register_bundled_functions`).
pub fn plugin() -> marionette_plugin_api::Plugin {
    let mut p = marionette_plugin_api::Plugin::new("module-functions");
    p.functions = functions();
    p
}

/// The names of the functions, sorted.
pub fn names() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = MODULES
        .iter()
        .flat_map(|m| m.iter().map(|f| f.name))
        .collect();
    out.sort_unstable();
    out
}

/// A module's legacy 4.x wrapper (`repeated_param 'Any'`): stdlib's `deprecation(key,
/// message)`, then the namespaced function with the same arguments.
pub(crate) fn deprecated_alias(
    cx: &mut dyn FunctionContext,
    key: &str,
    message: &str,
    target: &str,
    args: &[Data],
) -> Result<Data, String> {
    cx.call_function(
        "deprecation",
        vec![Data::String(key.into()), Data::String(message.into())],
    )?;
    cx.call_function(target, args.to_vec())
}

/// Ruby's `NoMethodError` message for a value that lacks `method`.
pub(crate) fn no_method(method: &str, d: &Data) -> String {
    format!(
        "undefined method `{method}' for {}:{}",
        marionette_stdlib::ruby::inspect(d),
        marionette_stdlib::ruby::class(d)
    )
}

/// Ruby's `split(sep)` with a one-character separator: trailing empty fields dropped.
pub(crate) fn split(s: &str, sep: char) -> Vec<&str> {
    let mut parts: Vec<&str> = s.split(sep).collect();
    while parts.last().is_some_and(|p| p.is_empty()) {
        parts.pop();
    }
    parts
}

/// Percent-encoding of every byte but ASCII letters, digits and `_.~-` (Ruby's
/// `ERB::Util.url_encode`; with `space_as_plus`, `CGI.escape`).
pub(crate) fn percent_encode(s: &str, space_as_plus: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        match b {
            b' ' if space_as_plus => out.push('+'),
            b if b.is_ascii_alphanumeric() || b"_.~-".contains(&b) => out.push(b as char),
            b => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Lowercase hex of bytes (Ruby's `hexdigest`).
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    /// A context with the facts and variables given and a log of what was called.
    #[derive(Default)]
    pub struct Cx {
        pub facts: Option<Data>,
        pub vars: Vec<(&'static str, Data)>,
        pub calls: Vec<(String, Vec<Data>)>,
    }

    impl FunctionContext for Cx {
        fn signature(&self) -> usize {
            0
        }
        fn has_block(&self) -> bool {
            false
        }
        fn call_block(&mut self, _args: Vec<Data>) -> Result<Data, String> {
            Err("no block".into())
        }
        fn warning(&mut self, _text: String) {}
        fn call_function(&mut self, name: &str, args: Vec<Data>) -> Result<Data, String> {
            self.calls.push((name.to_string(), args.clone()));
            if name == "deprecation" {
                return Ok(Data::Undef);
            }
            let f = MODULES
                .iter()
                .flat_map(|m| m.iter())
                .find(|f| f.name == name)
                .ok_or_else(|| format!("no function {name}"))?;
            (f.imp)(&args, self)
        }
        fn variable(&mut self, name: &str) -> Option<Data> {
            if name == "facts" {
                return self.facts.clone();
            }
            self.vars
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.clone())
        }
    }

    /// Calls a function of the crate by name.
    pub fn call(name: &str, args: &[Data], cx: &mut Cx) -> Result<Data, String> {
        let f = MODULES
            .iter()
            .flat_map(|m| m.iter())
            .find(|f| f.name == name)
            .unwrap_or_else(|| panic!("{name} is a function of the crate"));
        (f.imp)(args, cx)
    }

    pub fn s(v: &str) -> Data {
        Data::String(v.into())
    }
}
