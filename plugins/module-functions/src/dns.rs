//! ghoneycutt-dns: `get_in_addr_arpa` (3.x), the reverse DNS zone of an address.
//! (`date`, the compile's time, changes at every compile: not here.)

use crate::NativeFunction;
use marionette_catalog::Data;
use marionette_stdlib::ruby;

pub const FUNCTIONS: &[NativeFunction] = &[NativeFunction {
    name: "get_in_addr_arpa",
    signatures: &["Any args*"],
    imp: |a, _| match ruby::args3x(a).first() {
        Some(Data::String(ip)) => {
            let mut parts = crate::split(ip, '.');
            parts.reverse();
            Ok(Data::String(format!("{}.in-addr.arpa", parts.join("."))))
        }
        other => {
            let other = other.unwrap_or(&Data::Undef);
            Err(crate::no_method("split", other))
        }
    },
}];
