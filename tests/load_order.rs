//! A single compile loads the environment before it reads the node's facts (so that
//! parsing ahead starts sooner), but reports errors as if it had read the facts first.

use std::path::Path;
use std::process::Command;

/// Compiles web01 from `env` with `facts` into a scratch directory's file, which is
/// removed: whether it succeeded, its stderr, and whether it wrote the file.
fn compile(dir: &Path, env: &Path, facts: &Path) -> (bool, String, bool) {
    let output = dir.join("catalog.json");
    let out = Command::new(env!("CARGO_BIN_EXE_marionette"))
        .args(["compile", "--stable-ids", "--node", "web01.example.com"])
        .arg("--env")
        .arg(env)
        .arg("--facts")
        .arg(facts)
        .arg("--output")
        .arg(&output)
        .output()
        .unwrap();
    let written = output.exists();
    std::fs::remove_dir_all(dir).unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        written,
    )
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("marionette-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn bad_facts_are_reported_before_a_missing_environment() {
    let dir = scratch("load-order-facts");
    let facts = dir.join("web01.example.com.yaml");
    std::fs::write(&facts, "os: [unclosed\n").unwrap();
    let (success, stderr, written) = compile(&dir, &dir.join("no-such-env"), &facts);
    assert!(!success);
    assert!(stderr.contains("web01.example.com.yaml"), "{stderr}");
    assert!(!stderr.contains("cannot open environment"), "{stderr}");
    assert!(!written, "a failed compile wrote its output file");
}

#[test]
fn a_missing_environment_is_reported_with_good_facts() {
    let dir = scratch("load-order-env");
    let facts = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/facts/web01.example.com.yaml");
    let (success, stderr, written) = compile(&dir, &dir.join("no-such-env"), &facts);
    assert!(!success);
    assert!(stderr.contains("cannot open environment"), "{stderr}");
    assert!(!written, "a failed compile wrote its output file");
}
