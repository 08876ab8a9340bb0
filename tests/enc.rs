//! `marionette compile --enc`: what the conformance cases (`tests/conformance/enc_*`)
//! cannot show, run through the binary: Puppet's warnings on stderr, the exit status and
//! an empty stdout on failure, the timeout, and an ENC switching to an environment that
//! lies beside the given one (the oracle's private environmentpath holds one name only,
//! so this is checked against Puppet's documented behaviour instead).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn write(root: &Path, path: &str, text: &str) -> PathBuf {
    let path = root.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, text).unwrap();
    path
}

fn script(root: &Path, path: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = write(root, path, &format!("#!/bin/sh\n{body}\n"));
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

fn tempdir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("marionette-enc-cli-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn compile(env: &Path, enc: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_marionette"))
        .arg("compile")
        .arg("--env")
        .arg(env)
        .args(["--node", "web01.example.com", "--stable-ids", "--enc"])
        .arg(enc)
        .args(extra)
        .output()
        .unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn parameters_win_over_facts_with_puppets_warning() {
    let dir = tempdir("facts");
    write(
        &dir,
        "production/manifests/site.pp",
        "notify { 'dc': message => \"${datacenter} ${facts['datacenter']}\" }\n",
    );
    let facts = write(&dir, "facts.yaml", "datacenter: from-facts\n");
    let enc = script(&dir, "enc", "echo 'parameters: {datacenter: ams1}'");
    let out = compile(
        &dir.join("production"),
        &enc,
        &["--facts", facts.to_str().unwrap()],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "Warning: The node parameter 'datacenter' for node 'web01.example.com' was already set to 'ams1'. It could not be set to 'from-facts'\n"
    );
    let catalog = String::from_utf8_lossy(&out.stdout);
    assert!(
        catalog.contains("\"message\": \"ams1 from-facts\""),
        "{catalog}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_failing_enc_prints_no_catalog_and_names_the_script() {
    let dir = tempdir("fail");
    write(&dir, "production/manifests/site.pp", "notify { 'x': }\n");
    let enc = script(&dir, "enc", "echo 'classes: [a'");
    let out = compile(&dir.join("production"), &enc, &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let text = stderr(&out);
    let mut lines = text.lines();
    assert!(
        lines.next().unwrap().starts_with(
            "Error: Could not load external node results for web01.example.com: (<unknown>): "
        ),
        "{text}"
    );
    assert_eq!(
        lines.next().unwrap(),
        format!(
            "  (from the external node classifier {}; an ENC failure has no position in the manifests)",
            enc.display()
        )
    );

    let enc = script(&dir, "exit3", "echo nope; exit 3");
    let out = compile(&dir.join("production"), &enc, &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(
        stderr(&out).starts_with(&format!(
            "Error: Failed to find web01.example.com via exec: Execution of '{} web01.example.com' returned 3: nope\n",
            enc.display()
        )),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_hung_enc_times_out() {
    let dir = tempdir("hang");
    write(&dir, "production/manifests/site.pp", "notify { 'x': }\n");
    let enc = script(&dir, "enc", "sleep 30");
    let started = std::time::Instant::now();
    let out = compile(&dir.join("production"), &enc, &["--enc-timeout", "0.2"]);
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(
        stderr(&out).starts_with(&format!(
            "Error: Failed to find web01.example.com via exec: Execution of '{} web01.example.com' did not finish within 0.2 seconds\n",
            enc.display()
        )),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_enc_environment_is_a_sibling_directory() {
    let dir = tempdir("env");
    write(
        &dir,
        "production/manifests/site.pp",
        "notify { 'in production': }\n",
    );
    write(
        &dir,
        "staging/manifests/site.pp",
        "notify { 'env': message => \"${environment} ${server_facts['environment']}\" }\n",
    );
    let enc = script(&dir, "enc", "echo 'environment: staging'");
    let out = compile(&dir.join("production"), &enc, &["--env-name", "production"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let catalog = String::from_utf8_lossy(&out.stdout);
    assert!(
        catalog.contains("\"environment\": \"staging\""),
        "{catalog}"
    );
    assert!(
        catalog.contains("\"message\": \"staging staging\""),
        "{catalog}"
    );
    assert!(!catalog.contains("in production"), "{catalog}");

    let enc = script(&dir, "unknown", "echo 'environment: qa'");
    let out = compile(&dir.join("production"), &enc, &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).starts_with(&format!(
            "Error: Could not find a directory environment named 'qa' anywhere in the path: {}. Does the directory exist?\n",
            dir.display()
        )),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
