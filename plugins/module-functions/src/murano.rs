//! puppet-murano: `get_ext_net_name`, the name of the first network whose `L2`
//! settings have `router_ext`.

use crate::NativeFunction;
use marionette_catalog::Data;
use marionette_stdlib::ruby;

pub const FUNCTIONS: &[NativeFunction] = &[NativeFunction {
    name: "get_ext_net_name",
    signatures: &["Any args*"],
    imp: |a, _| {
        let Some(Data::Hash(networks)) = a.first() else {
            return Err("get_ext_net_name(): No network data provided!".into());
        };
        let key = |k: &str| Data::String(k.into());
        for (name, value) in networks {
            let Data::Hash(settings) = value else {
                return Err(crate::no_method("fetch", value));
            };
            let router_ext = match ruby::get(settings, &key("L2")) {
                Some(Data::Hash(l2)) => ruby::get(l2, &key("router_ext")).cloned(),
                _ => None,
            };
            if router_ext.is_some_and(|r| ruby::truthy(&r)) {
                return Ok(name.clone());
            }
        }
        Ok(Data::Undef)
    },
}];
