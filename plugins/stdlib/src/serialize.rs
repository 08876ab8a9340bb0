//! Serialization: `to_json`, `to_json_pretty` (Ruby's json gem), `to_yaml` (Psych over
//! libyaml's emitter), `to_toml` (stdlib's own TOML dumper), `to_python`, `to_ruby`,
//! and the readers `parsejson`,
//! `parseyaml`, `parsepson`, `parsehocon`.

use crate::ruby::{self, args3x, inspect, to_s};
use crate::{native, NativeFunction, ANY};
use marionette_catalog::ruby::yaml;
use marionette_catalog::wire::{json_str, ruby_float};
use marionette_catalog::Data;

type R = Result<Data, String>;

pub const FUNCTIONS: &[NativeFunction] = &[
    native!("to_json", &["Any data"], |a, _| {
        let mut out = String::new();
        json(&a[0], &JsonStyle::COMPACT, 0, &mut out)?;
        Ok(Data::String(out))
    }),
    native!(
        "to_json_pretty",
        &["Variant[Hash, Array] data, Optional[Boolean] skip_undef?, Struct[{indent => Optional[String], space => Optional[String], space_before => Optional[String], object_nl => Optional[String], array_nl => Optional[String], allow_nan => Optional[Boolean], max_nesting => Optional[Integer[-1,default]]}] opts?"],
        to_json_pretty
    ),
    native!("to_yaml", &["Any data, Hash options?"], to_yaml),
    native!("to_toml", &["Hash data"], |a, _| {
        let mut out = String::new();
        toml_table(&a[0], &[], false, &mut out)?;
        Ok(Data::String(out))
    }),
    native!("to_python", &["Any object"], |a, _| Ok(Data::String(to_python(&a[0])))),
    native!("to_ruby", &["Any object"], |a, _| Ok(Data::String(to_ruby(&a[0])))),
    native!("parsejson", ANY, |a, _| {
        parse_with(&args3x(a), |s| marionette_lookup::parse_json(s, "").map_err(json_error))
    }),
    native!("parseyaml", ANY, |a, _| {
        parse_with(&args3x(a), |s| {
            marionette_lookup::parse_yaml(s, "<unknown>").map_err(|e| e.message)
        })
    }),
    native!("parsepson", &["String[1] pson_string, Any default?"], |a, _| {
        match marionette_lookup::parse_json(&to_s(&a[0]), "") {
            Ok(d) => Ok(d),
            Err(e) => a.get(1).cloned().ok_or_else(|| json_error(e)),
        }
    }),
    native!("parsehocon", &["String hocon_string, Any default?"], |a, _| {
        match marionette_lookup::parse_hocon(&to_s(&a[0]), "") {
            Ok(d) => Ok(d),
            Err(e) => a.get(1).cloned().ok_or(e.message),
        }
    }),
];

/// The json gem's own message (`859: unexpected token at 'x'`), without the
/// file Hiera's reader names.
pub(crate) fn json_error(e: marionette_lookup::LookupError) -> String {
    match e.message.split_once("): ") {
        Some((head, rest)) if head.starts_with("Unable to parse (") => rest.to_string(),
        _ => e.message,
    }
}

/// stdlib's 3.x readers: `parse(text) || default`, and on an error the default if it
/// is truthy, the error otherwise.
fn parse_with(args: &[Data], parse: impl Fn(&str) -> Result<Data, String>) -> R {
    let Some(text) = args.first() else {
        return Err("Wrong number of arguments. 1 or 2 arguments should be provided.".into());
    };
    let default = args.get(1).cloned().unwrap_or(Data::Undef);
    match parse(&to_s(text)) {
        Ok(d) if ruby::truthy(&d) => Ok(d),
        Ok(_) => Ok(default),
        Err(_) if ruby::truthy(&default) => Ok(default),
        Err(e) => Err(e),
    }
}

/// The json gem's generator settings.
pub struct JsonStyle<'a> {
    pub indent: &'a str,
    pub space: &'a str,
    pub space_before: &'a str,
    pub object_nl: &'a str,
    pub array_nl: &'a str,
}

impl JsonStyle<'static> {
    pub const COMPACT: JsonStyle<'static> = JsonStyle {
        indent: "",
        space: "",
        space_before: "",
        object_nl: "",
        array_nl: "",
    };
    pub const PRETTY: JsonStyle<'static> = JsonStyle {
        indent: "  ",
        space: " ",
        space_before: "",
        object_nl: "\n",
        array_nl: "\n",
    };
}

/// Ruby's `JSON.generate` with a style (`to_json`, `JSON.pretty_generate`).
pub fn json(d: &Data, st: &JsonStyle<'_>, depth: usize, out: &mut String) -> Result<(), String> {
    let pad = |n: usize, out: &mut String| {
        for _ in 0..n {
            out.push_str(st.indent);
        }
    };
    match d {
        Data::Undef => out.push_str("null"),
        Data::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Data::Integer(i) => out.push_str(&i.to_string()),
        Data::Float(f) if !f.is_finite() => {
            return Err(format!("920: {} not allowed in JSON", ruby_float(*f)))
        }
        Data::Float(f) => out.push_str(&ruby_float(*f)),
        Data::String(s) => json_str(s, out),
        Data::Array(items) => {
            // The json gem's layout, empty collections included (`[\n\n  ]`).
            out.push('[');
            out.push_str(st.array_nl);
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                    out.push_str(st.array_nl);
                }
                pad(depth + 1, out);
                json(v, st, depth + 1, out)?;
            }
            out.push_str(st.array_nl);
            pad(depth, out);
            out.push(']');
        }
        Data::Hash(entries) => {
            out.push('{');
            for (i, (k, v)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(st.object_nl);
                pad(depth + 1, out);
                json_str(&to_s(k), out);
                out.push_str(st.space_before);
                out.push(':');
                out.push_str(st.space);
                json(v, st, depth + 1, out)?;
            }
            out.push_str(st.object_nl);
            pad(depth, out);
            out.push('}');
        }
        other => json_str(&to_s(other), out),
    }
    Ok(())
}

fn to_json_pretty(args: &[Data], _: &mut dyn crate::FunctionContext) -> R {
    let mut data = args[0].clone();
    if matches!(args.get(1), Some(Data::Bool(true))) {
        match &mut data {
            Data::Array(items) => items.retain(|v| *v != Data::Undef),
            Data::Hash(entries) => entries.retain(|(_, v)| *v != Data::Undef),
            _ => {}
        }
    }
    let opts = match args.get(2) {
        Some(Data::Hash(entries)) => entries.clone(),
        _ => Vec::new(),
    };
    let opt = |name: &str, dflt: &'static str| -> String {
        match ruby::get(&opts, &Data::String(name.into())) {
            Some(Data::String(s)) => s.clone(),
            _ => dflt.to_string(),
        }
    };
    let (indent, space, space_before, object_nl, array_nl) = (
        opt("indent", "  "),
        opt("space", " "),
        opt("space_before", ""),
        opt("object_nl", "\n"),
        opt("array_nl", "\n"),
    );
    let style = JsonStyle {
        indent: &indent,
        space: &space,
        space_before: &space_before,
        object_nl: &object_nl,
        array_nl: &array_nl,
    };
    let mut out = String::new();
    json(&data, &style, 0, &mut out)?;
    out.push('\n');
    Ok(Data::String(out))
}

fn to_python(d: &Data) -> String {
    match d {
        Data::Bool(true) => "True".into(),
        Data::Bool(false) => "False".into(),
        Data::Undef => "None".into(),
        Data::Array(items) => format!(
            "[{}]",
            items.iter().map(to_python).collect::<Vec<_>>().join(", ")
        ),
        Data::Hash(entries) => format!(
            "{{{}}}",
            entries
                .iter()
                .map(|(k, v)| format!("{}: {}", to_python(k), to_python(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => inspect(other),
    }
}

fn to_ruby(d: &Data) -> String {
    match d {
        Data::Array(items) => format!(
            "[{}]",
            items.iter().map(to_ruby).collect::<Vec<_>>().join(", ")
        ),
        Data::Hash(entries) => format!(
            "{{{}}}",
            entries
                .iter()
                .map(|(k, v)| format!("{} => {}", to_ruby(k), to_ruby(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => inspect(other),
    }
}

// ------------------------------------------------------------------ YAML

/// stdlib's `data.to_yaml(options.transform_keys(&:to_sym))`: Psych's writer, with the
/// options it reads (`indentation`, `line_width`), over the argument's values where the
/// compile has them (their identities make aliases).
fn to_yaml(args: &[Data], cx: &mut dyn crate::FunctionContext) -> R {
    let mut options = yaml::Options::default();
    if let Some(Data::Hash(entries)) = args.get(1) {
        for (k, v) in entries {
            match (k, v) {
                (Data::String(k), Data::Integer(i)) if k == "indentation" => {
                    options.indentation = Some(*i)
                }
                (Data::String(k), Data::Integer(i)) if k == "line_width" => {
                    options.line_width = Some(*i)
                }
                _ => {}
            }
        }
    }
    options.check()?;
    let text = cx
        .argument_to_yaml(0, &options)
        .unwrap_or_else(|| yaml::to_yaml(&args[0], &options, &to_s));
    Ok(Data::String(text))
}

/// A hash's pairs as stdlib's `TomlDumper` sorts them: by key, then split into plain
/// values, tables (hashes) and arrays of tables (arrays whose first element is a hash).
type TomlPairs<'a> = [Vec<(&'a Data, &'a Data)>; 3];

fn toml_pairs(table: &Data) -> Result<TomlPairs<'_>, String> {
    let Data::Hash(entries) = table else {
        // Ruby 3.1's message, with the line error_highlight shows.
        return Err(format!(
            "undefined method `keys' for {}:{}\n\n      hash.keys.sort.each do |key|\n          ^^^^^",
            inspect(table),
            ruby::class(table)
        ));
    };
    let mut sorted: Vec<(&Data, &Data)> = entries.iter().map(|(k, v)| (k, v)).collect();
    let mut failure = None;
    sorted.sort_by(|(a, _), (b, _)| match (a, b) {
        (Data::String(x), Data::String(y)) => x.as_bytes().cmp(y.as_bytes()),
        (Data::Integer(x), Data::Integer(y)) => x.cmp(y),
        _ => {
            failure.get_or_insert_with(|| {
                format!(
                    "comparison of {} with {} failed",
                    ruby::class(a),
                    inspect(b)
                )
            });
            std::cmp::Ordering::Equal
        }
    });
    if let Some(f) = failure {
        return Err(f);
    }
    let mut pairs: TomlPairs = [Vec::new(), Vec::new(), Vec::new()];
    for (k, v) in sorted {
        let kind = match v {
            Data::Hash(_) => 1,
            Data::Array(items) if matches!(items.first(), Some(Data::Hash(_))) => 2,
            _ => 0,
        };
        pairs[kind].push((k, v));
    }
    Ok(pairs)
}

/// A table: its header when it has plain values or nothing (`[a.b]`, `[[a]]` for an
/// element of an array of tables), then its pairs.
fn toml_table(
    table: &Data,
    prefix: &[String],
    in_array: bool,
    out: &mut String,
) -> Result<(), String> {
    let pairs = toml_pairs(table)?;
    let empty = matches!(table, Data::Hash(e) if e.is_empty());
    if !prefix.is_empty() && (!pairs[0].is_empty() || empty) {
        toml_header(prefix, in_array, out);
    }
    toml_dump(&pairs, prefix, out)
}

fn toml_dump(pairs: &TomlPairs<'_>, prefix: &[String], out: &mut String) -> Result<(), String> {
    for (k, v) in &pairs[0] {
        out.push_str(&format!("{} = {}\n", toml_key(k), toml_value(v)));
    }
    for (k, v) in &pairs[1] {
        let path: Vec<String> = prefix.iter().cloned().chain([toml_key(k)]).collect();
        toml_table(v, &path, false, out)?;
    }
    for (k, v) in &pairs[2] {
        let path: Vec<String> = prefix.iter().cloned().chain([toml_key(k)]).collect();
        if let Data::Array(items) = v {
            for item in items {
                toml_header(&path, true, out);
                toml_dump(&toml_pairs(item)?, &path, out)?;
            }
        }
    }
    Ok(())
}

fn toml_header(prefix: &[String], in_array: bool, out: &mut String) {
    let name = prefix.join(".");
    if in_array {
        out.push_str(&format!("[[{name}]]\n"));
    } else {
        out.push_str(&format!("[{name}]\n"));
    }
}

/// A key as it is when one of its lines is only `[a-zA-Z0-9_-]` (Ruby's `^...$`),
/// otherwise in double quotes.
fn toml_key(key: &Data) -> String {
    let text = to_s(key);
    let body = text.strip_suffix('\n').unwrap_or(&text);
    let bare = body.split('\n').any(|line| {
        line.bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
    });
    if bare {
        text
    } else {
        format!("\"{}\"", text.replace('"', "\\\""))
    }
}

/// A value as stdlib writes it: Ruby's `inspect` (a string's `\#{` unescaped, a
/// regexp's inspect as a string).
fn toml_value(v: &Data) -> String {
    match v {
        Data::String(s) => inspect(&Data::String(s.clone()))
            .replace("\\#{", "#{")
            .replace("\\#$", "#$")
            .replace("\\#@", "#@"),
        Data::Regexp(src) => inspect(&Data::String(format!("/{}/", src.replace('/', "\\/")))),
        other => inspect(other),
    }
}
