//! HOCON data files, as Puppet's `hocon_data` backend reads them (the `hocon` gem):
//! JSON plus braceless root objects, `=` or `:` (or nothing before `{`), unquoted keys
//! and strings, dotted keys (`a.b = 1` is `{a: {b: 1}}`), `#` and `//` comments, newlines
//! as separators, objects with the same key merged, triple-quoted strings.
//! Substitutions (`${x}`) and `include` are refused with an error.

use marionette_catalog::Data;

use crate::error::{ErrorKind, LookupError};

/// Parses a HOCON document into its root object.
pub fn parse_hocon(text: &str, file: &str) -> Result<Data, LookupError> {
    let mut p = Parser {
        s: text.as_bytes(),
        text,
        i: 0,
        file,
    };
    p.skip_ws(true);
    let root = if p.peek() == Some(b'{') {
        p.i += 1;
        let o = p.object(Some(b'}'))?;
        p.skip_ws(true);
        o
    } else {
        p.object(None)?
    };
    if p.i < p.s.len() {
        return Err(p.error("unexpected text after the root object"));
    }
    Ok(root)
}

struct Parser<'a> {
    s: &'a [u8],
    text: &'a str,
    i: usize,
    file: &'a str,
}

impl Parser<'_> {
    fn error(&self, what: &str) -> LookupError {
        let line = self.text[..self.i.min(self.text.len())]
            .matches('\n')
            .count()
            + 1;
        LookupError::new(
            ErrorKind::Syntax,
            format!("Unable to parse ({}): {what} at line {line}", self.file),
        )
    }

    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    /// Skips spaces and comments; newlines too when `newlines`.
    fn skip_ws(&mut self, newlines: bool) {
        while let Some(c) = self.peek() {
            match c {
                b' ' | b'\t' | b'\r' => self.i += 1,
                b'\n' if newlines => self.i += 1,
                b'#' => self.skip_comment(),
                b'/' if self.s.get(self.i + 1) == Some(&b'/') => self.skip_comment(),
                _ => break,
            }
        }
    }

    fn skip_comment(&mut self) {
        while let Some(c) = self.peek() {
            if c == b'\n' {
                break;
            }
            self.i += 1;
        }
    }

    /// Fields until `close` (or the end of the text for a braceless root).
    fn object(&mut self, close: Option<u8>) -> Result<Data, LookupError> {
        let mut entries: Vec<(Data, Data)> = Vec::new();
        loop {
            self.skip_ws(true);
            while self.peek() == Some(b',') {
                self.i += 1;
                self.skip_ws(true);
            }
            match (self.peek(), close) {
                (None, None) => return Ok(Data::Hash(entries)),
                (None, Some(_)) => return Err(self.error("unclosed object")),
                (Some(c), Some(want)) if c == want => {
                    self.i += 1;
                    return Ok(Data::Hash(entries));
                }
                _ => {}
            }
            if self.text[self.i..].starts_with("include ") {
                return Err(self.error("'include' is not supported"));
            }
            let path = self.key()?;
            self.skip_ws(false);
            let value = match self.peek() {
                Some(b'=' | b':') => {
                    self.i += 1;
                    self.skip_ws(true);
                    self.value()?
                }
                Some(b'+') if self.s.get(self.i + 1) == Some(&b'=') => {
                    return Err(self.error("'+=' is not supported"))
                }
                Some(b'{') => self.value()?,
                _ => return Err(self.error("expected '=', ':' or '{' after a key")),
            };
            let value = path
                .into_iter()
                .rev()
                .fold(value, |v, k| Data::Hash(vec![(Data::String(k), v)]));
            let Data::Hash(mut one) = value else {
                unreachable!("a key path makes a hash")
            };
            let (k, v) = one.remove(0);
            set(&mut entries, k, v);
        }
    }

    /// A key: segments separated by `.`, each quoted or unquoted.
    fn key(&mut self) -> Result<Vec<String>, LookupError> {
        let mut path = Vec::new();
        loop {
            let seg = if self.peek() == Some(b'"') {
                self.quoted()?
            } else {
                let start = self.i;
                while let Some(c) = self.peek() {
                    if c.is_ascii_whitespace() || b".=:{}[],#\"+".contains(&c) {
                        break;
                    }
                    self.i += 1;
                }
                if start == self.i {
                    return Err(self.error("expected a key"));
                }
                self.text[start..self.i].to_string()
            };
            path.push(seg);
            if self.peek() == Some(b'.') {
                self.i += 1;
            } else {
                return Ok(path);
            }
        }
    }

    fn value(&mut self) -> Result<Data, LookupError> {
        match self.peek() {
            Some(b'{') => {
                self.i += 1;
                self.object(Some(b'}'))
            }
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_ws(true);
                    while self.peek() == Some(b',') {
                        self.i += 1;
                        self.skip_ws(true);
                    }
                    match self.peek() {
                        None => return Err(self.error("unclosed array")),
                        Some(b']') => {
                            self.i += 1;
                            return Ok(Data::Array(items));
                        }
                        _ => items.push(self.value()?),
                    }
                }
            }
            Some(b'"') if self.text[self.i..].starts_with("\"\"\"") => {
                let start = self.i + 3;
                let Some(len) = self.text[start..].find("\"\"\"") else {
                    return Err(self.error("unclosed triple-quoted string"));
                };
                self.i = start + len + 3;
                Ok(Data::String(self.text[start..start + len].to_string()))
            }
            Some(b'"') => self.quoted().map(Data::String),
            Some(b'$') => Err(self.error("substitutions are not supported")),
            Some(_) => self.unquoted(),
            None => Err(self.error("expected a value")),
        }
    }

    /// A JSON string.
    fn quoted(&mut self) -> Result<String, LookupError> {
        let start = self.i;
        self.i += 1;
        let mut escaped = false;
        while let Some(c) = self.peek() {
            self.i += 1;
            match c {
                b'\\' if !escaped => escaped = true,
                b'"' if !escaped => {
                    return serde_json::from_str(&self.text[start..self.i])
                        .map_err(|_| self.error("bad string"));
                }
                b'\n' => return Err(self.error("unclosed string")),
                _ => escaped = false,
            }
        }
        Err(self.error("unclosed string"))
    }

    /// An unquoted value up to the end of the line, a separator or a comment: a
    /// number, `true`/`false`/`null`, or text.
    fn unquoted(&mut self) -> Result<Data, LookupError> {
        let start = self.i;
        while let Some(c) = self.peek() {
            if matches!(c, b'\n' | b',' | b'}' | b']' | b'#')
                || (c == b'/' && self.s.get(self.i + 1) == Some(&b'/'))
            {
                break;
            }
            if c == b'$' {
                return Err(self.error("substitutions are not supported"));
            }
            self.i += 1;
        }
        let text = self.text[start..self.i].trim();
        Ok(match text {
            "true" | "yes" | "on" => Data::Bool(true),
            "false" | "no" | "off" => Data::Bool(false),
            "null" => Data::Undef,
            _ => {
                if let Ok(i) = text.parse::<i64>() {
                    Data::Integer(i)
                } else if text.contains(['.', 'e', 'E'])
                    && text.parse::<f64>().is_ok_and(f64::is_finite)
                    && text.starts_with(|c: char| c == '-' || c.is_ascii_digit())
                {
                    Data::Float(text.parse().unwrap_or_default())
                } else {
                    Data::String(text.to_string())
                }
            }
        })
    }
}

/// Sets a field: objects under the same key merge, anything else replaces.
fn set(entries: &mut Vec<(Data, Data)>, k: Data, v: Data) {
    match entries.iter_mut().find(|(ek, _)| *ek == k) {
        Some((_, existing)) => {
            if let (Data::Hash(old), Data::Hash(new)) = (&mut *existing, &v) {
                for (nk, nv) in new.clone() {
                    set(old, nk, nv);
                }
            } else {
                *existing = v;
            }
        }
        None => entries.push((k, v)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> Data {
        Data::String(v.into())
    }

    #[test]
    fn braceless_root_unquoted_and_nested() {
        let d = parse_hocon(
            "str = \"from hocon\"\nnum = 3 // three\nh { a = 1, b = [x, y] }\n# c\na.b.c: 1.5\na.b.d = true\n",
            "f.conf",
        )
        .unwrap();
        let expected = Data::Hash(vec![
            (s("str"), s("from hocon")),
            (s("num"), Data::Integer(3)),
            (
                s("h"),
                Data::Hash(vec![
                    (s("a"), Data::Integer(1)),
                    (s("b"), Data::Array(vec![s("x"), s("y")])),
                ]),
            ),
            (
                s("a"),
                Data::Hash(vec![(
                    s("b"),
                    Data::Hash(vec![(s("c"), Data::Float(1.5)), (s("d"), Data::Bool(true))]),
                )]),
            ),
        ]);
        assert_eq!(d, expected);
    }

    #[test]
    fn json_is_hocon() {
        let d = parse_hocon("{\"a\": [1, \"two\", null], \"b\": {}}", "f.conf").unwrap();
        assert_eq!(
            d,
            Data::Hash(vec![
                (
                    s("a"),
                    Data::Array(vec![Data::Integer(1), s("two"), Data::Undef])
                ),
                (s("b"), Data::Hash(vec![])),
            ])
        );
    }

    #[test]
    fn unsupported_and_broken_input_are_errors() {
        for bad in ["a = ${b}", "a = [1, 2", "a {", "= 1", "a \"x\""] {
            assert!(parse_hocon(bad, "f.conf").is_err(), "{bad}");
        }
    }
}
