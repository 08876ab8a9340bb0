//! Typed views over the syntax tree.
