//! Expected values are what Ruby 3.1 / Psych 4.0.3 (the Ruby of the reference Puppet)
//! returns from `YAML.safe_load(text, permitted_classes: [Symbol], aliases: true)`.

use super::*;

fn s(v: &str) -> Data {
    Data::String(v.into())
}

/// The value of `a` in `a: <scalar>`.
fn scalar(text: &str) -> Result<Data, String> {
    match parse_yaml(&format!("a: {text}"), "t.yaml") {
        Ok(Data::Hash(mut h)) => Ok(h.remove(0).1),
        Ok(other) => panic!("not a hash: {other:?}"),
        Err(e) => Err(e.message),
    }
}

#[test]
fn booleans_and_nulls() {
    for t in [
        "yes", "Yes", "YES", "yEs", "on", "On", "true", "True", "TRUE",
    ] {
        assert_eq!(scalar(t), Ok(Data::Bool(true)), "{t}");
    }
    for t in ["no", "No", "off", "Off", "false", "FALSE"] {
        assert_eq!(scalar(t), Ok(Data::Bool(false)), "{t}");
    }
    for t in ["y", "n", "Y", "yess", "truely"] {
        assert_eq!(scalar(t), Ok(s(t)), "{t}");
    }
    for t in ["~", "null", "Null", "NULL", ""] {
        assert_eq!(scalar(t), Ok(Data::Undef), "{t:?}");
    }
    assert_eq!(scalar("'yes'"), Ok(s("yes")));
    assert_eq!(scalar("\"~\""), Ok(s("~")));
    assert_eq!(scalar("!!str true"), Ok(s("true")));
}

#[test]
fn integers() {
    let cases = [
        ("0x1F", 31),
        ("0x_1F", 31),
        ("017", 15),
        ("0b101", 5),
        ("-0b11", -3),
        ("1_000", 1000),
        ("1,000", 1000),
        ("+12", 12),
        ("0", 0),
        ("-0", 0),
        ("00", 0),
        ("1:30", 5400),
        ("12:30:00", 45000),
    ];
    for (t, v) in cases {
        assert_eq!(scalar(t), Ok(Data::Integer(v)), "{t}");
    }
    // Not integers to Psych.
    for t in ["0o17", "018", "09", "1e3", "12e3", "1E3", "1.5e3", "0.5_1"] {
        assert_eq!(scalar(t), Ok(s(t)), "{t}");
    }
}

#[test]
fn floats() {
    let cases = [
        ("1.0", 1.0),
        ("1_0.5", 10.5),
        (".5", 0.5),
        ("1.", 1.0),
        ("1.0e+3", 1000.0),
        ("-2.5e-1", -0.25),
    ];
    for (t, v) in cases {
        assert_eq!(scalar(t), Ok(Data::Float(v)), "{t}");
    }
    assert_eq!(scalar(".inf"), Ok(Data::Float(f64::INFINITY)));
    assert_eq!(scalar("-.Inf"), Ok(Data::Float(f64::NEG_INFINITY)));
    assert!(matches!(scalar(".NaN"), Ok(Data::Float(f)) if f.is_nan()));
    assert_eq!(scalar("!!float 1"), Ok(Data::Float(1.0)));
}

#[test]
fn dates_and_times_are_refused_like_safe_load() {
    assert_eq!(
        scalar("2024-01-01"),
        Err("(t.yaml): Tried to load unspecified class: Date".into())
    );
    // Psych loads the class before it validates the date.
    assert_eq!(
        scalar("2023-02-30"),
        Err("(t.yaml): Tried to load unspecified class: Date".into())
    );
    assert_eq!(
        scalar("2024-01-01 10:00:00"),
        Err("(t.yaml): Tried to load unspecified class: Time".into())
    );
    assert_eq!(
        scalar("2024-01-01T10:00:00.5Z"),
        Err("(t.yaml): Tried to load unspecified class: Time".into())
    );
    // Not date-shaped: a string.
    assert_eq!(scalar("2023-13-01"), Ok(s("2023-13-01")));
    assert_eq!(scalar("'2024-01-01'"), Ok(s("2024-01-01")));
    let e = parse_yaml("a: 1\nb: !ruby/object:Foo {}\n", "t.yaml").unwrap_err();
    assert_eq!(e.message, "(t.yaml): Tried to load unspecified class: Foo");
}

#[test]
fn strings_symbols_and_block_scalars() {
    assert_eq!(scalar("hello world"), Ok(s("hello world")));
    assert_eq!(scalar("'0x1F'"), Ok(s("0x1F")));
    assert_eq!(scalar(":sym"), Ok(s("sym")));
    assert_eq!(scalar("x %{facts.x}"), Ok(s("x %{facts.x}")));
    // `%` cannot start a plain scalar (Psych: "found character that cannot start any token").
    assert!(scalar("%{facts.x}").is_err());
    let d = parse_yaml(
        "a: |\n  one\n  two\nb: >\n  one\n  two\nc: plain\n  folded\n",
        "t.yaml",
    )
    .unwrap();
    assert_eq!(
        d,
        Data::Hash(vec![
            (s("a"), s("one\ntwo\n")),
            (s("b"), s("one two\n")),
            (s("c"), s("plain folded"))
        ])
    );
    let d = parse_yaml("a: |\n  true\n", "t.yaml").unwrap();
    assert_eq!(d, Data::Hash(vec![(s("a"), s("true\n"))]));
}

#[test]
fn keys_keep_their_types_and_order() {
    let d = parse_yaml(
        "# comment\nz: 1 # trailing\n1: a\ntrue: b\na: [1, 'x']\nz: 2\n",
        "t.yaml",
    )
    .unwrap();
    assert_eq!(
        d,
        Data::Hash(vec![
            (s("z"), Data::Integer(2)),
            (Data::Integer(1), s("a")),
            (Data::Bool(true), s("b")),
            (s("a"), Data::Array(vec![Data::Integer(1), s("x")])),
        ])
    );
}

#[test]
fn anchors_aliases_and_merge_keys() {
    let text = "\
base: &base
  a: 1
  b: 2
other: &other {c: 3, b: 9}
list: &l [1, 2]
copy: *l
m1:
  <<: *base
  b: 3
m2:
  b: 0
  <<: [*base, *other]
m3:
  <<: 5
m4:
  !!str <<: *base
";
    let d = parse_yaml(text, "t.yaml").unwrap();
    let Data::Hash(h) = d else { panic!() };
    let get = |k: &str| {
        h.iter()
            .find(|(key, _)| *key == s(k))
            .map(|(_, v)| v.clone())
            .unwrap()
    };
    assert_eq!(
        get("copy"),
        Data::Array(vec![Data::Integer(1), Data::Integer(2)])
    );
    assert_eq!(
        get("m1"),
        Data::Hash(vec![(s("a"), Data::Integer(1)), (s("b"), Data::Integer(3))])
    );
    // Psych: {"b"=>2, "c"=>3, "a"=>1}: earlier mappings in the list win, and merged keys win
    // over keys written before the `<<`.
    assert_eq!(
        get("m2"),
        Data::Hash(vec![
            (s("b"), Data::Integer(2)),
            (s("c"), Data::Integer(3)),
            (s("a"), Data::Integer(1))
        ])
    );
    assert_eq!(get("m3"), Data::Hash(vec![(s("<<"), Data::Integer(5))]));
    assert_eq!(
        get("m4"),
        Data::Hash(vec![(
            s("<<"),
            Data::Hash(vec![(s("a"), Data::Integer(1)), (s("b"), Data::Integer(2))])
        )])
    );
}

#[test]
fn empty_and_multi_document() {
    assert_eq!(parse_yaml("", "t.yaml"), Ok(Data::Undef));
    assert_eq!(parse_yaml("# only a comment\n", "t.yaml"), Ok(Data::Undef));
    assert_eq!(parse_yaml("--- 1\n--- 2\n", "t.yaml"), Ok(Data::Integer(1)));
}

#[test]
fn syntax_errors_name_line_and_column() {
    // Psych: "(<file>): did not find expected ',' or ']' while parsing a flow sequence at line 2 column 4".
    let e = parse_yaml("a: 1\nb: [1, 2\nc: 3\n", "data/common.yaml").unwrap_err();
    assert!(
        e.message.starts_with("(data/common.yaml): "),
        "{}",
        e.message
    );
    let loc = e.location.unwrap();
    assert_eq!(loc.file, "data/common.yaml");
    assert!(loc.line >= Some(2), "{loc:?}");
}

#[test]
fn yaml_data_reads_hashes_only() {
    assert_eq!(
        yaml_data_hash("a: 1\n", "d.yaml"),
        Ok((Data::Hash(vec![(s("a"), Data::Integer(1))]), None))
    );
    assert_eq!(yaml_data_hash("", "d.yaml"), Ok((Data::Hash(vec![]), None)));
    assert_eq!(
        yaml_data_hash("false\n", "d.yaml"),
        Ok((Data::Hash(vec![]), None))
    );
    assert_eq!(
        yaml_data_hash("[1]\n", "d.yaml"),
        Ok((
            Data::Hash(vec![]),
            Some("d.yaml: file does not contain a valid yaml hash".into())
        ))
    );
    let e = yaml_data_hash("a: 2024-01-01\n", "d.yaml").unwrap_err();
    assert_eq!(
        e.message,
        "Unable to parse (d.yaml): Tried to load unspecified class: Date"
    );
}

#[test]
fn alias_bombs_and_deep_nesting_are_errors() {
    let mut text = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 1..8 {
        let refs = vec![format!("*a{}", i - 1); 10].join(", ");
        text.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    let e = parse_yaml(&text, "t.yaml").unwrap_err();
    assert!(
        e.message.contains("aliases expand to more than"),
        "{}",
        e.message
    );
    let deep = format!("{}{}", "[".repeat(600), "]".repeat(600));
    assert!(parse_yaml(&deep, "t.yaml").is_err());
    let mut block = String::new();
    for i in 0..600 {
        block.push_str(&format!("{}k:\n", " ".repeat(i)));
    }
    let e = parse_yaml(&block, "t.yaml").unwrap_err();
    assert!(
        e.message.contains("nesting deeper than 500 levels"),
        "{}",
        e.message
    );
}
