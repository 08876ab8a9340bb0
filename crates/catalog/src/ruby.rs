//! How Ruby writes values in the messages Puppet copies from it: `String#inspect` and
//! class names. (Ruby's `Float#to_s` is [`crate::wire::ruby_float`].)

use crate::Data;

/// Ruby's `String#inspect`: `s` in double quotes with `"`, `\` and control characters
/// escaped.
pub fn inspect_str(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{1b}' => out.push_str("\\e"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02X}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Ruby's `to_s` of a scalar read from YAML or JSON (`nil` is empty); `None` for an
/// array or a hash.
pub fn scalar_to_s(d: &Data) -> Option<String> {
    match d {
        Data::String(s) => Some(s.clone()),
        Data::Integer(i) => Some(i.to_string()),
        Data::Float(f) => Some(crate::wire::ruby_float(*f)),
        Data::Bool(b) => Some(b.to_string()),
        Data::Undef => Some(String::new()),
        _ => None,
    }
}

/// The Ruby class of a value read from YAML or JSON, as Ruby's errors name it.
pub fn class_name(d: &Data) -> &'static str {
    match d {
        Data::Undef => "NilClass",
        Data::Bool(true) => "TrueClass",
        Data::Bool(false) => "FalseClass",
        Data::Integer(_) => "Integer",
        Data::Float(_) => "Float",
        Data::String(_) => "String",
        Data::Array(_) => "Array",
        Data::Hash(_) => "Hash",
        _ => "Object",
    }
}
