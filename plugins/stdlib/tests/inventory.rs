//! Every function of stdlib 8.5 is implemented, left to Puppet's built-in of the same
//! name, or listed as missing with the reason (`tests/functions.txt`); and the plugin
//! registers nothing else but the functions of stdlib 9.x, each accounted for in
//! `tests/functions-9.txt`.

use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn every_function_of_stdlib_is_accounted_for() {
    let ours: BTreeSet<&str> = marionette_stdlib::names().into_iter().collect();
    let mut wrong = Vec::new();
    let listed = check_list("functions.txt", &ours, &mut wrong);
    let listed9 = check_list("functions-9.txt", &ours, &mut wrong);
    for name in &ours {
        if !listed.contains(*name) && !listed9.contains(*name) {
            wrong.push(format!(
                "{name}: registered, not a function of stdlib 8.5 or 9.x"
            ));
        }
    }
    assert!(
        listed.len() > 150,
        "only {} functions of 8.5 listed",
        listed.len()
    );
    assert!(
        listed9.len() > 120,
        "only {} functions of 9.x listed",
        listed9.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The names `tests/FILE` lists, each checked against what the plugin registers
/// (`rust`; `shim`, whose `stdlib::` name is registered too; `puppet`, `pp` and
/// `no REASON`, not registered).
fn check_list(file: &str, ours: &BTreeSet<&str>, wrong: &mut Vec<String>) -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(file);
    let text = std::fs::read_to_string(&path).expect("the list of functions");
    let mut listed = BTreeSet::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (name, status) = line.split_once(' ').unwrap_or((line, ""));
        if !listed.insert(name.to_string()) {
            wrong.push(format!("{file}: {name} listed twice"));
        }
        let here = ours.contains(name);
        let ok = match status {
            "rust" => here,
            "shim" => here && ours.contains(format!("stdlib::{name}").as_str()),
            "puppet" | "pp" => !here,
            s if s.starts_with("no ") && s.len() > 3 => !here,
            _ => false,
        };
        if !ok {
            wrong.push(format!(
                "{file}: {name} listed as `{status}`, registered: {here}"
            ));
        }
    }
    listed
}
