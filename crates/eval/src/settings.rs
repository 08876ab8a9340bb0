//! `$settings::<name>`: Puppet's settings as the variables of class `settings`.
//!
//! Puppet's compiler gives the `settings` class a scope that holds every setting
//! (`Scope#merge_settings`) with the value it has for the environment being compiled,
//! plus `$settings::all_local`, a hash of them all. Settings that are not plain data
//! (symbols, durations) are written as strings.
//!
//! Marionette has no `puppet.conf`: a setting has the default of Debian's Puppet 7.23
//! (`defaults.rs`, generated from Puppet), except those the compile decides: the
//! environment and its `environment.conf` (`manifest`, `modulepath`,
//! `config_version`), the server's certname (the `servername` server fact), and the
//! compile's options (`strict`, `strict_variables`, `hiera_config`, `node_terminus`).

mod defaults;

use crate::compiler::{CompileOptions, NodeInput};
use crate::env::Environment;
use crate::value::{Value, ValueMap};

/// A setting's default, as generated.
pub(crate) enum Default {
    Str(&'static str),
    Bool(bool),
    Int(i64),
    Float(f64),
    Undef,
    Array(&'static [&'static str]),
}

/// Every setting with its value for this compile, in Puppet's order. The server's
/// certname is its `servername` server fact (`puppet`, the default `server`, without
/// one).
pub(crate) fn values(env: &Environment, options: &CompileOptions, node: &NodeInput) -> ValueMap {
    let certname = node
        .server_facts
        .as_ref()
        .and_then(|f| f.get(&Value::str("servername")))
        .and_then(Value::as_str)
        .unwrap_or("puppet")
        .to_string();
    let environmentpath = env
        .root
        .parent()
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_default();
    let path_list = |paths: &[std::path::PathBuf]| {
        paths
            .iter()
            .map(|p| p.to_string_lossy())
            .collect::<Vec<_>>()
            .join(":")
    };
    let mut map = ValueMap::default();
    for (name, default) in defaults::DEFAULTS {
        let value = match *name {
            "environment" => Value::str(env.name.as_str()),
            "manifest" => Value::str(env.manifest.to_string_lossy()),
            "modulepath" => Value::str(path_list(&env.modulepath)),
            "config_version" => Value::str(env.config_version.as_str()),
            "strict" => Value::str(if options.strict_error {
                "error"
            } else {
                "warning"
            }),
            "strict_variables" => Value::Bool(options.strict_variables),
            "hiera_config" if options.hiera_config.is_some() => Value::str(
                options
                    .hiera_config
                    .as_deref()
                    .unwrap_or(std::path::Path::new(""))
                    .to_string_lossy(),
            ),
            "node_terminus" if options.classifier.is_some() => Value::str("exec"),
            _ => match default {
                Default::Str(s) if s.contains('{') => Value::str(
                    s.replace("{certname}", &certname)
                        .replace("{environmentpath}", &environmentpath),
                ),
                Default::Str(s) => Value::str(*s),
                Default::Bool(b) => Value::Bool(*b),
                Default::Int(i) => Value::Int(*i),
                Default::Float(f) => Value::Float(*f),
                Default::Undef => Value::Undef,
                Default::Array(items) => {
                    Value::array(items.iter().map(|s| Value::str(*s)).collect())
                }
            },
        };
        map.insert(Value::str(*name), value);
    }
    map
}
