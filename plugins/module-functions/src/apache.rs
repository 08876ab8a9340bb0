//! puppetlabs-apache: `apache::bool2httpd` and its deprecated alias `bool2httpd`
//! (templates call them through `scope.call_function`), `apache::pw_hash` and its
//! deprecated aliases `apache_pw_hash` and `apache::apache_pw_hash`.

use crate::{deprecated_alias, NativeFunction};
use marionette_catalog::Data;
use marionette_stdlib::{ruby, strings::b64_encode};
use sha1::{Digest, Sha1};

pub const FUNCTIONS: &[NativeFunction] = &[
    NativeFunction {
        name: "apache::bool2httpd",
        signatures: &["Any arg"],
        imp: |a, _| Ok(Data::String(bool2httpd(a.first().unwrap_or(&Data::Undef)))),
    },
    NativeFunction {
        name: "bool2httpd",
        signatures: &["Any args*"],
        imp: |a, cx| {
            deprecated_alias(
                cx,
                "bool2httpd",
                "This function is deprecated, please use apache::bool2httpd instead.",
                "apache::bool2httpd",
                a,
            )
        },
    },
    NativeFunction {
        name: "apache::pw_hash",
        signatures: &["String[1] password"],
        imp: |a, _| match a.first() {
            Some(Data::String(pw)) => Ok(Data::String(format!(
                "{{SHA}}{}",
                b64_encode(&Sha1::digest(pw.as_bytes()), false)
            ))),
            _ => Err("apache::pw_hash: expects a String".into()),
        },
    },
    NativeFunction {
        name: "apache_pw_hash",
        signatures: &["Any args*"],
        imp: |a, cx| {
            deprecated_alias(
                cx,
                "apache_pw_hash",
                "This function is deprecated, please use apache::pw_hash instead.",
                "apache::pw_hash",
                a,
            )
        },
    },
    NativeFunction {
        name: "apache::apache_pw_hash",
        signatures: &["Any args*"],
        imp: |a, cx| {
            deprecated_alias(
                cx,
                "apache::apache_pw_hash",
                "This function is deprecated, please use apache::pw_hash instead.",
                "apache::pw_hash",
                a,
            )
        },
    },
];

/// `Off` for undef, false and a string that says `false` (any case, anywhere), `On`
/// for true and a string that says `true`; anything else as Ruby's `to_s` writes it.
pub fn bool2httpd(arg: &Data) -> String {
    let says = |word: &str| matches!(arg, Data::String(s) if s.to_lowercase().contains(word));
    match arg {
        Data::Undef | Data::Bool(false) => "Off".into(),
        _ if says("false") => "Off".into(),
        Data::Bool(true) => "On".into(),
        _ if says("true") => "On".into(),
        other => ruby::to_s(other),
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{call, s, Cx};
    use marionette_catalog::Data;

    #[test]
    fn bool2httpd_as_the_ruby_answers() {
        // (argument, what puppetlabs-apache's Ruby returned under Puppet 7.23)
        let cases = [
            (Data::Undef, "Off"),
            (Data::Bool(false), "Off"),
            (Data::Bool(true), "On"),
            (s("FALSE"), "Off"),
            (s("notfalse"), "Off"),
            (s("True"), "On"),
            (s("true and false"), "Off"),
            (s("Off"), "Off"),
            (s("On"), "On"),
            (s(""), ""),
            (s("EMail"), "EMail"),
            (Data::Integer(5), "5"),
            (Data::Float(1.5), "1.5"),
            (Data::Array(vec![s("a"), Data::Integer(1)]), "[\"a\", 1]"),
        ];
        for (arg, want) in cases {
            let mut cx = Cx::default();
            let got = call("apache::bool2httpd", std::slice::from_ref(&arg), &mut cx);
            assert_eq!(got, Ok(s(want)), "apache::bool2httpd({arg:?})");
            let got = call("bool2httpd", std::slice::from_ref(&arg), &mut cx);
            assert_eq!(got, Ok(s(want)), "bool2httpd({arg:?})");
            assert_eq!(cx.calls[0].0, "deprecation", "the alias warns first");
        }
    }
}
