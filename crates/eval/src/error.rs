//! Evaluation errors, and the non-local exits (`return`, `break`, `next`) that travel
//! the same way.

use crate::env::LoadError;
use crate::value::Value;
use std::fmt;

/// Where in the source an error happened.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Location {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

/// `return`, `break` and `next` unwinding to the construct that handles them.
#[derive(Clone, Debug)]
pub enum Flow {
    Return(Value),
    Break,
    Next(Value),
    Error(EvalError),
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
}

impl EvalError {
    pub fn new(message: impl Into<String>) -> EvalError {
        EvalError {
            message: message.into(),
            location: None,
            flow: None,
            labelled: false,
        }
    }

    /// Adds a location unless the error already has one.
    pub fn with_location(mut self, location: Location) -> EvalError {
        if self.location.is_none() && !location.file.is_empty() {
            self.location = Some(location);
        }
        self
    }

    pub(crate) fn flow(flow: Flow) -> EvalError {
        EvalError {
            message: String::new(),
            location: None,
            flow: Some(Box::new(flow)),
            labelled: false,
        }
    }

    pub(crate) fn from_load(e: LoadError) -> EvalError {
        EvalError::new(format!("Could not parse for environment: {}", e.message)).with_location(
            Location {
                file: e.path,
                line: e.line,
                column: e.column,
            },
        )
    }

    /// True for a real error (not a `return`/`break`/`next`).
    pub fn is_error(&self) -> bool {
        self.flow.is_none()
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(flow) = &self.flow {
            return match **flow {
                Flow::Return(_) => {
                    f.write_str("return() called outside of a function, lambda, class or define")
                }
                Flow::Break => f.write_str("break() from context where this is illegal"),
                Flow::Next(_) => f.write_str("next() from context where this is illegal"),
                Flow::Error(ref e) => e.fmt(f),
            };
        }
        f.write_str(&self.message)?;
        if let Some(loc) = &self.location {
            if loc.line > 0 {
                write!(
                    f,
                    " (file: {}, line: {}, column: {})",
                    loc.file, loc.line, loc.column
                )?;
            } else {
                write!(f, " (file: {})", loc.file)?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for EvalError {}
