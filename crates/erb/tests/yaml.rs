//! `to_yaml` of Ruby values against real Ruby's answers (`yaml.txt`, written by
//! `yaml-regen.rb`): each case's expression is run by the template interpreter.

use marionette_erb::{render, NoScope};

#[test]
fn to_yaml_writes_what_ruby_writes() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/yaml.txt");
    let text = std::fs::read_to_string(path).expect("tests/yaml.txt");
    let mut cases: Vec<(&str, String)> = Vec::new();
    for line in text.split_inclusive('\n') {
        if let Some(expr) = line.strip_prefix("=== ") {
            cases.push((expr.trim_end_matches('\n'), String::new()));
        } else if let Some((_, expected)) = cases.last_mut() {
            expected.push_str(line);
        }
    }
    let count = cases.len();
    let mut failures = Vec::new();
    for (expr, expected) in &cases {
        let source = if expr.ends_with(')') && expr.contains(".to_yaml(") {
            format!("<%= {expr} %>")
        } else {
            format!("<%= ({expr}).to_yaml %>")
        };
        match render(&source, &mut NoScope) {
            Ok(got) if got == *expected => {}
            Ok(got) => failures.push(format!("{expr}\n  want {expected:?}\n  got  {got:?}")),
            Err(e) => failures.push(format!("{expr}\n  error {}", e.message)),
        }
    }
    assert!(count > 100, "only {count} cases read");
    assert!(
        failures.is_empty(),
        "{} of {count} cases differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
