//! The crate's error type: Puppet's message plus where it happened.

use std::fmt;

/// A place in a file: the file as the caller named it, 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub file: String,
    pub line: usize,
    pub column: usize,
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
}

/// An error with Puppet's wording (`message`) and, when known, its location.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LookupError {
    pub kind: ErrorKind,
    pub message: String,
    pub location: Option<Location>,
}

impl LookupError {
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        LookupError {
            kind,
            message: message.into(),
            location: None,
        }
    }

    pub(crate) fn at(mut self, file: &str, line: usize, column: usize) -> Self {
        self.location = Some(Location {
            file: file.to_owned(),
            line,
            column,
        });
        self
    }
}

impl fmt::Display for LookupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if let Some(loc) = &self.location {
            write!(
                f,
                " (file: {}, line: {}, column: {})",
                loc.file, loc.line, loc.column
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for LookupError {}
