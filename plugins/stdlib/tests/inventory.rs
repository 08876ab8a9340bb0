//! Every function of stdlib 8.5 is implemented, left to Puppet's built-in of the same
//! name, or listed as missing with the reason (`tests/functions.txt`); and the plugin
//! registers nothing else but stdlib 9's `stdlib::` names of functions it has.

use std::collections::BTreeSet;
use std::path::Path;

#[test]
fn every_function_of_stdlib_is_accounted_for() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/functions.txt");
    let text = std::fs::read_to_string(&path).expect("tests/functions.txt");
    let ours: BTreeSet<&str> = marionette_stdlib::names().into_iter().collect();
    let mut listed = BTreeSet::new();
    let mut wrong = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (name, status) = line.split_once(' ').unwrap_or((line, ""));
        listed.insert(name);
        let here = ours.contains(name);
        let ok = match status {
            "rust" => here,
            "puppet" => !here,
            s if s.starts_with("no ") && s.len() > 3 => !here,
            _ => false,
        };
        if !ok {
            wrong.push(format!("{name}: listed as `{status}`, registered: {here}"));
        }
    }
    for name in &ours {
        let renamed = name
            .strip_prefix("stdlib::")
            .is_some_and(|old| ours.contains(old));
        if !listed.contains(name) && !renamed {
            wrong.push(format!("{name}: registered, not a function of stdlib 8.5"));
        }
    }
    assert!(listed.len() > 150, "only {} functions listed", listed.len());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
