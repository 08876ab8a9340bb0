//! puppetlabs-translate: `translate`, a message (not translated: no locale is set up)
//! with its `%{name}` references filled from a Hash.

use crate::NativeFunction;
use marionette_catalog::Data;
use marionette_stdlib::ruby;

pub const FUNCTIONS: &[NativeFunction] = &[NativeFunction {
    name: "translate",
    signatures: &[
        "String message",
        "String message, Hash interpolation_values",
    ],
    imp: |a, _| match a {
        [Data::String(m)] => Ok(Data::String(m.clone())),
        [Data::String(m), Data::Hash(values)] => format(m, values).map(Data::String),
        _ => Err("translate: expects a String and an optional Hash".into()),
    },
}];

/// Ruby's `message % hash` for the `%{name}` and `%%` forms.
fn format(message: &str, values: &[(Data, Data)]) -> Result<String, String> {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        if let Some(tail) = after.strip_prefix('%') {
            out.push('%');
            rest = tail;
        } else if let Some(tail) = after.strip_prefix('{') {
            let Some(end) = tail.find('}') else {
                return Err("malformed name - unmatched parenthesis".into());
            };
            let name = &tail[..end];
            let value = values
                .iter()
                .find(|(k, _)| ruby::to_s(k) == name)
                .map(|(_, v)| v)
                .ok_or_else(|| format!("key<{name}> not found"))?;
            out.push_str(&ruby::to_s(value));
            rest = &tail[end + 1..];
        } else {
            return Err(format!(
                "translate: the format sequence in {} is not supported",
                ruby::inspect(&Data::String(message.into()))
            ));
        }
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::format;
    use crate::testing::s;

    #[test]
    fn format_fills_names() {
        let values = vec![
            (s("os"), s("Debian")),
            (s("n"), marionette_catalog::Data::Integer(3)),
        ];
        assert_eq!(
            format("No package for %{os} (%{n}, 100%%)", &values).as_deref(),
            Ok("No package for Debian (3, 100%)")
        );
        assert_eq!(format("%{x}", &values), Err("key<x> not found".into()));
    }
}
