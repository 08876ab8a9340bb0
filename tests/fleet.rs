//! `marionette compile --facts-dir`: many nodes at once, failures kept apart, shards,
//! interrupted runs.

use std::path::{Path, PathBuf};
use std::process::Command;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("marionette-fleet-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("facts")).unwrap();
    std::fs::create_dir_all(dir.join("env/manifests")).unwrap();
    std::fs::write(
        dir.join("env/manifests/site.pp"),
        "if $facts['broken'] { fail('boom') }\nnotify { \"hello ${trusted['certname']}\": }\n",
    )
    .unwrap();
    for i in 0..20 {
        std::fs::write(
            dir.join(format!("facts/n{i}.example.com.yaml")),
            "os: {family: Debian}\n",
        )
        .unwrap();
    }
    std::fs::write(dir.join("facts/bad.example.com.yaml"), "broken: true\n").unwrap();
    dir
}

fn fleet(dir: &Path, out: &str, extra: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_marionette"))
        .args(["compile", "--stable-ids", "--jobs", "2", "--env"])
        .arg(dir.join("env"))
        .arg("--facts-dir")
        .arg(dir.join("facts"))
        .arg("--output-dir")
        .arg(dir.join(out))
        .args(extra)
        .output()
        .unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn catalogs(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn one_failing_node_does_not_stop_the_others() {
    let dir = scratch("fail");
    // A stale catalog of the failing node must not survive the run.
    std::fs::create_dir_all(dir.join("out")).unwrap();
    std::fs::write(dir.join("out/bad.example.com.json"), "{}").unwrap();
    let (ok, stderr) = fleet(&dir, "out", &[]);
    assert!(!ok, "a failure makes the exit status non-zero");
    assert!(stderr.contains("Error: bad.example.com: Evaluation Error: Error while evaluating a Function Call, boom"), "{stderr}");
    assert!(stderr.contains("21 nodes compiled"), "{stderr}");
    assert!(stderr.contains("1 failed"), "{stderr}");
    let out = catalogs(&dir.join("out"));
    assert_eq!(out.len(), 20, "{out:?}");
    assert!(
        !out.iter()
            .any(|n| n.starts_with("bad") || n.starts_with('.')),
        "{out:?}"
    );
    let one: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("out/n3.example.com.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(one["name"], "n3.example.com");
    assert!(one["resources"]
        .to_string()
        .contains("hello n3.example.com"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn shards_partition_the_fleet() {
    let dir = scratch("shard");
    let mut all = Vec::new();
    for k in 1..=3 {
        let out = format!("out{k}");
        fleet(&dir, &out, &["--shard", &format!("{k}/3")]);
        let part = catalogs(&dir.join(&out));
        // Stable: the same shard twice is the same set.
        fleet(&dir, &format!("again{k}"), &["--shard", &format!("{k}/3")]);
        assert_eq!(part, catalogs(&dir.join(format!("again{k}"))));
        all.extend(part);
    }
    all.sort();
    assert_eq!(
        all.len(),
        20,
        "every good node in exactly one shard: {all:?}"
    );
    all.dedup();
    assert_eq!(all.len(), 20);
    let (_, stderr) = fleet(&dir, "x", &["--shard", "4/3"]);
    assert!(stderr.contains("--shard needs K/N"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A run killed part-way leaves only whole catalogs (each appears by a rename), and the
/// next run cleans up after it and writes them all.
#[test]
fn an_interrupted_run_leaves_whole_catalogs_and_the_next_run_finishes() {
    let dir = scratch("interrupted");
    // Enough nodes that the run is still going when it is killed.
    for i in 20..600 {
        std::fs::write(
            dir.join(format!("facts/n{i}.example.com.yaml")),
            "os: {family: Debian}\n",
        )
        .unwrap();
    }
    std::fs::remove_file(dir.join("facts/bad.example.com.yaml")).unwrap();
    let out = dir.join("out");
    std::fs::create_dir_all(&out).unwrap();
    // What a run killed while writing leaves behind (its process is gone).
    std::fs::write(
        out.join(".n0.example.com.json.4294967295.tmp"),
        "{\"partial",
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_marionette"))
        .args(["compile", "--stable-ids", "--jobs", "2", "--env"])
        .arg(dir.join("env"))
        .arg("--facts-dir")
        .arg(dir.join("facts"))
        .arg("--output-dir")
        .arg(&out)
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Kill it once some catalogs are written.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while catalogs(&out)
        .iter()
        .filter(|n| !n.starts_with('.'))
        .count()
        < 20
    {
        assert!(std::time::Instant::now() < deadline, "no catalog appeared");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let written: Vec<String> = catalogs(&out)
        .into_iter()
        .filter(|n| n.ends_with(".json") && !n.starts_with('.'))
        .collect();
    assert!(!written.is_empty());
    for name in &written {
        let text = std::fs::read_to_string(out.join(name)).unwrap();
        serde_json::from_str::<serde_json::Value>(&text)
            .unwrap_or_else(|e| panic!("{name} is not a whole catalog: {e}"));
    }

    let (ok, stderr) = fleet(&dir, "out", &[]);
    assert!(ok, "{stderr}");
    let after = catalogs(&out);
    assert_eq!(after.len(), 600, "{:?}", &after[..5.min(after.len())]);
    assert!(
        after.iter().all(|n| !n.starts_with('.')),
        "temporary files left"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
