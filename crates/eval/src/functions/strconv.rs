//! `String(value, format)`: Puppet's string converter with explicit formats. A format
//! is `%<flags><width>.<prec><conversion>`, or a hash of types to formats (the most
//! specific type the value is an instance of picks the format); the format of an
//! Array or Hash may itself be a hash with `format`, `separator`, `separator2` (a
//! Hash's key-value separator) and `string_formats` (the formats of its scalar
//! elements, which are otherwise written in their `%p` form). Nested arrays and hashes
//! take their format from the same map as the value. The `#` flag of an Array or a Hash
//! writes it over several lines, indented; each conversion accepts only the
//! characters Puppet's converter knows for the value's type.

use super::sprintf;
use super::strings::capitalize;
use crate::error::EvalError;
use crate::types::PType;
use crate::value::{base64_encode, puppet_double_quote, puppet_quote, Value, Walk};
use std::sync::Arc;

/// One format: the flags, width and precision as written (`head`, e.g. `%-10`), the
/// conversion character and, for containers, the separators and element formats.
#[derive(Clone)]
struct Format {
    head: String,
    conv: char,
    alt: bool,
    width: Option<usize>,
    delimiters: Option<(&'static str, &'static str)>,
    separator: Option<String>,
    separator2: Option<String>,
    elements: Option<Arc<FormatMap>>,
}

/// Types and their formats, as given.
type FormatMap = Vec<(PType, Format)>;

const FLAGS: &[u8] = b" [+#0{<(|-";

impl Format {
    fn parse(fmt: &str) -> Result<Format, EvalError> {
        let b = fmt.as_bytes();
        let mut i = 1;
        while i < b.len() && FLAGS.contains(&b[i]) {
            i += 1;
        }
        let flags = fmt.get(1..i).unwrap_or("");
        let mut width = None;
        if i < b.len() && (b'1'..=b'9').contains(&b[i]) {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            width = fmt[start..i].parse().ok();
        }
        if i < b.len() && b[i] == b'.' {
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
        }
        if !(fmt.starts_with('%') && i + 1 == b.len() && b[i].is_ascii_alphabetic()) {
            return Err(EvalError::new(format!(
                "The format '{fmt}' is not a valid format on the form '%<flags><width>.<prec><format>'"
            )));
        }
        let delimiters = flags.chars().find_map(|c| match c {
            '(' => Some(("(", ")")),
            '[' => Some(("[", "]")),
            '{' => Some(("{", "}")),
            '<' => Some(("<", ">")),
            '|' => Some(("|", "|")),
            _ => None,
        });
        Ok(Format {
            head: fmt[..i].to_string(),
            conv: b[i] as char,
            alt: flags.contains('#'),
            width,
            delimiters,
            separator: None,
            separator2: None,
            elements: None,
        })
    }

    /// A format given as a map's value: a format string, or (for containers) a hash
    /// of `format`, `separator`, `separator2` and `string_formats`.
    fn from_value(v: &Value, containers: bool) -> Result<Format, EvalError> {
        match v {
            Value::Str(s) => Format::parse(s),
            Value::Hash(h) if containers => {
                let get = |key: &str| h.get(&Value::str(key));
                const KEYS: [&str; 4] = ["format", "separator", "separator2", "string_formats"];
                if h.iter()
                    .any(|(k, _)| !matches!(k, Value::Str(k) if KEYS.contains(&k.as_ref())))
                {
                    return Err(formats_mismatch());
                }
                let text = |key: &str| -> Result<Option<String>, EvalError> {
                    match get(key) {
                        None => Ok(None),
                        Some(Value::Str(s)) => Ok(Some(s.to_string())),
                        Some(_) => Err(formats_mismatch()),
                    }
                };
                let mut f = Format::parse(&text("format")?.unwrap_or_default())?;
                f.separator = text("separator")?;
                f.separator2 = text("separator2")?;
                if let Some(elements) = get("string_formats") {
                    f.elements = Some(Arc::new(format_map(elements, false)?));
                }
                Ok(f)
            }
            _ => Err(formats_mismatch()),
        }
    }

    /// The value formatted with this format's flags, width and precision and the
    /// conversion `conv` (a `sprintf` directive).
    fn apply(&self, conv: char, v: Value) -> Result<String, EvalError> {
        sprintf::format(&format!("{}{conv}", self.head), &[v])
    }

    /// A string as `%s` with the flags, width and precision, but not `#`.
    fn text(&self, s: String) -> Result<String, EvalError> {
        sprintf::format(
            &format!("{}s", self.head.replace('#', "")),
            &[Value::str(s)],
        )
    }
}

/// Puppet's type of `String`'s second argument, as its signature mismatch names it.
pub(super) const FORMATS_TYPE: &str = "Formats = Variant[Default, String[1], TypeMap = Hash[Type, \
    Variant[Format = Pattern[/^%([\\s\\[+#0{<(|-]*)([1-9][0-9]*)?(?:\\.([0-9]+))?([a-zA-Z])$/], \
    ContainerFormat = Struct[{Optional['format'] => Format = \
    Pattern[/^%([\\s\\[+#0{<(|-]*)([1-9][0-9]*)?(?:\\.([0-9]+))?([a-zA-Z])$/], \
    Optional['separator'] => String, Optional['separator2'] => String, \
    Optional['string_formats'] => Hash[Type, Format = \
    Pattern[/^%([\\s\\[+#0{<(|-]*)([1-9][0-9]*)?(?:\\.([0-9]+))?([a-zA-Z])$/]]}]]]]";

/// A map of formats whose values do not have the shape of Puppet's `Formats`.
fn formats_mismatch() -> EvalError {
    EvalError::new(format!(
        "'new_string' parameter 'string_formats' expects a {FORMATS_TYPE} value, got Hash"
    ))
}

/// A hash of types to formats; `containers`: its formats may be hashes.
fn format_map(v: &Value, containers: bool) -> Result<FormatMap, EvalError> {
    let Value::Hash(h) = v else {
        return Err(formats_mismatch());
    };
    h.iter()
        .map(|(k, f)| match k {
            Value::Type(t) => Ok(((**t).clone(), Format::from_value(f, containers)?)),
            other => Err(EvalError::new(format!(
                "The string formats must be keyed by types, got {}",
                PType::infer(other).generalize()
            ))),
        })
        .collect()
}

/// The format of the most specific type of `map` that `v` is an instance of.
fn find<'m>(map: &'m FormatMap, v: &Value) -> Option<&'m Format> {
    let matching: Vec<&(PType, Format)> = map.iter().filter(|(t, _)| t.is_instance(v)).collect();
    matching
        .iter()
        .find(|(t, _)| matching.iter().all(|(o, _)| o.is_assignable(t)))
        .or(matching.first())
        .map(|(_, f)| f)
}

/// Where a container is written: its nesting level, whether it is the first thing
/// written at that level, and whether its enclosing containers are written over
/// several lines.
#[derive(Clone, Copy)]
struct Indentation {
    level: usize,
    first: bool,
    indenting: bool,
}

impl Indentation {
    fn padding(&self) -> String {
        "  ".repeat(self.level)
    }

    fn breaks(&self) -> bool {
        self.indenting && self.level > 0 && !self.first
    }

    /// Where a container written with `f` starts: it is indented when it or an
    /// enclosing container has `#`, and then starts a line unless it comes first.
    fn opening(self, f: &Format) -> (Indentation, String) {
        let ind = Indentation {
            indenting: f.alt || self.indenting,
            ..self
        };
        let start = if ind.breaks() {
            format!("\n{}", ind.padding())
        } else {
            String::new()
        };
        (ind, start)
    }

    fn nested(&self, indenting: bool) -> Indentation {
        Indentation {
            level: self.level + 1,
            first: true,
            indenting,
        }
    }
}

/// `String(v, spec)` where `spec` is a format string or a hash of types to formats.
pub(super) fn convert(v: &Value, spec: &Value) -> Result<String, EvalError> {
    let v = materialized(v);
    let map = match spec {
        Value::Str(s) => {
            let f = Format::parse(s)?;
            let t = match &v {
                Value::Array(_) => PType::builtin("Array"),
                Value::Hash(_) => PType::builtin("Hash"),
                other => Some(PType::infer_set(other)),
            };
            t.map(|t| vec![(t, f)]).unwrap_or_default()
        }
        other => format_map(other, true)?,
    };
    let top = Indentation {
        level: 0,
        first: true,
        indenting: false,
    };
    value(&v, &map, None, top)
}

/// `String(v)`: the default formats (also those of the scalars in containers:
/// `[/a/]` is `[/a/]`).
pub(super) fn convert_default(v: &Value) -> Result<String, EvalError> {
    let top = Indentation {
        level: 0,
        first: true,
        indenting: false,
    };
    value(&materialized(v), &Vec::new(), None, top)
}

fn materialized(v: &Value) -> Value {
    match v {
        Value::Iterator(it) => Value::array(it.walk(Walk::FromStart).1),
        other => other.clone(),
    }
}

fn is_container(v: &Value) -> bool {
    matches!(v, Value::Array(_) | Value::Hash(_))
}

/// A value: containers with `map` (or the default container formats), scalars with
/// `map` at the top and the container's element formats (`elements`) inside one.
fn value(
    v: &Value,
    map: &FormatMap,
    elements: Option<&FormatMap>,
    ind: Indentation,
) -> Result<String, EvalError> {
    let v = materialized(v);
    match &v {
        Value::Array(items) => {
            let f = match find(map, &v) {
                Some(f) => f.clone(),
                None => Format::parse("%a")?,
            };
            array(items, &f, map, ind)
        }
        Value::Hash(h) => {
            let f = match find(map, &v) {
                Some(f) => f.clone(),
                None => Format::parse("%h")?,
            };
            let entries: Vec<(Value, Value)> =
                h.iter().map(|(k, e)| (k.clone(), e.clone())).collect();
            hash(&entries, &f, map, ind)
        }
        _ => match elements {
            None => match find(map, &v) {
                Some(f) => scalar(&v, f),
                None => Ok(v.to_puppet_string()),
            },
            Some(formats) => match find(formats, &v) {
                Some(f) => scalar(&v, f),
                None => container_default(&v),
            },
        },
    }
}

/// An element of a container: nested containers with the map of the whole value,
/// scalars with the container's element formats, or in their `%p` form.
fn element(v: &Value, f: &Format, map: &FormatMap, ind: Indentation) -> Result<String, EvalError> {
    if is_container(v) {
        return value(v, map, None, ind);
    }
    match &f.elements {
        Some(formats) => value(v, map, Some(formats), ind),
        None => container_default(v),
    }
}

/// A scalar in a container without element formats: its `%p` form.
fn container_default(v: &Value) -> Result<String, EvalError> {
    Ok(match v {
        Value::Regex(r) => crate::types::regexp_with_delimiters(&r.source),
        Value::Binary(b) => format!("Binary(\"{}\")", base64_encode(b)),
        Value::Sensitive(_) => "#<Sensitive [value redacted]>".to_string(),
        other => other.to_quoted_string(),
    })
}

fn array(
    items: &[Value],
    f: &Format,
    map: &FormatMap,
    ind: Indentation,
) -> Result<String, EvalError> {
    if !matches!(f.conv, 'a' | 's' | 'p') {
        return Err(illegal(f.conv, "Array", "asp"));
    }
    let sep = f.separator.as_deref().unwrap_or(", ");
    let (open, close) = f.delimiters.unwrap_or(("[", "]"));
    let (ind, mut out) = ind.opening(f);
    out.push_str(open);
    // Elements are written as followers at the next level (a nested container
    // breaks onto its own line when the array is written over several lines).
    let child = Indentation {
        first: false,
        ..ind.nested(f.alt)
    };
    let texts = items
        .iter()
        .map(|e| element(e, f, map, child))
        .collect::<Result<Vec<_>, _>>()?;
    // With `#` and a width, runs of scalars wider than the width put each scalar on
    // its own line.
    let size_break = f.alt
        && f.width.is_some_and(|width| {
            let mut runs = vec![0];
            for (e, text) in items.iter().zip(&texts) {
                if is_container(e) {
                    runs.push(0);
                } else if let Some(last) = runs.last_mut() {
                    *last += text.chars().count();
                }
            }
            runs.into_iter().max().unwrap_or(0) > width
        });
    let padding = child.padding();
    for (i, (e, text)) in items.iter().zip(&texts).enumerate() {
        if i == 0 {
            if size_break && !is_container(e) {
                out.push(' ');
            }
        } else {
            out.push_str(sep);
            let after_container = f.alt && is_container(&items[i - 1]) && !is_container(e);
            if (size_break && !is_container(e)) || after_container {
                if !out.ends_with('\n') {
                    out.truncate(out.trim_end().len());
                }
                out.push('\n');
                out.push_str(&padding);
            }
        }
        if out.ends_with(' ') && text.starts_with('\n') {
            out.truncate(out.trim_end().len());
        }
        out.push_str(text);
    }
    out.push_str(close);
    Ok(out)
}

fn hash(
    entries: &[(Value, Value)],
    f: &Format,
    map: &FormatMap,
    ind: Indentation,
) -> Result<String, EvalError> {
    if f.conv == 'a' {
        let pairs: Vec<Value> = entries
            .iter()
            .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
            .collect();
        return value(&Value::array(pairs), map, None, ind);
    }
    if !matches!(f.conv, 'h' | 's' | 'p') {
        return Err(illegal(f.conv, "Hash", "hasp"));
    }
    let mut sep = f.separator.clone().unwrap_or_else(|| ", ".into());
    if f.alt {
        if !sep.ends_with('\n') {
            sep.truncate(sep.trim_end().len());
        }
        sep.push('\n');
    }
    let assoc = f.separator2.as_deref().unwrap_or(" => ");
    let (open, close) = f.delimiters.unwrap_or(("{", "}"));
    let (ind, mut out) = ind.opening(f);
    let child = ind.nested(false);
    let (line_break, padding) = if f.alt {
        ("\n", child.padding())
    } else {
        ("", String::new())
    };
    out.push_str(open);
    out.push_str(line_break);
    let pairs = entries
        .iter()
        .map(|(k, v)| {
            Ok(format!(
                "{padding}{}{assoc}{}",
                element(k, f, map, child)?,
                element(v, f, map, child)?
            ))
        })
        .collect::<Result<Vec<_>, EvalError>>()?;
    out.push_str(&pairs.join(&sep));
    if f.alt {
        out.push_str(line_break);
        out.push_str(&ind.padding());
    }
    out.push_str(close);
    Ok(out)
}

fn illegal(conv: char, type_name: &str, valid: &str) -> EvalError {
    EvalError::new(format!(
        "Illegal format '{conv}' specified for value of {type_name} type - expected one of the characters '{valid}'"
    ))
}

/// A string in double quotes where `#` asks for it.
fn quoted_if(alt: bool, s: String) -> String {
    if alt {
        puppet_double_quote(&s)
    } else {
        s
    }
}

fn scalar(v: &Value, f: &Format) -> Result<String, EvalError> {
    let conv = f.conv;
    match v {
        Value::Int(i) => match conv {
            'd' | 'x' | 'X' | 'o' | 'b' | 'B' => f.apply(conv, v.clone()),
            'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => f.apply(conv, Value::Float(*i as f64)),
            'c' => {
                let c = u32::try_from(*i)
                    .ok()
                    .and_then(char::from_u32)
                    .ok_or_else(|| EvalError::new("pack(U): value out of range"))?;
                f.text(quoted_if(f.alt, c.to_string()))
            }
            's' => f.text(quoted_if(f.alt, i.to_string())),
            'p' => f.text(i.to_string()),
            _ => Err(illegal(conv, "Integer", "dxXobBeEfgGaAspc")),
        },
        Value::Float(x) => match conv {
            // Ruby's `Float#to_i` refuses what has no integer.
            'd' | 'x' | 'X' | 'o' | 'b' | 'B' if !x.is_finite() => {
                Err(EvalError::new(crate::value::format_float(*x)))
            }
            'd' | 'x' | 'X' | 'o' | 'b' | 'B' => f.apply(conv, Value::Int(x.trunc() as i64)),
            'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => f.apply(conv, v.clone()),
            's' => f.text(quoted_if(f.alt, v.to_string())),
            'p' => f.text(v.to_string()),
            _ => Err(illegal(conv, "Float", "dxXobBeEfgGaAsp")),
        },
        Value::Bool(b) => {
            let word = |yes: &str, no: &str| {
                let w = if *b { yes } else { no };
                if f.alt {
                    w[..1].to_string()
                } else {
                    w.to_string()
                }
            };
            match conv {
                't' => f.text(word("true", "false")),
                'T' => f.text(word("True", "False")),
                'y' => f.text(word("yes", "no")),
                'Y' => f.text(word("Yes", "No")),
                'd' | 'x' | 'X' | 'o' | 'b' | 'B' => f.apply(conv, Value::Int(*b as i64)),
                'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => {
                    f.apply(conv, Value::Float(if *b { 1.0 } else { 0.0 }))
                }
                's' | 'p' => f.text(b.to_string()),
                _ => Err(illegal(conv, "Boolean", "tTyYdxXobBeEfgGaAsp")),
            }
        }
        Value::Str(s) => {
            let changed = match conv {
                's' => return f.apply('s', v.clone()),
                'p' if f.alt => return f.text(puppet_double_quote(s)),
                'p' => return f.text(puppet_quote(s)),
                'c' => capitalize(s),
                'C' => s.split("::").map(capitalize).collect::<Vec<_>>().join("::"),
                'u' => s.to_uppercase(),
                'd' => super::strings::ruby_downcase(s),
                't' => s.trim().to_string(),
                _ => return Err(illegal(conv, "String", "cCudspt")),
            };
            f.text(if f.alt {
                puppet_quote(&changed)
            } else {
                changed
            })
        }
        Value::Undef => {
            let word = match conv {
                'n' if f.alt => "null",
                'n' => "nil",
                'u' if f.alt => "undefined",
                'u' => "undef",
                'd' | 'x' | 'X' | 'o' | 'b' | 'B' | 'e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A' => {
                    "NaN"
                }
                'v' => "n/a",
                'V' => "N/A",
                's' if f.alt => "\"\"",
                's' => "",
                'p' if f.alt => "\"undef\"",
                'p' => "undef",
                _ => return Err(illegal(conv, "Undef", "nudxXobBeEfgGaAvVsp")),
            };
            f.text(word.to_string())
        }
        Value::Default => match conv {
            'd' | 's' | 'p' => f.text(quoted_if(f.alt, "default".into())),
            'D' => f.text(quoted_if(f.alt, "Default".into())),
            _ => Err(illegal(conv, "Default", "dDsp")),
        },
        Value::Regex(r) => match conv {
            's' => f.text(r.source.clone()),
            'p' => f.text(crate::types::regexp_with_delimiters(&r.source)),
            _ => Err(illegal(conv, "Regexp", "sp")),
        },
        Value::Type(_) => match conv {
            's' | 'p' => f.text(v.to_string()),
            _ => Err(illegal(conv, "Type", "sp")),
        },
        Value::Binary(bytes) => match conv {
            's' => {
                let s = String::from_utf8(bytes.to_vec()).map_err(|_| {
                    EvalError::new("'new_string' The given Binary is not valid UTF-8")
                })?;
                f.text(quoted_if(f.alt, s))
            }
            'p' => f.text(format!("Binary(\"{}\")", base64_encode(bytes))),
            'b' => f.text(mime_base64(bytes)),
            'B' => f.text(base64_encode(bytes)),
            'u' => f.text(base64_encode(bytes).replace('+', "-").replace('/', "_")),
            't' => f.text("Binary".into()),
            'T' => f.text("BINARY".into()),
            _ => Err(illegal(conv, "Binary", "bButTsp")),
        },
        Value::Timestamp(t) => time_scalar(v, t.nanos_total(), f),
        Value::Timespan(t) => time_scalar(v, t.nanos, f),
        Value::Sensitive(_) if conv == 'p' => f.text(container_default(v)?),
        other => Ok(other.to_puppet_string()),
    }
}

/// A Timestamp or Timespan (`nanos` since the epoch, or long) formatted: Puppet hands
/// it to Ruby's `format`, where `%s` writes its text, the number conversions its
/// seconds (`to_int`, floored; `to_f`), and a letter Ruby does not know is an error.
fn time_scalar(v: &Value, nanos: i128, f: &Format) -> Result<String, EvalError> {
    match f.conv {
        's' => f.apply('s', Value::str(v.to_puppet_string())),
        // Ruby's `inspect` names the object's address: the text instead.
        'p' => f.text(v.to_puppet_string()),
        conv @ ('d' | 'x' | 'X' | 'o' | 'b' | 'B') => {
            let seconds = nanos.div_euclid(1_000_000_000);
            f.apply(conv, Value::Int(i64::try_from(seconds).unwrap_or(i64::MAX)))
        }
        conv @ ('e' | 'E' | 'f' | 'g' | 'G' | 'a' | 'A') => {
            f.apply(conv, Value::Float(nanos as f64 / 1e9))
        }
        conv => Err(EvalError::new(format!("malformed format string - %{conv}"))),
    }
}

/// Base64 in lines of 60 characters, each ending with a newline (Ruby's
/// `pack('m')`).
fn mime_base64(bytes: &[u8]) -> String {
    let text = base64_encode(bytes);
    let mut out = String::with_capacity(text.len() + text.len() / 60 + 1);
    for chunk in text.as_bytes().chunks(60) {
        out.push_str(std::str::from_utf8(chunk).unwrap_or(""));
        out.push('\n');
    }
    out
}
