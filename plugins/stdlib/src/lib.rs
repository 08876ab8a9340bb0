//! puppetlabs-stdlib's functions in native Rust: its Ruby 3.x functions
//! (`lib/puppet/parser/functions`), its 4.x ones (`lib/puppet/functions`, with the
//! `stdlib::` namespace) and the deprecated aliases modules still call, as stdlib
//! 8.5.0 (Debian's) defines them. Those Puppet 7 has built in (`join`, `keys`,
//! `empty`, `flatten`, ...) are Puppet's: its own functions win over a module's.
//!
//! Each function is a [`NativeFunction`]: its name, the signatures Puppet checks
//! before calling it (a 3.x function's arity becomes `Any` parameters, as Puppet's
//! `Function3x` wrapper declares them) and an implementation that sees the arguments
//! as a Ruby function sees them (see [`ruby::args3x`]). Messages are stdlib's.
//!
//! Families: [`collections`] (arrays and hashes), [`strings`], [`validate`] (the
//! `validate_*` and `is_*` functions), [`serialize`] (JSON, YAML, TOML...), [`net`]
//! (IP addresses), [`crypto`] (password hashes, keys), [`host`] (the functions that
//! run commands on the compiling machine), [`compile`] (the functions that need the
//! compile: resources, facts, types, files).

use std::sync::Arc;

pub mod collections;
pub mod compile;
pub mod crypto;
pub mod host;
pub mod net;
pub mod ruby;
pub mod serialize;
pub mod stdlib9;
pub mod strings;
pub mod validate;

pub use marionette_eval::{ExternalFunction, FunctionContext, NativeFunction};

/// Declares a [`NativeFunction`]: `native!("name", &["sig"], |args, cx| ...)`.
macro_rules! native {
    ($name:literal, $sigs:expr, $imp:expr) => {
        $crate::NativeFunction {
            name: $name,
            signatures: $sigs,
            imp: $imp,
        }
    };
}
pub(crate) use native;

/// The signature of a 3.x function without a declared arity (any arguments).
pub(crate) const ANY: &[&str] = &["Any args*"];
/// A 3.x function of arity -2 (at least one argument).
pub(crate) const ONE_OR_MORE: &[&str] = &["Any p0, Any args*"];

/// The families of functions.
const FAMILIES: [&[NativeFunction]; 10] = [
    collections::FUNCTIONS,
    crypto::FUNCTIONS,
    host::FUNCTIONS,
    strings::FUNCTIONS,
    validate::FUNCTIONS,
    validate::WRAPPERS,
    serialize::FUNCTIONS,
    net::FUNCTIONS,
    compile::FUNCTIONS,
    stdlib9::FUNCTIONS,
];

/// A function's error.
pub(crate) fn err<T>(msg: impl Into<String>) -> Result<T, String> {
    Err(msg.into())
}

/// 64 random bits, for the functions that are random in Puppet too (Ruby's `rand`
/// without a seed): `shuffle`, `str2saltedsha512`.
pub(crate) fn random_u64() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    h.write_u64(now);
    h.finish()
}

/// The `stdlib::` names stdlib 9 gave functions 8.5 has, unchanged (their old names
/// became deprecated shims; those 9.x changed are in [`stdlib9`]). A name is registered where a module ships its Ruby file, so
/// these exist only with stdlib 9 on the modulepath, as in Puppet.
const STDLIB9_NAMES: &[(&str, &str)] = &[
    ("stdlib::batch_escape", "batch_escape"),
    ("stdlib::merge", "merge"),
    ("stdlib::parsehocon", "parsehocon"),
    ("stdlib::powershell_escape", "powershell_escape"),
    ("stdlib::seeded_rand_string", "seeded_rand_string"),
    ("stdlib::shell_escape", "shell_escape"),
    ("stdlib::to_json", "to_json"),
    ("stdlib::to_json_pretty", "to_json_pretty"),
    ("stdlib::to_python", "to_python"),
    ("stdlib::to_ruby", "to_ruby"),
    ("stdlib::to_toml", "to_toml"),
    ("stdlib::to_yaml", "to_yaml"),
    ("stdlib::type_of", "type_of"),
];

fn all() -> impl Iterator<Item = NativeFunction> {
    let own = FAMILIES.iter().flat_map(|f| f.iter()).cloned();
    let renamed = STDLIB9_NAMES.iter().filter_map(|&(name, old)| {
        let f = FAMILIES
            .iter()
            .flat_map(|f| f.iter())
            .find(|f| f.name == old)?;
        Some(NativeFunction { name, ..f.clone() })
    });
    own.chain(renamed)
}

/// Every function of the module.
pub fn functions() -> Vec<Arc<dyn ExternalFunction>> {
    all()
        .map(|f| match STDLIB9_SHIMS.contains(&f.name) {
            true => Arc::new(Shim(f)) as Arc<dyn ExternalFunction>,
            false => Arc::new(f) as Arc<dyn ExternalFunction>,
        })
        .collect()
}

/// The old names stdlib 9 keeps as deprecation shims of its `stdlib::` ones.
const STDLIB9_SHIMS: &[&str] = &[
    "batch_escape",
    "ensure_packages",
    "fqdn_rand_string",
    "fqdn_rotate",
    "has_interface_with",
    "merge",
    "os_version_gte",
    "parsehocon",
    "powershell_escape",
    "seeded_rand",
    "seeded_rand_string",
    "shell_escape",
    "to_json",
    "to_json_pretty",
    "to_python",
    "to_ruby",
    "to_toml",
    "to_yaml",
    "type_of",
    "validate_domain_name",
    "validate_email_address",
];

/// A function 9.x renamed: with stdlib 9 (its `stdlib::NAME` file there), the old
/// name warns as 9.x's shim does before it runs.
struct Shim(NativeFunction);

impl ExternalFunction for Shim {
    fn name(&self) -> &str {
        self.0.name
    }

    fn signatures(&self) -> Vec<String> {
        self.0.signatures()
    }

    fn call(
        &self,
        args: &[marionette_catalog::Data],
        cx: &mut dyn FunctionContext,
    ) -> Result<marionette_catalog::Data, String> {
        let name = self.0.name;
        let renamed = cx.module_path("stdlib").is_some_and(|dir| {
            std::path::Path::new(&dir)
                .join(format!("lib/puppet/functions/stdlib/{name}.rb"))
                .is_file()
        });
        if renamed {
            let message =
                format!("This function is deprecated, please use stdlib::{name} instead.");
            deprecation(cx, name, &message);
        }
        self.0.call(args, cx)
    }
}

/// The plugin: stdlib's functions, for `Compiler::builder().plugin(...)`. The
/// marionette binary links them in itself (`marionette::register_bundled_functions`).
/// The library does not export itself for `--plugin`: the functions that need the
/// compile ask `FunctionContext` for what the plugin ABI does not forward yet, and a
/// second exported root module would clash with a plugin linked beside it.
pub fn plugin() -> marionette_plugin_api::Plugin {
    let mut p = marionette_plugin_api::Plugin::new("stdlib");
    p.functions = functions();
    p
}

/// The names of the functions, sorted.
pub fn names() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = all().map(|f| f.name).collect();
    out.sort_unstable();
    out
}

/// `deprecation(key, message)` as stdlib's 4.x function does it: a warning naming
/// where the Puppet code is (`message at ["file", line]:["file", line]`), once per key
/// and compile, followed by the Ruby location Puppet's `deprecation_warning` adds.
pub(crate) fn deprecation(cx: &mut dyn FunctionContext, key: &str, message: &str) {
    let stack = cx.stacktrace();
    let frame = |i: usize| match stack.get(i) {
        Some((file, line)) => format!(
            "[{}, {line}]",
            ruby::inspect(&marionette_catalog::Data::String(file.clone()))
        ),
        None => String::new(),
    };
    let message = format!("{message} at {}:{}", frame(0), frame(1));
    if cx.first_time(&format!("deprecation:{key}")) {
        let location = cx
            .module_path("stdlib")
            .map(|dir| {
                let file = format!("{dir}/lib/puppet/functions/deprecation.rb");
                // the line of its `Puppet.deprecation_warning` call: 36 in 8.5, 35 in 9.x
                let line = std::fs::read_to_string(&file)
                    .ok()
                    .and_then(|text| {
                        text.lines()
                            .position(|l| l.contains("Puppet.deprecation_warning("))
                    })
                    .map_or(36, |i| i + 1);
                format!("\n   (location: {file}:{line}:in `deprecation')")
            })
            .unwrap_or_default();
        cx.warning(format!("{message}{location}"));
    }
}
