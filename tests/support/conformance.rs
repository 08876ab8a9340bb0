//! Comparing compiles with what real Puppet 7.23 produced for a directory of cases
//! (`tests/conformance/`, and the plugins' cases, e.g.
//! `plugins/hiera-eyaml/tests/cases/`), included by their tests with `#[path]`.
//!
//! Catalogs are compared as catalog-diff compares them: resources by type and title
//! (parameters exactly, tags as sets, file relative to the environment, line, kind,
//! exported, sensitive parameters), edges, classes and catalog tags as sets, and the
//! `version` where `config_version` gave it. When those agree, the orders Puppet
//! writes must agree too: resources, edges, classes, catalog tags and each resource's
//! tags. A case with an `expected.log` (regen.sh writes it with the catalog) must log
//! the same notices and warnings.

#![allow(dead_code)] // each test uses its part

use serde_json::Value as Json;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The cases of `root`: its directories with an `env/`, sorted;
/// `CONFORMANCE_FILTER=substring` keeps only matching ones.
pub fn cases(root: &Path) -> Vec<PathBuf> {
    let filter = std::env::var("CONFORMANCE_FILTER").unwrap_or_default();
    let mut out: Vec<PathBuf> = std::fs::read_dir(root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("env").is_dir())
        .filter(|p| p.to_string_lossy().contains(&filter))
        .collect();
    out.sort();
    out
}

/// Our options for the oracle's flags in `args`, and the case's `enc` script.
pub fn options(case: &Path) -> marionette::eval::CompileOptions {
    let mut options = marionette::eval::CompileOptions {
        commands: Some(std::sync::Arc::new(marionette::SystemCommands)),
        ..Default::default()
    };
    let global = case.join("global/hiera.yaml");
    if global.is_file() {
        options.hiera_config = Some(global);
    }
    if case.join("enc").is_file() {
        options.classifier = Some(std::sync::Arc::new(marionette::enc::ExecClassifier::new(
            case.join("enc"),
        )));
    }
    let args = std::fs::read_to_string(case.join("args")).unwrap_or_default();
    for arg in args.split_whitespace() {
        match arg {
            "--no-strict-hostname" => options.legacy_node_matching = true,
            "strict_variables=true" => options.strict_variables = true,
            "strict=error" => options.strict_error = true,
            _ => {}
        }
    }
    options
}

fn set(v: Option<&Json>) -> BTreeSet<String> {
    v.and_then(Json::as_array)
        .map(|a| a.iter().map(|x| x.to_string()).collect())
        .unwrap_or_default()
}

fn edge_set(v: Option<&Json>) -> BTreeSet<(String, String)> {
    v.and_then(Json::as_array)
        .map(|a| {
            a.iter()
                .map(|e| (e["source"].to_string(), e["target"].to_string()))
                .collect()
        })
        .unwrap_or_default()
}

fn resources(v: &Json, env_prefix: &str) -> BTreeMap<String, Json> {
    let mut out = BTreeMap::new();
    for r in v["resources"].as_array().into_iter().flatten() {
        let mut r = r.clone();
        let key = format!(
            "{}[{}]",
            r["type"].as_str().unwrap_or(""),
            r["title"].as_str().unwrap_or("")
        );
        if let Some(file) = r.get("file").and_then(Json::as_str) {
            let rel = file.strip_prefix(env_prefix).unwrap_or(file).to_string();
            r["file"] = Json::String(rel);
        }
        let tags: BTreeSet<String> = set(r.get("tags"));
        r["tags"] = Json::Array(tags.into_iter().map(Json::String).collect());
        out.insert(key, r);
    }
    out
}

/// The differences between two catalogs, empty if they are equivalent.
pub fn diff(expected: &Json, actual: &Json, env_prefix: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let e = resources(expected, "");
    let a = resources(actual, env_prefix);
    for (k, ev) in &e {
        match a.get(k) {
            None => problems.push(format!("missing {k}")),
            Some(av) if av != ev => {
                problems.push(format!("changed {k}:\n  expected {ev}\n  actual   {av}"))
            }
            _ => {}
        }
    }
    for k in a.keys().filter(|k| !e.contains_key(*k)) {
        problems.push(format!("extra {k}"));
    }
    if edge_set(expected.get("edges")) != edge_set(actual.get("edges")) {
        let (ee, ae) = (
            edge_set(expected.get("edges")),
            edge_set(actual.get("edges")),
        );
        problems.push(format!(
            "edges differ: missing {:?}, extra {:?}",
            ee.difference(&ae).collect::<Vec<_>>(),
            ae.difference(&ee).collect::<Vec<_>>()
        ));
    }
    // A `version` is the time, or 0, unless `config_version` printed it.
    if let Some(version) = expected.get("version").filter(|v| v.is_string()) {
        if actual.get("version") != Some(version) {
            problems.push(format!(
                "version: expected {version}, actual {}",
                actual.get("version").unwrap_or(&Json::Null)
            ));
        }
    }
    for key in ["classes", "tags"] {
        let (es, as_) = (set(expected.get(key)), set(actual.get(key)));
        if es != as_ {
            problems.push(format!(
                "{key} differ: missing {:?}, extra {:?}",
                es.difference(&as_).collect::<Vec<_>>(),
                as_.difference(&es).collect::<Vec<_>>()
            ));
        }
    }
    if problems.is_empty() {
        problems.extend(order_problems(expected, actual));
    }
    for key in ["name", "environment"] {
        if expected.get(key) != actual.get(key) {
            problems.push(format!(
                "{key}: expected {:?}, actual {:?}",
                expected.get(key),
                actual.get(key)
            ));
        }
    }
    problems
}

/// Where two catalogs with the same content list it in another order: the resources
/// (in the order they joined the catalog), the edges, the classes, the catalog's tags
/// and each resource's tags (in the order Puppet added them).
fn order_problems(expected: &Json, actual: &Json) -> Vec<String> {
    let list = |v: &Json, key: &str, item: &dyn Fn(&Json) -> String| -> Vec<String> {
        v[key].as_array().into_iter().flatten().map(item).collect()
    };
    let reference = |r: &Json| {
        format!(
            "{}[{}]",
            r["type"].as_str().unwrap_or(""),
            r["title"].as_str().unwrap_or("")
        )
    };
    let edge = |e: &Json| format!("{} -> {}", e["source"], e["target"]);
    let plain = |t: &Json| t.to_string();
    let mut lists = vec![
        (
            "resources".to_string(),
            list(expected, "resources", &reference),
            list(actual, "resources", &reference),
        ),
        (
            "edges".to_string(),
            list(expected, "edges", &edge),
            list(actual, "edges", &edge),
        ),
        (
            "classes".to_string(),
            list(expected, "classes", &plain),
            list(actual, "classes", &plain),
        ),
        (
            "tags".to_string(),
            list(expected, "tags", &plain),
            list(actual, "tags", &plain),
        ),
    ];
    let actual_tags: BTreeMap<String, Vec<String>> = actual["resources"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| (reference(r), list(r, "tags", &plain)))
        .collect();
    for r in expected["resources"].as_array().into_iter().flatten() {
        let name = reference(r);
        let actual = actual_tags.get(&name).cloned().unwrap_or_default();
        lists.push((format!("tags of {name}"), list(r, "tags", &plain), actual));
    }
    lists
        .into_iter()
        .filter(|(_, e, a)| e != a)
        .map(|(what, e, a)| {
            let at = e
                .iter()
                .zip(&a)
                .position(|(x, y)| x != y)
                .unwrap_or(e.len().min(a.len()));
            format!(
                "{what} in another order, from position {at}: expected {:?}, actual {:?}",
                &e[at..e.len().min(at + 3)],
                &a[at..a.len().min(at + 3)]
            )
        })
        .collect()
}

/// Compiles every case with the options `options` gives it and compares the result
/// with the case's `expected.json` or `expected.error`.
pub fn check_cases(cases: &[PathBuf], options: &dyn Fn(&Path) -> marionette::eval::CompileOptions) {
    assert!(!cases.is_empty(), "no conformance cases found");
    let mut failures = Vec::new();
    for case in cases {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let node = std::fs::read_to_string(case.join("node"))
            .map(|s| s.trim().to_string())
            .unwrap_or_else(|_| "node.example.com".into());
        let opt = |f: &str| Some(case.join(f)).filter(|p| p.exists());
        let env = case.join("env");
        let env_prefix = format!("{}/", std::fs::canonicalize(&env).unwrap().display());
        let result = marionette::compile_node(
            &env,
            Some("production"),
            &node,
            opt("facts.yaml").as_deref(),
            opt("trusted.yaml").as_deref(),
            None,
            options(case),
        );
        let expected_error = std::fs::read_to_string(case.join("expected.error")).ok();
        let expected_json = std::fs::read_to_string(case.join("expected.json")).ok();
        match (result, expected_json, expected_error) {
            (Ok((catalog, log)), Some(expected), _) => {
                let actual: Json =
                    serde_json::from_str(&marionette::catalog::wire::to_json(&catalog)).unwrap();
                let expected: Json = serde_json::from_str(&expected).unwrap();
                let mut problems = diff(&expected, &actual, &env_prefix);
                if let Ok(expected_log) = std::fs::read_to_string(case.join("expected.log")) {
                    let case_dir = std::fs::canonicalize(case).unwrap().display().to_string();
                    let actual_log = marionette::render_log(&log)
                        .replace(&env_prefix, "")
                        .replace(&format!("{case_dir}/"), "");
                    if actual_log != expected_log {
                        problems.push(format!(
                            "log differs:\n    expected {:?}\n    actual   {:?}",
                            expected_log, actual_log
                        ));
                    }
                }
                if !problems.is_empty() {
                    failures.push(format!("{name}:\n  {}", problems.join("\n  ")));
                }
            }
            (Err(failure), _, Some(expected)) => {
                // Puppet's last `Error:` line (the one regen.sh keeps) is the first
                // line of our message (an ENC failure adds one naming the script).
                // Paths are relative to env/ or to the case (an ENC script); the
                // environmentpath (for us the case directory, env/'s parent) is
                // written <environmentpath>.
                let case_dir = std::fs::canonicalize(case).unwrap().display().to_string();
                let message = failure.message.lines().next().unwrap_or_default();
                let actual = format!("Error: {message}")
                    .replace(&env_prefix, "")
                    .replace(&format!("{case_dir}/"), "")
                    .replace(&case_dir, "<environmentpath>");
                if actual.trim() != expected.trim() {
                    failures.push(format!(
                        "{name}: error differs\n  expected {}\n  actual   {}",
                        expected.trim(),
                        actual.trim()
                    ));
                }
            }
            (Ok(_), _, Some(expected)) => failures.push(format!(
                "{name}: expected failure {}, but it compiled",
                expected.trim()
            )),
            (Err(failure), Some(_), _) => {
                failures.push(format!("{name}: failed: {}", failure.message))
            }
            (_, None, None) => failures.push(format!(
                "{name}: no expected.json or expected.error (run regen.sh)"
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} conformance cases differ from Puppet:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
