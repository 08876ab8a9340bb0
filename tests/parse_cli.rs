//! `marionette parse` parses files on every core, starting while it walks the
//! directories, yet prints what it finds in the order it was given: the inputs in order,
//! a directory's files in path order, each file's errors in source order.

use std::path::{Path, PathBuf};
use std::process::Command;

/// What `marionette parse` should print for one file, from the library.
fn expected(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let file = marionette::parse_source(path.to_path_buf(), text);
    file.errors
        .iter()
        .map(|e| format!("{}\n", marionette::diagnostics::short(&file, e)))
        .collect()
}

#[test]
fn parse_reports_files_in_the_order_given() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let errors = root.join("crates/syntax/test_data/parser/err");
    let single = root.join("crates/syntax/test_data/parser/err/0001_unclosed_sq_string.pp");
    let ok = root.join("crates/syntax/test_data/parser/ok");
    let out = Command::new(env!("CARGO_BIN_EXE_marionette"))
        .arg("parse")
        .args([&errors, &ok, &single])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let mut files: Vec<PathBuf> = marionette::source_files(&errors).unwrap();
    assert!(files.len() > 100, "{} files with errors", files.len());
    files.extend(marionette::source_files(&ok).unwrap());
    files.push(single);
    let want: String = files.iter().map(|f| expected(f)).collect();
    assert_eq!(String::from_utf8_lossy(&out.stderr), want);
    assert!(out.stdout.is_empty());
}
