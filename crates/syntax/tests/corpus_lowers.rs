//! Every file of the Debian-packaged Puppet modules parses and lowers with no error.
//! (The workspace's `tests/corpus.rs` also validates; this one isolates the lowering.)
//!
//! The corpus lives in `$MARIONETTE_CORPUS`, default `/usr/share/puppet/modules`. A
//! missing corpus is a failure, not a skip: install the `puppet-module-*` packages.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Every `.pp` and `.epp` file under `dir`, following links, each real file once.
fn source_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(real) = std::fs::canonicalize(&path) else {
                continue;
            };
            if real.is_dir() {
                if seen.insert(real) {
                    stack.push(path);
                }
            } else if matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("pp" | "epp")
            ) && seen.insert(real)
            {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn debian_module_corpus_lowers_cleanly() {
    let dir = std::env::var_os("MARIONETTE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/share/puppet/modules"));
    assert!(
        dir.is_dir(),
        "corpus {} is missing: apt-get install the puppet-module-* packages",
        dir.display()
    );
    let files = source_files(&dir);
    assert!(
        files.len() > 1000,
        "expected the whole corpus, found {} files",
        files.len()
    );
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let epp = path.extension().is_some_and(|e| e == "epp");
        let parse = if epp {
            marionette_syntax::parse_epp(&text)
        } else {
            marionette_syntax::parse(&text)
        };
        let (_, lower_errors) = marionette_syntax::lower::lower(&parse, &text);
        for (stage, error) in parse
            .errors()
            .iter()
            .map(|e| ("parse", e))
            .chain(lower_errors.iter().map(|e| ("lower", e)))
        {
            failures.push(format!(
                "{}@{:?}: {stage}: {}",
                path.display(),
                error.range,
                error.message
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} problem(s) in {} files:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
