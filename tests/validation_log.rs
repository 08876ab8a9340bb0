//! A file that fails validation more than once: Puppet logs each failure with its
//! position, then their count, before the error that ends the compile. Each case in
//! `tests/fixtures/validation-errors/` is an environment (`env/`) and the `Error:` lines
//! Puppet 7.23 wrote compiling it for `n.example.com` (`expected.stderr`, the
//! environment's path written `<env>`; `puppet-compile --env CASE/env --node
//! n.example.com`, its `Error:` lines).

use std::path::Path;
use std::process::Command;

#[test]
fn every_validation_failure_is_logged_before_the_error() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/validation-errors");
    let mut cases: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "no cases in {}", root.display());
    let mut failures = Vec::new();
    for case in &cases {
        let env = std::fs::canonicalize(case.join("env")).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_marionette"))
            .args([
                "compile",
                "--stable-ids",
                "--node",
                "n.example.com",
                "--env",
            ])
            .arg(&env)
            .output()
            .unwrap();
        let expected = std::fs::read_to_string(case.join("expected.stderr")).unwrap();
        let actual =
            String::from_utf8_lossy(&out.stderr).replace(&format!("{}/", env.display()), "<env>/");
        if out.status.success() || !out.stdout.is_empty() || actual != expected {
            failures.push(format!(
                "{}: exit {:?}\n  expected:\n{expected}  actual:\n{actual}",
                case.display(),
                out.status.code()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
