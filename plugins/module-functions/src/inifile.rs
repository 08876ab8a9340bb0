//! puppetlabs-inifile: `inifile::create_ini_settings`, `ini_setting` resources from a
//! Hash of sections, and its deprecated alias `create_ini_settings`.

use crate::{deprecated_alias, FunctionContext, NativeFunction};
use marionette_catalog::Data;
use marionette_stdlib::ruby;

pub const FUNCTIONS: &[NativeFunction] = &[
    NativeFunction {
        name: "inifile::create_ini_settings",
        signatures: &["Hash settings, Optional[Hash] defaults"],
        imp: create_ini_settings,
    },
    NativeFunction {
        name: "create_ini_settings",
        signatures: &["Any args*"],
        imp: |a, cx| {
            deprecated_alias(
                cx,
                "create_ini_settings",
                "This method is deprecated, please use inifile::create_ini_settings instead.",
                "inifile::create_ini_settings",
                a,
            )
        },
    },
];

/// One `ini_setting` per setting, titled `path [section] setting`, declared with
/// `create_resources` and the defaults.
fn create_ini_settings(a: &[Data], cx: &mut dyn FunctionContext) -> Result<Data, String> {
    let (Some(Data::Hash(settings)), defaults) = (a.first(), a.get(1)) else {
        return Err("inifile::create_ini_settings: expects a Hash".into());
    };
    let defaults = match defaults {
        Some(Data::Hash(d)) => d.clone(),
        _ => Vec::new(),
    };
    let s = |v: &str| Data::String(v.into());
    let mut resources = Vec::new();
    for (section, values) in settings {
        let Data::Hash(values) = values else {
            return Err(format!(
                "create_ini_settings(): Section {} must contain a Hash",
                ruby::to_s(section)
            ));
        };
        let mut merged = defaults.clone();
        for (k, v) in settings {
            ruby::put(&mut merged, k.clone(), v.clone());
        }
        let path = match ruby::get(&merged, &s("path")) {
            Some(p) if ruby::truthy(p) => ruby::to_s(p),
            _ => return Err(
                "create_ini_settings(): must pass the path parameter to the Ini_setting resource!"
                    .into(),
            ),
        };
        for (setting, value) in values {
            let mut params = vec![
                (s("ensure"), s("present")),
                (s("section"), section.clone()),
                (s("setting"), setting.clone()),
            ];
            match value {
                Data::Hash(h) => h
                    .iter()
                    .for_each(|(k, v)| ruby::put(&mut params, k.clone(), v.clone())),
                other => ruby::put(&mut params, s("value"), other.clone()),
            }
            let title = format!("{path} [{}] {}", ruby::to_s(section), ruby::to_s(setting));
            ruby::put(&mut resources, Data::String(title), Data::Hash(params));
        }
    }
    cx.call_function(
        "create_resources",
        vec![
            s("ini_setting"),
            Data::Hash(resources),
            Data::Hash(defaults),
        ],
    )
}
