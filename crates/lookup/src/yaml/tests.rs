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
    assert_eq!(scalar(":'quoted sym'"), Ok(s("quoted sym")));
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
fn syntax_errors_are_libyaml_s_as_psych_words_them() {
    // Ruby 3.1 / Psych 4.0.3 / libyaml 0.2.5: problem, context, and the line and column of
    // the context mark (where the construct began), 1-based.
    let cases = [
        ("good: 1\nbad: [unclosed\nother: 2\n", "(t.yaml): did not find expected ',' or ']' while parsing a flow sequence at line 2 column 6"),
        ("a:\n  b: 1\n c: 2\n", "(t.yaml): did not find expected key while parsing a block mapping at line 1 column 1"),
        ("a:\n\tb: 1\n", "(t.yaml): found character that cannot start any token while scanning for the next token at line 2 column 1"),
        ("---\nversion: 5\nhierarchy:\n  - name: common\n    path: [common.yaml\n", "(t.yaml): did not find expected ',' or ']' while parsing a flow sequence at line 5 column 11"),
        ("a: {b: 1\nc: 2\n", "(t.yaml): did not find expected ',' or '}' while parsing a flow mapping at line 1 column 4"),
        ("a: [1, 2}\n", "(t.yaml): did not find expected ',' or ']' while parsing a flow sequence at line 1 column 4"),
        ("a: \"unclosed\nb: 2\n", "(t.yaml): found unexpected end of stream while scanning a quoted scalar at line 1 column 4"),
        ("a: 'unclosed\n", "(t.yaml): found unexpected end of stream while scanning a quoted scalar at line 1 column 4"),
        ("a: b: c\n", "(t.yaml): mapping values are not allowed in this context at line 1 column 5"),
        ("a: b\n  c: d\n", "(t.yaml): mapping values are not allowed in this context at line 2 column 4"),
        ("key\nother: 1\n", "(t.yaml): mapping values are not allowed in this context at line 2 column 6"),
        ("a: 1\nfoo\n", "(t.yaml): could not find expected ':' while scanning a simple key at line 2 column 1"),
        ("a:\n  - b\n  c: d\n", "(t.yaml): did not find expected '-' indicator while parsing a block collection at line 2 column 3"),
        ("- a\nb: 1\n", "(t.yaml): did not find expected '-' indicator while parsing a block collection at line 1 column 1"),
        ("a: @foo\n", "(t.yaml): found character that cannot start any token while scanning for the next token at line 1 column 4"),
        ("a: `x\n", "(t.yaml): found character that cannot start any token while scanning for the next token at line 1 column 4"),
        ("a: %x\n", "(t.yaml): found character that cannot start any token while scanning for the next token at line 1 column 4"),
        ("\ta: 1\n", "(t.yaml): found character that cannot start any token while scanning for the next token at line 1 column 1"),
        ("a: |\n  x\n\ty\n", "(t.yaml): found a tab character where an indentation space is expected while scanning a block scalar at line 1 column 4"),
        ("a: \"\\q\"\n", "(t.yaml): found unknown escape character while parsing a quoted scalar at line 1 column 4"),
        ("a: \"\\u12\"\n", "(t.yaml): did not find expected hexdecimal number while parsing a quoted scalar at line 1 column 4"),
        ("a: [1,2,,3]\n", "(t.yaml): did not find expected node content while parsing a flow node at line 1 column 9"),
        ("a: [:a, b]\n", "(t.yaml): did not find expected node content while parsing a flow node at line 1 column 5"),
        ("a: [a:]\n", "(t.yaml): found unexpected ':' while scanning a plain scalar at line 1 column 5"),
        ("a: -\n", "(t.yaml): block sequence entries are not allowed in this context at line 1 column 4"),
        ("a: ? b\n", "(t.yaml): mapping keys are not allowed in this context at line 1 column 4"),
        ("a: !e!foo 1\n", "(t.yaml): found undefined tag handle while parsing a node at line 1 column 4"),
        ("a: &x &y 1\n", "(t.yaml): did not find expected key while parsing a block mapping at line 1 column 1"),
        ("a: !<foo bar> x\n", "(t.yaml): did not find the expected '>' while scanning a tag at line 1 column 4"),
        ("%YAML 1.1\n%YAML 1.1\n---\na: 1\n", "(t.yaml): found duplicate %YAML directive at line 1 column 1"),
        ("%YAML 2.0\n---\na: 1\n", "(t.yaml): found incompatible YAML document at line 1 column 1"),
        ("%FOO bar\n---\na: 1\n", "(t.yaml): found unknown directive name while scanning a directive at line 1 column 1"),
        ("a: x\u{1}\n", "(t.yaml): control characters are not allowed at line 1 column 1"),
        ("a: |0\n  x\n", "(t.yaml): found an indentation indicator equal to 0 while scanning a block scalar at line 1 column 4"),
        ("a: [b\n---\n", "(t.yaml): did not find expected ',' or ']' while parsing a flow sequence at line 1 column 4"),
    ];
    for (text, want) in cases {
        let e = parse_yaml(text, "t.yaml").unwrap_err();
        assert_eq!(e.message, want, "{text:?}");
    }
    let e = parse_yaml("a: [1, 2\n", "data/common.yaml").unwrap_err();
    let loc = e.location.unwrap();
    assert_eq!(
        (loc.file.as_str(), loc.line, loc.column),
        ("data/common.yaml", Some(1), Some(4))
    );
}

#[test]
fn only_the_first_document_is_read() {
    // Psych stops at the end of the first document: what follows is not even parsed.
    assert_eq!(
        parse_yaml("a: 1\n--- \nb: [\n", "t.yaml"),
        Ok(Data::Hash(vec![(s("a"), Data::Integer(1))]))
    );
    assert_eq!(parse_yaml("a: 1\n...\nb\n", "t.yaml").map(|_| ()), Ok(()));
    assert_eq!(
        parse_yaml("{a: 1} b\n", "t.yaml"),
        Ok(Data::Hash(vec![(s("a"), Data::Integer(1))]))
    );
}

#[test]
fn yaml_1_1_whitespace_and_line_breaks() {
    // A tab after `:` separates; NEL and LS break lines (YAML 1.1), so a plain scalar
    // cannot run across them as a key.
    assert_eq!(scalar("\tb"), Ok(s("b")));
    assert_eq!(
        parse_yaml("a: x\u{2028}y", "t.yaml").unwrap_err().message,
        "(t.yaml): could not find expected ':' while scanning a simple key at line 2 column 1"
    );
    assert_eq!(
        parse_yaml("- a\n-\tb\n", "t.yaml").unwrap_err().message,
        "(t.yaml): found character that cannot start any token while scanning for the next token at line 2 column 2"
    );
    assert_eq!(
        scalar("\"a\\N\\_\\L\\P\""),
        Ok(s("a\u{85}\u{a0}\u{2028}\u{2029}"))
    );
    assert_eq!(
        parse_yaml("a: b\r\nc: d\r\n", "t.yaml"),
        Ok(Data::Hash(vec![(s("a"), s("b")), (s("c"), s("d"))]))
    );
}

#[test]
fn tags_as_psych_reads_them() {
    // A tag other than Psych's own leaves the scalar to `tokenize`, quoted or not.
    assert_eq!(scalar("!!int \"7\""), Ok(Data::Integer(7)));
    assert_eq!(scalar("!!int abc"), Ok(s("abc")));
    assert_eq!(scalar("!foo \"123\""), Ok(Data::Integer(123)));
    assert_eq!(scalar("! \"123\""), Ok(Data::Integer(123)));
    assert_eq!(
        scalar("!<tag:yaml.org,2002:int> \"8\""),
        Ok(Data::Integer(8))
    );
    assert_eq!(scalar("!ruby/object:Foo 1"), Ok(Data::Integer(1)));
    assert_eq!(scalar("!!bool \"yes\""), Ok(Data::Bool(true)));
    assert_eq!(scalar("!!bool 1"), Ok(Data::Integer(1)));
    assert_eq!(scalar("!!null \"\""), Ok(Data::Undef));
    assert_eq!(scalar("!!null foo"), Ok(s("foo")));
    assert_eq!(scalar("!!str"), Ok(s("")));
    assert_eq!(scalar("!!str 42"), Ok(s("42")));
    assert_eq!(scalar("!!str :sym"), Ok(s(":sym")));
    assert_eq!(scalar("!!int"), Ok(Data::Undef));
    // `!!float` is Ruby's `Float()` of the tokenized scalar.
    assert_eq!(scalar("!!float 3"), Ok(Data::Float(3.0)));
    assert_eq!(scalar("!!float \"3.5\""), Ok(Data::Float(3.5)));
    assert_eq!(scalar("!float 1e3"), Ok(Data::Float(1000.0)));
    assert_eq!(scalar("!!float 09"), Ok(Data::Float(9.0)));
    assert_eq!(scalar("!!float 1_0e2"), Ok(Data::Float(1000.0)));
    assert_eq!(
        scalar("!!float abc"),
        Err("invalid value for Float(): \"abc\"".into())
    );
    assert_eq!(
        scalar("!!float 1__0"),
        Err("invalid value for Float(): \"1__0\"".into())
    );
    assert_eq!(
        scalar("!!float"),
        Err("can't convert nil into Float".into())
    );
    assert_eq!(
        scalar("!!float true"),
        Err("can't convert true into Float".into())
    );
    // `!!binary` is a string of the decoded bytes.
    assert_eq!(scalar("!!binary aGVsbG8="), Ok(s("hello")));
    assert_eq!(scalar("!binary aGVsbG8="), Ok(s("hello")));
    assert_eq!(scalar("!!binary \"!!!\""), Ok(s("")));
    assert_eq!(scalar("!!binary"), Ok(s("")));
    assert_eq!(scalar("!!seq [a]"), Ok(Data::Array(vec![s("a")])));
    assert_eq!(scalar("!foo [1]"), Ok(Data::Array(vec![Data::Integer(1)])));
    assert_eq!(
        scalar("!!map {a: 1}"),
        Ok(Data::Hash(vec![(s("a"), Data::Integer(1))]))
    );
    assert_eq!(
        scalar("!!omap [a: 1, b: 2]"),
        Ok(Data::Hash(vec![
            (s("a"), Data::Integer(1)),
            (s("b"), Data::Integer(2))
        ]))
    );
    assert_eq!(
        scalar("!ruby/object:Hash {a: 1}"),
        Ok(Data::Hash(vec![(s("a"), Data::Integer(1))]))
    );
    assert_eq!(
        parse_yaml(
            "%TAG !e! tag:yaml.org,2002:\n---\na: !e!int \"5\"\n",
            "t.yaml"
        ),
        Ok(Data::Hash(vec![(s("a"), Data::Integer(5))]))
    );
    let refused = |t: &str, class: &str| {
        assert_eq!(
            scalar(t),
            Err(format!(
                "(t.yaml): Tried to load unspecified class: {class}"
            )),
            "{t}"
        );
    };
    refused("!!set {a, b}", "Psych::Set");
    refused("!ruby/regexp /a/", "Regexp");
    refused("!ruby/range 1..2", "Range");
    refused("!ruby/class String", "String");
    refused("!ruby/object:BigDecimal 1", "BigDecimal");
    refused("!ruby/struct:Foo {a: 1}", "Foo");
    refused("!ruby/hash:Foo {a: 1}", "Foo");
    refused("!map:Foo {a: 1}", "Foo");
    refused("!seq:Foo [a]", "Foo");
    refused("!ruby/array:Foo [a]", "Foo");
    refused("!str:Foo x", "Foo");
    refused("!!timestamp 2001-01-01", "Date");
    refused("!!int 2001-01-01", "Date");
    refused("!ruby/object {b: 1}", "Object");
    refused("!ruby/exception {b: 1}", "Exception");
    refused("!!omap {a: 1}", "Psych::Omap");
    // Refused before its children, or after them.
    refused("!ruby/object:Foo {a: 2001-01-01}", "Foo");
    refused("!ruby/object:Complex {a: 2001-01-01}", "Complex");
    refused("!ruby/exception:Foo {a: 2001-01-01}", "Date");
    assert_eq!(
        scalar("!!omap [a, b]"),
        Err("undefined method `first' for nil:NilClass".into())
    );
    assert_eq!(
        scalar("!!str {a: 1}"),
        Err("can't modify frozen NilClass: nil".into())
    );
}

#[test]
fn aliases_as_psych_resolves_them() {
    assert_eq!(scalar("*unknown"), Err("Unknown alias: unknown".into()));
    // A later anchor of the same name wins.
    assert_eq!(
        parse_yaml("a: &x 1\nb: &x 2\nc: *x\n", "t.yaml"),
        Ok(Data::Hash(vec![
            (s("a"), Data::Integer(1)),
            (s("b"), Data::Integer(2)),
            (s("c"), Data::Integer(2))
        ]))
    );
}

#[test]
fn big_integers_are_ruby_bignums() {
    assert_eq!(
        scalar("12345678901234567890"),
        Ok(Data::BigInteger(12345678901234567890))
    );
    assert_eq!(
        scalar("-123,45678901234567890"),
        Ok(Data::BigInteger(-12345678901234567890))
    );
    assert_eq!(
        scalar("0x1_0000_0000_0000_0000"),
        Ok(Data::BigInteger(1 << 64))
    );
    // FIXME: past 128 bits, the digits (Ruby still has a Bignum).
    assert_eq!(
        scalar("340282366920938463463374607431768211456"),
        Ok(s("340282366920938463463374607431768211456"))
    );
    assert_eq!(scalar("-9223372036854775808"), Ok(Data::Integer(i64::MIN)));
    assert_eq!(scalar("0x7fffffffffffffff"), Ok(Data::Integer(i64::MAX)));
}

#[test]
fn symbols_for_yaml_data() {
    let (d, _) = yaml_data_hash(
        "sym: :symbol\nlist:\n  - :a\n  - b\n\":symkey\": x\n:k: y\nd: :default\nu: :undef\nq: :'::x'\nn: ::foo\n",
        "t.yaml",
    )
    .unwrap();
    let sym = |n: &str| crate::lookup_value::ruby_object("Symbol", n);
    assert_eq!(
        d,
        Data::Hash(vec![
            (s("sym"), sym("symbol")),
            (s("list"), Data::Array(vec![sym("a"), s("b")])),
            (s(":symkey"), s("x")),
            (s("k"), s("y")),
            (s("d"), Data::Default),
            (s("u"), Data::Undef),
            (s("q"), sym(":x")),
            (s("n"), sym(":foo")),
        ])
    );
}

#[test]
fn yaml_data_reads_hashes_only() {
    assert_eq!(
        yaml_data_hash("a: 1\n", "d.yaml"),
        Ok((Data::Hash(vec![(s("a"), Data::Integer(1))]), None))
    );
    let not_a_hash = Some("d.yaml: file does not contain a valid yaml hash".to_string());
    assert_eq!(
        yaml_data_hash("", "d.yaml"),
        Ok((Data::Hash(vec![]), not_a_hash.clone()))
    );
    assert_eq!(
        yaml_data_hash("false\n", "d.yaml"),
        Ok((Data::Hash(vec![]), not_a_hash))
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
