//! Reading facts (and other YAML/JSON data files given on the command line) into values.
//!
//! Facts files are what `puppet facts` or a node's facts cache hold: a plain hash, or
//! the wrapped forms `{name:, values: {...}}` (with or without Puppet's
//! `!ruby/object:Puppet::Node::Facts` tag) and `{certname:, values:}`. They are read
//! as Puppet's tools read them: JSON with the json gem's parser, YAML with Psych's
//! rules (YAML 1.1: `yes` is true, `0777` octal), where Symbols, dates and timestamps
//! become strings.

use anyhow::{bail, Context, Result};
use marionette_catalog::Data;
use marionette_eval::{Value, ValueMap};
use std::path::Path;

/// Reads a YAML or JSON file holding a hash.
pub fn load_hash(path: &Path) -> Result<ValueMap> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    parse_hash(&text, &path.to_string_lossy())
        .with_context(|| format!("{} is not a valid facts file", path.display()))
}

/// Parses a data file's text (`file` names it in messages): JSON when it looks like
/// JSON, YAML otherwise; the wrapped facts forms are unwrapped.
pub fn parse_hash(text: &str, file: &str) -> Result<ValueMap> {
    let looks_json = text.trim_start().starts_with(['{', '[']) && !text.starts_with("---");
    let data = if file.to_ascii_lowercase().ends_with(".json") || looks_json {
        marionette_lookup::parse_json_text(text).map_err(anyhow::Error::msg)?
    } else {
        // Puppet's own YAML facts cache carries a Ruby object tag.
        let text = text.replace("!ruby/object:Puppet::Node::Facts", "");
        marionette_lookup::parse_yaml_facts(&text, file).map_err(|e| anyhow::anyhow!(e.message))?
    };
    let mut entries = match data {
        Data::Hash(entries) => entries,
        Data::Undef => Vec::new(),
        _ => bail!("expected a hash at the top"),
    };
    // The wrapped forms.
    let key = |entries: &[(Data, Data)], k: &str| {
        entries
            .iter()
            .position(|(key, _)| matches!(key, Data::String(s) if s == k))
    };
    if let Some(i) = key(&entries, "values") {
        if matches!(entries[i].1, Data::Hash(_))
            && (key(&entries, "name").is_some() || key(&entries, "certname").is_some())
        {
            if let Data::Hash(values) = entries.swap_remove(i).1 {
                entries = values;
            }
        }
    }
    entries.retain(
        |(k, _)| !matches!(k, Data::String(s) if s == "_timestamp" || s == "_puppet_inventory_1"),
    );
    Ok(entries
        .iter()
        .map(|(k, v)| {
            (
                marionette_eval::value_from_data(k),
                marionette_eval::value_from_data(v),
            )
        })
        .collect())
}

/// Puppet's `Puppet::Node::Facts#sanitize`, which every compile applies to the node's
/// facts: a value that is not a hash, array, number, boolean or string becomes its
/// string form (`undef` is `''`), keys included.
pub fn sanitize(facts: &ValueMap) -> ValueMap {
    fn value(v: &Value) -> Value {
        match v {
            Value::Undef => Value::str(""),
            Value::Array(items) => Value::array(items.iter().map(value).collect()),
            Value::Hash(map) => Value::hash(sanitize(map)),
            other => other.clone(),
        }
    }
    facts.iter().map(|(k, v)| (value(k), value(v))).collect()
}
