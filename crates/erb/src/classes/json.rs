//! Ruby's `JSON` (the json gem 2.6.1 of Ruby 3.1, which Puppet loads): `to_json`,
//! `JSON.generate`, `JSON.pretty_generate` and `JSON.dump` with the gem's layout,
//! escapes, float printing and errors, and `JSON.parse` with the gem's parser (the one
//! the `json_data` backend uses, from `marionette-lookup`).

use crate::interp::{err, Flow};
use crate::methods::arity;
use crate::value::{hash_insert, Hash, Value};
use marionette_catalog::wire::json_str;
use marionette_catalog::Data;

type Res<T> = Result<T, Flow>;

/// The generator's state: the gem's `JSON::State` settings that change the output.
#[derive(Clone)]
struct State {
    indent: String,
    space: String,
    space_before: String,
    object_nl: String,
    array_nl: String,
    allow_nan: bool,
    /// `None` for `JSON.dump`, which does not limit nesting.
    max_nesting: Option<usize>,
}

impl State {
    fn compact() -> State {
        State {
            indent: String::new(),
            space: String::new(),
            space_before: String::new(),
            object_nl: String::new(),
            array_nl: String::new(),
            allow_nan: false,
            max_nesting: Some(100),
        }
    }

    fn pretty() -> State {
        State {
            indent: "  ".into(),
            space: " ".into(),
            object_nl: "\n".into(),
            array_nl: "\n".into(),
            ..State::compact()
        }
    }

    /// Applies an options Hash; like the gem, only Symbol keys count.
    fn configure(mut self, opts: Option<&Value>, line: u32) -> Res<State> {
        let Some(opts) = opts else {
            return Ok(self);
        };
        let Value::Hash(h) = opts else {
            if matches!(opts, Value::Nil) {
                return Ok(self);
            }
            return Err(err(
                "TypeError",
                format!("can't convert {} into Hash", opts.class_name()),
                line,
            ));
        };
        for (k, v) in h.borrow().values() {
            let Value::Sym(k) = k else { continue };
            let text = || v.to_s();
            match &**k {
                "indent" => self.indent = text(),
                "space" => self.space = text(),
                "space_before" => self.space_before = text(),
                "object_nl" => self.object_nl = text(),
                "array_nl" => self.array_nl = text(),
                "allow_nan" => self.allow_nan = v.truthy(),
                "max_nesting" => {
                    self.max_nesting = match v {
                        Value::Int(n) if *n > 0 => Some(*n as usize),
                        _ => None,
                    }
                }
                _ => {}
            }
        }
        Ok(self)
    }
}

/// Deep enough for any real data; recursive data in `JSON.dump` stops here, as
/// Ruby's stack would.
const STACK_LIMIT: usize = 10_000;

fn nesting(st: &State, depth: usize, line: u32) -> Res<()> {
    match st.max_nesting {
        Some(max) if depth > max => Err(err(
            "JSON::NestingError",
            format!("nesting of {} is too deep", depth - 1),
            line,
        )),
        _ if depth > STACK_LIMIT => Err(err("SystemStackError", "stack level too deep", line)),
        _ => Ok(()),
    }
}

fn pad(st: &State, depth: usize, out: &mut String) {
    for _ in 0..depth {
        out.push_str(&st.indent);
    }
}

fn generate(v: &Value, st: &State, depth: usize, out: &mut String, line: u32) -> Res<()> {
    match v {
        Value::Nil => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Int(i) => out.push_str(&i.to_string()),
        Value::Float(f) if !f.is_finite() && !st.allow_nan => {
            let code = if f.is_nan() { 1003 } else { 1000 };
            return Err(err(
                "JSON::GeneratorError",
                format!("{code}: {} not allowed in JSON", v.to_s()),
                line,
            ));
        }
        Value::Float(_) => out.push_str(&v.to_s()),
        Value::Array(items) => {
            let depth = depth + 1;
            nesting(st, depth, line)?;
            let items = items.borrow().clone();
            out.push('[');
            out.push_str(&st.array_nl);
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                    out.push_str(&st.array_nl);
                }
                pad(st, depth, out);
                generate(item, st, depth, out, line)?;
            }
            // The closing line is indented only when there are lines.
            if !st.array_nl.is_empty() {
                out.push_str(&st.array_nl);
                pad(st, depth - 1, out);
            }
            out.push(']');
        }
        Value::Hash(h) => {
            let depth = depth + 1;
            nesting(st, depth, line)?;
            let pairs: Vec<(Value, Value)> = h.borrow().values().cloned().collect();
            out.push('{');
            for (i, (k, item)) in pairs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&st.object_nl);
                pad(st, depth, out);
                json_str(&k.to_s(), out);
                out.push_str(&st.space_before);
                out.push(':');
                out.push_str(&st.space);
                generate(item, st, depth, out, line)?;
            }
            if !st.object_nl.is_empty() {
                out.push_str(&st.object_nl);
                pad(st, depth - 1, out);
            }
            out.push('}');
        }
        // Strings, Symbols and every other object: `to_s`, as a string.
        other => json_str(&other.to_s(), out),
    }
    Ok(())
}

fn run(v: &Value, st: &State, line: u32) -> Res<Value> {
    let mut out = String::new();
    generate(v, st, 0, &mut out, line)?;
    Ok(Value::str(out))
}

/// `obj.to_json(opts)`.
pub(crate) fn to_json(v: &Value, args: &[Value], line: u32) -> Res<Value> {
    run(v, &State::compact().configure(args.first(), line)?, line)
}

/// `JSON.generate`, `JSON.pretty_generate`, `JSON.dump`, `JSON.parse`.
pub(crate) fn class_method(name: &str, args: &[Value], line: u32) -> Res<Option<Value>> {
    let obj = args.first().cloned().unwrap_or(Value::Nil);
    Ok(Some(match name {
        "generate" | "unparse" | "fast_generate" => {
            arity(name, args, 1, 2, line)?;
            run(&obj, &State::compact().configure(args.get(1), line)?, line)?
        }
        "pretty_generate" | "pretty_unparse" => {
            arity(name, args, 1, 2, line)?;
            run(&obj, &State::pretty().configure(args.get(1), line)?, line)?
        }
        "dump" => {
            arity(name, args, 1, 1, line)?;
            let st = State {
                allow_nan: true,
                max_nesting: None,
                ..State::compact()
            };
            run(&obj, &st, line)?
        }
        "parse" => {
            arity(name, args, 1, 2, line)?;
            let Value::Str(text) = &obj else {
                return Err(err(
                    "TypeError",
                    format!(
                        "no implicit conversion of {} into String",
                        match obj {
                            Value::Nil => "nil".to_string(),
                            _ => obj.class_name(),
                        }
                    ),
                    line,
                ));
            };
            let symbolize = match args.get(1) {
                Some(Value::Hash(h)) => h.borrow().values().any(|(k, v)| {
                    matches!(k, Value::Sym(s) if &**s == "symbolize_names") && v.truthy()
                }),
                _ => false,
            };
            let text = text.borrow().clone();
            let data = marionette_lookup::parse_json_text(&text)
                .map_err(|m| err("JSON::ParserError", m, line))?;
            from_data(&data, symbolize)
        }
        _ => return Ok(None),
    }))
}

/// A parsed JSON value as Ruby objects.
fn from_data(d: &Data, symbolize: bool) -> Value {
    match d {
        Data::Undef => Value::Nil,
        Data::Bool(b) => Value::Bool(*b),
        Data::Integer(i) => Value::Int(*i),
        Data::Float(f) => Value::Float(*f),
        Data::String(s) => Value::str(s.clone()),
        Data::Array(items) => Value::array(items.iter().map(|i| from_data(i, symbolize)).collect()),
        Data::Hash(pairs) => {
            let mut h = Hash::default();
            for (k, v) in pairs {
                let key = match (k, symbolize) {
                    (Data::String(s), true) => Value::sym(s),
                    _ => from_data(k, symbolize),
                };
                hash_insert(&mut h, key, from_data(v, symbolize));
            }
            Value::hash(h)
        }
        other => Value::str(marionette_catalog::ruby::scalar_to_s(other).unwrap_or_default()),
    }
}
