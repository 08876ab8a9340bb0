//! Runtime values to catalog data (Puppet's rich-data form).

use crate::types::PType;
use crate::value::Value;
use marionette_catalog::Data;

/// Converts a parameter value. `top` is true for a parameter's own value (where a
/// `Sensitive` is written in clear text and listed in `sensitive_parameters`).
pub fn to_data(v: &Value, top: bool) -> Data {
    match v {
        Value::Undef => Data::Undef,
        Value::Default => Data::Default,
        Value::Bool(b) => Data::Bool(*b),
        Value::Int(i) => Data::Integer(*i),
        Value::Float(f) => Data::Float(*f),
        Value::Str(s) => Data::String(s.to_string()),
        Value::Regex(r) => Data::Regexp(r.source.clone()),
        Value::Array(items) => Data::Array(items.iter().map(|v| to_data(v, false)).collect()),
        Value::Hash(map) => Data::Hash(
            map.iter()
                .map(|(k, v)| (to_data(k, false), to_data(v, false)))
                .collect(),
        ),
        Value::Type(t) => type_data(t),
        Value::Sensitive(inner) => {
            let _ = top;
            Data::Sensitive(Box::new(to_data(inner, false)))
        }
        Value::Deferred(d) => Data::Deferred {
            name: d.name.clone(),
            arguments: d.arguments.iter().map(|v| to_data(v, false)).collect(),
        },
        Value::Timestamp(t) => Data::Timestamp(t.format()),
    }
}

/// References are strings (`File[/x]`); other types are Pcore objects.
fn type_data(t: &PType) -> Data {
    match t.resolved() {
        PType::Resource {
            type_name: Some(tn),
            title: Some(title),
        } => Data::String(format!("{tn}[{title}]")),
        PType::Class(Some(name)) => Data::String(format!(
            "Class[{}]",
            crate::types::capitalize_segments(name)
        )),
        PType::Integer { from, to } => {
            let mut attributes = Vec::new();
            if let Some(f) = from {
                attributes.push(("from".to_string(), Data::Integer(*f)));
            }
            if let Some(t) = to {
                attributes.push(("to".to_string(), Data::Integer(*t)));
            }
            Data::Type {
                ptype: "Pcore::IntegerType".into(),
                attributes,
            }
        }
        other => {
            let name = other.to_string();
            let base = name.split('[').next().unwrap_or(&name).to_string();
            Data::Type {
                ptype: format!("Pcore::{base}Type"),
                attributes: Vec::new(),
            }
        }
    }
}
