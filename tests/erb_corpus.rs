//! Every ERB template of the Debian module corpus renders as Ruby's ERB renders it.
//! `tests/erb_corpus/expected.json` holds, per template, the synthetic variables
//! `tools/erb-corpus/record.rb` chose and the sha256 and length of Ruby 3.1's output
//! (or Ruby's error, when no choice of values renders it). Here each template is
//! rendered with the same variables; the test fails if any renders differently, or
//! if a template Ruby renders does not render. It needs the corpus, not Ruby.

use marionette::erb::{self, Host, HostError, Value};
use serde_json::Value as Json;
use sha2::{Digest, Sha256};
use std::path::PathBuf;

/// The variables, as the recording's fake scope serves them.
struct Scope {
    vars: Vec<(String, Value)>,
}

fn to_value(j: &Json) -> Value {
    match j {
        Json::Null => Value::Nil,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => match n.as_i64() {
            Some(i) => Value::Int(i),
            None => Value::Float(n.as_f64().unwrap_or(0.0)),
        },
        Json::String(s) => Value::str(s.clone()),
        Json::Array(a) => Value::array(a.iter().map(to_value).collect()),
        Json::Object(o) => {
            Value::hash_from(o.iter().map(|(k, v)| (Value::str(k.clone()), to_value(v))))
        }
    }
}

impl Host for Scope {
    fn variables(&mut self) -> Vec<(String, Value)> {
        self.vars
            .iter()
            .filter(|(k, _)| !k.contains("::"))
            .cloned()
            .collect()
    }
    fn lookupvar(&mut self, name: &str) -> Result<Value, HostError> {
        let name = name.trim_start_matches("::");
        Ok(self
            .vars
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
            .unwrap_or(Value::Nil))
    }
    fn call_function(&mut self, name: &str, args: Vec<Value>) -> Result<Value, HostError> {
        match (name, args.as_slice()) {
            ("versioncmp", [a, b]) => Ok(Value::Int(marionette::eval::versioncmp(
                &a.to_s(),
                &b.to_s(),
            ))),
            _ => Err(HostError::new(
                "ArgumentError",
                format!("Unknown function {name}"),
            )),
        }
    }
    fn log(&mut self, _level: &str, _message: &str) {}
    fn file(&self) -> Option<String> {
        None
    }
}

#[test]
fn corpus_templates_render_as_ruby_renders_them() {
    let dir = std::env::var_os("MARIONETTE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/share/puppet/modules"));
    assert!(
        dir.is_dir(),
        "corpus {} is missing: apt-get install the puppet-module-* packages",
        dir.display()
    );
    let data = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/erb_corpus/expected.json"),
    )
    .unwrap();
    let entries: Vec<Json> = serde_json::from_str(&data).unwrap();
    let (mut same, mut ruby_errors) = (0, 0);
    let mut unsupported = Vec::new();
    let mut failures = Vec::new();
    for e in &entries {
        let rel = e["template"].as_str().unwrap();
        let source = std::fs::read_to_string(dir.join(rel)).unwrap();
        let vars = e["vars"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), to_value(v)))
            .collect();
        let result = erb::render(&source, &mut Scope { vars });
        match (result, e.get("sha256")) {
            (Ok(out), Some(sha)) => {
                let digest = format!("{:x}", Sha256::digest(out.as_bytes()));
                if digest == sha.as_str().unwrap() {
                    same += 1;
                } else {
                    failures.push(format!(
                        "{rel}: output differs ({} bytes, Ruby {})",
                        out.len(),
                        e["length"]
                    ));
                }
            }
            (Err(err), Some(_)) if err.message.starts_with("unsupported Ruby") => {
                unsupported.push(format!("{rel}: {err}"))
            }
            (Err(err), Some(_)) => failures.push(format!("{rel}: {err}")),
            (_, None) => ruby_errors += 1,
        }
    }
    eprintln!(
        "{} templates: {same} render as Ruby renders them, {ruby_errors} that Ruby cannot render with any scope tried, {} need Ruby beyond the supported subset, {} differ",
        entries.len(),
        unsupported.len(),
        failures.len()
    );
    for u in &unsupported {
        eprintln!("  {u}");
    }
    assert!(
        failures.is_empty(),
        "{} templates differ from Ruby's ERB:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
