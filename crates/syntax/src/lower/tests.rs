//! Lowering tests. The expected forms are what Puppet 7.23 prints for the same source
//! (`puppet parser dump --format pn`, without validation): [`check`] prints the lowered
//! model the same way (see `pn.rs`) and compares. Error tests give Puppet's messages.

use super::lower;
use super::pn::ToPn;
use crate::model::*;
use crate::SyntaxError;

fn lowered(src: &str, epp: bool) -> (Program, Vec<SyntaxError>) {
    let parse = if epp {
        crate::parse_epp(src)
    } else {
        crate::parse(src)
    };
    assert!(
        parse.errors().is_empty(),
        "{src:?} does not parse: {:?}",
        parse.errors()
    );
    lower(&parse, src)
}

fn check_with(src: &str, epp: bool, expected: &str) {
    let (program, errors) = lowered(src, epp);
    assert!(errors.is_empty(), "{src:?}: {errors:?}");
    let mut actual = String::new();
    ToPn { src }.program(&program, epp).format(&mut actual);
    assert_eq!(actual, expected, "lowering {src:?}");
}

/// `src` is a manifest; `expected` is Puppet's PN dump of it.
fn check(src: &str, expected: &str) {
    check_with(src, false, expected)
}

/// `src` is a template; `expected` is Puppet's PN dump of it.
fn check_epp(src: &str, expected: &str) {
    check_with(src, true, expected)
}

/// The lowering errors of a manifest: (message, text of the range).
fn check_errors(src: &str, expected: &[(&str, &str)]) {
    let (_, errors) = lowered(src, false);
    let actual: Vec<(&str, &str)> = errors
        .iter()
        .map(|e| {
            let range = usize::from(e.range.start())..usize::from(e.range.end());
            (e.message.as_str(), &src[range])
        })
        .collect();
    assert_eq!(actual, expected, "errors of {src:?}");
}

/// The lowered statements of a manifest.
fn statements(src: &str) -> Vec<Expr> {
    let (program, errors) = lowered(src, false);
    assert!(errors.is_empty(), "{src:?}: {errors:?}");
    program.body
}

#[test]
fn statement_calls() {
    check(
        r#"include foo"#,
        r#"(invoke {:functor (qn "include") :args [(qn "foo")]})"#,
    );
    check(
        r#"include foo, bar::baz"#,
        r#"(invoke {:functor (qn "include") :args [(qn "foo") (qn "bar::baz")]})"#,
    );
    check(
        r#"notice foo(1)"#,
        r#"(invoke {:functor (qn "notice") :args [(call {:functor (qn "foo") :args [1]})]})"#,
    );
    check(
        r#"foo(1) bar(2)"#,
        r#"(block (invoke {:functor (qn "foo") :args [1]}) (invoke {:functor (qn "bar") :args [2]}))"#,
    );
    check(
        r#"require a include b"#,
        r#"(block (invoke {:functor (qn "require") :args [(qn "a")]}) (invoke {:functor (qn "include") :args [(qn "b")]}))"#,
    );
    check(
        r#"$x = foo(1)"#,
        r#"(= (var "x") (call {:functor (qn "foo") :args [1]}))"#,
    );
    // A statement function name with nothing after it stays a name.
    check(r#"return"#, r#"(qn "return")"#);
    check(
        r#"if $a { notice 1, 2 }"#,
        r#"(if {:test (var "a") :then [(invoke {:functor (qn "notice") :args [1 2]})]})"#,
    );
    check(
        r#"$x.each |$y| { contain $y }"#,
        r#"(call-method {:functor (. (var "x") (qn "each")) :args [] :block (lambda {:params {:y {}} :body [(invoke {:functor (qn "contain") :args [(var "y")]})]})})"#,
    );
    // Only the exact names are statement functions.
    check(r#"::include foo"#, r#"(block (qn "::include") (qn "foo"))"#);
}

#[test]
fn attribute_blocks() {
    // Puppet 3 syntax: a name, then a hash (a call for statement functions).
    check(
        r#"foo { a => 1, b => 2 }"#,
        r#"(block (qn "foo") (hash (=> "a" 1) (=> "b" 2)))"#,
    );
    check(
        r#"notice { a => 1 }"#,
        r#"(invoke {:functor (qn "notice") :args [(hash (=> "a" 1))]})"#,
    );
    check(
        r#"$x = foo { a => 1 }"#,
        r#"(= (var "x") (block (qn "foo") (hash (=> "a" 1))))"#,
    );
    check(
        r#"File { mode => '0644' }"#,
        r#"(resource-defaults {:type (qr "File") :ops [(=> "mode" "0644")]})"#,
    );
    check(
        r#"Foo::Bar { a +> 1 }"#,
        r#"(resource-defaults {:type (qr "Foo::Bar") :ops [(+> "a" 1)]})"#,
    );
    check(
        r#"File['/x'] { mode => 1 }"#,
        r#"(resource-override {:resources (access (qr "File") "/x") :ops [(=> "mode" 1)]})"#,
    );
    // Puppet means this to be defaults, but its check reads a value its type
    // references never set: every access makes an override.
    check(
        r#"Resource[file] { mode => 1 }"#,
        r#"(resource-override {:resources (access (qr "Resource") (qn "file")) :ops [(=> "mode" 1)]})"#,
    );
    check(
        r#"$x[1] { a => 1 }"#,
        r#"(resource-override {:resources (access (var "x") 1) :ops [(=> "a" 1)]})"#,
    );
}

#[test]
fn resources() {
    check(
        r#"@file { '/x': }"#,
        r#"(resource {:type (qn "file") :bodies [{:title "/x" :ops []}] :form "virtual"})"#,
    );
    check(
        r#"@@file { 'a': a => 1, * => $h; 'b': b +> 2 }"#,
        r#"(resource {:type (qn "file") :bodies [{:title "a" :ops [(=> "a" 1) (splat-hash (var "h"))]} {:title "b" :ops [(+> "b" 2)]}] :form "exported"})"#,
    );
    check(
        r#"class { 'x': y => 1 }"#,
        r#"(resource {:type (qn "class") :bodies [{:title "x" :ops [(=> "y" 1)]}]})"#,
    );
    check(
        r#"file { ['a', 'b']: ; }"#,
        r#"(resource {:type (qn "file") :bodies [{:title (array "a" "b") :ops []}]})"#,
    );
    check(
        r#"Resource[file] { '/x': }"#,
        r#"(resource {:type (access (qr "Resource") (qn "file")) :bodies [{:title "/x" :ops []}]})"#,
    );
    check(
        r#"File <| tag == 'x' |>"#,
        r#"(collect {:type (qr "File") :query (virtual-query (== (qn "tag") "x"))})"#,
    );
    check(
        r#"File <<| |>> { a => 1 }"#,
        r#"(collect {:type (qr "File") :query (exported-query) :ops [(=> "a" 1)]})"#,
    );
}

#[test]
fn interpolation() {
    check(r#""${x}""#, r#"(concat (str (var "x")))"#);
    check(
        r#""${x}y$z""#,
        r#"(concat (str (var "x")) "y" (str (var "z")))"#,
    );
    check(r#""${x[1]}""#, r#"(concat (str (access (var "x") 1)))"#);
    check(
        r#""${x['a'][2]}""#,
        r#"(concat (str (access (access (var "x") "a") 2)))"#,
    );
    check(
        r#""${x.y}""#,
        r#"(concat (str (call-method {:functor (. (var "x") (qn "y")) :args []})))"#,
    );
    check(
        r#""${x.y(1)}""#,
        r#"(concat (str (call-method {:functor (. (var "x") (qn "y")) :args [1]})))"#,
    );
    check(
        r#""${x[1].y.z}""#,
        r#"(concat (str (call-method {:functor (. (call-method {:functor (. (access (var "x") 1) (qn "y")) :args []}) (qn "z")) :args []})))"#,
    );
    check(
        r#""${x.map |$v| { $v }}""#,
        r#"(concat (str (call-method {:functor (. (var "x") (qn "map")) :args [] :block (lambda {:params {:v {}} :body [(var "v")]})})))"#,
    );
    check(r#""${1}""#, r#"(concat (str (var "1")))"#);
    check(r#""${::foo::bar}""#, r#"(concat (str (var "::foo::bar")))"#);
    check(r#""${in}""#, r#"(concat (str (var "in")))"#);
    // Only a leading name followed by `[` or `.`, or alone, is a variable.
    check(r#""${x + 1}""#, r#"(concat (str (+ (qn "x") 1)))"#);
    check(r#""${ x }""#, r#"(concat (str (var "x")))"#);
    check(r#""${$x}""#, r#"(concat (str (var "x")))"#);
    check(r#""$x[1] $ y$""#, r#"(concat (str (var "x")) "[1] $ y$")"#);
}

#[test]
fn double_quoted_escapes() {
    check(r#""a\tb\n\s\$\"\'\\""#, r#""a\tb\n $\"'\\""#);
    check(r#""\x \q \\""#, r#""\\x \\q \\""#);
    check(r#""\u0041\u{1F600}\u{e9}""#, r#""A😀é""#);
    check(r#""\u0041\u0042\u0043""#, r#""ABC""#);
    check(r#""\u005Cu0041""#, r#""A""#);
    check(r#""\\u0041""#, r#""\\u0041""#);
    check(r#""\u12""#, r#""\\u12""#);
    check(
        r#""a\
b""#,
        r#""ab""#,
    );
    check("\"a\\\r\nb\"", r#""ab""#);
}

#[test]
fn single_quoted_escapes() {
    check(r#"'a\\b\'c\d\n'"#, r#""a\\b'c\\d\\n""#);
    check(r#"'\\\\'"#, r#""\\\\""#);
}

#[test]
fn heredocs() {
    check(
        r#"$x = @(END)
  a
  END
"#,
        r#"(= (var "x") (heredoc {:text "  a\n"}))"#,
    );
    check(
        r#"$x = @(END)
  a
   b
  |- END
"#,
        r#"(= (var "x") (heredoc {:text "a\n b"}))"#,
    );
    check(
        r#"$x = @(END)
  a
 b
  | END
"#,
        r#"(= (var "x") (heredoc {:text "a\n b\n"}))"#,
    );
    check(
        "$x = @(END:json)\na\r\n-END\n",
        r#"(= (var "x") (heredoc {:syntax "json" :text "a"}))"#,
    );
    check(
        r#"$x = @("END")
  ${x} $y
  |- END
"#,
        r#"(= (var "x") (heredoc {:text (concat (str (var "x")) " " (str (var "y")))}))"#,
    );
    check(
        r#"$x = @(END)
\t\\ $x
END
"#,
        r#"(= (var "x") (heredoc {:text "\\t\\\\ $x\n"}))"#,
    );
    check(
        r#"$x = @(END/)
\t\s\u0041\$\\\q\
x
END
"#,
        r#"(= (var "x") (heredoc {:text "\t A$\\\\qx\n"}))"#,
    );
    check(
        r#"$x = @("END"/t)
  \t\n\$x\\
  | END
"#,
        r#"(= (var "x") (heredoc {:text (concat "\t\\n\\" (str (var "x")) "\\\n")}))"#,
    );
    check(
        r#"$x = @("END"/$)
\$x $y
END
"#,
        r#"(= (var "x") (heredoc {:text (concat "$x " (str (var "y")) "\n")}))"#,
    );
    check(
        r#"$x = @(END/L)
  a\
  b
  |-END
"#,
        r#"(= (var "x") (heredoc {:text "ab"}))"#,
    );
    check(
        r#"notice(@(A), @(B))
a
A
  b
  |- B
"#,
        r#"(invoke {:functor (qn "notice") :args [(heredoc {:text "a\n"}) (heredoc {:text "b"})]})"#,
    );
    check(
        r#"$x = @(END-X)
text
  - END-X
"#,
        r#"(= (var "x") (heredoc {:text "text"}))"#,
    );
    check(
        r#"$x = @(END)
END
"#,
        r#"(= (var "x") (heredoc {:text ""}))"#,
    );
}

#[test]
fn numbers() {
    check(
        r#"[0, 42, 0x1F, 0XAb, 017, 00, 1.5, 1e3, 1.5e-3, 10E2, 9223372036854775807, -5, -1.5]"#,
        r#"(array 0 42 (int {:radix 16 :value 31}) (int {:radix 16 :value 171}) (int {:radix 8 :value 15}) (int {:radix 8 :value 0}) 1.5 1000.0 0.0015 1000.0 9223372036854775807 -5 -1.5)"#,
    );
}

#[test]
fn definition_names() {
    check(
        r#"class a { class b { class c {} } define d {} function f() {} }"#,
        r#"(class {:name "a" :body [(class {:name "a::b" :body [(class {:name "a::b::c"})]}) (define {:name "a::d"}) (function {:name "f"})]})"#,
    );
    check(
        r#"class a::b { class c {} }"#,
        r#"(class {:name "a::b" :body [(class {:name "a::b::c"})]})"#,
    );
    check(
        r#"define a { class b {} }"#,
        r#"(define {:name "a" :body [(class {:name "b"})]})"#,
    );
    check(
        r#"class ::a { class ::b {} }"#,
        r#"(class {:name "::a" :body [(class {:name "a::::b"})]})"#,
    );
    check(
        r#"node default { class x {} }"#,
        r#"(node {:matches [(default)] :body [(class {:name "x"})]})"#,
    );
    check(
        r#"class a inherits b {} class c inherits default {}"#,
        r#"(block (class {:name "a" :parent "b"}) (class {:name "c" :parent "default"}))"#,
    );
    check(r#"class A::B {}"#, r#"(class {:name "A::B"})"#);
    // Puppet's PN printer fails on `*$rest` parameters; this is the form it means.
    check(
        r#"function a::b(String $x, *$rest) >> Integer { 1 }"#,
        r#"(function {:name "a::b" :params {:x {:type (qr "String")} :rest {:splat true}} :body [1] :returns (qr "Integer")})"#,
    );
}

#[test]
fn node_matchers() {
    check(
        r#"node a.b.c, 'x', "y", /re\/x/, default, 1.2.3, foo-bar, web01 {}"#,
        r#"(node {:matches ["a.b.c" "x" "y" (regexp "re/x") (default) "1.2.3" "foo-bar" "web01"]})"#,
    );
    check(
        r#"node a inherits b { }"#,
        r#"(node {:matches ["a"] :parent "b"})"#,
    );
}

#[test]
fn parameters() {
    check(
        r#"class a(String $x, Hash[String, Integer] $y = {}, Optional[Integer] $z = undef) {}"#,
        r#"(class {:name "a" :params {:x {:type (qr "String")} :y {:type (access (qr "Hash") (qr "String") (qr "Integer")) :value (hash)} :z {:type (access (qr "Optional") (qr "Integer")) :value nil}}})"#,
    );
    check(
        r#"$x.each |$k, Integer[1] $v = 2| >> String { $v }"#,
        r#"(call-method {:functor (. (var "x") (qn "each")) :args [] :block (lambda {:params {:k {} :v {:type (access (qr "Integer") 1) :value 2}} :returns (qr "String") :body [(var "v")]})})"#,
    );
}

#[test]
fn type_aliases() {
    check(
        r#"type Foo = Bar { a => 1 }"#,
        r#"(type-alias "Foo" (access (qr "Object") (hash (=> (qn "a") 1) (=> (qn "parent") (qr "Bar")))))"#,
    );
    check(
        r#"type Foo = Object { a => 1 }"#,
        r#"(type-alias "Foo" (access (qr "Object") (hash (=> (qn "a") 1))))"#,
    );
    check(
        r#"type Foo = TypeSet { }"#,
        r#"(type-alias "Foo" (access (qr "TypeSet") (hash)))"#,
    );
    check(
        r#"type Foo = { a => 1 }"#,
        r#"(type-alias "Foo" (access (qr "Object") (hash (=> (qn "a") 1))))"#,
    );
    check(r#"type Foo = [1]"#, r#"(type-alias "Foo" (array 1))"#);
    check(
        r#"type Foo = Integer[1, 2]"#,
        r#"(type-alias "Foo" (access (qr "Integer") 1 2))"#,
    );
    check(
        r#"type Foo = Integer"#,
        r#"(type-alias "Foo" (qr "Integer"))"#,
    );
    check(
        r#"type Foo inherits Bar { $x = 1 }"#,
        r#"(type-definition "Foo" "Bar" (block (= (var "x") 1)))"#,
    );
}

#[test]
fn arguments_fold_pairs() {
    check(
        r#"foo(a => 1, b => 2, 3, c => 4)"#,
        r#"(invoke {:functor (qn "foo") :args [(hash (=> (qn "a") 1) (=> (qn "b") 2)) 3 (hash (=> (qn "c") 4))]})"#,
    );
    check(
        r#"$x = [a => 1, b => 2, 3]"#,
        r#"(= (var "x") (array (hash (=> (qn "a") 1) (=> (qn "b") 2)) 3))"#,
    );
    check(
        r#"Struct[a => Integer, b => String]"#,
        r#"(access (qr "Struct") (hash (=> (qn "a") (qr "Integer")) (=> (qn "b") (qr "String"))))"#,
    );
    check(
        r#"$x = {a => 1, type => function}"#,
        r#"(= (var "x") (hash (=> (qn "a") 1) (=> "type" "function")))"#,
    );
}

#[test]
fn conditionals() {
    check(
        r#"if $a {} elsif $b { 1 } else { 2 3 }"#,
        r#"(if {:test (var "a") :else [(if {:test (var "b") :then [1] :else [2 3]})]})"#,
    );
    check(
        r#"if $a { 1 } else { }"#,
        r#"(if {:test (var "a") :then [1]})"#,
    );
    check(
        r#"unless $a { 1 } else { 2 }"#,
        r#"(unless {:test (var "a") :then [1] :else [2]})"#,
    );
    check(
        r#"case $x { 1, 2: {} default: { 3 } }"#,
        r#"(case (var "x") [{:when [1 2] :then [(nop)]} {:when [(default)] :then [3]}])"#,
    );
    check(
        r#"$y = $x ? { 1 => 2, default => 3 }"#,
        r#"(= (var "y") (? (var "x") [(=> 1 2) (=> (default) 3)]))"#,
    );
}

#[test]
fn expressions() {
    check(
        r#"$a = 1 + 2 * 3 - 4 / 5 % 6 << 7 >> 8"#,
        r#"(= (var "a") (>> (<< (- (+ 1 (* 2 3)) (% (/ 4 5) 6)) 7) 8))"#,
    );
    check(
        r#"$a = $b == 1 and $c != 2 or !$d"#,
        r#"(= (var "a") (or (and (== (var "b") 1) (!= (var "c") 2)) (! (var "d"))))"#,
    );
    check(
        r#"$a = $b =~ /x/ and $c !~ 'y' and $d in $e and $f < 1 and $g >= 2"#,
        r#"(= (var "a") (and (and (and (and (=~ (var "b") (regexp "x")) (!~ (var "c") "y")) (in (var "d") (var "e"))) (< (var "f") 1)) (>= (var "g") 2)))"#,
    );
    check(
        r#"$a -> $b ~> $c <- $d <~ $e"#,
        r#"(<~ (<- (~> (-> (var "a") (var "b")) (var "c")) (var "d")) (var "e"))"#,
    );
    check(
        r#"$a += 1 $b -= 2"#,
        r#"(block (+= (var "a") 1) (-= (var "b") 2))"#,
    );
    check(
        r#"$a = -$b + -(1) + *$c"#,
        r#"(= (var "a") (+ (+ (- (var "b")) (- (paren 1))) (unfold (var "c"))))"#,
    );
    check(r#"$a = ($b)"#, r#"(= (var "a") (paren (var "b")))"#);
    check(
        r#"$a = [undef, default, true, false, foo-bar, Foo::Bar, attr, private]"#,
        r#"(= (var "a") (array nil (default) true false "foo-bar" (qr "Foo::Bar") (reserved "attr") (reserved "private")))"#,
    );
    check(
        r#"$x.foo $x.foo() $x.type type(1) $f(1) Integer('1')"#,
        r#"(block (call-method {:functor (. (var "x") (qn "foo")) :args []}) (call-method {:functor (. (var "x") (qn "foo")) :args []}) (call-method {:functor (. (var "x") (qn "type")) :args []}) (invoke {:functor (qn "type") :args [1]}) (invoke {:functor (var "f") :args [1]}) (invoke {:functor (qr "Integer") :args ["1"]}))"#,
    );
}

#[test]
fn epp() {
    check_epp(
        r#"Hello <%= $a %>!
"#,
        r#"(lambda {:body [(epp (render-s "Hello ") (render (var "a")) (render-s "!\n"))]})"#,
    );
    check_epp(
        r#"<%- | String $a, Integer $b = 1 | -%>
x <%= $a %>"#,
        r#"(lambda {:params {:a {:type (qr "String")} :b {:type (qr "Integer") :value 1}} :body [(epp (render-s "x ") (render (var "a")))]})"#,
    );
    // Input ending with `<%%`: Puppet loses the text, as after a final comment.
    check_epp(r#"a <%%= b %%> c %%> <%%"#, r#"(lambda {:body [(epp)]})"#);
    check_epp(
        r#"a<%# comment %>b"#,
        r#"(lambda {:body [(epp (render-s "ab"))]})"#,
    );
    check_epp(
        r#"a<% $x = 1 -%>
"#,
        r#"(lambda {:body [(epp (render-s "a") (= (var "x") 1) (render-s ""))]})"#,
    );
    // Text trimmed away at the end still renders an empty string.
    check_epp(
        r#"a<%= 1 -%>  "#,
        r#"(lambda {:body [(epp (render-s "a") (render 1) (render-s ""))]})"#,
    );
    // Input ending right after a comment: Puppet loses the text before it.
    check_epp(r#"text<%# c %>"#, r#"(lambda {:body [(epp)]})"#);
    check_epp(
        r#"<%# x -%>
"#,
        r#"(lambda {:body [(epp (render-s ""))]})"#,
    );
    check_epp(
        r#"<%= { 1; 2 } %>"#,
        r#"(lambda {:body [(epp (render (block 1 2)))]})"#,
    );
    check_epp(
        r#"<% if $x { -%>
  yes
<% } -%>
"#,
        r#"(lambda {:body [(epp (if {:test (var "x") :then [(render-s "  yes\n")]}) (render-s ""))]})"#,
    );
    check_epp(r#""#, r#"(lambda {:body [(epp)]})"#);
    // A heredoc in a tag takes its text from the template text after the tag, which
    // is rendered too.
    check_epp(
        "<%= @(X) %>a\nt\nX\nb",
        r#"(lambda {:body [(epp (render (heredoc {:text "t\n"})) (render-s "a\nt\nX\nb"))]})"#,
    );
}

#[test]
fn empty_manifest() {
    check(r#""#, r#"(nop)"#);
    check(
        r#"# comment
"#,
        r#"(nop)"#,
    );
}

#[test]
fn lowering_errors() {
    check_errors(
        "foo 1, 2",
        &[(
            "attempt to pass argument list to the function 'foo' which cannot be called without parentheses",
            ",",
        )],
    );
    check_errors(
        "$a = 10, notice hello",
        &[("illegal comma separated argument list", ",")],
    );
    check_errors("1, 2", &[("illegal comma separated argument list", ",")]);
    check_errors(
        "foo { a +> 1 }",
        &[(
            "Syntax error resource body without title or hash with +>",
            "{",
        )],
    );
    check_errors(
        "'x' { a => 1 }",
        &[(
            "Expression is not valid as a resource, resource-default, or resource-override",
            "'x'",
        )],
    );
    check_errors(
        "$x = 9223372036854775808",
        &[(
            "A Literal Integer resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'",
            "9223372036854775808",
        )],
    );
    check_errors(
        "$x = [0x1FFFFFFFFFFFFFFFF, 01000000000000000000000]",
        &[
            (
                "A Literal Integer resulted in a value outside of Puppet Integer max range, got '+0x1ffffffffffffffff'",
                "0x1FFFFFFFFFFFFFFFF",
            ),
            (
                "A Literal Integer resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'",
                "01000000000000000000000",
            ),
        ],
    );
    // Puppet's float conversion refuses zeros with an exponent, and infinities.
    check_errors(
        "$x = [0.0e5, 1e400]",
        &[
            (
                "Internal Error, NUMBER token does not contain a valid number, 0.0e5",
                "0.0e5",
            ),
            (
                "Internal Error, NUMBER token does not contain a valid number, 1e400",
                "1e400",
            ),
        ],
    );
    // `${}`: Puppet's grammar wants an expression and shows the text after it.
    check_errors(r#"$x = "${}""#, &[("Syntax error at ''", "")]);
    check_errors(r#"$x = "a ${} b""#, &[("Syntax error at ' b'", " b")]);
    check_errors(
        r#"$x = "\u{110000}""#,
        &[(
            "Unicode escape '\\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff",
            r#""\u{110000}""#,
        )],
    );
    check_errors(
        r#"node "a${x}" {}"#,
        &[(
            "An interpolated expression is not allowed in a hostname of a node",
            "x",
        )],
    );
    check_errors(
        "node @(X) {}\nfoo\nX\n",
        &[(
            "Illegal expression. A '@()' expression is unacceptable as hostname in a Node Definition",
            "@(X)",
        )],
    );
    check_errors(
        "type Foo[Integer] = Integer",
        &[(
            "Expressions of type a Type Mapping are not supported in this version of Puppet",
            "Foo[Integer]",
        )],
    );
}

fn text(src: &str, span: Span) -> &str {
    &src[span.start as usize..span.end as usize]
}

#[test]
fn spans_are_node_ranges() {
    let src = "$x = foo(1) + 2 # c\ninclude a, b\nfoo { a => 1 }\n";
    let body = statements(src);
    let spans: Vec<&str> = body.iter().map(|e| text(src, e.span)).collect();
    assert_eq!(spans, ["$x = foo(1) + 2", "include a, b", "foo { a => 1 }"]);
    let ExprKind::Assign { value, .. } = &body[0].kind else {
        panic!("{:?}", body[0])
    };
    let ExprKind::Binary { lhs, rhs, .. } = &value.kind else {
        panic!("{value:?}")
    };
    assert_eq!(text(src, lhs.span), "foo(1)");
    assert_eq!(text(src, rhs.span), "2");
    let ExprKind::Block(block) = &body[2].kind else {
        panic!("{:?}", body[2])
    };
    let hash = &block.statements[1];
    assert_eq!(text(src, hash.span), "{ a => 1 }");
}

#[test]
fn heredoc_text_spans_its_body() {
    let src = "$x = @(END)\n  a\n  | END\n";
    let body = statements(src);
    let ExprKind::Assign { value, .. } = &body[0].kind else {
        panic!()
    };
    assert_eq!(text(src, value.span), "@(END)");
    let ExprKind::Heredoc { syntax, text: t } = &value.kind else {
        panic!("{value:?}")
    };
    assert_eq!(*syntax, None);
    assert_eq!(text(src, t.span), "  a\n  | END\n");
}

#[test]
fn what_the_dump_does_not_show() {
    let body = statements("$x.each |$y| { 1 }\n$x.f()\n$x.f\n$::a::b\n$0");
    let parens: Vec<bool> = body
        .iter()
        .filter_map(|e| match &e.kind {
            ExprKind::MethodCall(m) => Some(m.parens),
            _ => None,
        })
        .collect();
    assert_eq!(parens, [false, true, false]);
    assert_eq!(body[3].kind, ExprKind::Variable("::a::b".into()));
    assert_eq!(body[4].kind, ExprKind::Variable("0".into()));
}

#[test]
fn epp_parameter_tag() {
    let (program, _) = lowered("x", true);
    assert_eq!(program.epp_params, None);
    let (program, _) = lowered("<%- | | -%>x", true);
    assert_eq!(program.epp_params, Some(vec![]));
    let (program, _) = lowered("<%- | $a, *$b | -%>", true);
    let params = program.epp_params.unwrap();
    assert_eq!(params.len(), 2);
    assert_eq!(&*params[1].name, "b");
    assert!(params[1].captures_rest);
}
