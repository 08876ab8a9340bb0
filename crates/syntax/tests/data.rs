//! Tests as data: every file under `test_data/parser/ok` and `test_data/parser/err` is
//! parsed, lowered and validated; its syntax tree and errors are compared with the
//! `.rast` file next to it. `UPDATE_EXPECT=1 cargo test -p marionette-syntax --test data`
//! rewrites the `.rast` files. Files under `ok/` must have no error, files under `err/`
//! at least one; every tree must give back its input byte for byte.

use marionette_syntax::{check, LineIndex};
use std::fmt::Write;
use std::path::{Path, PathBuf};

fn cases(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("pp" | "epp")))
        .collect();
    files.sort();
    files
}

/// The expected-output text of one case: errors, then the tree.
fn render(text: &str, epp: bool) -> (String, usize) {
    let checked = check(text, epp);
    let tree = checked.parse.syntax_node();
    assert_eq!(
        tree.text().to_string(),
        text,
        "the tree must give back the input"
    );
    let index = LineIndex::new(text);
    let mut out = String::new();
    for error in &checked.errors {
        let at = index.line_col(text, error.range.start());
        let _ = writeln!(out, "error {}:{}: {}", at.line, at.col, error.message);
    }
    out.push_str(&checked.parse.debug_tree());
    (out, checked.errors.len())
}

fn run(dir: &str, want_errors: bool) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("test_data/parser")
        .join(dir);
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    let files = cases(&root);
    assert!(!files.is_empty(), "no test cases in {}", root.display());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let epp = path.extension().is_some_and(|e| e == "epp");
        let (actual, errors) = render(&text, epp);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if want_errors && errors == 0 {
            failures.push(format!("{name}: expected an error, got none"));
        }
        if !want_errors && errors > 0 {
            let first = actual.lines().next().unwrap_or_default();
            failures.push(format!("{name}: expected no error, got {errors}: {first}"));
        }
        let expect_path = path.with_extension(format!(
            "{}.rast",
            path.extension().unwrap().to_string_lossy()
        ));
        if update {
            std::fs::write(&expect_path, &actual).unwrap();
            continue;
        }
        match std::fs::read_to_string(&expect_path) {
            Ok(expected) if expected == actual => {}
            Ok(_) => failures.push(format!(
                "{name}: tree or errors differ from {}",
                expect_path.display()
            )),
            Err(_) => failures.push(format!(
                "{name}: missing {} (run with UPDATE_EXPECT=1)",
                expect_path.display()
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{} case(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn ok_cases() {
    run("ok", false);
}

#[test]
fn err_cases() {
    run("err", true);
}
