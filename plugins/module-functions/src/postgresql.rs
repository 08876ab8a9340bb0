//! puppetlabs-postgresql: `postgresql::postgresql_acls_to_resources_hash`,
//! `postgresql::postgresql_password`, `postgresql::postgresql_escape` and the
//! deprecated aliases `postgresql_password` and `postgresql_escape`.

use crate::{deprecated_alias, hex, NativeFunction};
use marionette_catalog::Data;
use marionette_stdlib::ruby;
use md5::{Digest, Md5};

pub const FUNCTIONS: &[NativeFunction] = &[
    NativeFunction {
        name: "postgresql::postgresql_acls_to_resources_hash",
        signatures: &["Array[String] acls, String[1] id, Integer[0] offset"],
        imp: |a, _| {
            match a {
            [Data::Array(acls), Data::String(id), Data::Integer(offset)] => {
                let acls: Vec<&str> = acls
                    .iter()
                    .map(|d| match d {
                        Data::String(s) => s.as_str(),
                        _ => "",
                    })
                    .collect();
                acls_to_resources_hash(&acls, id, *offset).map(Data::Hash)
            }
            _ => Err("postgresql::postgresql_acls_to_resources_hash: expects (Array[String], String[1], Integer[0])".into()),
        }
        },
    },
    NativeFunction {
        name: "postgresql::postgresql_password",
        signatures: &["Variant[String[1],Integer] username, Variant[String[1],Integer] password"],
        imp: |a, _| match a {
            [user, pw] => Ok(Data::String(password(&ruby::to_s(user), &ruby::to_s(pw)))),
            _ => Err("postgresql::postgresql_password: expects 2 arguments".into()),
        },
    },
    NativeFunction {
        name: "postgresql::postgresql_escape",
        signatures: &["String[1] input_string"],
        imp: |a, _| match a {
            [Data::String(s)] => Ok(Data::String(escape(s))),
            _ => Err("postgresql::postgresql_escape: expects a String".into()),
        },
    },
    NativeFunction {
        name: "postgresql_password",
        signatures: &["Any args*"],
        imp: |a, cx| {
            deprecated_alias(
                cx,
                "postgresql_password",
                "This method is deprecated, please use postgresql::postgresql_password instead.",
                "postgresql::postgresql_password",
                a,
            )
        },
    },
    NativeFunction {
        name: "postgresql_escape",
        signatures: &["Any args*"],
        imp: |a, cx| {
            deprecated_alias(
                cx,
                "postgresql_escape",
                "This method is deprecated, please use postgresql::postgresql_escape instead.",
                "postgresql::postgresql_escape",
                a,
            )
        },
    },
];

/// PostgreSQL's md5 password: `md5` and the hex MD5 of the password then the user.
pub fn password(user: &str, pw: &str) -> String {
    format!("md5{}", hex(&Md5::digest(format!("{pw}{user}").as_bytes())))
}

/// Dollar-quotes a string: `$$text$$`, or with a tag made of letters of MD5 digests
/// when the text holds `$$` or ends with `$`.
pub fn escape(input: &str) -> String {
    if !(input.contains("$$") || input.ends_with('$')) {
        return format!("$${input}$$");
    }
    let tag_of = |s: &str| -> String {
        hex(&Md5::digest(s.as_bytes()))[..6]
            .chars()
            .filter(|c| !c.is_ascii_digit())
            .collect()
    };
    let mut tag = tag_of(input);
    while input.contains(tag.as_str()) {
        tag = tag_of(&tag);
    }
    format!("${tag}${input}${tag}$")
}

/// Each `pg_hba.conf` line (`type database user [address [mask]] method [options]`)
/// as the parameters of a `postgresql::server::pg_hba_rule`, titled
/// `postgresql class generated rule <id> <index>` and ordered from `offset`.
pub fn acls_to_resources_hash(
    acls: &[&str],
    id: &str,
    offset: i64,
) -> Result<Vec<(Data, Data)>, String> {
    let mut resources = Vec::new();
    for acl in acls {
        // Ruby's `acls.index(acl)`: the first equal line's index.
        let index = acls.iter().position(|a| a == acl).unwrap_or_default();
        let parts: Vec<&str> = acl
            .split(|c: char| " \t\n\r\x0c\x0b\0".contains(c))
            .filter(|p| !p.is_empty())
            .collect();
        if parts.len() < 4 {
            return Err(format!(
                "postgresql::postgresql_acls_to_resources_hash(): acl line {index} does not have enough parts"
            ));
        }
        let part = |i: usize| {
            parts
                .get(i)
                .map_or(Data::Undef, |p| Data::String(p.to_string()))
        };
        let from = |i: usize| Data::String(parts[i.min(parts.len())..].join(" "));
        let mut r: Vec<(Data, Data)> = vec![
            (s("type"), part(0)),
            (s("database"), part(1)),
            (s("user"), part(2)),
            (
                s("order"),
                Data::String(format!("{:03}", offset + index as i64)),
            ),
        ];
        if parts[0] == "local" {
            r.push((s("auth_method"), part(3)));
            if parts.len() > 4 {
                r.push((s("auth_option"), from(4)));
            }
        } else if parts
            .get(4)
            .is_some_and(|p| p.starts_with(|c: char| c.is_ascii_digit()))
        {
            r.push((
                s("address"),
                Data::String(format!("{} {}", parts[3], parts[4])),
            ));
            r.push((s("auth_method"), part(5)));
            if parts.len() > 6 {
                r.push((s("auth_option"), from(6)));
            }
        } else {
            r.push((s("address"), part(3)));
            r.push((s("auth_method"), part(4)));
            if parts.len() > 5 {
                r.push((s("auth_option"), from(5)));
            }
        }
        ruby::put(
            &mut resources,
            Data::String(format!("postgresql class generated rule {id} {index}")),
            Data::Hash(r),
        );
    }
    Ok(resources)
}

fn s(v: &str) -> Data {
    Data::String(v.into())
}

#[cfg(test)]
mod tests {
    use super::{acls_to_resources_hash, escape, password, s};
    use marionette_catalog::Data;

    #[test]
    fn password_and_escape_as_the_ruby_computes_them() {
        // what puppetlabs-postgresql's Ruby returned under Puppet 7.23
        assert_eq!(
            password("postgres", "secret"),
            "md553f48b7c4b76a86ce72276c5755f217d"
        );
        assert_eq!(password("42", "7"), "md5e94550c93cd70fe748e6982b3439ad3b");
        assert_eq!(escape("plain"), "$$plain$$");
        assert_eq!(escape("a$$b"), "$ddc$a$$b$ddc$");
        assert_eq!(escape("ends$"), "$de$ends$$de$");
    }

    #[test]
    fn acls_become_pg_hba_rules() {
        let acls = [
            "local all postgres ident",
            "host all all 10.0.0.0/8 md5",
            "host all all 192.168.0.0 255.255.0.0 md5 opt=1 x",
            "hostssl db u 127.0.0.1/32 cert clientcert=1",
            "host all all samenet",
            "local all postgres ident",
            "host\tall  all 1.2.3.4/32 trust",
        ];
        // What puppetlabs-postgresql's Ruby returned under Puppet 7.23: a repeated
        // line takes the first one's index (and title); `None` is undef.
        type Rule = (
            &'static str,
            &'static [(&'static str, Option<&'static str>)],
        );
        let want: &[Rule] = &[
            (
                "0",
                &[
                    ("type", Some("local")),
                    ("database", Some("all")),
                    ("user", Some("postgres")),
                    ("order", Some("150")),
                    ("auth_method", Some("ident")),
                ],
            ),
            (
                "1",
                &[
                    ("type", Some("host")),
                    ("database", Some("all")),
                    ("user", Some("all")),
                    ("order", Some("151")),
                    ("address", Some("10.0.0.0/8")),
                    ("auth_method", Some("md5")),
                ],
            ),
            (
                "2",
                &[
                    ("type", Some("host")),
                    ("database", Some("all")),
                    ("user", Some("all")),
                    ("order", Some("152")),
                    ("address", Some("192.168.0.0 255.255.0.0")),
                    ("auth_method", Some("md5")),
                    ("auth_option", Some("opt=1 x")),
                ],
            ),
            (
                "3",
                &[
                    ("type", Some("hostssl")),
                    ("database", Some("db")),
                    ("user", Some("u")),
                    ("order", Some("153")),
                    ("address", Some("127.0.0.1/32")),
                    ("auth_method", Some("cert")),
                    ("auth_option", Some("clientcert=1")),
                ],
            ),
            (
                "4",
                &[
                    ("type", Some("host")),
                    ("database", Some("all")),
                    ("user", Some("all")),
                    ("order", Some("154")),
                    ("address", Some("samenet")),
                    ("auth_method", None),
                ],
            ),
            (
                "6",
                &[
                    ("type", Some("host")),
                    ("database", Some("all")),
                    ("user", Some("all")),
                    ("order", Some("156")),
                    ("address", Some("1.2.3.4/32")),
                    ("auth_method", Some("trust")),
                ],
            ),
        ];
        let want: Vec<(Data, Data)> = want
            .iter()
            .map(|(i, rule)| {
                let params = rule
                    .iter()
                    .map(|(k, v)| (s(k), v.map_or(Data::Undef, s)))
                    .collect();
                (
                    s(&format!("postgresql class generated rule x {i}")),
                    Data::Hash(params),
                )
            })
            .collect();
        assert_eq!(acls_to_resources_hash(&acls, "x", 150), Ok(want));
        assert_eq!(
            acls_to_resources_hash(&["local all"], "x", 0),
            Err("postgresql::postgresql_acls_to_resources_hash(): acl line 0 does not have enough parts".into())
        );
    }
}
