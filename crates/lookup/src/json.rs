//! JSON data files, as the `json_data` backend reads them (`Puppet::Util::Json.load`):
//! hash order is kept, integers stay integers, other numbers are floats.

use std::fmt;

use marionette_catalog::Data;
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};

use crate::error::{ErrorKind, LookupError};

/// Parses `text` as one JSON value. Errors read `Unable to parse (<file>): ...`, the
/// wording of `json_data`, with the line and column serde_json reports.
///
/// FIXME: after the prefix, Ruby's JSON parser says `859: unexpected token at '<the text
/// from where it gave up>'`; we give serde_json's description instead.
pub fn parse_json(text: &str, file: &str) -> Result<Data, LookupError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut de = serde_json::Deserializer::from_str(text);
    let result = DataSeed
        .deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v));
    result
        .map_err(|e| LookupError::new(ErrorKind::Syntax, format!("Unable to parse ({file}): {e}")))
}

struct DataSeed;

impl<'de> DeserializeSeed<'de> for DataSeed {
    type Value = Data;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Data, D::Error> {
        d.deserialize_any(DataVisitor)
    }
}

struct DataVisitor;

impl<'de> Visitor<'de> for DataVisitor {
    type Value = Data;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_unit<E>(self) -> Result<Data, E> {
        Ok(Data::Undef)
    }
    fn visit_bool<E>(self, v: bool) -> Result<Data, E> {
        Ok(Data::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Data, E> {
        Ok(Data::Integer(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Data, E> {
        // FIXME: Ruby keeps integers beyond i64 as Bignum; Puppet's Integer stops at i64 too.
        Ok(i64::try_from(v)
            .map(Data::Integer)
            .unwrap_or(Data::Float(v as f64)))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Data, E> {
        Ok(Data::Float(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Data, E> {
        Ok(Data::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Data, E> {
        Ok(Data::String(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Data, A::Error> {
        let mut items = Vec::new();
        while let Some(v) = seq.next_element_seed(DataSeed)? {
            items.push(v);
        }
        Ok(Data::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Data, A::Error> {
        let mut entries: Vec<(Data, Data)> = Vec::new();
        while let Some(k) = map.next_key::<String>()? {
            let v = map.next_value_seed(DataSeed)?;
            let k = Data::String(k);
            // Ruby's JSON: a repeated key keeps its first place and takes the last value.
            match entries.iter_mut().find(|(ek, _)| *ek == k) {
                Some(slot) => slot.1 = v,
                None => entries.push((k, v)),
            }
        }
        Ok(Data::Hash(entries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &str) -> Data {
        Data::String(v.into())
    }

    #[test]
    fn keeps_order_and_types() {
        let d = parse_json(
            r#"{"z": 1, "a": [1.5, true, null, "x"], "m": {"b": 2, "a": 3}}"#,
            "f.json",
        )
        .unwrap();
        assert_eq!(
            d,
            Data::Hash(vec![
                (s("z"), Data::Integer(1)),
                (
                    s("a"),
                    Data::Array(vec![
                        Data::Float(1.5),
                        Data::Bool(true),
                        Data::Undef,
                        s("x")
                    ])
                ),
                (
                    s("m"),
                    Data::Hash(vec![(s("b"), Data::Integer(2)), (s("a"), Data::Integer(3))])
                ),
            ])
        );
    }

    #[test]
    fn errors_name_file_line_and_column() {
        let e = parse_json("{\n  \"a\": 1,\n  oops\n}", "data/common.json").unwrap_err();
        assert!(
            e.message
                .starts_with("Unable to parse (data/common.json): "),
            "{}",
            e.message
        );
        // Puppet's message has no location of its own (json_data names the file).
        assert!(e.location.is_none());
    }
}
