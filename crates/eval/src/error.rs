//! Evaluation errors, and the non-local exits (`return`, `break`, `next`) that travel
//! the same way.

use crate::env::LoadError;
use crate::value::Value;
use std::fmt;

/// Where in the source an error happened. A `column` of 0 means none (Puppet's
/// runtime errors give the file and line only).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Location {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

/// How Puppet reports an error, which decides its wording.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum ErrorStyle {
    /// A runtime error without a location (Puppet's `Puppet::Error` from Ruby code).
    /// The innermost expression it passes through names itself and adds its location:
    /// `Error while evaluating a Resource Statement, <message>`.
    #[default]
    Runtime,
    /// An evaluation error (Puppet's issues): `Evaluation Error: <message> (location)`.
    Evaluation,
    /// A `Puppet::ParseError` that knows its file and line: printed as is,
    /// `<message> (file: F, line: L)`, and never relabelled.
    Located,
    /// An error from outside Puppet's error classes (a Ruby `SyntaxError` in an ERB
    /// template): it escapes everything and is printed alone, without the node.
    Foreign,
}

/// `return`, `break` and `next` unwinding to the construct that handles them.
#[derive(Clone, Debug)]
pub enum Flow {
    Return(Value),
    Break,
    Next(Value),
    Error(EvalError),
    /// A parameter default read a parameter that is not bound yet (caught where the
    /// parameters are bound, which words the error).
    UnevaluatedParameter(String),
}

/// An evaluation error with Puppet's message and, when known, its location.
#[derive(Clone, Debug)]
pub struct EvalError {
    pub message: String,
    pub location: Option<Location>,
    /// Set when this "error" is a `return`/`break`/`next` on its way out.
    pub(crate) flow: Option<Box<Flow>>,
    /// Whether the message already names the failing statement.
    pub(crate) labelled: bool,
    pub(crate) style: ErrorStyle,
    /// A hint for the user, not part of Puppet's message: whoever reports the error
    /// writes it on a line of its own after the message (and the node).
    pub note: Option<Box<str>>,
    /// Errors Puppet logs before it reports this one (a file's several validation
    /// failures: [`LoadError::logged`]); boxed, as errors travel in every `Result`
    /// of the evaluator and almost never have any.
    pub logged: Option<Box<Vec<String>>>,
}

impl EvalError {
    pub fn new(message: impl Into<String>) -> EvalError {
        EvalError {
            message: message.into(),
            location: None,
            flow: None,
            labelled: false,
            style: ErrorStyle::Runtime,
            note: None,
            logged: None,
        }
    }

    /// Adds a location unless the error already has one; a runtime error becomes an
    /// evaluation error at that location.
    pub fn with_location(mut self, location: Location) -> EvalError {
        if self.location.is_none()
            && !location.file.is_empty()
            && !matches!(self.style, ErrorStyle::Located | ErrorStyle::Foreign)
        {
            self.location = Some(location);
            if self.style == ErrorStyle::Runtime {
                self.style = ErrorStyle::Evaluation;
            }
        }
        self
    }

    /// An error Puppet raises with a file and line (no column) and prints verbatim.
    pub(crate) fn located(message: impl Into<String>, file: &str, line: Option<u32>) -> EvalError {
        let mut e = EvalError::new(message);
        e.style = ErrorStyle::Located;
        if !file.is_empty() {
            e.location = Some(Location {
                file: file.to_string(),
                line: line.unwrap_or(0),
                column: 0,
            });
        }
        e
    }

    /// An error Puppet prints exactly as raised, without a location (a
    /// `Puppet::DataBinding::LookupError`).
    pub(crate) fn preformatted(message: impl Into<String>) -> EvalError {
        let mut e = EvalError::located(message, "", None);
        e.labelled = true;
        e
    }

    /// A Ruby error that is not Puppet's: printed as it is, without location or node.
    pub(crate) fn foreign(message: impl Into<String>) -> EvalError {
        let mut e = EvalError::new(message);
        e.style = ErrorStyle::Foreign;
        e.labelled = true;
        e
    }

    /// An evaluation error Puppet raises while it writes the catalog: at a resource's
    /// file and line, without the node's name.
    pub(crate) fn serialization(message: &str, file: &str, line: u32) -> EvalError {
        let mut e = EvalError::located(format!("Evaluation Error: {message}"), file, Some(line));
        e.style = ErrorStyle::Foreign;
        e
    }

    /// Whether Puppet names the node after this error's message (`on node N`).
    pub fn names_node(&self) -> bool {
        self.style != ErrorStyle::Foreign
    }

    /// An evaluation error (a Puppet issue) at a location.
    pub(crate) fn issue(message: impl Into<String>, location: Location) -> EvalError {
        let mut e = EvalError::new(message);
        e.style = ErrorStyle::Evaluation;
        e.location = Some(location);
        e
    }

    /// Puppet's wrapping of a runtime error by the expression (or resource) it happened
    /// in: `Error while evaluating <what>, <message>` at that location. Errors that are
    /// already evaluation errors or located are kept, unless `rewrap` (which wraps the
    /// full text of any error, as Puppet does for errors inside defined types). A
    /// location without a file is none.
    pub(crate) fn wrapped(self, what: &str, location: Location, rewrap: bool) -> EvalError {
        if !self.is_error()
            || self.style == ErrorStyle::Foreign
            || (!rewrap && self.style != ErrorStyle::Runtime)
        {
            return self;
        }
        let detail = if self.style == ErrorStyle::Runtime {
            self.message.clone()
        } else {
            self.to_string()
        };
        EvalError {
            message: format!("Error while evaluating {what}, {detail}"),
            location: (!location.file.is_empty()).then_some(location),
            flow: None,
            labelled: true,
            style: ErrorStyle::Evaluation,
            note: self.note,
            logged: None,
        }
    }

    pub(crate) fn flow(flow: Flow) -> EvalError {
        EvalError {
            message: String::new(),
            location: None,
            flow: Some(Box::new(flow)),
            labelled: false,
            style: ErrorStyle::Runtime,
            note: None,
            logged: None,
        }
    }

    /// A file loaded on demand (an autoloaded class, define, function or type alias)
    /// that does not parse: Puppet prints its error as it is, with the file and,
    /// unless it is the end of the file, the line and column (an error about the whole
    /// input, a byte order mark, is the loading call's).
    pub(crate) fn from_load(e: LoadError) -> EvalError {
        // No file, no position: the expression that made the file load gives the
        // location.
        if e.positionless {
            return EvalError::new(e.message);
        }
        if !e.parse {
            return EvalError::located(e.message, &e.path, Some(e.line));
        }
        let mut error = EvalError::new(e.message);
        error.logged = (!e.logged.is_empty()).then(|| Box::new(e.logged));
        error.style = ErrorStyle::Located;
        error.location = Some(Location {
            file: e.path,
            line: e.line,
            column: e.column,
        });
        error
    }

    /// True for a real error (not a `return`/`break`/`next`).
    pub fn is_error(&self) -> bool {
        self.flow.is_none()
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(flow) = &self.flow {
            let what = match **flow {
                Flow::Return(_) => "return",
                Flow::Break => "break",
                Flow::Next(_) => "next",
                Flow::Error(ref e) => return e.fmt(f),
                Flow::UnevaluatedParameter(ref name) => {
                    return write!(f, "Unknown variable: '{name}'.");
                }
            };
            // Nothing caught it: Puppet's ParseError at the call's file and line.
            write!(f, "{what}() from context where this is illegal")?;
            if let Some(loc) = &self.location {
                write!(f, " (file: {}, line: {})", loc.file, loc.line)?;
            }
            return Ok(());
        }
        if self.style == ErrorStyle::Evaluation {
            f.write_str("Evaluation Error: ")?;
        }
        f.write_str(&self.message)?;
        if let Some(loc) = &self.location {
            if loc.line > 0 && loc.column > 0 {
                write!(
                    f,
                    " (file: {}, line: {}, column: {})",
                    loc.file, loc.line, loc.column
                )?;
            } else if loc.line > 0 {
                write!(f, " (file: {}, line: {})", loc.file, loc.line)?;
            } else {
                write!(f, " (file: {})", loc.file)?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for EvalError {}
