//! puppet-redis: `getvar_emptystring` (3.x), a variable as the calling scope sees it,
//! `''` when it is not set or `undef`. (`redisget` asks a Redis server at compile
//! time: not here.)

use crate::NativeFunction;
use marionette_catalog::Data;
use marionette_stdlib::ruby;

pub const FUNCTIONS: &[NativeFunction] = &[NativeFunction {
    name: "getvar_emptystring",
    signatures: &["Any args*"],
    imp: |a, cx| {
        let a = ruby::args3x(a);
        if a.len() != 1 {
            return Err(format!(
                "getvar_emptystring(): wrong number of arguments ({}; must be 1)",
                a.len()
            ));
        }
        Ok(match cx.lookupvar(&ruby::to_s(&a[0])) {
            None | Some(Data::Undef) => Data::String(String::new()),
            Some(v) => v,
        })
    },
}];

#[cfg(test)]
mod tests {
    use crate::testing::{call, s, Cx};
    use marionette_catalog::Data;

    #[test]
    fn getvar_emptystring_is_the_variable_or_empty() {
        let facts = Data::Hash(vec![(s("a"), s("b"))]);
        let mut cx = Cx {
            facts: Some(facts.clone()),
            ..Cx::default()
        };
        assert_eq!(
            call("getvar_emptystring", &[s("facts")], &mut cx),
            Ok(facts)
        );
        assert_eq!(call("getvar_emptystring", &[s("nope")], &mut cx), Ok(s("")));
        assert_eq!(
            call("getvar_emptystring", &[], &mut cx),
            Err("getvar_emptystring(): wrong number of arguments (0; must be 1)".into())
        );
    }
}
