//! The crate's error type: Puppet's message plus where it happened.

use std::fmt;

/// A place in a file: the file as the caller named it, 1-based line and column when known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

/// What went wrong, by phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A YAML or JSON data file (or `hiera.yaml`) that does not parse.
    Syntax,
    /// A `hiera.yaml` that parses but is not a valid configuration.
    Config,
    /// A bad `%{...}` expression or a failed interpolation.
    Interpolation,
    /// A merge strategy or its options are invalid.
    Merge,
    /// A backend's own failure: it could not get its data (a service that did not
    /// answer, a key file it cannot read) or use it (a value it cannot decrypt).
    Backend,
}

/// An error with Puppet's wording (`message`) and, when known, its location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LookupError {
    pub kind: ErrorKind,
    pub message: String,
    pub location: Option<Location>,
    /// Raised the way Ruby raises a plain runtime error (a type assertion, a YAML
    /// error in `hiera.yaml`, a bad merge strategy): Puppet reports it wrapped by the
    /// call that caused it. Otherwise it is a `Puppet::DataBinding::LookupError`,
    /// printed as it is with its own location.
    pub runtime: bool,
}

impl LookupError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        LookupError {
            kind,
            message: message.into(),
            location: None,
            runtime: false,
        }
    }

    /// The same error, reported as a runtime error (see [`LookupError::runtime`]).
    pub fn as_runtime(mut self) -> Self {
        self.runtime = true;
        self
    }

    pub(crate) fn at(self, file: &str, line: usize, column: usize) -> Self {
        self.in_file(file, Some(line), Some(column))
    }

    pub fn in_file(mut self, file: &str, line: Option<usize>, column: Option<usize>) -> Self {
        self.location = Some(Location {
            file: file.to_owned(),
            line,
            column,
        });
        self
    }
}

impl fmt::Display for LookupError {
    /// The message with Puppet's `(file: F, line: L, column: C)` suffix, parts omitted when unknown.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if let Some(loc) = &self.location {
            write!(f, " (file: {}", loc.file)?;
            if let Some(line) = loc.line {
                write!(f, ", line: {line}")?;
            }
            if let Some(column) = loc.column {
                write!(f, ", column: {column}")?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

impl std::error::Error for LookupError {}
