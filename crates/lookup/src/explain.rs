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
    /// A line (text of several lines is indented as a block).
    pub(crate) fn line(&mut self, text: String) {
        for line in text.lines() {
            for _ in 0..self.depth {
                self.out.push_str("  ");
            }
            self.out.push_str(line);
            self.out.push('\n');
        }
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

/// A value as the explanation shows it: pretty-printed over several lines, hashes
/// with `=>`, as `puppet lookup --explain` prints values.
pub(crate) fn render(value: &Data) -> String {
    let mut out = String::new();
    write(value, 0, &mut out);
    out
}

fn newline(depth: usize, out: &mut String) {
    out.push('\n');
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn write(value: &Data, depth: usize, out: &mut String) {
    match value {
        Data::Undef => out.push_str("nil"),
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
        Data::Array(items) if items.is_empty() => out.push_str("[]"),
        Data::Array(items) => {
            out.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(depth + 1, out);
                write(v, depth + 1, out);
            }
            newline(depth, out);
            out.push(']');
        }
        Data::Hash(entries) if entries.is_empty() => out.push_str("{}"),
        Data::Hash(entries) => {
            out.push('{');
            for (i, (k, v)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline(depth + 1, out);
                write(k, depth + 1, out);
                out.push_str(" => ");
                write(v, depth + 1, out);
            }
            newline(depth, out);
            out.push('}');
        }
        Data::Sensitive(_) => out.push_str("Sensitive [value redacted]"),
        other => out.push_str(&format!("{other:?}")),
    }
}
