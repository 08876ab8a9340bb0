//! Plain data through the writer; the table of Ruby values checked against real Ruby is
//! `crates/erb/tests/yaml.txt`.

use super::*;

fn dump(d: &Data) -> String {
    to_yaml(d, &Options::default(), &|d| format!("{d:?}"))
}

fn s(text: &str) -> Data {
    Data::String(text.into())
}

#[test]
fn puppet_values_are_written_as_ruby_writes_them() {
    let hash = Data::Hash(vec![
        (s("path"), s("/etc/filebeat/conf.d/*.yml")),
        (s("list"), Data::Array(vec![Data::Integer(1), Data::Undef])),
        (s("empty"), Data::Hash(vec![])),
        (Data::Integer(1), Data::Default),
        (s("re"), Data::Regexp("a.b".into())),
    ]);
    // `ruby -ryaml -e 'print({"path"=>"/etc/filebeat/conf.d/*.yml", "list"=>[1, nil],
    //  "empty"=>{}, 1=>:default, "re"=>/a.b/}.to_yaml)'`
    assert_eq!(
        dump(&hash),
        "---\npath: \"/etc/filebeat/conf.d/*.yml\"\nlist:\n- 1\n-\nempty: {}\n1: :default\nre: !ruby/regexp /a.b/\n"
    );
    assert_eq!(dump(&Data::Undef), "---\n");
    assert_eq!(dump(&Data::Float(1e20)), "--- 1.0e+20\n");
}

#[test]
fn options_change_the_indentation_and_the_width() {
    let d = Data::Hash(vec![(s("a"), Data::Hash(vec![(s("b"), s("x y z"))]))]);
    let options = Options {
        indentation: Some(4),
        line_width: Some(3),
    };
    // `{"a"=>{"b"=>"x y z"}}.to_yaml(indentation: 4, line_width: 3)`
    assert_eq!(
        to_yaml(&d, &options, &|_| String::new()),
        "---\na:\n    b: >-\n        x y z\n"
    );
}
