//! Puppet's wording for type mismatches ("expects a String value, got Integer").

use crate::types::PType;
use crate::value::Value;

fn article(name: &str) -> &'static str {
    match name.chars().next() {
        Some('A' | 'E' | 'I' | 'O' | 'U') => "an",
        _ => "a",
    }
}

/// "a String value", "an Integer value", "a value of type Variant[...]".
pub fn expected(ty: &PType) -> String {
    match ty.resolved() {
        PType::Optional(Some(inner)) => expected(inner),
        PType::Variant(types) if !types.is_empty() => {
            let names: Vec<String> = types.iter().map(|t| t.generic_name()).collect();
            let (last, rest) = names.split_last().expect("non-empty");
            if rest.is_empty() {
                format!("{} {last} value", article(last))
            } else {
                format!("{} {} or {last} value", article(&rest[0]), rest.join(", "))
            }
        }
        PType::Enum { values, .. } if !values.is_empty() => {
            let quoted: Vec<String> = values.iter().map(|v| format!("'{v}'")).collect();
            format!("a match for Enum[{}]", quoted.join(", "))
        }
        PType::Pattern(_) => format!("a match for {ty}"),
        other => {
            let name = other.to_string();
            format!("{} {name} value", article(&name))
        }
    }
}

/// What was given, named as Puppet names it for the expected type.
pub fn actual(value: &Value, expected: &PType) -> String {
    match (value, expected.resolved()) {
        (Value::Str(s), PType::Enum { .. } | PType::Pattern(_)) => format!("'{s}'"),
        (
            Value::Int(_),
            PType::Integer { from: Some(_), .. } | PType::Integer { to: Some(_), .. },
        ) => PType::infer(value).to_string(),
        (
            Value::Str(_),
            PType::String { min: Some(_), .. } | PType::String { max: Some(_), .. },
        ) => PType::infer(value).to_string(),
        _ => value.type_name().to_string(),
    }
}
