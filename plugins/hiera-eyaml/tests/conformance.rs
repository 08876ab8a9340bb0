//! Conformance with real Puppet 7.23 and Debian's hiera-eyaml 3.3: every case under
//! `tests/cases/` is compiled with `eyaml_lookup_key` among the Hiera backends and
//! compared with what Puppet produced (`expected.json` or `expected.error`), as the
//! workspace's `tests/conformance.rs` compares its cases. `tests/cases/regen.sh`
//! regenerates the expected results (needs Puppet and hiera-eyaml; CI does not run it).
//!
//! The cases name their keys by paths relative to `tests/cases/` (`keys/`, the pair
//! every case's data is encrypted for, and `keys-other/`, another pair and a file that
//! is no key), since Puppet reads them relative to its working directory.

#[path = "../../../tests/support/conformance.rs"]
mod support;

use std::path::Path;

#[test]
fn conformance_with_puppet() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    std::env::set_current_dir(&root).expect("tests/cases exists");
    let eyaml: std::sync::Arc<dyn marionette::lookup::Backend> =
        std::sync::Arc::new(marionette_hiera_eyaml::EyamlLookupKey::default());
    let cases = support::cases(&root);
    assert!(cases.len() >= 12, "the eyaml cases are there");
    support::check_cases(&cases, &|case| {
        let mut options = support::options(case);
        options
            .extensions
            .backends
            .push((marionette_hiera_eyaml::FUNCTION.into(), eyaml.clone()));
        options
    });
}
