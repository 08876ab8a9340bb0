//! octocatalog-diff with marionette as its Puppet binary reports what it reports with
//! real Puppet 7.23.
//!
//! For each node of `tests/octocatalog/nodes`, Debian's `octocatalog-diff` compares the
//! example environment (`examples/env`) with the same environment changed by
//! `tests/octocatalog/change.diff`, running `puppet --version` and `puppet catalog
//! compile NODE ...` through a link named `puppet` to the marionette binary. Its JSON
//! report must equal `tests/octocatalog/expected/NODE.json`, written by `regen.sh` with
//! real Puppet. A missing octocatalog-diff is a failure, not a skip (CI installs it).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The build directory octocatalog-diff makes for each run is a fresh temporary one.
fn normalize(report: &str) -> String {
    let mut out = String::with_capacity(report.len());
    let mut rest = report;
    while let Some(i) = rest.find("/tmp/ocd-ipc-") {
        out.push_str(&rest[..i]);
        let tail = &rest[i..];
        // `/tmp/ocd-ipc-X/ocd-builddir-Y/`
        let end = tail
            .match_indices('/')
            .nth(3)
            .map_or(tail.len(), |(j, _)| j + 1);
        out.push_str("BUILD/");
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

#[test]
fn octocatalog_diff_reports_what_it_reports_with_puppet() {
    let available = Command::new("octocatalog-diff")
        .arg("--help")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        available,
        "octocatalog-diff is missing: apt-get install octocatalog-diff"
    );
    let root = root();
    let cases = root.join("tests/octocatalog");
    let work = std::env::temp_dir().join(format!("marionette-ocd-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(work.join("bin")).unwrap();
    let puppet = work.join("bin/puppet");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_marionette"), &puppet).unwrap();

    let to = work.join("to");
    copy_dir(&root.join("examples/env"), &to);
    let applied = Command::new("git")
        .args(["apply", "-p1"])
        .arg(cases.join("change.diff"))
        .current_dir(&to)
        .status()
        .unwrap();
    assert!(applied.success(), "change.diff does not apply");

    let nodes = std::fs::read_to_string(cases.join("nodes")).unwrap();
    let mut failures = Vec::new();
    for line in nodes.lines().filter(|l| !l.trim().is_empty()) {
        let (node, facts) = line.split_once(' ').expect("NODE FACTS-FILE");
        let out = Command::new("octocatalog-diff")
            .args(["-n", node, "--bootstrapped-from-dir"])
            .arg(root.join("examples/env"))
            .arg("--bootstrapped-to-dir")
            .arg(&to)
            .arg("--fact-file")
            .arg(root.join("examples/facts").join(facts))
            .arg("--puppet-binary")
            .arg(&puppet)
            .args(["--no-hiera-config", "--output-format=json"])
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        // 2: the catalogs differ.
        if !matches!(out.status.code(), Some(0 | 2)) {
            failures.push(format!(
                "{node}: octocatalog-diff failed ({}):\n{}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            ));
            continue;
        }
        let actual = normalize(&String::from_utf8_lossy(&out.stdout));
        let expected_file = cases.join("expected").join(format!("{node}.json"));
        let expected = std::fs::read_to_string(&expected_file).unwrap();
        if actual.trim_end() != expected.trim_end() {
            failures.push(format!(
                "{node}: the report differs from {}\nexpected: {}\nactual:   {}",
                expected_file.display(),
                expected.trim_end(),
                actual.trim_end()
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn normalize_replaces_build_directories() {
    assert_eq!(
        normalize(r#"{"f":"/tmp/ocd-ipc-1-2/ocd-builddir-3-4/environments/production/x.pp"}"#),
        r#"{"f":"BUILD/environments/production/x.pp"}"#
    );
}
