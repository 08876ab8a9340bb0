//! Reading facts (and other YAML/JSON data files given on the command line) into values.
//!
//! Facts files are what `puppet facts` or a node's facts cache hold: a plain hash, or
//! the wrapped forms `{name:, values: {...}}` (with or without Puppet's
//! `!ruby/object:Puppet::Node::Facts` tag) and `{certname:, values:}`.

use anyhow::{anyhow, bail, Context, Result};
use marionette_eval::{Value, ValueMap};
use std::path::Path;
use yaml_rust2::{Yaml, YamlLoader};

/// Reads a YAML or JSON file holding a hash.
pub fn load_hash(path: &Path) -> Result<ValueMap> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    parse_hash(&text).with_context(|| format!("{} is not a valid facts file", path.display()))
}

pub fn parse_hash(text: &str) -> Result<ValueMap> {
    // Ruby object tags carry no meaning for us.
    let cleaned: String = text
        .lines()
        .map(|line| match line.find("!ruby/") {
            Some(i) => {
                let end = line[i..].find(' ').map_or(line.len(), |j| i + j);
                format!("{}{}", &line[..i], &line[end..])
            }
            None => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    let docs = YamlLoader::load_from_str(&cleaned).map_err(|e| anyhow!("{e}"))?;
    let doc = docs
        .into_iter()
        .next()
        .unwrap_or(Yaml::Hash(Default::default()));
    let Value::Hash(map) = to_value(&doc) else {
        bail!("expected a hash at the top")
    };
    let mut map = (*map).clone();
    // The wrapped forms.
    if let Some(Value::Hash(values)) = map.get(&Value::str("values")) {
        if map.contains_key(&Value::str("name")) || map.contains_key(&Value::str("certname")) {
            map = (**values).clone();
        }
    }
    Ok(map)
}

fn to_value(y: &Yaml) -> Value {
    match y {
        Yaml::Real(s) => match s.parse::<f64>() {
            Ok(f) => Value::Float(f),
            Err(_) => Value::str(s.as_str()),
        },
        Yaml::Integer(i) => Value::Int(*i),
        Yaml::String(s) => Value::str(s.as_str()),
        Yaml::Boolean(b) => Value::Bool(*b),
        Yaml::Array(items) => Value::array(items.iter().map(to_value).collect()),
        Yaml::Hash(map) => {
            let mut out = ValueMap::default();
            for (k, v) in map {
                out.insert(to_value(k), to_value(v));
            }
            Value::hash(out)
        }
        Yaml::Null | Yaml::BadValue | Yaml::Alias(_) => Value::Undef,
    }
}
