//! puppet-mcollective: `mco_array_to_string` (3.x), the elements of an Array as
//! strings.

use crate::NativeFunction;
use marionette_catalog::Data;
use marionette_stdlib::ruby;

pub const FUNCTIONS: &[NativeFunction] = &[NativeFunction {
    name: "mco_array_to_string",
    signatures: &["Any args*"],
    imp: |a, _| {
        let a = ruby::args3x(a);
        match a.first() {
            Some(Data::Array(items)) => Ok(Data::Array(
                items.iter().map(|i| Data::String(ruby::to_s(i))).collect(),
            )),
            other => Err(format!(
                "Expected an array, but got a {}",
                ruby::class(other.unwrap_or(&Data::Undef))
            )),
        }
    },
}];

#[cfg(test)]
mod tests {
    use crate::testing::{call, s, Cx};
    use marionette_catalog::Data;

    #[test]
    fn mco_array_to_string_is_each_element_to_s() {
        let mut cx = Cx::default();
        let arg = Data::Array(vec![
            Data::Integer(1),
            s("2"),
            Data::Undef,
            Data::Bool(true),
            Data::Array(vec![s("a")]),
        ]);
        assert_eq!(
            call("mco_array_to_string", &[arg], &mut cx),
            Ok(Data::Array(vec![
                s("1"),
                s("2"),
                s(""),
                s("true"),
                s("[\"a\"]")
            ]))
        );
        assert_eq!(
            call("mco_array_to_string", &[s("1")], &mut cx),
            Err("Expected an array, but got a String".into())
        );
        assert_eq!(
            call("mco_array_to_string", &[], &mut cx),
            Err("Expected an array, but got a NilClass".into())
        );
    }
}
