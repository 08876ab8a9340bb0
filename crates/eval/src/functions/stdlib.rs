//! Functions puppetlabs-stdlib writes in Ruby (`lib/puppet/functions/`), each callable
//! only where a module on the modulepath ships its file.

use super::{builtin, Builtin};
use crate::value::Value;

pub(super) const FUNCTIONS: &[Builtin] = &[
    // `$x.is_a(Integer)`: whether a value is an instance of a type.
    builtin!("is_a", &["Any value, Type type"], |_, call| {
        Ok(Value::Bool(match call.arg(1) {
            Value::Type(t) => t.is_instance(call.arg(0)),
            _ => false,
        }))
    }),
];
