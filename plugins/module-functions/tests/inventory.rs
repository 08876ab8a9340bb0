//! Every Ruby function of the Debian module corpus outside stdlib is implemented or
//! listed as missing with the reason (`functions.txt`); the crate registers nothing
//! else; and, where the corpus is installed, the list is the corpus's.

use std::collections::BTreeSet;
use std::path::Path;

/// The corpus the list describes.
const CORPUS: &str = "/usr/share/puppet/modules";

#[test]
fn every_function_of_the_corpus_is_accounted_for() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("functions.txt");
    let text = std::fs::read_to_string(&path).expect("functions.txt");
    let ours: BTreeSet<&str> = marionette_module_functions::names().into_iter().collect();
    let mut listed = BTreeSet::new();
    let mut wrong = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut fields = line.splitn(3, ' ');
        let (name, module, status) = (
            fields.next().unwrap_or(""),
            fields.next().unwrap_or(""),
            fields.next().unwrap_or(""),
        );
        if !listed.insert((name, module)) {
            wrong.push(format!("{name}: listed twice"));
        }
        let here = ours.contains(name);
        let ok = match status {
            "rust" => here,
            s if s.starts_with("no ") && s.len() > 3 => !here,
            _ => false,
        };
        if !ok {
            wrong.push(format!("{name}: listed as `{status}`, registered: {here}"));
        }
    }
    let names: BTreeSet<&str> = listed.iter().map(|(n, _)| *n).collect();
    for name in ours.difference(&names) {
        wrong.push(format!("{name}: registered, not listed"));
    }
    if Path::new(CORPUS).is_dir() {
        let corpus = corpus_functions(Path::new(CORPUS));
        let listed: BTreeSet<(String, String)> = listed
            .iter()
            .map(|(n, m)| (n.to_string(), m.to_string()))
            .collect();
        for (name, module) in corpus.symmetric_difference(&listed) {
            wrong.push(format!(
                "{name} ({module}): in only one of the corpus and the list"
            ));
        }
    }
    assert!(names.len() > 50, "only {} functions listed", names.len());
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// (function, module) of every Ruby function of the corpus but stdlib's.
fn corpus_functions(corpus: &Path) -> BTreeSet<(String, String)> {
    let mut out = BTreeSet::new();
    for module in std::fs::read_dir(corpus).into_iter().flatten().flatten() {
        let module_name = module.file_name().to_string_lossy().into_owned();
        if module_name == "stdlib" {
            continue;
        }
        for sub in ["lib/puppet/functions", "lib/puppet/parser/functions"] {
            collect(&module.path().join(sub), "", &module_name, &mut out);
        }
    }
    out
}

/// The `.rb` files under `dir`, named with `prefix` (`apache::` in a subdirectory).
fn collect(dir: &Path, prefix: &str, module: &str, out: &mut BTreeSet<(String, String)>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if path.is_dir() {
            collect(&path, &format!("{prefix}{name}::"), module, out);
        } else if let Some(stem) = name.strip_suffix(".rb") {
            out.insert((format!("{prefix}{stem}"), module.to_string()));
        }
    }
}
