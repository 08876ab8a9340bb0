//! `--explain`: what a lookup looked at, as indented text in the manner of
//! `puppet lookup --explain`.

use marionette_catalog::Data;

/// Collects the lines of an explanation.
#[derive(Debug, Default)]
pub struct Explainer {
    out: String,
    depth: usize,
}

impl Explainer {
    pub(crate) fn line(&mut self, text: String) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        self.out.push_str(&text);
        self.out.push('\n');
    }

    pub(crate) fn indent(&mut self, by: i32) {
        self.depth = if by < 0 {
            self.depth.saturating_sub(by.unsigned_abs() as usize)
        } else {
            self.depth + by as usize
        };
    }

    pub(crate) fn finish(self) -> String {
        self.out
    }
}

/// A value as the explanation shows it (JSON-like, `undef` for nil).
pub(crate) fn render(value: &Data) -> String {
    let mut out = String::new();
    write(value, &mut out);
    out
}

fn write(value: &Data, out: &mut String) {
    match value {
        Data::Undef => out.push_str("undef"),
        Data::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Data::Integer(i) => out.push_str(&i.to_string()),
        Data::Float(f) => out.push_str(&marionette_catalog::wire::ruby_float(*f)),
        Data::String(s) => {
            out.push('"');
            for c in s.chars() {
                match c {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    '\n' => out.push_str("\\n"),
                    c => out.push(c),
                }
            }
            out.push('"');
        }
        Data::Array(items) => {
            out.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write(v, out);
            }
            out.push(']');
        }
        Data::Hash(entries) => {
            out.push('{');
            for (i, (k, v)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write(k, out);
                out.push_str(" => ");
                write(v, out);
            }
            out.push('}');
        }
        Data::Sensitive(_) => out.push_str("Sensitive [value redacted]"),
        other => out.push_str(&format!("{other:?}")),
    }
}
