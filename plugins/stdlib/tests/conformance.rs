//! Conformance with real Puppet 7.23 and Debian's stdlib 8.5 (stdlib 9.x for the
//! `stdlib9_*` cases, see `tests/cases/regen-9.sh`): every case under
//! `tests/cases/` is compiled with the bundled stdlib functions and compared with what
//! Puppet produced (`expected.json` or `expected.error`), as the workspace's
//! `tests/conformance.rs` compares its cases. `tests/cases/regen.sh` regenerates the
//! expected results (needs Puppet; CI does not run it).

#[path = "../../../tests/support/conformance.rs"]
mod support;

use std::path::Path;

#[test]
fn conformance_with_puppet() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let cases = support::cases(&root);
    assert!(cases.len() >= 8, "the stdlib cases are there");
    support::check_cases(&cases, &support::options);
}
