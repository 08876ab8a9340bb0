//! Lowering: syntax tree -> owned [`model`](crate::model).

use crate::model::Program;
use crate::{Parse, SyntaxError};

/// Lowers a parsed file into the owned model. `text` is the source the tree was parsed
/// from. Errors are those Puppet reports while building its model (for instance a
/// comma-separated argument list after a name that is not a statement function).
pub fn lower(_parse: &Parse, _text: &str) -> (Program, Vec<SyntaxError>) {
    (Program { body: Vec::new(), epp_params: None }, Vec::new())
}
