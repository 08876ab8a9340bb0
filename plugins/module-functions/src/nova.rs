//! puppet-nova: `to_array_of_json_strings` (a 4.x function without a dispatch).

use crate::{FunctionContext, NativeFunction};
use marionette_catalog::Data;
use marionette_stdlib::ruby::to_s;
use marionette_stdlib::serialize::{json, JsonStyle};

pub const FUNCTIONS: &[NativeFunction] = &[NativeFunction {
    name: "to_array_of_json_strings",
    signatures: &["Any args*"],
    imp: to_array_of_json_strings,
}];

/// An Array of Hashes (or the JSON text of one, or of one Hash) as the JSON of each
/// Hash. JSON with single quotes is read after turning them into double quotes, with a
/// deprecation warning.
fn to_array_of_json_strings(args: &[Data], cx: &mut dyn FunctionContext) -> Result<Data, String> {
    let [arg] = args else {
        return Err("to_array_of_json_strings(): Wrong number of arguments".into());
    };
    let mut list = arg.clone();
    if let Data::String(text) = arg {
        list = match json_load(text) {
            Ok(d) => d,
            Err(()) => {
                let d = json_load(&text.replace('\'', "\""))
                    .map_err(|()| format!("Syntax error: {text} is not valid"))?;
                cx.warning(format!(
                    "{text} is not valid JSON. Support for this format is deprecated and may be removed in future."
                ));
                d
            }
        };
        if !matches!(list, Data::Array(_)) {
            list = Data::Array(vec![list]);
        }
    }
    let hashes = match &list {
        Data::Array(items) if items.iter().all(|e| matches!(e, Data::Hash(_))) => items,
        _ => {
            return Err(format!(
                "Syntax error: {} is not an Array or JSON encoded String",
                to_s(arg)
            ))
        }
    };
    let mut out = Vec::with_capacity(hashes.len());
    for h in hashes {
        let mut text = String::new();
        json(h, &JsonStyle::COMPACT, 0, &mut text)?;
        out.push(Data::String(text));
    }
    Ok(Data::Array(out))
}

/// The json gem's `JSON.load` of a String: an empty one is `nil`.
fn json_load(text: &str) -> Result<Data, ()> {
    if text.is_empty() {
        return Ok(Data::Undef);
    }
    marionette_lookup::parse_json(text, "").map_err(|_| ())
}

#[cfg(test)]
mod tests {
    use crate::testing::{call, s, Cx};
    use marionette_catalog::Data;

    fn h(entries: &[(&str, Data)]) -> Data {
        Data::Hash(entries.iter().map(|(k, v)| (s(k), v.clone())).collect())
    }

    /// (arguments, what puppet-nova's Ruby returned or raised under Puppet 7.23)
    fn cases() -> Vec<(Vec<Data>, Result<Data, &'static str>)> {
        let strings = |items: &[&str]| Data::Array(items.iter().map(|i| s(i)).collect());
        vec![
            (
                vec![Data::Array(vec![
                    h(&[("a", Data::Integer(1))]),
                    h(&[("b", h(&[("c", Data::Array(vec![Data::Bool(true)]))]))]),
                ])],
                Ok(strings(&[r#"{"a":1}"#, r#"{"b":{"c":[true]}}"#])),
            ),
            (
                vec![s(r#"[{"a": 1}, {"b": "x"}]"#)],
                Ok(strings(&[r#"{"a":1}"#, r#"{"b":"x"}"#])),
            ),
            (vec![s(r#"{"a": 1}"#)], Ok(strings(&[r#"{"a":1}"#]))),
            (vec![s("[{'a': 'x'}]")], Ok(strings(&[r#"{"a":"x"}"#]))),
            (vec![Data::Array(vec![])], Ok(strings(&[]))),
            (vec![s("x")], Err("Syntax error: x is not valid")),
            (
                vec![Data::Array(vec![Data::Integer(1)])],
                Err("Syntax error: [1] is not an Array or JSON encoded String"),
            ),
            (
                vec![],
                Err("to_array_of_json_strings(): Wrong number of arguments"),
            ),
        ]
    }

    #[test]
    fn as_puppet_nova_does() {
        for (args, want) in cases() {
            let got = call("to_array_of_json_strings", &args, &mut Cx::default());
            assert_eq!(got, want.map_err(String::from), "{args:?}");
        }
    }
}
