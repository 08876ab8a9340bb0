//! External node classifiers: what one answers for a node ([`Classification`]), the
//! trait every classifier implements ([`NodeClassifier`]), and the reading of an ENC
//! script's YAML answer ([`parse_enc_output`]) as Puppet's `exec` node terminus reads it.
//!
//! Running the script is I/O and lives at the edge (the `marionette` crate's
//! `ExecClassifier`); this module only interprets what it printed.

use marionette_catalog::ruby::{class_name as ruby_class, scalar_to_s};
use marionette_catalog::Data;
use std::fmt;

/// Named values, in the classifier's order: a class's parameters, or top-scope
/// variables.
pub type Parameters = Vec<(String, Data)>;

/// What a classifier assigns to a node.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Classification {
    /// The classes, in the classifier's order, each with its parameters. `None` is a
    /// class declared include-like: an entry of the list form, or of the hash form
    /// whose parameters are null or empty. `Some` holds a non-empty parameter hash: the
    /// class is declared resource-like, as `class { 'x': ... }` would.
    pub classes: Vec<(String, Option<Parameters>)>,
    /// Top-scope variables. They win over facts of the same name.
    pub parameters: Parameters,
    /// The environment the node is compiled in, when the classifier chooses one.
    pub environment: Option<String>,
}

/// A classifier's failure, with Puppet's wording where Puppet has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassifyError {
    pub message: String,
}

impl ClassifyError {
    pub fn new(message: impl Into<String>) -> ClassifyError {
        ClassifyError {
            message: message.into(),
        }
    }
}

impl fmt::Display for ClassifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ClassifyError {}

/// A source of node classification: an ENC script, or a plugin adapted to this trait.
/// Classifiers are shared by the compiles of many nodes, hence `Send + Sync`.
pub trait NodeClassifier: Send + Sync + fmt::Debug {
    /// Names the classifier for people, e.g. `the external node classifier /etc/enc`:
    /// errors of a classifier have no position in the manifests, so this is what
    /// tells a reader where to look.
    fn describe(&self) -> String;

    /// Classifies the node `certname` whose facts are `facts` (a hash).
    fn classify(&self, certname: &str, facts: &Data) -> Result<Classification, ClassifyError>;
}

/// Reads what an ENC script printed for `certname`, as Puppet's `exec` node terminus
/// does: the output is YAML (Psych's `safe_load`, symbols allowed) holding a hash whose
/// keys `classes`, `parameters` and `environment` matter and whose other keys are
/// ignored. Output that is only whitespace means the node is unknown.
///
/// Errors read as Puppet's (`Could not load external node results for web01: ...`),
/// including what Ruby says about an answer that is not a hash. Shapes inside the hash
/// that make Puppet crash with a Ruby `NoMethodError` later in the compile (`classes`
/// as a string, class parameters that are not a hash, ...) are errors here, worded
/// by Marionette.
pub fn parse_enc_output(certname: &str, output: &str) -> Result<Classification, ClassifyError> {
    if output
        .trim_matches(|c: char| c.is_ascii_whitespace())
        .is_empty()
    {
        return Err(ClassifyError::new(format!(
            "Could not find node '{certname}' (the ENC printed nothing)"
        )));
    }
    let load_error = |detail: String| {
        ClassifyError::new(format!(
            "Could not load external node results for {certname}: {detail}"
        ))
    };
    let data =
        marionette_lookup::parse_yaml(output, "<unknown>").map_err(|e| load_error(e.message))?;
    let entries = top_level_entries(data).map_err(load_error)?;
    let mut out = Classification::default();
    for (key, value) in entries {
        match key.as_str() {
            "classes" => out.classes = classes(value).map_err(load_error)?,
            "parameters" => out.parameters = parameters(value).map_err(load_error)?,
            "environment" => {
                out.environment = match value {
                    Data::Undef | Data::Bool(false) => None,
                    Data::String(s) => Some(s),
                    other => {
                        return Err(load_error(format!(
                            "the environment must be a string, not {}",
                            ruby_class(&other)
                        )))
                    }
                }
            }
            _ => {}
        }
    }
    Ok(out)
}

/// The key/value pairs Puppet's `translate` makes of the document: a hash's entries
/// (keys must be strings or symbols), and, because it walks the document with
/// `inject`, also an array's elements read as `[key, value]` pairs. Anything else is
/// Ruby's `NoMethodError` for `inject`, as Puppet reports it.
fn top_level_entries(data: Data) -> Result<Vec<(String, Data)>, String> {
    // `Puppet::Util::Yaml.safe_load` turns an empty document into `false`.
    let data = if data == Data::Undef {
        Data::Bool(false)
    } else {
        data
    };
    let pairs: Vec<(Data, Data)> = match data {
        Data::Hash(entries) => entries,
        Data::Array(items) => {
            let mut pairs = Vec::new();
            for item in items {
                // `data[0]` and `data[1]` of each element.
                let pair = match item {
                    Data::Array(mut kv) => {
                        let value = if kv.len() > 1 {
                            kv.swap_remove(1)
                        } else {
                            Data::Undef
                        };
                        let key = if kv.is_empty() {
                            Data::Undef
                        } else {
                            kv.swap_remove(0)
                        };
                        (key, value)
                    }
                    Data::String(s) => {
                        let mut chars = s.chars().map(|c| Data::String(c.to_string()));
                        let key = chars.next().unwrap_or(Data::Undef);
                        (key, chars.next().unwrap_or(Data::Undef))
                    }
                    // `5[0]` is bit 0 of 5, an Integer.
                    Data::Integer(i) => (Data::Integer(i & 1), Data::Integer((i >> 1) & 1)),
                    // A hash has no key 0.
                    Data::Hash(_) => (Data::Undef, Data::Undef),
                    other => {
                        return Err(format!(
                            "undefined method `[]' for {}:{}",
                            ruby_inspect(&other),
                            ruby_class(&other)
                        ))
                    }
                };
                pairs.push(pair);
            }
            pairs
        }
        other => {
            return Err(format!(
                "undefined method `inject' for {}:{}",
                ruby_inspect(&other),
                ruby_class(&other)
            ))
        }
    };
    pairs
        .into_iter()
        .map(|(key, value)| match key {
            Data::String(k) => Ok((k, value)),
            other => Err(format!(
                "key is a {}, not a string or symbol",
                ruby_class(&other)
            )),
        })
        .collect()
}

/// `classes`: a list of names, or a hash of name => parameters.
fn classes(value: Data) -> Result<Vec<(String, Option<Parameters>)>, String> {
    match value {
        Data::Undef | Data::Bool(false) => Ok(Vec::new()),
        Data::Array(items) => items
            .into_iter()
            .map(|item| Ok((class_name(&item)?, None)))
            .collect(),
        Data::Hash(entries) => entries
            .into_iter()
            .map(|(name, params)| {
                let name = class_name(&name)?;
                // Puppet's `params and !params.empty?`: null, false and empty values
                // declare the class include-like.
                let params = match params {
                    Data::Undef | Data::Bool(false) => None,
                    Data::Hash(h) if h.is_empty() => None,
                    Data::Array(a) if a.is_empty() => None,
                    Data::String(s) if s.is_empty() => None,
                    Data::Hash(h) => Some(
                        h.into_iter()
                            .map(|(k, v)| Ok((key_name(&k)?, v)))
                            .collect::<Result<Vec<_>, String>>()?,
                    ),
                    other => {
                        return Err(format!(
                            "the parameters of class '{name}' must be a hash, not {}",
                            ruby_class(&other)
                        ))
                    }
                };
                Ok((name, params))
            })
            .collect(),
        other => Err(format!(
            "classes must be an array or a hash, not {}",
            ruby_class(&other)
        )),
    }
}

/// `parameters`: a hash of variable name => value.
fn parameters(value: Data) -> Result<Parameters, String> {
    match value {
        Data::Undef | Data::Bool(false) => Ok(Vec::new()),
        Data::Hash(entries) => entries
            .into_iter()
            .map(|(k, v)| Ok((key_name(&k)?, v)))
            .collect(),
        other => Err(format!(
            "parameters must be a hash, not {}",
            ruby_class(&other)
        )),
    }
}

/// A class name: Ruby's `to_s` of a scalar (Puppet then fails to find `5`).
fn class_name(d: &Data) -> Result<String, String> {
    scalar_to_s(d).ok_or_else(|| format!("a class name must be a string, not {}", ruby_class(d)))
}

/// A parameter or variable name: Ruby's `to_s` of a scalar key.
fn key_name(d: &Data) -> Result<String, String> {
    scalar_to_s(d)
        .ok_or_else(|| format!("a parameter name must be a string, not {}", ruby_class(d)))
}

/// Ruby's `inspect` of a YAML scalar (what a `NoMethodError` shows of its receiver).
fn ruby_inspect(d: &Data) -> String {
    match d {
        Data::Undef => "nil".into(),
        Data::String(s) => {
            let mut out = String::new();
            marionette_catalog::ruby::inspect_str(s, &mut out);
            out
        }
        other => scalar_to_s(other).unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Classification, String> {
        parse_enc_output("web01", text).map_err(|e| e.message)
    }

    fn s(v: &str) -> Data {
        Data::String(v.into())
    }

    #[test]
    fn hash_classes_with_and_without_parameters() {
        let c = parse(
            "---\nclasses:\n  base:\n  empty: {}\n  role::web:\n    port: 8443\n    aliases: [www]\nparameters:\n  dc: ams1\nenvironment: production\nother: ignored\n",
        )
        .unwrap();
        assert_eq!(
            c.classes,
            vec![
                ("base".to_string(), None),
                ("empty".to_string(), None),
                (
                    "role::web".to_string(),
                    Some(vec![
                        ("port".to_string(), Data::Integer(8443)),
                        ("aliases".to_string(), Data::Array(vec![s("www")])),
                    ])
                ),
            ]
        );
        assert_eq!(c.parameters, vec![("dc".to_string(), s("ams1"))]);
        assert_eq!(c.environment.as_deref(), Some("production"));
    }

    #[test]
    fn list_classes_symbol_keys_and_nulls() {
        let c = parse(":classes: [base, 5]\nparameters: ~\nenvironment: ~\n").unwrap();
        assert_eq!(
            c.classes,
            vec![("base".to_string(), None), ("5".to_string(), None)]
        );
        assert!(c.parameters.is_empty());
        assert_eq!(c.environment, None);
        assert_eq!(parse("classes: ~\n").unwrap(), Classification::default());
        assert_eq!(parse("{}").unwrap(), Classification::default());
    }

    #[test]
    fn arrays_are_read_as_pairs_like_rubys_inject() {
        let c = parse("- [classes, [base]]\n- classes\n").unwrap();
        assert_eq!(c.classes, vec![("base".to_string(), None)]);
        assert_eq!(
            parse("- {a: 1}\n").unwrap_err(),
            "Could not load external node results for web01: key is a NilClass, not a string or symbol"
        );
        assert_eq!(
            parse("- ~\n").unwrap_err(),
            "Could not load external node results for web01: undefined method `[]' for nil:NilClass"
        );
    }

    #[test]
    fn puppets_messages_for_what_is_not_a_hash() {
        assert_eq!(
            parse("  \n\t\n").unwrap_err(),
            "Could not find node 'web01' (the ENC printed nothing)"
        );
        assert_eq!(
            parse("---\n").unwrap_err(),
            "Could not load external node results for web01: undefined method `inject' for false:FalseClass"
        );
        assert_eq!(
            parse("just a string").unwrap_err(),
            "Could not load external node results for web01: undefined method `inject' for \"just a string\":String"
        );
        assert_eq!(
            parse("42").unwrap_err(),
            "Could not load external node results for web01: undefined method `inject' for 42:Integer"
        );
        assert_eq!(
            parse("1: x").unwrap_err(),
            "Could not load external node results for web01: key is a Integer, not a string or symbol"
        );
        assert_eq!(
            parse("parameters:\n  d: 2024-01-01\n").unwrap_err(),
            "Could not load external node results for web01: (<unknown>): Tried to load unspecified class: Date"
        );
    }

    #[test]
    fn shapes_puppet_crashes_on_are_errors() {
        for (text, message) in [
            (
                "classes: foo",
                "classes must be an array or a hash, not String",
            ),
            (
                "classes: {foo: 5}",
                "the parameters of class 'foo' must be a hash, not Integer",
            ),
            ("parameters: [a]", "parameters must be a hash, not Array"),
            (
                "environment: 5",
                "the environment must be a string, not Integer",
            ),
            ("classes: [[a]]", "a class name must be a string, not Array"),
        ] {
            assert_eq!(
                parse(text).unwrap_err(),
                format!("Could not load external node results for web01: {message}")
            );
        }
        // Puppet's `params and !params.empty?`.
        let c = parse("classes: {a: false, b: [], c: ''}").unwrap();
        assert!(c.classes.iter().all(|(_, p)| p.is_none()));
    }
}
