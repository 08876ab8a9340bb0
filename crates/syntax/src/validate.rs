//! Checks Puppet 7 makes after parsing (its "validation" phase), on the lowered model.

use crate::model::Program;
use crate::SyntaxError;

/// Adds the validation errors of a lowered program. `text` is its source.
pub fn validate(_program: &Program, _text: &str, _errors: &mut Vec<SyntaxError>) {}
