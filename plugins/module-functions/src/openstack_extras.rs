//! puppet-openstack_extras: `validate_yum_hash`, that each repository of a Hash has
//! only `yumrepo` parameters.

use crate::NativeFunction;
use marionette_catalog::Data;
use marionette_stdlib::ruby;

pub const FUNCTIONS: &[NativeFunction] = &[NativeFunction {
    name: "validate_yum_hash",
    signatures: &["Any args*"],
    imp: |a, _| validate_yum_hash(a),
}];

const YUMREPO_PARAMETERS: &[&str] = &[
    "name",
    "ensure",
    "baseurl",
    "cost",
    "descr",
    "enabled",
    "enablegroups",
    "exclude",
    "failovermethod",
    "gpgcheck",
    "gpgkey",
    "http_caching",
    "include",
    "includepkgs",
    "keepalive",
    "metadata_expire",
    "metalink",
    "mirrorlist",
    "priority",
    "protect",
    "provider",
    "proxy",
    "proxy_password",
    "proxy_username",
    "repo_gpgcheck",
    "s3_enabled",
    "skip_if_unavailable",
    "sslcacert",
    "sslclientcert",
    "sslclientkey",
    "sslverify",
    "target",
    "timeout",
];

/// The Hash itself when it has repositories (Ruby's `each` returns it), else `undef`.
fn validate_yum_hash(a: &[Data]) -> Result<Data, String> {
    if a.len() > 1 {
        return Err(format!(
            "validate_yum_hash takes only a single argument, {} provided",
            a.len()
        ));
    }
    let Some(Data::Hash(repos)) = a.first() else {
        return Err("non-hash argument provided to validate_yum_hash".into());
    };
    if repos.is_empty() {
        return Ok(Data::Undef);
    }
    for (_, params) in repos {
        let Data::Hash(params) = params else {
            return Err(crate::no_method("each", params));
        };
        for (param, _) in params {
            let known =
                matches!(param, Data::String(p) if YUMREPO_PARAMETERS.contains(&p.as_str()));
            if !known {
                return Err(format!(
                    "Parameter {} is not valid for the yumrepo type",
                    ruby::to_s(param)
                ));
            }
        }
    }
    Ok(a[0].clone())
}
