//! Renders an ERB template with instance variables from a JSON object, for comparing
//! with Ruby's ERB: `cargo run -p marionette-erb --example erb-render TEMPLATE VARS.json`.
//! `scope[...]` reads the same variables; functions are not available.

use marionette_erb::{Host, HostError, Value};
use std::process::ExitCode;

struct JsonHost {
    vars: Vec<(String, Value)>,
}

fn to_value(j: &serde_json::Value) -> Value {
    match j {
        serde_json::Value::Null => Value::Nil,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) => Value::Int(i),
            None => Value::Float(n.as_f64().unwrap_or(0.0)),
        },
        serde_json::Value::String(s) => Value::str(s.clone()),
        serde_json::Value::Array(a) => Value::array(a.iter().map(to_value).collect()),
        serde_json::Value::Object(o) => {
            Value::hash_from(o.iter().map(|(k, v)| (Value::str(k.clone()), to_value(v))))
        }
    }
}

impl Host for JsonHost {
    fn variables(&mut self) -> Vec<(String, Value)> {
        self.vars.clone()
    }
    fn lookupvar(&mut self, name: &str) -> Result<Value, HostError> {
        let name = name.trim_start_matches("::");
        Ok(self
            .vars
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
            .unwrap_or(Value::Nil))
    }
    fn call_function(&mut self, name: &str, _args: Vec<Value>) -> Result<Value, HostError> {
        Err(HostError::new(
            "NoMethodError",
            format!("unknown function {name}"),
        ))
    }
    fn log(&mut self, level: &str, message: &str) {
        eprintln!("{level}: {message}");
    }
    fn file(&self) -> Option<String> {
        None
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 3 {
        eprintln!("usage: erb-render TEMPLATE VARS.json");
        return ExitCode::from(2);
    }
    let source = match std::fs::read_to_string(&args[1]) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}: {e}", args[1]);
            return ExitCode::from(2);
        }
    };
    let vars: serde_json::Value = match std::fs::read_to_string(&args[2])
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
    {
        Ok(v) => v,
        Err(e) => {
            eprintln!("{}: {e}", args[2]);
            return ExitCode::from(2);
        }
    };
    let vars = match &vars {
        serde_json::Value::Object(o) => o.iter().map(|(k, v)| (k.clone(), to_value(v))).collect(),
        _ => Vec::new(),
    };
    match marionette_erb::render(&source, &mut JsonHost { vars }) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
