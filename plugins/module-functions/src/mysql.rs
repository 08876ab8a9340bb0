//! puppetlabs-mysql: `mysql::password` (4.x), the legacy 3.x `mysql_password`, and
//! `mysql::strip_hash`.

use crate::{hex, NativeFunction};
use marionette_catalog::Data;
use marionette_stdlib::ruby;
use sha1::{Digest, Sha1};

pub const FUNCTIONS: &[NativeFunction] = &[
    NativeFunction {
        name: "mysql::password",
        signatures: &["String password"],
        imp: |a, _| match a.first() {
            Some(Data::String(pw)) => Ok(Data::String(password(pw))),
            _ => Err("mysql::password: expects a String".into()),
        },
    },
    NativeFunction {
        name: "mysql_password",
        signatures: &["Any args*"],
        imp: |a, _| {
            let a = ruby::args3x(a);
            if a.len() != 1 {
                return Err(format!(
                    "mysql_password(): Wrong number of arguments given ({} for 1)",
                    a.len()
                ));
            }
            match &a[0] {
                Data::String(pw) => Ok(Data::String(password(pw))),
                other => Err(crate::no_method("empty?", other)),
            }
        },
    },
    NativeFunction {
        name: "mysql::strip_hash",
        signatures: &["Hash hash"],
        imp: |a, _| match a.first() {
            Some(Data::Hash(entries)) => Ok(Data::Hash(strip_hash(entries))),
            _ => Err("mysql::strip_hash: expects a Hash".into()),
        },
    },
];

/// MySQL's `PASSWORD()`: `*` and the uppercase hex SHA-1 of the SHA-1 of the text;
/// `''` stays `''`, and a text that already ends (or has a line that ends) with such
/// a hash is returned as it is.
pub fn password(pw: &str) -> String {
    if pw.is_empty() || is_hashed(pw) {
        return pw.to_string();
    }
    let inner = Sha1::digest(pw.as_bytes());
    format!("*{}", hex(&Sha1::digest(inner)).to_uppercase())
}

/// Ruby's `pw =~ /\*[A-F0-9]{40}$/`: `$` is the end of a line.
fn is_hashed(pw: &str) -> bool {
    let b = pw.as_bytes();
    (0..b.len()).any(|i| {
        b[i] == b'*'
            && b.len() >= i + 41
            && b[i + 1..i + 41]
                .iter()
                .all(|c| c.is_ascii_digit() || (b'A'..=b'F').contains(c))
            && matches!(b.get(i + 41), None | Some(b'\n'))
    })
}

/// Drops the entries whose value is `''`, and those of the nested hashes.
fn strip_hash(entries: &[(Data, Data)]) -> Vec<(Data, Data)> {
    let empty = |v: &Data| matches!(v, Data::String(s) if s.is_empty());
    entries
        .iter()
        .filter(|(_, v)| !empty(v))
        .map(|(k, v)| match v {
            Data::Hash(inner) => (
                k.clone(),
                Data::Hash(inner.iter().filter(|(_, v)| !empty(v)).cloned().collect()),
            ),
            _ => (k.clone(), v.clone()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::testing::{call, s, Cx};
    use marionette_catalog::Data;

    /// (input, what puppetlabs-mysql's Ruby returned under Puppet 7.23)
    const PASSWORDS: &[(&str, &str)] = &[
        ("", ""),
        ("secret", "*14E65567ABDB5135D0CFD9A70B3032C179A49EE7"),
        ("mysql_root_pw", "*F58DD4DE469CC541040879D345CA1D311CACA871"),
        (
            "*14E65567ABDB5135D0CFD9A70B3032C179A49EE7",
            "*14E65567ABDB5135D0CFD9A70B3032C179A49EE7",
        ),
        (
            "x*14E65567ABDB5135D0CFD9A70B3032C179A49EE7",
            "x*14E65567ABDB5135D0CFD9A70B3032C179A49EE7",
        ),
        (
            "*14e65567abdb5135d0cfd9a70b3032c179a49ee7",
            "*9F6F0E5A8FCDA4D2B49568D0C84CDF835D628DFD",
        ),
        (
            "*14E65567ABDB5135D0CFD9A70B3032C179A49EE7\nx",
            "*14E65567ABDB5135D0CFD9A70B3032C179A49EE7\nx",
        ),
    ];

    #[test]
    fn password_as_the_ruby_hashes_it() {
        for (input, want) in PASSWORDS {
            for name in ["mysql::password", "mysql_password"] {
                let got = call(name, &[s(input)], &mut Cx::default());
                assert_eq!(got, Ok(s(want)), "{name}({input:?})");
            }
        }
    }

    #[test]
    fn mysql_password_checks_its_arity() {
        let got = call("mysql_password", &[s("a"), s("b")], &mut Cx::default());
        assert_eq!(
            got,
            Err("mysql_password(): Wrong number of arguments given (2 for 1)".into())
        );
    }

    #[test]
    fn strip_hash_drops_empty_strings_two_levels_down() {
        let h = |e: Vec<(&str, Data)>| Data::Hash(e.into_iter().map(|(k, v)| (s(k), v)).collect());
        let input = h(vec![
            ("a", s("")),
            (
                "b",
                h(vec![
                    ("c", s("")),
                    ("d", s("x")),
                    ("e", h(vec![("f", s(""))])),
                ]),
            ),
            ("g", Data::Undef),
        ]);
        let want = h(vec![
            ("b", h(vec![("d", s("x")), ("e", h(vec![("f", s(""))]))])),
            ("g", Data::Undef),
        ]);
        assert_eq!(
            call("mysql::strip_hash", &[input], &mut Cx::default()),
            Ok(want)
        );
    }
}
