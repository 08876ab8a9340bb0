//! Checks Puppet 7 makes after parsing (its "validation" phase).

use crate::{SyntaxError, SyntaxNode};

/// Adds the validation errors of a tree that parsed cleanly.
pub fn validate(_root: &SyntaxNode, _errors: &mut Vec<SyntaxError>) {}
