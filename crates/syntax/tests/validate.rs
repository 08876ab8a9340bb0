//! `check` against Puppet 7.23's `puppet parser validate` / `puppet epp validate`.
//!
//! Each case below is a source (a template when its name ends in `.epp`) followed,
//! after `---`, by the errors Puppet printed for it: `line:column: message`, or
//! `line: message` where Puppet gives no column, or `: message` where it gives no
//! position. Messages that name the file are written as Puppet writes them for
//! source without a file name (`puppet parser validate < file`), as `check` has no
//! path. Puppet reports some errors twice, and in the order it walks its model; `check`
//! reports each once, in source order: both are compared as sets.
//!
//! To add a case, run Puppet on the source and copy its `Error:` lines in that form
//! (leaving out `Language validation logged N errors. Giving up` and, for templates,
//! `Errors while validating epp`).

use marionette_syntax::{check, LineIndex};
use std::collections::BTreeSet;

struct Case<'a> {
    name: &'a str,
    source: &'a str,
    expected: Vec<&'a str>,
}

fn cases() -> Vec<Case<'static>> {
    CASES
        .split("\n=== ")
        .skip(1)
        .map(|case| {
            let (name, rest) = case.split_once('\n').unwrap();
            // (a case without errors ends right after its `---`)
            let (source, expected) = rest
                .split_once("---\n")
                .or_else(|| Some((rest.strip_suffix("---")?, "")))
                .unwrap();
            Case {
                name,
                source,
                expected: expected.lines().filter(|l| !l.is_empty()).collect(),
            }
        })
        .collect()
}

/// Whether our error `(line, column, message)` is the one Puppet printed as `want`.
fn same(want: &str, (line, col, message): &(u32, u32, String)) -> bool {
    let (at, text) = want.split_once(": ").unwrap();
    if text != message {
        return false;
    }
    let mut parts = at.split(':');
    match (parts.next(), parts.next()) {
        (Some(""), None) => true,
        (Some(l), None) => l.parse() == Ok(*line),
        (Some(l), Some(c)) => l.parse() == Ok(*line) && c.parse() == Ok(*col),
        _ => false,
    }
}

#[test]
fn like_puppet() {
    let mut failures = Vec::new();
    let all = cases();
    assert!(all.len() > 200);
    for case in &all {
        let checked = check(case.source, case.name.ends_with(".epp"));
        let index = LineIndex::new(case.source);
        let ours: BTreeSet<(u32, u32, String)> = checked
            .errors
            .iter()
            .map(|e| {
                let at = index.line_col(case.source, e.range.start());
                (at.line, at.col, e.message.clone())
            })
            .collect();
        let matched = ours.len() == case.expected.len()
            && case
                .expected
                .iter()
                .all(|want| ours.iter().any(|got| same(want, got)));
        if !matched {
            let got: Vec<String> = ours
                .iter()
                .map(|(l, c, m)| format!("{l}:{c}: {m}"))
                .collect();
            failures.push(format!(
                "{}\n  Puppet: {:#?}\n  ours:   {:#?}",
                case.name, case.expected, got
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

const CASES: &str = r###"
=== assign/assign_idx.pp
$x = [1]
$x[0] = 2
---
2:1: Illegal attempt to assign via [index/key]. Not an assignable reference
=== assign/assign_list.pp
[$a, 1, $b::c] = [1,2,3]
---
1:6: Illegal attempt to assign to 'a Literal Integer'. Not an assignable reference
1:9: Illegal attempt to assign to 'b::c'. Cannot assign to variables in other namespaces
=== assign/assign_paren.pp
($a) = 1
---
1:1: Illegal attempt to assign to 'a Parenthesized Expression'. Not an assignable reference
=== assign/assign_hash.pp
{a => $b} = 1
---
1:1: Illegal attempt to assign to 'a Hash Expression'. Not an assignable reference
=== assign/assign_empty.pp
[] = 1
---
=== assign/minus_eq.pp
$a -= 1
---
1:4: The operator '-=' is no longer supported. See http://links.puppet.com/remove-plus-equals
=== assign/var_01.pp
$01 = 1
notice($01)
---
1:1: Illegal numeric variable name, The given name '01' must be a decimal value if it starts with a digit 0-9
2:8: Illegal numeric variable name, The given name '01' must be a decimal value if it starts with a digit 0-9
=== assign/var_upper.pp
notice($Foo)
---
1:8: Illegal variable name, The given name 'Foo' does not conform to the naming rule /^((::)?[a-z]\w*)*((::)?[a-z_]\w*)$/
=== assign/var_seg.pp
notice($a::_b)
notice($_a::b)
notice($a::B)
---
2:8: Illegal variable name, The given name '_a::b' does not conform to the naming rule /^((::)?[a-z]\w*)*((::)?[a-z_]\w*)$/
3:8: Illegal variable name, The given name 'a::B' does not conform to the naming rule /^((::)?[a-z]\w*)*((::)?[a-z_]\w*)$/
=== assign/call_var.pp
$x(1)
---
1:1: Illegal expression. A Variable is unacceptable as function name in a Function Call
=== assign/call_paren.pp
(foo)(1)
---
1:1: Illegal expression. A Parenthesized Expression is unacceptable as function name in a Function Call
=== assign/collect_name.pp
file <| |>
---
1:1: Illegal expression. A Name is unacceptable as type name in a Virtual Query
=== assign/collect_rvalue.pp
$x = File <| |>
$y = File <<| |>>
---
1:6: Invalid use of expression. A Virtual Query does not produce a value
2:6: Invalid use of expression. An Exported Query does not produce a value
=== assign/query1.pp
File <| title < 'a' |>
---
1:15: Illegal query expression. A '<' expression cannot be used in a query
=== assign/query2.pp
File <| undef |>
File <| default |>
File <| /x/ |>
File <| Foo |>
File <| 1.5 |>
File <| (a == b) and c |>
File <| a =~ b |>
File <| "x${a}" |>
File <| [1] |>
---
1:9: Illegal query expression. An 'undef' expression cannot be used in a query
2:9: Illegal query expression. A 'default' expression cannot be used in a query
3:9: Illegal query expression. A Regular Expression cannot be used in a query
4:9: Illegal query expression. A Type-Name cannot be used in a query
7:11: Illegal query expression. A '=~' expression cannot be used in a query
8:9: Illegal query expression. A Double Quoted String cannot be used in a query
9:9: Illegal query expression. An Array Expression cannot be used in a query
=== definitions/cls_upper.pp
class Foo {}
---
1:1: Unacceptable name. The name 'Foo' is unacceptable as the name of a Host Class Definition
=== definitions/cls_colon.pp
class ::foo {}
---
1:1: Unacceptable name. The name '::foo' is unacceptable as the name of a Host Class Definition
=== definitions/cls_hyphen.pp
class foo-bar {}
---
1:1: Unacceptable name. The name 'foo-bar' is unacceptable as the name of a Host Class Definition
=== definitions/cls_reserved.pp
class integer {}
define string {}
function array() {}
---
1:1: The name: 'integer' is already defined by Puppet and can not be used as the name of a Host Class Definition.
2:1: The name: 'string' is already defined by Puppet and can not be used as the name of a 'define' expression.
3:1: The name: 'array' is already defined by Puppet and can not be used as the name of a Function Definition.
=== definitions/cls_plan.pp
class plan {}
---
=== definitions/alias_reserved.pp
type Integer = String
---
: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/integer'. Originally set by Puppet-Type-System/Static-Loader.
=== definitions/alias_bad.pp
type Foo = [1]
---
1:12: Illegal expression. An Array Expression is unacceptable as a type reference in a Type Alias
=== definitions/alias_hash.pp
type Foo = {a => 1}
---
=== definitions/alias_var.pp
type Foo = Integer[$x]
---
=== definitions/typedef.pp
type Foo { }
---
1:1: Expressions of type a Type Definition are not supported in this version of Puppet
=== definitions/typedef2.pp
type Foo inherits Bar { }
---
1:1: Expressions of type a Type Definition are not supported in this version of Puppet
=== definitions/mapping.pp
type Foo[a] = Bar
---
1:6: Expressions of type a Type Mapping are not supported in this version of Puppet
=== definitions/params_reserved.pp
class a($name, $title) {}
define b($name, $title) {}
function c($name, $title) {}
---
1:16: The parameter $title redefines a built in parameter in the Host Class Definition
1:9: The parameter $name redefines a built in parameter in the Host Class Definition
2:10: The parameter $name redefines a built in parameter in the 'define' expression
2:17: The parameter $title redefines a built in parameter in the 'define' expression
=== definitions/params_dup.pp
class a($x, $x, $x) {}
define b($x, $x) {}
function c($x, $x) {}
$f = [1].each |$x, $x| {}
---
1:13: The parameter 'x' is declared more than once in the parameter list
1:17: The parameter 'x' is declared more than once in the parameter list
2:14: The parameter 'x' is declared more than once in the parameter list
3:16: The parameter 'x' is declared more than once in the parameter list
=== definitions/params_capture.pp
class a(*$x) {}
define b(*$x, $y) {}
function c(*$x, $y) {}
$f = [1].each |*$x, $y| {}
$g = [1].each |$y, *$x| {}
---
1:10: Parameter $x has 'captures rest' - not supported in a Host Class Definition
2:11: Parameter $x has 'captures rest' - not supported in a 'define' expression
4:17: Parameter $x is not last, and has 'captures rest'
=== definitions/params_numeric.pp
class a($0, $0x12, $Foo, $a::b) {}
---
1:13: Illegal parameter name. The given name '0x12' does not conform to the naming rule /^[a-z_]\w*$/
1:13: The numeric parameter name '$0x12' cannot be used (clashes with numeric match result variables)
1:20: Illegal parameter name. The given name 'Foo' does not conform to the naming rule /^[a-z_]\w*$/
1:26: Illegal parameter name. The given name 'a::b' does not conform to the naming rule /^[a-z_]\w*$/
1:9: Illegal parameter name. The given name '0' does not conform to the naming rule /^[a-z_]\w*$/
1:9: The numeric parameter name '$0' cannot be used (clashes with numeric match result variables)
=== definitions/params_meta.pp
class a($require, $before, $tag, $alias) {}
define b($require, $schedule) {}
---
: require is a metaparameter; please choose another parameter name in the a definition
=== loading/dup_class.pp
class a {}
class a {}
---
2: Class 'a' is already defined (line: 1); cannot redefine
=== loading/dup_define.pp
define a {}
define a {}
---
: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/a'. Originally set at string:?line=1&pos=1.
=== loading/dup_class_define.pp
class a {}
define a {}
---
2: 'a' is already defined (line: 1) as a class; cannot redefine as a definition
=== loading/dup_node.pp
node x {}
node x {}
---
2: Node 'x' is already defined (line: 1); cannot redefine
=== loading/dup_node_default.pp
node default {}
node default {}
---
2: Node 'default' is already defined (line: 1); cannot redefine
=== loading/dup_node_regex.pp
node /x/ {}
node /x/ {}
---
2: Node '__node_regexp__x' is already defined (line: 1); cannot redefine
=== loading/dup_node_list.pp
node x, x {}
---
1: Node 'x' is already defined (line: 1); cannot redefine
=== loading/dup_func.pp
function a() {}
function a() {}
---
: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/function/a'. Originally set at string:?line=1&pos=1.
=== loading/dup_alias.pp
type A = Integer
type A = String
---
: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/a'. Originally set at string:?line=1&pos=6.
=== loading/alias_file.pp
type File = String
---
: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/file'. Set at unknown location
=== loading/alias_resource.pp
type Resource = String
---
: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/resource'. Originally set by Puppet-Type-System/Static-Loader.
=== loading/alias_notify.pp
type Notify = String
---
: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/notify'. Set at unknown location
=== loading/meta_default.pp
class a($require = 1) {}
---
=== loading/meta_define.pp
define b($schedule) {}
---
: schedule is a metaparameter; please choose another parameter name in the b definition
=== loading/meta_audit.pp
define b($audit, $noop) {}
---
: audit is a metaparameter; please choose another parameter name in the b definition
=== loading/meta_stage.pp
class b($stage) {}
---
: stage is a metaparameter; please choose another parameter name in the b definition
=== loading/cls_main.pp
class main {}
---
=== loading/cls_settings.pp
class settings {}
---
=== loading/func_builtin.pp
function notice() {}
---
=== loading/cls_nested.pp
class a { class b {} }
class a::b {}
---
2: Class 'a::b' is already defined (line: 1); cannot redefine
=== definitions/params_assign.pp
class a($z = [1].map |$q| { $w = 1 }) {}
define b($x = ($y = 1)) {}
---
2:19: Assignment not allowed here
=== places/node_inherits.pp
node a inherits b {}
---
1:17: Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation
=== places/node_inherits_default.pp
node a inherits default {}
---
1:17: Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation
=== places/node_chars.pp
node 'foo bar', "x y", 'föo', a.b.c, 'a_b-c.d', /x y/, default {}
---
1:17: The hostname 'x y' contains illegal characters (only letters, digits, '_', '-', and '.' are allowed)
1:24: The hostname 'föo' contains illegal characters (only letters, digits, '_', '-', and '.' are allowed)
1:6: The hostname 'foo bar' contains illegal characters (only letters, digits, '_', '-', and '.' are allowed)
=== places/node_interp.pp
node "foo${x}" {}
---
1:12: An interpolated expression is not allowed in a hostname of a node
=== places/node_interp2.pp
node "foo${x}bar${y}" {}
---
1:12: An interpolated expression is not allowed in a hostname of a node
=== places/node_num.pp
node 1.2.3 {}
---
=== places/node_num2.pp
node 12 {}
---
=== places/node_idem.pp
node a { 1 }
---
1:10: This Literal Integer has no effect. A Node Definition can not end with a value-producing expression without other effect
=== places/node_nested.pp
class a { node b {} }
---
=== places/node_in_node.pp
node a { node b {} }
---
1:10: Classes, definitions, and nodes may only appear at toplevel or inside other classes
=== places/class_in_node.pp
node a { class b {} }
---
1:10: Classes, definitions, and nodes may only appear at toplevel or inside other classes
=== places/class_in_if.pp
if true { class b {} }
---
1:11: Classes, definitions, and nodes may only appear at toplevel or inside other classes
=== places/class_in_if2.pp
if true { class b {} class c {} }
---
1:11: Classes, definitions, and nodes may only appear at toplevel or inside other classes
1:22: Classes, definitions, and nodes may only appear at toplevel or inside other classes
=== places/func_in_class.pp
class a { function b() {} }
---
1:11: A Function Definition may only appear at toplevel
=== places/func_in_if.pp
if true { function b() {} }
---
1:11: Classes, definitions, and nodes may only appear at toplevel or inside other classes
=== places/func_in_if2.pp
if true { function b() {} $x = 1 }
---
1:11: A Function Definition may only appear at toplevel
=== places/alias_in_class.pp
class a { type B = Integer }
---
1:16: A Type Alias may only appear at toplevel
=== places/class_in_lambda.pp
[1].each |$x| { class b {} }
---
1:17: Classes, definitions, and nodes may only appear at toplevel or inside other classes
=== places/class_in_define.pp
define a { class b {} }
---
1:12: Classes, definitions, and nodes may only appear at toplevel or inside other classes
=== places/define_in_class.pp
class a { define b {} }
---
=== places/class_in_case.pp
case $x { 1: { class b {} } }
---
1:16: Classes, definitions, and nodes may only appear at toplevel or inside other classes
=== places/class_in_paren.pp
$x = (class b {})
---
1:7: Classes, definitions, and nodes may only appear at toplevel or inside other classes
1:7: Invalid use of expression. A Host Class Definition does not produce a value
=== places/class_in_rel.pp
class b {} -> notify{x:}
---
1:1: Classes, definitions, and nodes may only appear at toplevel or inside other classes
1:1: Invalid use of expression. A Host Class Definition does not produce a value
=== epp/dup.epp
<%- |$x, $x| -%>
---
1:10: The parameter 'x' is declared more than once in the parameter list
=== epp/capture.epp
<%- |*$x| -%>
---
1:7: Parameter $x has 'captures rest' - not supported in an Epp Template
=== epp/capture2.epp
<%- |*$x, $y| -%>
---
1:7: Parameter $x has 'captures rest' - not supported in an Epp Template
1:7: Parameter $x is not last, and has 'captures rest'
=== epp/reserved.epp
<%- |$name, $title| -%>
---
=== epp/ws_params2.epp
text <%($x)%>
---
1:1: Ambiguous EPP parameter expression. Probably missing '<%-' before parameters to remove leading whitespace
=== epp/class_in.epp
<% class foo {} %>
---
1:4: Classes, definitions, and nodes may only appear at toplevel or inside other classes
=== epp/func_in.epp
<% function foo() {} %>
---
1:4: A Function Definition may only appear at toplevel
=== epp/idem.epp
<% 1 %>text
---
1:4: This Literal Integer has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== epp/idem2.epp
<% $x = 1; 2 %>text<% 3 %>
---
1:12: This Literal Integer has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== epp/idem_last.epp
<% 1 %>
---
1:4: This Literal Integer has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== epp/numeric.epp
<%- |$0| -%>
---
1:6: Illegal parameter name. The given name '0' does not conform to the naming rule /^[a-z_]\w*$/
1:6: The numeric parameter name '$0' cannot be used (clashes with numeric match result variables)
=== epp/assign.epp
<%- |$x = ($y = 1)| -%>
---
1:15: Assignment not allowed here
=== epp/render_class.epp
<%= class foo {} %>
---
1:5: Classes, definitions, and nodes may only appear at toplevel or inside other classes
1:5: Invalid use of expression. A Host Class Definition does not produce a value
=== idem/i_lits.pp
1
2.5
's'
"d${x}"
true
undef
default
/re/
foo
Foo
[1]
{a=>1}
$x
-$x
!$x
$x[1]
$x + 1
$x == 1
$x in [1]
$x and $y
$x ? { default => 1 }
(1)
@(E)
  h
  | E
$x =~ /a/
notice(1)
---
11:1: Expression is not valid as a resource, resource-default, or resource-override
=== idem/i_if.pp
if $x { 1 } else { 2 }
if $x { 1 } elsif $y { notice(1) }
unless $x { 1 }
case $x { 1: { 2 } }
case $x { 1: { notice(1) } }
case $x { 1: { } }
if $x { }
if $x {}
(notice(1))
$x.foo
$x.foo()
[1].each |$x| { }
$y = 1
notify { 'x': }
---
1:1: This 'if' statement has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== idem/i_first_only.pp
1
2
notice(3)
---
1:1: This Literal Integer has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== idem/i_last_class.pp
class a { 1 }
class b { $x = 1 notice(1) 1 }
class c { if $x { 1 } }
class d { $x }
class e { }
define f { 'x' }
class g { $x = 1 }
function h() { 1 }
class i { [1].each |$x| { 1 } }
class j { (1) }
class k { -1 }
class l { File <| |> }
class m { File['x'] { mode => 1 } }
class n { File { mode => 1 } }
class o { Foo['x'] }
---
10:11: This Parenthesized Expression has no effect. A Host Class Definition can not end with a value-producing expression without other effect
11:11: This Unary Minus has no effect. A Host Class Definition can not end with a value-producing expression without other effect
15:11: This '[]' expression has no effect. A Host Class Definition can not end with a value-producing expression without other effect
1:11: This Literal Integer has no effect. A Host Class Definition can not end with a value-producing expression without other effect
2:28: This Literal Integer has no effect. A Host Class Definition can not end with a value-producing expression without other effect
3:11: This 'if' statement has no effect. A Host Class Definition can not end with a value-producing expression without other effect
4:11: This Variable has no effect. A Host Class Definition can not end with a value-producing expression without other effect
6:12: This String has no effect. A 'define' expression can not end with a value-producing expression without other effect
=== labels/i00.pp
1
notice(1)
---
1:1: This Literal Integer has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i01.pp
2.5
notice(1)
---
1:1: This Literal Float has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i02.pp
0x10
notice(1)
---
1:1: This Literal Integer has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i03.pp
's'
notice(1)
---
1:1: This String has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i04.pp
"d${x}"
notice(1)
---
1:1: This Double Quoted String has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i05.pp
"plain"
notice(1)
---
1:1: This String has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i06.pp
true
notice(1)
---
1:1: This Boolean has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i07.pp
undef
notice(1)
---
1:1: This 'undef' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i08.pp
default
notice(1)
---
1:1: This 'default' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i09.pp
/re/
notice(1)
---
1:1: This Regular Expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i10.pp
foo
notice(1)
---
1:1: This Name has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i11.pp
Foo
notice(1)
---
1:1: This Type-Name has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i12.pp
[1]
notice(1)
---
1:1: This Array Expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i13.pp
[]
notice(1)
---
1:1: This Array Expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i14.pp
{a=>1}
notice(1)
---
1:1: This Hash Expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i15.pp
{}
notice(1)
---
1:1: This Hash Expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i16.pp
$x
notice(1)
---
1:1: This Variable has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i17.pp
-$x
notice(1)
---
1:1: This Unary Minus has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i18.pp
!$x
notice(1)
---
1:1: This 'not' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i19.pp
*$x
notice(1)
---
1:1: This Unfold has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i20.pp
$x[1]
notice(1)
---
1:1: This '[]' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i21.pp
Foo[1]
notice(1)
---
1:1: This '[]' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i22.pp
$x + 1
notice(1)
---
1:4: This '+' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i23.pp
$x - 1
notice(1)
---
1:4: This '-' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i24.pp
$x * 1
notice(1)
---
1:4: This '*' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i25.pp
$x / 1
notice(1)
---
1:4: This '/' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i26.pp
$x % 1
notice(1)
---
1:4: This '%' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i27.pp
$x << 1
notice(1)
---
1:4: This '<<' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i28.pp
$x >> 1
notice(1)
---
1:4: This '>>' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i29.pp
$x == 1
notice(1)
---
1:4: This '==' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i30.pp
$x != 1
notice(1)
---
1:4: This '!=' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i31.pp
$x < 1
notice(1)
---
1:4: This '<' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i32.pp
$x <= 1
notice(1)
---
1:4: This '<=' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i33.pp
$x > 1
notice(1)
---
1:4: This '>' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i34.pp
$x >= 1
notice(1)
---
1:4: This '>=' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i35.pp
$x in [1]
notice(1)
---
1:4: This 'in' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i36.pp
$x and $y
notice(1)
---
1:4: This 'and' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i37.pp
$x or $y
notice(1)
---
1:4: This 'or' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i38.pp
$x ? { default => 1 }
notice(1)
---
1:1: This Selector Expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i39.pp
(1)
notice(1)
---
1:1: This Parenthesized Expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i41.pp
$x =~ /a/
notice(1)
---
=== labels/i42.pp
$x !~ /a/
notice(1)
---
=== labels/i43.pp
if $x { 1 } else { 2 }
notice(1)
---
1:1: This 'if' statement has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i44.pp
if $x { 1 } elsif $y { 2 }
notice(1)
---
1:1: This 'if' statement has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i45.pp
if $x { 1 } elsif $y { notice(1) }
notice(1)
---
=== labels/i46.pp
unless $x { 1 }
notice(1)
---
1:1: This 'unless' Statement has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i47.pp
unless $x { 1 } else { notice(1) }
notice(1)
---
=== labels/i48.pp
case $x { 1: { 2 } }
notice(1)
---
1:1: This 'case' statement has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i49.pp
case $x { 1: { notice(1) } }
notice(1)
---
=== labels/i50.pp
case notice(1) { 1: { 2 } }
notice(1)
---
=== labels/i51.pp
case $x { notice(1): { 2 } }
notice(1)
---
=== labels/i52.pp
case $x { 1: { } }
notice(1)
---
1:1: This 'case' statement has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i53.pp
if $x { }
notice(1)
---
1:1: This 'if' statement has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i54.pp
if notice(1) { }
notice(1)
---
=== labels/i55.pp
(notice(1))
notice(1)
---
=== labels/i56.pp
$x.foo
notice(1)
---
=== labels/i57.pp
$x.foo()
notice(1)
---
=== labels/i58.pp
$y = 1
notice(1)
---
=== labels/i59.pp
notify { 'x': }
notice(1)
---
=== labels/i60.pp
File <| |>
notice(1)
---
=== labels/i61.pp
File { mode => 1 }
notice(1)
---
=== labels/i62.pp
File['x'] { mode => 1 }
notice(1)
---
=== labels/i63.pp
private
notice(1)
---
1:1: This Reserved Word 'private' has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
1:1: Use of reserved word: private, must be quoted if intended to be a String value
=== labels/i64.pp
attr
notice(1)
---
1:1: This Reserved Word 'attr' has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
1:1: Use of reserved word: attr, must be quoted if intended to be a String value
=== labels/i65.pp
"${x =~ /a/}"
notice(1)
---
1:1: This Double Quoted String has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i66.pp
[$x =~ /a/]
notice(1)
---
1:1: This Array Expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i67.pp
$x ? { $y =~ /a/ => 1 }
notice(1)
---
1:1: This Selector Expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i68.pp
$x[notice(1)]
notice(1)
---
1:1: This '[]' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i69.pp
$x + notice(1)
notice(1)
---
1:4: This '+' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== labels/i70.pp
Integer(1)
notice(1)
---
=== resources/append_res.pp
file { 'x': mode +> 1 }
---
1:13: Illegal +> operation on attribute mode. This operator can not be used in a Resource Instance Definition
=== resources/append_def.pp
File { mode +> 1 }
---
1:8: Illegal +> operation on attribute mode. This operator can not be used in a Resource Defaults Expression
=== resources/append_ovr.pp
File['x'] { mode +> 1 }
---
=== resources/append_coll.pp
File <| |> { mode +> 1 }
---
=== resources/unfold2.pp
file { 'x': * => {}, * => {}, * => {} }
---
1:22: Unfolding of attributes from Hash can only be used once per resource body
1:31: Unfolding of attributes from Hash can only be used once per resource body
=== resources/unfold_def.pp
File { * => {}, * => {} }
---
=== resources/case_dup.pp
case $x { default: {} 1, default: {} default: {} }
---
1:26: This 'case' statement already has a 'default' entry - this is a duplicate
1:38: This 'case' statement already has a 'default' entry - this is a duplicate
=== resources/sel_dup.pp
$y = $x ? { default => 1, default => 2, default => 3 }
---
1:27: This Selector Expression already has a 'default' entry - this is a duplicate
=== resources/import.pp
import 'foo'
---
=== resources/import2.pp
import('foo')
---
=== resources/heredoc_json.pp
$x = @(E:json)
  {"a": }
  | E
notice($x)
---
2:1: Invalid produced text having syntax: 'json'. JSON syntax checker: Cannot parse invalid JSON string. "859: unexpected token at '{"a": }\n'"
=== resources/heredoc_json_ok.pp
$x = @(E:json)
  {"a": 1}
  | E
notice($x)
---
=== resources/heredoc_pp.pp
$x = @(E:pp)
  class {
  | E
notice($x)
---
2:1: Invalid produced text having syntax: 'pp'. PP syntax checker: "Syntax error at end of input"
=== resources/heredoc_base64.pp
$x = @(E:base64)
  !!!!
  | E
notice($x)
---
2:1: Invalid produced text having syntax: 'base64'. Base64 syntax checker: Cannot parse invalid Base64 string - padding is not correct
=== resources/heredoc_label.pp
@(E:json)
  1
  | E
notice(1)
---
1:1: This '@(json)' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== resources/heredoc_label2.pp
@(E)
  1
  | E
notice(1)
---
1:1: This '@()' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== resources/heredoc_yaml.pp
$x = @(E:yaml)
  a: [
  | E
notice($x)
---
=== resources/heredoc_json_interp.pp
$x = @("E":json)
  {"a": ${x}
  | E
notice($x)
---
=== resources/resource_args.pp
$x = Resource[]
$y = Resource[a, b, c]
notice($x, $y)
---
1:15: Syntax error at ']'
=== resources/dup_attr.pp
file { 'x': mode => 1, mode => 2 }
---
=== resources/dup_title.pp
file { ['x', 'x']: }
---
=== resources/reserved_places.pp
$x = private
notice(attr)
file { 'x': attr => 1 }
$y = { private => 1 }
---
1:6: Use of reserved word: private, must be quoted if intended to be a String value
2:8: Use of reserved word: attr, must be quoted if intended to be a String value
4:8: Use of reserved word: private, must be quoted if intended to be a String value
=== resources/reserved_attr_name.pp
file { 'x': private => 1, attr => 2 }
---
=== heredoc/pp1.pp
$x = @(E:pp)
  $a = 
  | E
notice($x)
---
2:1: Invalid produced text having syntax: 'pp'. PP syntax checker: "Syntax error at end of input"
=== heredoc/pp2.pp
$x = @(E:pp)
  $a = )
  | E
notice($x)
---
2:1: Invalid produced text having syntax: 'pp'. PP syntax checker: "Syntax error at ')' (line: 1, column: 6)"
=== heredoc/pp3.pp
$x = @(E:pp)
  $a::b = 1
  | E
notice($x)
---
2:1: Invalid produced text having syntax: 'pp'. PP syntax checker: "Illegal attempt to assign to 'a::b'. Cannot assign to variables in other namespaces (line: 1, column: 1)"
=== heredoc/pp6.pp
$x = @(E:pp)
  1
  2
  | E
notice($x)
---
2:1: Invalid produced text having syntax: 'pp'. PP syntax checker: "This Literal Integer has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form) (line: 1, column: 1)"
=== heredoc/pp7.pp
$x = @(E:foo+pp)
  $a = )
  | E
notice($x)
---
: PP syntax checker: the syntax identifier must be a String, e.g. pp
=== heredoc/pp8.pp
$x = @(E:pp)
  $a = )
  | E
$y = 1 +
---
: Syntax error at end of input
=== heredoc/pp9.pp
$a::b = 1
$x = @(E:pp)
  $a = )
  | E
$c::d = 1
---
3:1: Invalid produced text having syntax: 'pp'. PP syntax checker: "Syntax error at ')' (line: 1, column: 6)"
=== heredoc/epp1.pp
$x = @(E:epp)
  <%= %>
  | E
notice($x)
---
2:1: Invalid produced text having syntax: 'epp'. EPP syntax checker: "Syntax error at '%>' (line: 1, column: 5)"
=== heredoc/epp2.pp
$x = @(E:epp)
  <%- |$a, $a| -%>
  | E
notice($x)
---
2:1: Invalid produced text having syntax: 'epp'. EPP syntax checker: "The parameter 'a' is declared more than once in the parameter list (line: 1, column: 10)"
=== heredoc/b64.pp
$x = @(E:base64)
  YWJj
  ZA==
  | E
notice($x)
---
=== heredoc/b64_2.pp
$x = @(E:base64)
  YWJ?j
  | E
notice($x)
---
=== heredoc/b64_3.pp
$x = @(E:base64)
  YW*j
  | E
notice($x)
---
2:1: Invalid produced text having syntax: 'base64'. Base64 syntax checker: Cannot parse invalid Base64 string - padding is not correct
=== heredoc/b64_4.pp
$x = @(E:base64)
  YWJ=
  | E
notice($x)
---
2:1: Invalid produced text having syntax: 'base64'. Base64 syntax checker: Cannot parse invalid Base64 string - padding is not correct
=== heredoc/b64_5.pp
$x = @(E:base64)
  YWI=
  | E
notice($x)
---
=== heredoc/pp10.pp
$x = @(E:pp)
    class a {
  | E
notice($x)
---
2:1: Invalid produced text having syntax: 'pp'. PP syntax checker: "Syntax error at end of input"
=== loading/o1.pp
class a($require) {}
class a {}
---
: require is a metaparameter; please choose another parameter name in the a definition
=== loading/o2.pp
class a {}
class a($require) {}
---
: require is a metaparameter; please choose another parameter name in the a definition
=== loading/o3.pp
class a($require, $before) {}
---
: require is a metaparameter; please choose another parameter name in the a definition
=== loading/o4.pp
class a::b {}
class a { class b {} }
---
2: Class 'a::b' is already defined (line: 1); cannot redefine
=== loading/o5.pp
node 'X' {}
node 'x' {}
---
2: Node 'x' is already defined (line: 1); cannot redefine
=== loading/o6.pp
node /a b/ {}
node /ab/ {}
---
2: Node '__node_regexp__ab' is already defined (line: 1); cannot redefine
=== loading/o8.pp
node x {}
class x {}
---
2: Node 'x' is already defined (line: 1); cannot be redefined as a class
=== loading/o9.pp
define a {}
class a {}
---
2: Definition 'a' is already defined (line: 1); cannot be redefined as a class
=== loading/o10.pp
class a {}
node a {}
---
2: Class 'a' is already defined (line: 1); cannot be redefined as a node
=== loading/o11.pp
class a {}
define a {}
---
2: 'a' is already defined (line: 1) as a class; cannot redefine as a definition
=== loading/o12.pp
node /^a\.b$/ {}
node /^a.b$/ {}
---
2: Node '__node_regexp__a.b' is already defined (line: 1); cannot redefine
=== loading/o13.pp
node 12 {}
node '12' {}
---
2: Node '12' is already defined (line: 1); cannot redefine
=== loading/o14.pp
class a {
}
class b {}
class a {}
---
4: Class 'a' is already defined (line: 1); cannot redefine
=== loading/o15.pp
define d($tag) {}
define d2($noop = 1, $loglevel) {}
---
: tag is a metaparameter; please choose another parameter name in the d definition
=== loading/o16.pp
class a {} class a {} class a {}
---
1: Class 'a' is already defined (line: 1); cannot redefine
=== loading/o17.pp
node a, b {}
node b {}
---
2: Node 'b' is already defined (line: 1); cannot redefine
=== loading/o18.pp
node a.b.c {}
node 'a.b.c' {}
---
2: Node 'a.b.c' is already defined (line: 1); cannot redefine
=== loading/o20.pp
class a($alias, $stage, $audit, $schedule, $subscribe, $notify) {}
---
: alias is a metaparameter; please choose another parameter name in the a definition
=== loading/o21.pp
class a {
  class b {}
}
class a::b {}
---
4: Class 'a::b' is already defined (line: 2); cannot redefine
=== values/loc_selector.pp
$x + 1 ? { default => 1 }
notice(1)
---
1:4: This Selector Expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== values/loc_access_method.pp
$x.foo[1]
notice(1)
---
1:3: This '[]' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== values/loc_access_method2.pp
$x.foo(1)[1]
notice(1)
---
1:7: This '[]' expression has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== values/loc_rel_rvalue.pp
class a {} -> class b {}
---
1:15: Classes, definitions, and nodes may only appear at toplevel or inside other classes
1:15: Invalid use of expression. A Host Class Definition does not produce a value
1:1: Classes, definitions, and nodes may only appear at toplevel or inside other classes
1:1: Invalid use of expression. A Host Class Definition does not produce a value
=== values/loc_hash_key.pp
$h = { class a {} => 1 }
---
1:8: Classes, definitions, and nodes may only appear at toplevel or inside other classes
1:8: Invalid use of expression. A Host Class Definition does not produce a value
=== values/loc_comment_op.pp
$x /* c */ # d
  += 1
---
2:3: The operator '+=' is no longer supported. See http://links.puppet.com/remove-plus-equals
=== values/rv_if.pp
if class a {} { }
---
1:4: Classes, definitions, and nodes may only appear at toplevel or inside other classes
1:4: Invalid use of expression. A Host Class Definition does not produce a value
=== values/rv_case.pp
case $x { node a {}: {} }
---
1:11: Classes, definitions, and nodes may only appear at toplevel or inside other classes
1:11: Invalid use of expression. A Node Definition does not produce a value
=== values/rv_sel.pp
$y = $x ? { define a {} => 1 }
---
1:13: Classes, definitions, and nodes may only appear at toplevel or inside other classes
1:13: Invalid use of expression. A 'define' expression does not produce a value
=== values/rv_unary.pp
$y = !class a {}
---
1:7: Classes, definitions, and nodes may only appear at toplevel or inside other classes
1:7: Invalid use of expression. A Host Class Definition does not produce a value
=== values/rv_interp.pp
$y = "${class a {}}"
---
1:9: Classes, definitions, and nodes may only appear at toplevel or inside other classes
1:9: Invalid use of expression. A Host Class Definition does not produce a value
=== values/rv_attr.pp
file { 'x': mode => File <| |> }
---
1:21: Invalid use of expression. A Virtual Query does not produce a value
=== values/rv_splat.pp
file { 'x': * => File <| |> }
---
1:18: Invalid use of expression. A Virtual Query does not produce a value
=== values/rv_array.pp
$y = [File <| |>]
---
1:7: Invalid use of expression. A Virtual Query does not produce a value
=== values/rel_collect.pp
File <| |> -> File <<| |>>
---
=== values/rel_fn.pp
function f() {} -> notify{x:}
---
1:1: Classes, definitions, and nodes may only appear at toplevel or inside other classes
1:1: Invalid use of expression. A Function Definition does not produce a value
=== values/call_access.pp
Integer[1](2)
---
=== values/call_string.pp
'x'(1)
---
1:1: Illegal expression. A String is unacceptable as function name in a Function Call
=== values/call_method_chain.pp
$x.foo.bar(1)
---
=== values/reserved_call.pp
attr(1)
---
1:1: Illegal expression. A Reserved Word 'attr' is unacceptable as function name in a Function Call
1:1: Use of reserved word: attr, must be quoted if intended to be a String value
=== values/type_alias_ok.pp
type A = Integer[1]
type B = Hash[String, Integer]
type C = Object[{}]
---
=== values/query_ok.pp
File <| title == 'a' and (tag != 'b' or $x == 1) |>
File <| 1 == 1 |>
File <| true |>
File <| a |>
File <| $x |>
File <| 1.5 |>
File <| 'x' |>
---
=== values/query_bad.pp
File <| !(a == b) |>
File <| a in b |>
File <| a + 1 |>
File <<| a > 1 |>>
---
1:9: Illegal query expression. A 'not' expression cannot be used in a query
2:11: Illegal query expression. An 'in' expression cannot be used in a query
3:11: Illegal query expression. A '+' expression cannot be used in a query
4:12: Illegal query expression. A '>' expression cannot be used in a query
=== values/lambda_return.pp
$f = [1].map |$x| >> Integer { 1 }
---
=== values/func_capture.pp
function f(*$x, $y) {}
---
=== values/lambda_dup.pp
$f = [1].each |$x, $x| { }
---
=== values/unless_idem.pp
class a { unless $x { 1 } else { 2 } }
---
1:11: This 'unless' Statement has no effect. A Host Class Definition can not end with a value-producing expression without other effect
=== values/case_idem.pp
define a { case $x { 1: { 2 } default: { 3 } } }
---
1:12: This 'case' statement has no effect. A 'define' expression can not end with a value-producing expression without other effect
=== values/sel_idem_last.pp
node a { $x ? { default => 1 } }
---
1:10: This Selector Expression has no effect. A Node Definition can not end with a value-producing expression without other effect
=== values/idem_last_ok.pp
class a { notice(1) }
class b { if $x { notice(1) } }
class c { $x = 1 }
class d { [1].each |$x| { } }
---
=== values/block_if_multi.pp
if $x { 1 2 }
---
1:9: This Literal Integer has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== values/block_lambda.pp
$f = [1].each |$x| { 1 2 }
---
1:22: This Literal Integer has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== values/block_case.pp
case $x { 1: { 1 2 } }
---
1:16: This Literal Integer has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== values/block_func.pp
function f() { 1 2 }
---
1:16: This Literal Integer has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== values/block_else.pp
if $x { } else { 1 2 }
---
1:18: This Literal Integer has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== values/var_interp.pp
notice("$Foo")
---
1:9: Illegal variable name, The given name 'Foo' does not conform to the naming rule /^((::)?[a-z]\w*)*((::)?[a-z_]\w*)$/
=== values/var_ok.pp
notice($::x, $a::b::c, $_x, $0, $10)
---
=== values/classref.pp
notice(Foo::Bar, ::Foo)
---
=== loaders/ld_func.pp
function a() {}
function a() {}
---
: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/function/a'. Originally set at string:?line=1&pos=1.
=== loaders/ld_alias.pp
type A = Integer
type A = String
---
: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/a'. Originally set at string:?line=1&pos=6.
=== loaders/ld_define_alias.pp
define a {}
type A = Integer
---
: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/a'. Originally set at string:?line=1&pos=1.
=== loaders/ld_alias_define.pp
type A = Integer
define a {}
---
=== loaders/ld_define_nested.pp
class x { define a {} }
define x::a {}
---
: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/x::a'. Originally set at string:?line=1&pos=11.
=== loaders/ld_func_ns.pp
function a::b() {}
  function a::b() {}
---
: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/function/a::b'. Originally set at string:?line=1&pos=1.
=== loaders/ld_builtin.pp
type Binary = String
---
: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/binary'. Originally set by Puppet-Type-System/Static-Loader.
=== loaders/ld_builtin2.pp
type Data = String
---
: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/data'. Set at unknown location
=== loaders/ld_builtin3.pp
type Puppet::LookupKey = String
---
: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/puppet::lookupkey'. Set at unknown location
=== loaders/ld_define_file.pp
define file {}
---
=== loaders/ld_meta_after_dup.pp
define a {}
define a {}
class b($tag) {}
---
: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/a'. Originally set at string:?line=1&pos=1.
=== loaders/ld_meta_before_dup.pp
class b($tag) {}
define a {}
define a {}
---
: tag is a metaparameter; please choose another parameter name in the b definition
=== loaders/ld_order.pp
class a {}
class a {}
define b {}
define b {}
---
: Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/b'. Originally set at string:?line=3&pos=1.
=== loaders/ld_node_class.pp
node a {}
class a {}
---
2: Node 'a' is already defined (line: 1); cannot be redefined as a class
=== loaders/ld_ok.pp
class a { class b {} }
define c {}
node d {}
function e() {}
type F = Integer
type Foo::Bar = String
---
=== more/param_nested_assign.pp
class a($x = { a => ($y = 1) }, $z = [1].map |$q| { $w = 1 }) {}
---
1:25: Assignment not allowed here
=== more/param_typed_loc.pp
class a(Integer[1] $name, Optional[String] $x = ($y = 2)) {}
---
1:20: The parameter $name redefines a built in parameter in the Host Class Definition
1:53: Assignment not allowed here
=== more/node_inherits_dotted.pp
node a.b inherits c.d {}
---
1:19: Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation
=== more/node_default_inherits.pp
node default inherits foo {}
---
1:23: Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation
=== more/node_regex_inherits.pp
node /x/ inherits 'y' {}
---
1:19: Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation
=== more/hd_data_json.pp
$x = @(E:data+json)
  [1,
  | E
notice($x)
---
2:1: Invalid produced text having syntax: 'data+json'. JSON syntax checker: Cannot parse invalid JSON string. "451: unexpected token at ''"
=== more/hd_json_trim.pp
$x = @(E:json)
  [1,2]
  |- E
notice($x)
---
=== more/hd_json_long.pp
$x = @(E:json)
  {"aaaaaaaaaaaaaaaaaaaaaa": "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "cccccccccccccccccccccc": "dddddddddddddddddddddddddddd", "e": }
  | E
notice($x)
---
2:1: Invalid produced text having syntax: 'json'. JSON syntax checker: Cannot parse invalid JSON string. "859: unexpected token at '{"aaaaaaaaaaaaaaaaaaaaaa": "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "ccccccccc"
=== more/hd_json_multiline.pp
$x = @(E:json)
  {
    "a": 1,
    "b": [1,2,
  }
  | E
notice($x)
---
2:1: Invalid produced text having syntax: 'json'. JSON syntax checker: Cannot parse invalid JSON string. "451: unexpected token at '}\n'"
=== more/hd_base64_trim.pp
$x = @(E:base64)
  YWJj
  |- E
notice($x)
---
=== more/hd_pp_nested.pp
$x = @(E:pp)
  $y = @(F:json)
    [1,
    | F
  | E
notice($x)
---
2:1: Invalid produced text having syntax: 'pp'. PP syntax checker: "Invalid produced text having syntax: 'json'. JSON syntax checker: Cannot parse invalid JSON string. "451: unexpected token at ''" (line: 2, column: 1)"
=== more/hd_pp_ok.pp
$x = @(E:pp)
  notice(1)
  | E
notice($x)
---
=== more/hd_epp_ok.pp
$x = @(E:epp)
  <%- | $a | -%>
  <%= $a %>
  | E
notice($x)
---
=== more/hd_in_class.pp
class a {
  $x = @(E:json)
    [
    | E
  1
}
---
3:1: Invalid produced text having syntax: 'json'. JSON syntax checker: Cannot parse invalid JSON string. "451: unexpected token at ''"
=== more/hd_json_nonascii.pp
$x = @(E:json)
  ["é",]
  | E
notice($x)
---
2:1: Invalid produced text having syntax: 'json'. JSON syntax checker: Cannot parse invalid JSON string. "451: unexpected token at ']\n'"
=== more/sel_matchers.pp
$y = $x ? { File <| |> => 1, default => 2 }
---
1:13: Invalid use of expression. A Virtual Query does not produce a value
=== more/unless_rvalue.pp
unless File <| |> { }
---
: Syntax error at end of input
=== more/hash_values.pp
$y = { a => File <| |> }
---
1:13: Invalid use of expression. A Virtual Query does not produce a value
=== epp/render_block.epp
<%= { 1 2 } %>
---
1:7: This Literal Integer has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
=== epp/render_block_class.epp
<%= { class a {} 2 } %>
---
1:7: Classes, definitions, and nodes may only appear at toplevel or inside other classes
=== epp/epp_noparams_class.epp
<% class a {} -%>
---
1:4: Classes, definitions, and nodes may only appear at toplevel or inside other classes
=== epp/epp_func_lambda.epp
<% [1].each |$x| { function f() {} } -%>
---
1:20: A Function Definition may only appear at toplevel
=== epp/epp_params_ok.epp
<%- |String $a, Integer $b = 1| -%>
<%= $a %>
---
=== epp/epp_call_text.epp
  <%($x)%>
---
1:1: Ambiguous EPP parameter expression. Probably missing '<%-' before parameters to remove leading whitespace
=== runtime/rt_resource_args.pp
$x = Resource['file', 'a', 'b', 'c']
notice($x)
---
=== runtime/rt_break.pp
break()
---
=== runtime/rt_return.pp
return 1
---
=== runtime/rt_next.pp
next()
---
=== runtime/rt_default_key.pp
$x = { default => 1 }
notice($x)
---
=== runtime/rt_default_title.pp
file { default: mode => '0644' }
---
=== runtime/rt_default_arg.pp
notice(default)
---
=== runtime/rt_import.pp
import 'x.pp'
---
=== runtime/rt_hash_key_expr.pp
$x = { [1] => 2, { a => 1 } => 3 }
notice($x)
---
=== runtime/rt_title_expr.pp
file { [1, 2]: }
---
=== runtime/rt_dup_key.pp
$x = { a => 1, a => 2 }
notice($x)
---
=== runtime/rt_plan.pp
class plan {}
---
"###;
