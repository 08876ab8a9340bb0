//! The stable form of values and errors: what crosses the boundary between the host and
//! a plugin, and its conversions to and from the core crates' types.

use abi_stable::std_types::{RBox, ROption, RString, RVec, Tuple2};
use abi_stable::StableAbi;
use marionette_catalog::Data;
use marionette_lookup::{ErrorKind, LookupError, Segment};

/// Puppet data in its stable form, the mirror of [`marionette_catalog::Data`].
///
/// This layout is part of the ABI: a plugin whose `FfiData` differs is refused when it
/// is loaded. A new variant is a new ABI version. A `Data` variant this form does not
/// have (`Data` is non-exhaustive) crosses as `Undef`.
#[repr(C, u8)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub enum FfiData {
    Undef,
    Bool(bool),
    Integer(i64),
    Float(f64),
    String(RString),
    Array(RVec<FfiData>),
    /// Insertion-ordered entries.
    Hash(RVec<Tuple2<FfiData, FfiData>>),
    Sensitive(RBox<FfiData>),
    Default,
    /// The source text of a regular expression.
    Regexp(RString),
    /// Puppet's canonical text (`2024-01-01T00:00:00.000000000 UTC`).
    Timestamp(RString),
    Deferred {
        name: RString,
        arguments: RVec<FfiData>,
    },
    /// A Puppet type or rich value: `Pcore::IntegerType` with its attributes.
    Type {
        ptype: RString,
        attributes: RVec<Tuple2<RString, FfiData>>,
    },
}

impl From<&Data> for FfiData {
    fn from(d: &Data) -> FfiData {
        match d {
            Data::Undef => FfiData::Undef,
            Data::Bool(b) => FfiData::Bool(*b),
            Data::Integer(i) => FfiData::Integer(*i),
            // The ABI has no big integers: a plugin sees the digits.
            Data::BigInteger(i) => FfiData::String(i.to_string().as_str().into()),
            Data::Float(f) => FfiData::Float(*f),
            Data::String(s) => FfiData::String(s.as_str().into()),
            Data::Array(items) => FfiData::Array(items.iter().map(FfiData::from).collect()),
            Data::Hash(entries) => FfiData::Hash(
                entries
                    .iter()
                    .map(|(k, v)| Tuple2(k.into(), v.into()))
                    .collect(),
            ),
            Data::Sensitive(inner) => FfiData::Sensitive(RBox::new((&**inner).into())),
            Data::Default => FfiData::Default,
            Data::Regexp(s) => FfiData::Regexp(s.as_str().into()),
            Data::Timestamp(s) => FfiData::Timestamp(s.as_str().into()),
            Data::Deferred { name, arguments } => FfiData::Deferred {
                name: name.as_str().into(),
                arguments: arguments.iter().flatten().map(FfiData::from).collect(),
            },
            Data::Type { ptype, attributes } => FfiData::Type {
                ptype: ptype.as_str().into(),
                attributes: attributes
                    .iter()
                    .map(|(k, v)| Tuple2(k.as_str().into(), v.into()))
                    .collect(),
            },
            _ => FfiData::Undef,
        }
    }
}

impl From<&FfiData> for Data {
    fn from(d: &FfiData) -> Data {
        match d {
            FfiData::Undef => Data::Undef,
            FfiData::Bool(b) => Data::Bool(*b),
            FfiData::Integer(i) => Data::Integer(*i),
            FfiData::Float(f) => Data::Float(*f),
            FfiData::String(s) => Data::String(s.to_string()),
            FfiData::Array(items) => Data::Array(items.iter().map(Data::from).collect()),
            FfiData::Hash(entries) => Data::Hash(
                entries
                    .iter()
                    .map(|Tuple2(k, v)| (k.into(), v.into()))
                    .collect(),
            ),
            FfiData::Sensitive(inner) => Data::Sensitive(Box::new((&**inner).into())),
            FfiData::Default => Data::Default,
            FfiData::Regexp(s) => Data::Regexp(s.to_string()),
            FfiData::Timestamp(s) => Data::Timestamp(s.to_string()),
            // The ABI has no "no arguments" apart from an empty list; the usual
            // `Deferred('f')` is the one kept.
            FfiData::Deferred { name, arguments } => Data::Deferred {
                name: name.to_string(),
                arguments: (!arguments.is_empty())
                    .then(|| arguments.iter().map(Data::from).collect()),
            },
            FfiData::Type { ptype, attributes } => Data::Type {
                ptype: ptype.to_string(),
                attributes: attributes
                    .iter()
                    .map(|Tuple2(k, v)| (k.to_string(), v.into()))
                    .collect(),
            },
        }
    }
}

/// Named values (a classifier's parameters, a backend's options).
pub type FfiPairs = RVec<Tuple2<RString, FfiData>>;

pub(crate) fn pairs_to_ffi(pairs: &[(String, Data)]) -> FfiPairs {
    pairs
        .iter()
        .map(|(k, v)| Tuple2(k.as_str().into(), v.into()))
        .collect()
}

pub(crate) fn pairs_from_ffi(pairs: &FfiPairs) -> Vec<(String, Data)> {
    pairs
        .iter()
        .map(|Tuple2(k, v)| (k.to_string(), v.into()))
        .collect()
}

/// One segment of a dotted key (`data_dig`).
#[repr(C, u8)]
#[derive(StableAbi, Debug, Clone, PartialEq)]
pub enum FfiSegment {
    Key(RString),
    Index(i64),
}

impl From<&Segment> for FfiSegment {
    fn from(s: &Segment) -> FfiSegment {
        match s {
            Segment::Key(k) => FfiSegment::Key(k.as_str().into()),
            Segment::Index(i) => FfiSegment::Index(*i),
        }
    }
}

impl From<&FfiSegment> for Segment {
    fn from(s: &FfiSegment) -> Segment {
        match s {
            FfiSegment::Key(k) => Segment::Key(k.to_string()),
            FfiSegment::Index(i) => Segment::Index(*i),
        }
    }
}

/// The phase an error belongs to (the mirror of `marionette_lookup::ErrorKind`);
/// `Other` for errors that are not Hiera's (functions, classifiers) and kinds this
/// form does not know.
#[repr(u8)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq)]
pub enum FfiErrorKind {
    Syntax,
    Config,
    Interpolation,
    Merge,
    /// A backend could not get its data (a service that did not answer...).
    Backend,
    Other,
}

/// Where an error happened: a file, with 1-based line and column when known (0: not
/// known).
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq, Eq)]
pub struct FfiLocation {
    pub file: RString,
    pub line: u32,
    pub column: u32,
}

/// An error crossing the boundary: Puppet's message, what kind, where, and whether
/// Puppet reports it wrapped by the call that caused it (`runtime`, see
/// `marionette_lookup::LookupError::runtime`).
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq, Eq)]
pub struct FfiError {
    pub message: RString,
    pub kind: FfiErrorKind,
    pub runtime: bool,
    pub location: ROption<FfiLocation>,
}

impl FfiError {
    /// An error of kind `Other` with only a message.
    pub fn message(message: impl Into<RString>) -> FfiError {
        FfiError {
            message: message.into(),
            kind: FfiErrorKind::Other,
            runtime: false,
            location: ROption::RNone,
        }
    }
}

impl From<&LookupError> for FfiError {
    fn from(e: &LookupError) -> FfiError {
        FfiError {
            message: e.message.as_str().into(),
            kind: match e.kind {
                ErrorKind::Syntax => FfiErrorKind::Syntax,
                ErrorKind::Config => FfiErrorKind::Config,
                ErrorKind::Interpolation => FfiErrorKind::Interpolation,
                ErrorKind::Merge => FfiErrorKind::Merge,
                ErrorKind::Backend => FfiErrorKind::Backend,
                _ => FfiErrorKind::Other,
            },
            runtime: e.runtime,
            location: e
                .location
                .as_ref()
                .map(|l| FfiLocation {
                    file: l.file.as_str().into(),
                    line: l.line.map_or(0, |n| n as u32),
                    column: l.column.map_or(0, |n| n as u32),
                })
                .into(),
        }
    }
}

impl From<&FfiError> for LookupError {
    fn from(e: &FfiError) -> LookupError {
        let kind = match e.kind {
            FfiErrorKind::Syntax => ErrorKind::Syntax,
            FfiErrorKind::Interpolation => ErrorKind::Interpolation,
            FfiErrorKind::Merge => ErrorKind::Merge,
            FfiErrorKind::Backend => ErrorKind::Backend,
            FfiErrorKind::Config | FfiErrorKind::Other => ErrorKind::Config,
        };
        let mut out = LookupError::new(kind, e.message.as_str());
        out.runtime = e.runtime;
        if let ROption::RSome(l) = &e.location {
            let known = |n: u32| (n > 0).then_some(n as usize);
            out = out.in_file(l.file.as_str(), known(l.line), known(l.column));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_data_round_trips() {
        let values = vec![
            Data::Undef,
            Data::Bool(true),
            Data::Integer(-3),
            Data::Float(1.5),
            Data::String("é".into()),
            Data::Array(vec![Data::Integer(1), Data::Default]),
            Data::Hash(vec![
                (Data::String("k".into()), Data::Undef),
                (Data::Integer(1), Data::Bool(false)),
            ]),
            Data::Sensitive(Box::new(Data::String("secret".into()))),
            Data::Regexp("^a$".into()),
            Data::Timestamp("2024-01-01T00:00:00.000000000 UTC".into()),
            Data::Deferred {
                name: "f".into(),
                arguments: Some(vec![Data::Integer(2)]),
            },
            Data::Type {
                ptype: "Pcore::IntegerType".into(),
                attributes: vec![("from".into(), Data::Integer(1))],
            },
        ];
        for v in values {
            assert_eq!(Data::from(&FfiData::from(&v)), v);
        }
    }

    #[test]
    fn errors_round_trip() {
        let e = LookupError::new(ErrorKind::Syntax, "bad")
            .in_file("/x.yaml", Some(3), None)
            .as_runtime();
        assert_eq!(LookupError::from(&FfiError::from(&e)), e);
        let plain = LookupError::new(ErrorKind::Merge, "m");
        assert_eq!(LookupError::from(&FfiError::from(&plain)), plain);
    }
}
