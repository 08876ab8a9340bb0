//! Conformance with real Puppet 7.23: every case under `tests/conformance/` is compiled
//! and compared with what Puppet produced for the same environment, node and facts
//! (`expected.json`), or, where Puppet failed, the same error (`expected.error`).
//! Expected results come from `tests/conformance/regen.sh` (needs Puppet; CI does not
//! run it).
//!
//! Catalogs are compared as `support/conformance.rs` says.
//! `CONFORMANCE_FILTER=substring` runs only matching cases; `CONFORMANCE_DIR=dir`
//! (relative to the repository) takes the cases from another directory, e.g.
//! `tests/conformance-pending`, to see how far the cases waiting there get.

#[path = "support/conformance.rs"]
mod support;

use serde_json::Value as Json;
use std::path::{Path, PathBuf};
use support::{check_cases, diff, options};

fn cases() -> Vec<PathBuf> {
    let dir = std::env::var("CONFORMANCE_DIR").unwrap_or_else(|_| "tests/conformance".into());
    support::cases(&Path::new(env!("CARGO_MANIFEST_DIR")).join(dir))
}

#[test]
fn conformance_with_puppet() {
    // Relative paths in a case (a Hiera 3 `:datadir:`) are relative to the directory
    // regen.sh runs Puppet in. Every other path here is absolute.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance");
    std::env::set_current_dir(&root).expect("tests/conformance exists");
    check_cases(&cases(), &options);
}

/// The cases with an `inventory.yaml` (`inventory_*`) again, classified by the
/// inventory plugin (`marionette-enc-inventory`) instead of their `enc` script, which
/// prints what the inventory should answer for the node: the plugin answers the same
/// classification, and the compile gives the catalog (or the error) real Puppet gave
/// with the script.
#[test]
fn inventory_classifier() {
    use marionette::nodes::NodeClassifier;
    let cases: Vec<PathBuf> = cases()
        .into_iter()
        .filter(|c| c.join("inventory.yaml").is_file())
        .collect();
    if std::env::var("CONFORMANCE_FILTER").is_err() {
        assert!(cases.len() >= 10, "only {} inventory cases", cases.len());
    }
    let facts = marionette::catalog::Data::Hash(Vec::new());
    for case in &cases {
        let node = std::fs::read_to_string(case.join("node")).unwrap();
        let node = node.trim();
        let script = marionette::enc::ExecClassifier::new(case.join("enc"));
        let inventory = inventory(case);
        assert_eq!(
            inventory.classify(node, &facts),
            script.classify(node, &facts),
            "{}",
            case.display()
        );
    }
    check_cases(&cases, &|case| marionette::eval::CompileOptions {
        classifier: Some(std::sync::Arc::new(inventory(case))),
        ..options(case)
    });
}

fn inventory(case: &Path) -> marionette_enc_inventory::InventoryClassifier {
    marionette_enc_inventory::InventoryClassifier::load(case.join("inventory.yaml"))
        .unwrap_or_else(|e| panic!("{}: {e}", case.display()))
}

/// The oracle's own examples (`../shared/oracle/examples`), those whose features are
/// built; the Hiera example joins when Hiera lands.
#[test]
fn oracle_examples() {
    const BUILT: &[&str] = &[
        "collectors_virtual",
        "enc_classes",
        "enc_list",
        "facts_trusted_data",
        "hiera_lookup",
        "lang_classes",
        "nodes_default",
        "nodes_exact",
        "nodes_fqdn_chop",
        "nodes_regex",
        "relationships",
    ];
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/oracle/examples");
    assert!(
        root.is_dir(),
        "{} is missing (CI runs with shared/ beside the clone)",
        root.display()
    );
    let cases: Vec<PathBuf> = BUILT.iter().map(|name| root.join(name)).collect();
    check_cases(&cases, &options);
}

/// The bundled example environment (README's first command): each node in
/// `examples/facts` compiles to the catalog real Puppet 7.23 produced for it
/// (`examples/expected/<node>.json`, from the oracle, file paths relative to the env).
#[test]
fn bundled_example() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let env = root.join("env");
    let env_prefix = format!("{}/", std::fs::canonicalize(&env).unwrap().display());
    let mut nodes = 0;
    for entry in std::fs::read_dir(root.join("facts")).unwrap() {
        let facts = entry.unwrap().path();
        let node = facts.file_stem().unwrap().to_string_lossy().into_owned();
        let expected = std::fs::read_to_string(root.join("expected").join(format!("{node}.json")))
            .unwrap_or_else(|_| panic!("examples/expected/{node}.json"));
        // As the README runs it: the environment is named after its directory.
        let (catalog, _) = marionette::compile_node(
            &env,
            None,
            &node,
            Some(&facts),
            None,
            None,
            Default::default(),
        )
        .unwrap_or_else(|e| panic!("{node}: {}", e.message));
        let actual: Json =
            serde_json::from_str(&marionette::catalog::wire::to_json(&catalog)).unwrap();
        let expected: Json = serde_json::from_str(&expected).unwrap();
        let problems = diff(&expected, &actual, &env_prefix);
        assert!(problems.is_empty(), "{node}:\n  {}", problems.join("\n  "));
        nodes += 1;
    }
    assert!(nodes >= 2, "examples/facts has the example nodes");
}
