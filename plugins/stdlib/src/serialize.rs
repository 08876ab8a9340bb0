//! Serialization: `to_json`, `to_json_pretty` (Ruby's json gem), `to_yaml` (Psych over
//! libyaml's emitter), `to_toml` (stdlib's own TOML dumper), `to_python`, `to_ruby`,
//! and the readers `parsejson`,
//! `parseyaml`, `parsepson`, `parsehocon`.

use crate::ruby::{self, args3x, inspect, to_s};
use crate::{native, NativeFunction, ANY};
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
    native!("to_yaml", &["Any data, Hash options?"], |a, _| Ok(Data::String(to_yaml(&a[0])))),
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

/// `data.to_yaml` as Psych writes it (block style, libyaml's quoting choices).
pub fn to_yaml(d: &Data) -> String {
    let mut out = String::from("---");
    match d {
        Data::Array(items) if !items.is_empty() => {
            out.push('\n');
            seq(items, 0, &mut out);
        }
        Data::Hash(entries) if !entries.is_empty() => {
            out.push('\n');
            map(entries, 0, &mut out);
        }
        other => {
            out.push(' ');
            out.push_str(&scalar(other, 0));
            out.push('\n');
        }
    }
    out
}

fn indent(n: usize, out: &mut String) {
    out.extend(std::iter::repeat_n(' ', n));
}

fn map(entries: &[(Data, Data)], n: usize, out: &mut String) {
    for (i, (k, v)) in entries.iter().enumerate() {
        if i > 0 {
            indent(n, out);
        }
        out.push_str(&scalar(k, n));
        out.push(':');
        value(v, n, true, out);
    }
}

fn seq(items: &[Data], n: usize, out: &mut String) {
    for (i, v) in items.iter().enumerate() {
        if i > 0 {
            indent(n, out);
        }
        out.push('-');
        value(v, n, false, out);
    }
}

/// A value after `key:` or `-`, at block indentation `n`.
fn value(v: &Data, n: usize, in_map: bool, out: &mut String) {
    match v {
        Data::Hash(entries) if !entries.is_empty() => {
            if in_map {
                out.push('\n');
                indent(n + 2, out);
            } else {
                out.push(' ');
            }
            map(entries, n + 2, out);
        }
        Data::Array(items) if !items.is_empty() => {
            if in_map {
                out.push('\n');
                indent(n, out);
                seq(items, n, out);
            } else {
                out.push(' ');
                seq(items, n + 2, out);
            }
        }
        Data::Undef => out.push('\n'),
        other => {
            out.push(' ');
            out.push_str(&scalar(other, n));
            out.push('\n');
        }
    }
}

fn scalar(d: &Data, n: usize) -> String {
    match d {
        Data::Undef => String::new(),
        Data::Bool(b) => b.to_string(),
        Data::Integer(i) => i.to_string(),
        Data::Float(f) if f.is_nan() => ".nan".into(),
        Data::Float(f) if f.is_infinite() => if *f > 0.0 { ".inf" } else { "-.inf" }.into(),
        Data::Float(f) => ruby_float(*f),
        Data::Array(_) => "[]".into(),
        Data::Hash(_) => "{}".into(),
        Data::String(s) => yaml_string(s, n),
        other => yaml_string(&to_s(other), n),
    }
}

fn single_quoted(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

fn double_quoted(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\0' => out.push_str("\\0"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{b}' => out.push_str("\\v"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            '\u{1b}' => out.push_str("\\e"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02X}", c as u32))
            }
            '\u{85}' => out.push_str("\\N"),
            '\u{a0}' => out.push_str("\\_"),
            '\u{2028}' => out.push_str("\\L"),
            '\u{2029}' => out.push_str("\\P"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Psych's choice of style for a string, then libyaml's check that a plain or
/// single-quoted scalar can hold it.
fn yaml_string(s: &str, n: usize) -> String {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    // /\n(?!\Z)/: a line break before the end (a last trailing one does not count)
    let body = s.strip_suffix('\n').unwrap_or(s);
    if body.contains('\n') && !s.contains(|c: char| (c as u32) < 0x20 && c != '\n' && c != '\t') {
        return literal(s, n);
    }
    if s == "<<" {
        return single_quoted(s);
    }
    if matches!(s, "y" | "Y" | "n" | "N") {
        return double_quoted(s);
    }
    // /^[^[:word:]][^"]*$/: a line that starts with a non-word character and holds
    // no double quote.
    let needs_double = s.split('\n').any(|line| {
        let mut chars = line.chars();
        chars.next().is_some_and(|c| !word(c)) && !chars.as_str().contains('"')
    });
    if needs_double {
        return double_quoted(s);
    }
    let octal_like = s.starts_with('0') && {
        let digits: String = s[1..]
            .chars()
            .take_while(|c| ('0'..='7').contains(c))
            .collect();
        s[1 + digits.len()..].starts_with(['8', '9'])
    };
    let special =
        s.contains(|c: char| ((c as u32) < 0x20 && c != '\n') || c == '\u{7f}' || c == '\u{feff}');
    if special {
        return double_quoted(s);
    }
    if !marionette_lookup::plain_reads_as_string(s) || octal_like {
        return single_quoted(s);
    }
    if plain_allowed(s) {
        s.to_string()
    } else if s.contains('\n') {
        // A single line with a trailing break, single-quoted: the break is written as
        // an empty line.
        single_quoted(s).replace('\n', &format!("\n\n{}", " ".repeat(n + 2)))
    } else {
        single_quoted(s)
    }
}

/// libyaml's analysis of a plain scalar in block context.
fn plain_allowed(s: &str) -> bool {
    if s.is_empty() || s.starts_with(' ') || s.ends_with(' ') || s.contains('\n') {
        return false;
    }
    let first = s.chars().next().unwrap_or(' ');
    if "-?:,[]{}#&*!|>'\"%@`".contains(first) {
        return false;
    }
    if s.starts_with("---") || s.starts_with("...") {
        return false;
    }
    !(s.contains(": ") || s.contains(" #") || s.ends_with(':') || s.contains('\t'))
}

/// A literal block scalar (`|-`, `|`, `|+`) whose lines are indented past `n`.
fn literal(s: &str, n: usize) -> String {
    let trailing = s.len() - s.trim_end_matches('\n').len();
    let chomp = match trailing {
        0 => "-",
        1 => "",
        _ => "+",
    };
    let indicator = if s.starts_with(' ') { "2" } else { "" };
    let mut out = format!("|{indicator}{chomp}");
    let content = s.strip_suffix('\n').unwrap_or(s);
    for line in content.split('\n') {
        out.push('\n');
        if !line.is_empty() {
            indent(n + 2, &mut out);
            out.push_str(line);
        }
    }
    out
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
