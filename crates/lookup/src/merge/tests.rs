//! Each case is a two-level hierarchy (`high`, then `low`) and the value Puppet 7.23's
//! `puppet lookup --merge ...` printed for it.

use super::*;

fn y(text: &str) -> Data {
    crate::parse_yaml(text, "t.yaml").unwrap()
}

fn check(strategy: Data, high: &str, low: &str, want: &str) {
    let strategy = MergeStrategy::from_data(&strategy).unwrap();
    let got = strategy.merge_found([y(high), y(low)], 2).unwrap();
    assert_eq!(got, Some(y(want)), "{strategy:?} of {high} over {low}");
}

fn deep(options: &str) -> Data {
    y(&format!("{{strategy: deep, {options}}}"))
}

fn name(n: &str) -> Data {
    Data::String(n.into())
}

#[test]
fn first() {
    check(Data::Undef, "[1]", "[2]", "[1]");
    check(name("first"), "a", "b", "a");
}

#[test]
fn unique() {
    check(name("unique"), "[b, [c, a]]", "[a, d]", "[b, c, a, d]");
    check(name("unique"), "x", "[x, y]", "[x, y]");
    // The first value is made an array before anything is checked, so a hash passes.
    check(name("unique"), "{a: 1}", "[a]", "[{a: 1}, a]");
    // A single value: duplicates removed, nothing flattened.
    let one = MergeStrategy::Unique
        .merge_found([y("[a, a, [b]]")], 1)
        .unwrap();
    assert_eq!(one, Some(y("[a, [b]]")));
    // One value found among several places: made a flat array, duplicates kept.
    let converted = MergeStrategy::Unique
        .merge_found([y("[a, a, [b]]")], 3)
        .unwrap();
    assert_eq!(converted, Some(y("[a, a, b]")));
    let scalar = MergeStrategy::Unique.merge_found([y("x")], 3).unwrap();
    assert_eq!(scalar, Some(y("[x]")));
}

#[test]
fn hash() {
    check(
        name("hash"),
        "{b: 2, a: 1}",
        "{a: 0, z: 9}",
        "{a: 1, z: 9, b: 2}",
    );
}

#[test]
fn hash_type_errors() {
    let err = |high: &str, low: &str| {
        MergeStrategy::Hash
            .merge_found([y(high), y(low)], 2)
            .unwrap_err()
            .message
    };
    assert_eq!(
        err("[1]", "{a: 1}"),
        "The first element of the merge has wrong type, expects a Hash value, got Tuple"
    );
    assert_eq!(
        err("x", "{a: 1}"),
        "The first element of the merge has wrong type, expects a Hash value, got String"
    );
}

#[test]
fn deep_merge() {
    let h_high = "{a: 1, c: {x: 1}, arr: [b, --a]}";
    let h_low = "{c: {y: 2}, arr: [a, b, c], a: 0, d: 4}";
    check(
        name("deep"),
        h_high,
        h_low,
        "{c: {y: 2, x: 1}, arr: [a, b, c, --a], a: 1, d: 4}",
    );
    check(name("deep"), "[b, [c, a]]", "[a, d]", "[a, d, b, [c, a]]");
    // An undef higher value leaves the lower one; an empty hash does not replace a string.
    check(name("deep"), "~", "{a: 1}", "{a: 1}");
    check(name("deep"), "{}", "str", "str");
}

#[test]
fn deep_merge_knockout() {
    let ko = deep("knockout_prefix: '--'");
    check(
        ko.clone(),
        "{a: 1, c: {x: 1}, arr: [b, --a]}",
        "{c: {y: 2}, arr: [a, b, c], a: 0, d: 4}",
        "{c: {y: 2, x: 1}, arr: [b, c], a: 1, d: 4}",
    );
    check(ko.clone(), "['--', z]", "[a, b]", "[z]");
    check(ko, "--gone", "keep", "''");
}

#[test]
fn deep_merge_arrays_options() {
    check(
        deep("merge_hash_arrays: true"),
        "[{a: 1}]",
        "[{b: 2}, {c: 3}]",
        "[{b: 2, a: 1}, {c: 3}]",
    );
    check(
        deep("sort_merged_arrays: true"),
        "[c, a]",
        "[b]",
        "[a, b, c]",
    );
}

#[test]
fn strategy_errors() {
    let err = |d: Data| MergeStrategy::from_data(&d).unwrap_err().message;
    assert_eq!(err(name("nope")), "Unknown merge strategy: 'nope'");
    assert_eq!(
        err(y("{knockout_prefix: x}")),
        "The hash given as 'merge' must contain the name of a strategy in string form for the key 'strategy'"
    );
    assert_eq!(
        err(deep("knockout_prefix: ''")),
        "knockout_prefix cannot be an empty string in deep_merge!"
    );
}
