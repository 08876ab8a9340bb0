//! puppet-archive: `assemble_nexus_url` (3.x), a Nexus artifact URL, and
//! `archive::parse_artifactory_url`, the Maven coordinates in an Artifactory URL. (The
//! `archive::artifactory_*` functions ask an Artifactory server at compile time, and
//! `go_md5` a Go server: not here.)

use crate::{percent_encode, NativeFunction};
use marionette_catalog::Data;
use marionette_stdlib::ruby;

pub const FUNCTIONS: &[NativeFunction] = &[
    NativeFunction {
        name: "archive::parse_artifactory_url",
        // `Variant[Stdlib::HTTPUrl, Stdlib::HTTPSUrl]`, the aliases spelled out.
        signatures: &["Pattern[/(?i:\\Ahttps?:\\/\\/.*\\z)/] url"],
        imp: |a, _| match a.first() {
            Some(Data::String(url)) => parse_artifactory_url(url),
            _ => Err("archive::parse_artifactory_url: expects a String".into()),
        },
    },
    NativeFunction {
        name: "assemble_nexus_url",
        signatures: &["Any args*"],
        imp: |a, _| {
            let a = ruby::args3x(a);
            let nexus = a.first().map(ruby::to_s).unwrap_or_default();
            let pairs = match a.get(1) {
                Some(Data::Hash(params)) => params
                    .iter()
                    .map(|(k, v)| match v {
                        Data::String(v) => {
                            Ok(format!("{}={}", ruby::to_s(k), percent_encode(v, true)))
                        }
                        other => Err(format!(
                            "no implicit conversion of {} into String",
                            ruby::class(other)
                        )),
                    })
                    .collect::<Result<Vec<_>, _>>()?,
                None | Some(Data::Undef) => Vec::new(),
                Some(other) => return Err(crate::no_method("to_a", other)),
            };
            Ok(Data::String(format!(
                "{nexus}/service/local/artifact/maven/content?{}",
                pairs.join("&")
            )))
        },
    },
];

/// The Ruby's pattern (extended syntax, a backreference to the module and revision).
const ARTIFACTORY_URL: &str = r"(?x)
    (?<base_url>.*/artifactory)
    /
    (?<repository>[^/]+)
    /
    (?<org_path>.+?)
    /
    (?<module>[^/]+)
    /
    (?<base_rev>[^/]+?)
    (?:-(?<folder_iteg_rev>SNAPSHOT))?
    /
    \k<module>-\k<base_rev>
    (?:-(?<file_iteg_rev>SNAPSHOT|(?:(?:[0-9]{8}.[0-9]{6})-(?:[0-9]+))))?
    (?:-(?<classifier>[^/]+?))?
    \.
    (?<ext>(?:(?!\d))[^\-/]+|7z)";

/// The named groups of the first match, `undef` for those that did not take part;
/// `undef` without a match.
fn parse_artifactory_url(url: &str) -> Result<Data, String> {
    let re = fancy_regex::Regex::new(ARTIFACTORY_URL).map_err(|e| e.to_string())?;
    let Some(m) = re.captures(url).map_err(|e| e.to_string())? else {
        return Ok(Data::Undef);
    };
    let entries = re
        .capture_names()
        .flatten()
        .map(|name| {
            let value = m
                .name(name)
                .map_or(Data::Undef, |g| Data::String(g.as_str().into()));
            (Data::String(name.into()), value)
        })
        .collect();
    Ok(Data::Hash(entries))
}
