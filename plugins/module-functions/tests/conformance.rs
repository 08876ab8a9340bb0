//! Conformance with real Puppet 7.23 and Debian's modules: every case under
//! `tests/cases/` is compiled with the bundled functions and compared with what
//! Puppet produced (`expected.json` or `expected.error`). `tests/cases/regen.sh`
//! regenerates the expected results (needs Puppet; CI does not run it).

#[path = "../../../tests/support/conformance.rs"]
mod support;

use std::path::Path;

#[test]
fn conformance_with_puppet() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let cases = support::cases(&root);
    assert!(!cases.is_empty(), "the module functions cases are there");
    support::check_cases(&cases, &support::options);
}
