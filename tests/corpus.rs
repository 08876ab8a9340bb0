//! The Debian-packaged Puppet modules (installed by `.ci/run`) must all parse, lower
//! and validate with no error, and every tree must give back its file byte for byte.
//! Real Puppet 7.23 accepts every one of these files (see benches/puppet-baseline.md).
//!
//! The corpus lives in `$MARIONETTE_CORPUS`, default `/usr/share/puppet/modules`. A
//! missing corpus is a failure, not a skip: install the `puppet-module-*` packages.

use marionette::{parse_source, source_files};
use std::path::PathBuf;

#[test]
fn debian_module_corpus_parses_cleanly() {
    let dir = std::env::var_os("MARIONETTE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/share/puppet/modules"));
    assert!(
        dir.is_dir(),
        "corpus {} is missing: apt-get install the puppet-module-* packages and openstack-puppet-modules",
        dir.display()
    );
    let files = source_files(&dir).expect("the corpus directory can be read");
    assert!(
        files.len() > 1000,
        "expected the whole corpus, found {} files",
        files.len()
    );
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let file = parse_source(path.clone(), text);
        if file.parse.syntax_node().text() != file.text.as_str() {
            failures.push(format!(
                "{}: tree text differs from the file",
                path.display()
            ));
        }
        for error in &file.errors {
            failures.push(marionette::diagnostics::short(&file, error));
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
