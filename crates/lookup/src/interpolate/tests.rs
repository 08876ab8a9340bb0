//! Expected values and messages are what Puppet 7.23 `puppet lookup` gave for the same
//! data and facts.

use super::*;
use marionette_catalog::wire::ruby_float;

fn s(v: &str) -> Data {
    Data::String(v.into())
}

/// Variables and Hiera keys from fixed tables; lookups interpolate what they find, as the
/// real lookup does.
struct Fixture {
    facts: Data,
    vars: Vec<(&'static str, Data)>,
    data: Vec<(&'static str, Data)>,
    stack: Vec<String>,
}

impl InterpolationContext for Fixture {
    fn variable(&mut self, name: &str) -> Option<Data> {
        let name = name.strip_prefix("::").unwrap_or(name);
        if name == "facts" {
            return Some(self.facts.clone());
        }
        if let Some(Data::Hash(h)) = Some(&self.facts) {
            // Facts are top-scope variables too.
            if let Some((_, v)) = h.iter().find(|(k, _)| *k == s(name)) {
                return Some(v.clone());
            }
        }
        self.vars
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.clone())
    }

    fn lookup(&mut self, key: &str) -> Result<Option<Data>, LookupError> {
        check(self, key)?;
        let Some(v) = self
            .data
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.clone())
        else {
            return Ok(None);
        };
        self.stack.push(key.to_owned());
        let r = interpolate(&v, self, true);
        self.stack.pop();
        r.map(Some)
    }

    fn name_stack(&mut self) -> &mut Vec<String> {
        &mut self.stack
    }
}

fn fixture() -> Fixture {
    let facts = crate::parse_json(
        r#"{"os":{"family":"Debian"},"a.b":"AB","list":["p","q"],"num":5,"flt":1.5,"bool":true,"big":1e20}"#,
        "facts.json",
    )
    .unwrap();
    Fixture {
        facts,
        vars: vec![("role", s("web"))],
        data: vec![
            ("base", s("B%{literal('%')}{x}")),
            (
                "list",
                Data::Array(vec![Data::Integer(1), Data::Integer(2)]),
            ),
            ("rec1", s("%{lookup('rec2')}")),
            ("rec2", s("%{lookup('rec1')}")),
        ],
        stack: Vec::new(),
    }
}

fn check_str(text: &str) -> Result<Data, String> {
    interpolate(&s(text), &mut fixture(), true).map_err(|e| e.message)
}

#[test]
fn variables_and_dotted_keys() {
    let cases = [
        ("os=%{facts.os.family}", "os=Debian"),
        ("x%{::os.family}y", "xDebiany"),
        ("%{facts.\"a.b\"}", "AB"),
        ("%{facts.'a.b'}", "AB"),
        ("%{facts.list.1}", "q"),
        ("%{facts.list.5}", ""),
        ("a%{nope}b", "ab"),
        ("%{ facts.os.family }", "Debian"),
        ("%{role}/%{::role}", "web/web"),
        ("%{scope('facts.os.family')}", "Debian"),
        ("a%{}b%{::}c%{''}d", "abcd"),
        ("no interpolation %{", "no interpolation %{"),
    ];
    for (text, want) in cases {
        assert_eq!(check_str(text), Ok(s(want)), "{text}");
    }
}

#[test]
fn values_become_text_as_ruby_to_s() {
    assert_eq!(check_str("v=%{facts.list}"), Ok(s("v=[\"p\", \"q\"]")));
    assert_eq!(
        check_str("v=%{facts.os}"),
        Ok(s("v={\"family\"=>\"Debian\"}"))
    );
    assert_eq!(
        check_str("n=%{facts.num} f=%{facts.flt} b=%{facts.bool}"),
        Ok(s("n=5 f=1.5 b=true"))
    );
    assert_eq!(check_str("%{facts.big}"), Ok(s("1.0e+20")));
}

#[test]
fn functions() {
    // `base` is "B%{literal('%')}{x}": the lookup gives "B%{x}", which is interpolated
    // again (`%{x}` is undefined), as Puppet does.
    assert_eq!(check_str("l=%{lookup('base')}"), Ok(s("l=B")));
    assert_eq!(check_str("h=%{hiera(\"base\")}"), Ok(s("h=B")));
    assert_eq!(check_str("a%{lookup('nonexist')}b"), Ok(s("ab")));
    assert_eq!(
        check_str("%{alias('list')}"),
        Ok(Data::Array(vec![Data::Integer(1), Data::Integer(2)]))
    );
    assert_eq!(
        check_str("x%{alias('list')}"),
        Err("'alias' interpolation is only permitted if the expression is equal to the entire string".into())
    );
    assert_eq!(
        check_str("%{foo('x')}"),
        Err("Unknown interpolation method 'foo'".into())
    );
    assert_eq!(
        interpolate(&s("%{lookup('x')}"), &mut fixture(), false).map_err(|e| e.message),
        Err("Interpolation using method syntax is not allowed in this context".into())
    );
}

#[test]
fn errors() {
    assert_eq!(
        check_str("%{lookup('rec1')}"),
        Err("Recursive lookup detected in [rec1, rec2]".into())
    );
    assert_eq!(
        check_str("%{facts.os.family.x}"),
        Err("Data Provider type mismatch: Got String when a hash-like object was expected to access value using 'x' from key 'facts.os.family.x'".into())
    );
    assert_eq!(
        check_str("%{facts.list.x}"),
        Err("Data Provider type mismatch: Got Array when a hash-like object was expected to access value using 'x' from key 'facts.list.x'".into())
    );
    assert_eq!(
        check_str("%{facts..x}"),
        Err("Syntax error in string: %{facts..x}".into())
    );
}

#[test]
fn arrays_and_hash_keys_are_interpolated() {
    let v = Data::Hash(vec![(
        s("%{role}"),
        Data::Array(vec![s("%{facts.os.family}"), Data::Integer(1)]),
    )]);
    assert_eq!(
        interpolate(&v, &mut fixture(), true),
        Ok(Data::Hash(vec![(
            s("web"),
            Data::Array(vec![s("Debian"), Data::Integer(1)])
        )]))
    );
}

#[test]
fn split_key_segments() {
    use Segment::*;
    assert_eq!(split_key("a"), Some(vec![Key("a".into())]));
    assert_eq!(
        split_key("a.'b.c'. 0 .\"d\""),
        Some(vec![
            Key("a".into()),
            Key("b.c".into()),
            Index(0),
            Key("d".into())
        ])
    );
    assert_eq!(split_key("a..b"), None);
    assert_eq!(split_key("a."), None);
    assert_eq!(split_key(".a"), None);
}

#[test]
fn ruby_floats() {
    assert_eq!(ruby_float(1.0), "1.0");
    assert_eq!(ruby_float(1.5), "1.5");
    assert_eq!(ruby_float(1e20), "1.0e+20");
    assert_eq!(ruby_float(1e-5), "1.0e-05");
    assert_eq!(ruby_float(0.0001), "0.0001");
    assert_eq!(ruby_float(1e14), "100000000000000.0");
    assert_eq!(ruby_float(1e15), "1.0e+15");
}

#[test]
fn dotted_lookup_keys_dig_into_the_value() {
    let v = crate::parse_yaml("{b: [x, {c: 1}], s: str}", "t.yaml").unwrap();
    assert_eq!(sub_lookup(&v, "a"), Ok(Some(v.clone())));
    assert_eq!(sub_lookup(&v, "a.b.1.c"), Ok(Some(Data::Integer(1))));
    assert_eq!(sub_lookup(&v, "a.b.7"), Ok(None));
    assert_eq!(sub_lookup(&v, "a.nope"), Ok(None));
    assert_eq!(
        sub_lookup(&v, "k.a..b").unwrap_err().message,
        "Syntax error in key: 'k.a..b'"
    );
    assert_eq!(
        sub_lookup(&v, "a.s.x").unwrap_err().message,
        "Data Provider type mismatch: Got String when a hash-like object was expected to access value using 'x' from key 'a.s.x'"
    );
}
