//! stdlib's functions against what real Puppet 7.23 returned for the same calls
//! (`tests/puppet/calls.txt`, answers in `tests/puppet/expected.jsonl`, written by
//! `tests/puppet/regen.py`). Each call runs with a context that holds the facts of
//! `tests/puppet/facts.yaml`. Errors Puppet raises before the function runs (argument
//! type checks) belong to the evaluator and are checked by the conformance cases.

use marionette_catalog::Data;
use marionette_stdlib::{functions, FunctionContext};
use std::collections::HashSet;
use std::path::Path;

/// Test data in the JSON of calls.txt and of Puppet's catalogs: `{"__regexp": "x"}` is
/// a regexp; a Binary Puppet writes (`{"__ptype": "Binary", "__pvalue": base64}`) is
/// the string of its bytes. Puppet makes a Binary of a Ruby string that is not UTF-8
/// (`base64('decode', ...)`, `shell_split` and `stdlib::extname` return such strings)
/// only when it reaches the catalog; inside manifests it is a string, and so it is
/// for Marionette.
fn data(d: Data) -> Data {
    match d {
        Data::Array(items) => Data::Array(items.into_iter().map(data).collect()),
        Data::Hash(entries) => {
            let get = |k: &str| {
                entries
                    .iter()
                    .find(|(key, _)| *key == Data::String(k.into()))
                    .map(|(_, v)| v.clone())
            };
            match (
                entries.len(),
                get("__regexp"),
                get("__ptype"),
                get("__pvalue"),
            ) {
                (1, Some(Data::String(src)), _, _) => Data::Regexp(src),
                (2, _, Some(Data::String(t)), Some(Data::String(b64))) if t == "Binary" => {
                    Data::String(String::from_utf8_lossy(&base64(&b64)).into_owned())
                }
                _ => Data::Hash(
                    entries
                        .into_iter()
                        .map(|(k, v)| (data(k), data(v)))
                        .collect(),
                ),
            }
        }
        other => other,
    }
}

fn base64(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let (mut bits, mut n, mut out) = (0u32, 0, Vec::new());
    for c in text.bytes() {
        let Some(v) = ALPHABET.iter().position(|&a| a == c) else {
            continue;
        };
        bits = (bits << 6) | v as u32;
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((bits >> n) as u8);
        }
    }
    out
}

fn json(text: &str) -> Data {
    data(marionette_lookup::parse_json(text, "expected.jsonl").expect("JSON"))
}

/// A compile reduced to facts as top-scope variables.
struct Cx {
    facts: Vec<(Data, Data)>,
    seen: HashSet<String>,
    warnings: Vec<String>,
}

impl FunctionContext for Cx {
    fn signature(&self) -> usize {
        0
    }
    fn has_block(&self) -> bool {
        false
    }
    fn call_block(&mut self, _: Vec<Data>) -> Result<Data, String> {
        Err("no block".into())
    }
    fn warning(&mut self, text: String) {
        self.warnings.push(text);
    }
    fn variable(&mut self, name: &str) -> Option<Data> {
        let name = name.trim_start_matches("::");
        if name == "facts" {
            return Some(Data::Hash(self.facts.clone()));
        }
        self.facts
            .iter()
            .find(|(k, _)| *k == Data::String(name.into()))
            .map(|(_, v)| v.clone())
    }
    fn first_time(&mut self, key: &str) -> bool {
        self.seen.insert(key.to_string())
    }
    fn call_function(&mut self, name: &str, args: Vec<Data>) -> Result<Data, String> {
        // Puppet's fqdn_rand(max, seed): md5("fqdn:max:seed") seeds Ruby's Random.
        use md5::Digest;
        if name != "fqdn_rand" {
            return Err(format!("'{name}' is not available to these calls"));
        }
        let max = match args[0] {
            Data::Integer(i) => i,
            _ => 0,
        };
        let seed = match &args[1] {
            Data::String(s) => s.clone(),
            _ => String::new(),
        };
        let fqdn = match self.variable("fqdn") {
            Some(Data::String(s)) => s,
            _ => String::new(),
        };
        let digest = md5::Md5::digest(format!("{fqdn}:{max}:{seed}").as_bytes());
        Ok(Data::Integer(marionette_eval::deterministic_rand(
            &digest, max,
        )))
    }
}

fn facts(path: &Path) -> Vec<(Data, Data)> {
    let text = std::fs::read_to_string(path).expect("facts");
    match marionette_lookup::parse_yaml(&text, "facts.yaml") {
        Ok(Data::Hash(h)) => h,
        other => panic!("{}: {other:?}", path.display()),
    }
}

#[test]
fn functions_return_what_puppet_returns() {
    check("", 100);
}

/// stdlib 9.x's functions (`calls-9.txt`), answered by Puppet with stdlib 9.7.0 on
/// the modulepath and the facts of `facts-9.yaml`.
#[test]
fn stdlib9_functions_return_what_puppet_returns() {
    check("-9", 40);
}

/// The calls of `calls{suffix}.txt` against `expected{suffix}.jsonl`, with the facts of
/// `facts{suffix}.yaml`; more than `min` of them must be checked.
fn check(suffix: &str, min: usize) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/puppet");
    let expected_file = dir.join(format!("expected{suffix}.jsonl"));
    let expected = std::fs::read_to_string(&expected_file).expect("expected.jsonl");
    let facts_file = dir.join(format!("facts{suffix}.yaml"));
    let all = functions();
    let mut failures = Vec::new();
    let mut checked = 0;
    for line in expected.lines() {
        let Data::Hash(case) = json(line) else {
            panic!("not a JSON object: {line}");
        };
        let field = |k: &str| {
            case.iter()
                .find(|(key, _)| *key == Data::String(k.into()))
                .map(|(_, v)| v.clone())
        };
        let Some(Data::String(call)) = field("call") else {
            panic!("no call: {line}");
        };
        let (name, args) = call.split_once(' ').unwrap_or((&call, "[]"));
        let Data::Array(args) = json(args) else {
            panic!("arguments are not an array: {call}");
        };
        let Some(f) = all.iter().find(|f| f.name() == name) else {
            failures.push(format!("{call}: no such function"));
            continue;
        };
        let mut cx = Cx {
            facts: facts(&facts_file),
            seen: HashSet::new(),
            warnings: Vec::new(),
        };
        let got = f.call(&args, &mut cx);
        match (field("ok"), field("error"), got) {
            (_, Some(Data::String(e)), _)
                if e.starts_with("The function '") || e.starts_with(&format!("'{name}'")) =>
            {
                continue; // the evaluator's argument checks
            }
            (Some(ok), None, Ok(v)) if ok == v => {}
            (_, Some(Data::String(e)), Err(g)) if e == g => {}
            (ok, e, got) => failures.push(format!(
                "{call}\n    puppet: {}\n    ours:   {got:?}",
                match e {
                    Some(e) => format!("error {e:?}"),
                    None => format!("{ok:?}"),
                }
            )),
        }
        checked += 1;
    }
    assert!(checked > min, "only {checked} calls checked");
    assert!(
        failures.is_empty(),
        "{} of {checked} calls differ from Puppet:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
