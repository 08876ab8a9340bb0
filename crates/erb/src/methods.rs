//! The methods templates call: Kernel's and the template's own (`scope`, `file`,
//! `has_variable?`, Puppet's log methods), the scope's (`lookupvar`, `[]`,
//! `function_x`, `call_function`), and the core classes' (String, Symbol, Integer,
//! Float, Array, Hash, Range, Regexp, MatchData), with Ruby 3.1's results and errors.

use crate::interp::{err, Flow, Interp, Proc, RubyError, R};
use crate::value::{hash_insert, Hash, Range, Regexp, StrKey, Value};
use marionette_catalog::ruby::yaml;
use std::cmp::Ordering;
use std::rc::Rc;

/// A successful match: groups (0 is the whole match), group names, and the text
/// around it.
#[derive(Debug)]
pub struct MatchData {
    pub groups: Vec<Option<String>>,
    pub names: Vec<Option<String>>,
    pub pre: String,
    pub post: String,
}

type Block<'a> = Option<&'a Rc<Proc>>;

/// How Ruby names a receiver in `undefined method` messages.
pub(crate) fn describe(v: &Value) -> String {
    match v {
        Value::Nil => "nil:NilClass".into(),
        Value::Bool(true) => "true:TrueClass".into(),
        Value::Bool(false) => "false:FalseClass".into(),
        Value::Template => "#<Puppet::Parser::TemplateWrapper:0x0000000000000000>".into(),
        Value::Scope => "#<Puppet::Parser::Scope:0x0000000000000000>".into(),
        Value::Class(c) => format!("{c}:Class"),
        other => {
            let s = other.inspect();
            if s.chars().count() > 65 {
                format!("#<{}:0x0000000000000000>", other.class_name())
            } else if s.starts_with('#') {
                // Ruby names the class only after an `inspect` that does not.
                s
            } else {
                format!("{s}:{}", other.class_name())
            }
        }
    }
}

fn no_method(name: &str, recv: &Value, line: u32) -> Flow {
    err(
        "NoMethodError",
        format!("undefined method `{name}' for {}", describe(recv)),
        line,
    )
}

pub(crate) fn arity(
    name: &str,
    args: &[Value],
    min: usize,
    max: usize,
    line: u32,
) -> Result<(), Flow> {
    if args.len() < min || args.len() > max {
        let expected = if min == max {
            min.to_string()
        } else if max == usize::MAX {
            format!("{min}+")
        } else {
            format!("{min}..{max}")
        };
        let _ = name;
        return Err(err(
            "ArgumentError",
            format!(
                "wrong number of arguments (given {}, expected {expected})",
                args.len()
            ),
            line,
        ));
    }
    Ok(())
}

fn type_error(msg: impl Into<String>, line: u32) -> Flow {
    err("TypeError", msg, line)
}

fn no_implicit(v: &Value, into: &str, line: u32) -> Flow {
    let what = match v {
        Value::Nil => "nil".to_string(),
        Value::Bool(b) => b.to_string(),
        other => other.class_name(),
    };
    type_error(
        format!("no implicit conversion of {what} into {into}"),
        line,
    )
}

fn arg(args: &[Value], i: usize) -> Value {
    args.get(i).cloned().unwrap_or(Value::Nil)
}

fn int_arg(v: &Value, line: u32) -> Result<i64, Flow> {
    match v {
        Value::Int(i) => Ok(*i),
        Value::Float(f) => Ok(*f as i64),
        other => Err(no_implicit(other, "Integer", line)),
    }
}

fn str_arg(v: &Value, line: u32) -> Result<String, Flow> {
    match v {
        Value::Str(s) => Ok(s.borrow().clone()),
        other => Err(no_implicit(other, "String", line)),
    }
}

/// The elements `each` goes over: an array's items, a hash's pairs, a range's values.
pub(crate) fn to_items(v: &Value) -> Option<Vec<Value>> {
    match v {
        Value::Array(a) => Some(a.borrow().clone()),
        Value::Hash(h) => Some(
            h.borrow()
                .values()
                .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
                .collect(),
        ),
        Value::Range(r) => range_items(r),
        _ => None,
    }
}

fn range_items(r: &Range) -> Option<Vec<Value>> {
    match (&r.start, &r.end) {
        (Value::Int(a), Value::Int(b)) => {
            let end = if r.exclusive { *b } else { b.checked_add(1)? };
            if end.saturating_sub(*a) > 10_000_000 {
                return None;
            }
            Some((*a..end).map(Value::Int).collect())
        }
        (Value::Str(a), Value::Str(b)) => {
            let (a, b) = (a.borrow().clone(), b.borrow().clone());
            let mut out = Vec::new();
            let mut cur = a;
            for _ in 0..100_000 {
                if cur == b {
                    if !r.exclusive {
                        out.push(Value::str(cur));
                    }
                    return Some(out);
                }
                if cur.len() > b.len() {
                    return Some(out);
                }
                out.push(Value::str(cur.clone()));
                cur = str_succ(&cur);
            }
            Some(out)
        }
        // A library object (IPAddr): `succ` until past the end.
        (Value::Object(_), Value::Object(_)) => {
            let mut out = Vec::new();
            let mut cur = r.start.clone();
            for _ in 0..100_000 {
                match compare(&cur, &r.end)? {
                    Ordering::Greater => break,
                    Ordering::Equal => {
                        if !r.exclusive {
                            out.push(cur);
                        }
                        break;
                    }
                    Ordering::Less => out.push(cur.clone()),
                }
                let Value::Object(o) = &cur else { break };
                cur = o.call("succ", &[], 0).ok()??;
            }
            Some(out)
        }
        _ => None,
    }
}

/// Ruby's `String#succ` for alphanumeric strings.
fn str_succ(s: &str) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    let mut i = chars.len();
    while i > 0 {
        i -= 1;
        let c = chars[i];
        let (next, carry) = match c {
            'z' => ('a', true),
            'Z' => ('A', true),
            '9' => ('0', true),
            c if c.is_ascii_alphanumeric() => ((c as u8 + 1) as char, false),
            c => (char::from_u32(c as u32 + 1).unwrap_or(c), false),
        };
        chars[i] = next;
        if !carry {
            return chars.into_iter().collect();
        }
        if i == 0 {
            let first = match c {
                'z' => 'a',
                'Z' => 'A',
                _ => '1',
            };
            chars.insert(0, first);
        }
    }
    chars.into_iter().collect()
}

/// Translates a Ruby regexp into the engine's syntax: Ruby's `^`/`$` always work
/// per line; `m` lets `.` match newlines.
pub(crate) fn make_regexp(src: &str, flags: &str) -> Result<Value, String> {
    let mut pattern = String::new();
    for (ruby, rust) in [('i', "(?i)"), ('m', "(?s)"), ('x', "(?x)")] {
        if flags.contains(ruby) {
            pattern.push_str(rust);
        }
    }
    pattern.push_str(&marionette_catalog::ruby::regex_to_rust(src));
    let regex = compiled(&pattern).map_err(|e| format!("{e}: /{src}/"))?;
    let mut f = String::new();
    for c in ['m', 'i', 'x'] {
        if flags.contains(c) {
            f.push(c);
        }
    }
    Ok(Value::Regexp(Rc::new(Regexp {
        source: src.to_string(),
        flags: f,
        regex,
    })))
}

/// The engine's regex for `pattern`, compiled once per process: a template's regexp
/// literals are evaluated at every render (and every loop iteration), and compiling
/// costs far more than matching.
fn compiled(pattern: &str) -> Result<std::sync::Arc<fancy_regex::Regex>, String> {
    use foldhash::HashMap;
    use std::sync::{Arc, Mutex, OnceLock};
    type Cache = Mutex<HashMap<String, Arc<fancy_regex::Regex>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    // Patterns built at run time (`Regexp.new(s)`) could grow it without bound.
    const LIMIT: usize = 10_000;
    let cache = CACHE.get_or_init(Default::default);
    if let Some(r) = cache.lock().unwrap_or_else(|p| p.into_inner()).get(pattern) {
        return Ok(r.clone());
    }
    let r = Arc::new(fancy_regex::Regex::new(pattern).map_err(|e| e.to_string())?);
    let mut cache = cache.lock().unwrap_or_else(|p| p.into_inner());
    if cache.len() >= LIMIT {
        cache.clear();
    }
    cache.insert(pattern.to_string(), r.clone());
    Ok(r)
}

fn regex_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '.' | '*' | '?' | '+' | '^' | '$' | '|' | '(' | ')' | '[' | ']' | '{' | '}' | '\\'
            | '/' | '-' => {
                if c != '/' {
                    out.push('\\');
                }
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            ' ' => out.push_str("\\ "),
            c => out.push(c),
        }
    }
    out
}

/// A regexp for a String or Regexp pattern argument.
fn pattern_of(v: &Value, line: u32) -> Result<Rc<Regexp>, Flow> {
    match v {
        Value::Regexp(r) => Ok(r.clone()),
        Value::Str(s) => match make_regexp(&regex_escape(&s.borrow()), "") {
            Ok(Value::Regexp(r)) => Ok(r),
            _ => Err(err("RegexpError", "bad pattern", line)),
        },
        other => Err(type_error(
            format!(
                "wrong argument type {} (expected Regexp)",
                other.class_name()
            ),
            line,
        )),
    }
}

fn match_at(r: &Regexp, s: &str, start: usize, line: u32) -> Result<Option<MatchData>, Flow> {
    if start > s.len() {
        return Ok(None);
    }
    let caps = r
        .regex
        .captures_from_pos(s, start)
        .map_err(|e| err("RegexpError", e.to_string(), line))?;
    Ok(caps.map(|c| {
        let whole = c.get(0);
        MatchData {
            groups: (0..c.len())
                .map(|i| c.get(i).map(|m| m.as_str().to_string()))
                .collect(),
            names: r
                .regex
                .capture_names()
                .skip(1)
                .map(|n| n.map(String::from))
                .collect(),
            pre: whole
                .map(|m| s[..m.start()].to_string())
                .unwrap_or_default(),
            post: whole.map(|m| s[m.end()..].to_string()).unwrap_or_default(),
        }
    }))
}

/// Every match from the start: (start, end, data).
fn all_matches(r: &Regexp, s: &str, line: u32) -> Result<Vec<(usize, usize, MatchData)>, Flow> {
    let mut out = Vec::new();
    let mut pos = 0;
    while pos <= s.len() {
        let Some(m) = match_at(r, s, pos, line)? else {
            break;
        };
        let matched = m.groups[0].clone().unwrap_or_default();
        let start = m.pre.len();
        let end = start + matched.len();
        out.push((start, end, m));
        pos = if end == start {
            match s[end..].chars().next() {
                Some(c) => end + c.len_utf8(),
                None => break,
            }
        } else {
            end
        };
    }
    Ok(out)
}

/// Ruby's `<=>` where it is defined.
pub(crate) fn compare(a: &Value, b: &Value) -> Option<Ordering> {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Some(x.cmp(y)),
        (Value::Int(x), Value::Float(y)) => (*x as f64).partial_cmp(y),
        (Value::Float(x), Value::Int(y)) => x.partial_cmp(&(*y as f64)),
        (Value::Float(x), Value::Float(y)) => x.partial_cmp(y),
        (Value::Str(x), Value::Str(y)) => Some(x.borrow().as_bytes().cmp(y.borrow().as_bytes())),
        (Value::Sym(x), Value::Sym(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        (Value::Array(x), Value::Array(y)) => {
            let (x, y) = (x.borrow().clone(), y.borrow().clone());
            for (p, q) in x.iter().zip(y.iter()) {
                match compare(p, q)? {
                    Ordering::Equal => {}
                    o => return Some(o),
                }
            }
            Some(x.len().cmp(&y.len()))
        }
        (Value::Nil, Value::Nil) => Some(Ordering::Equal),
        (Value::Bool(x), Value::Bool(y)) if x == y => Some(Ordering::Equal),
        (Value::Object(x), y) => x.compare(y),
        _ => None,
    }
}

fn compare_or_fail(a: &Value, b: &Value, line: u32) -> Result<Ordering, Flow> {
    compare(a, b).ok_or_else(|| {
        err(
            "ArgumentError",
            format!(
                "comparison of {} with {} failed",
                a.class_name(),
                match b {
                    Value::Nil => "nil".to_string(),
                    Value::Int(i) => i.to_string(),
                    Value::Float(_) => b.to_s(),
                    Value::Str(_) | Value::Array(_) | Value::Hash(_) | Value::Sym(_) => {
                        b.inspect()
                    }
                    other => other.class_name(),
                }
            ),
            line,
        )
    })
}

fn sort_values(
    it: &mut Interp<'_>,
    items: &mut [Value],
    block: Block<'_>,
    line: u32,
) -> Result<(), Flow> {
    // Merge sort with fallible comparisons (no panics, errors propagate).
    let mut failure = None;
    let mut v = items.to_vec();
    let mut cmp = |a: &Value, b: &Value| -> Ordering {
        if failure.is_some() {
            return Ordering::Equal;
        }
        let r = match block {
            Some(b2) => it
                .yield_block(b2, vec![a.clone(), b.clone()])
                .and_then(|r| match r {
                    Value::Int(i) => Ok(i.cmp(&0)),
                    Value::Float(f) => Ok(f.partial_cmp(&0.0).unwrap_or(Ordering::Equal)),
                    other => Err(err(
                        "ArgumentError",
                        format!("comparison of {} with 0 failed", other.class_name()),
                        line,
                    )),
                }),
            None => compare_or_fail(a, b, line),
        };
        match r {
            Ok(o) => o,
            Err(e) => {
                failure = Some(e);
                Ordering::Equal
            }
        }
    };
    merge_sort(&mut v, &mut cmp);
    if let Some(e) = failure {
        return Err(e);
    }
    items.clone_from_slice(&v);
    Ok(())
}

fn merge_sort(v: &mut Vec<Value>, cmp: &mut dyn FnMut(&Value, &Value) -> Ordering) {
    if v.len() <= 1 {
        return;
    }
    let right = v.split_off(v.len() / 2);
    let mut left = std::mem::take(v);
    let mut right = right;
    merge_sort(&mut left, cmp);
    merge_sort(&mut right, cmp);
    let mut l = left.into_iter().peekable();
    let mut r = right.into_iter().peekable();
    loop {
        match (l.peek(), r.peek()) {
            (Some(a), Some(b)) => {
                if cmp(b, a) == Ordering::Less {
                    v.extend(r.next());
                } else {
                    v.extend(l.next());
                }
            }
            (Some(_), None) => v.extend(l.next()),
            (None, Some(_)) => v.extend(r.next()),
            (None, None) => break,
        }
    }
}

pub(crate) fn is_standard_error(class: &str) -> bool {
    !matches!(
        class,
        "SystemStackError"
            | "NoMemoryError"
            | "ScriptError"
            | "NotImplementedError"
            | "SyntaxError"
            | "SystemExit"
            | "Interrupt"
    )
}

/// Whether an exception of `class` is rescued by `ancestor`.
pub(crate) fn error_is_a(class: &str, ancestor: &str) -> bool {
    if class == ancestor || ancestor == "Exception" || ancestor == "Object" {
        return true;
    }
    let parent = match class {
        "NoMethodError" => "NameError",
        "NameError" | "ArgumentError" | "TypeError" | "ZeroDivisionError" | "IndexError"
        | "RangeError" | "RegexpError" | "RuntimeError" | "LocalJumpError" | "FrozenError"
        | "Puppet::Error" => "StandardError",
        "KeyError" | "StopIteration" => "IndexError",
        "FloatDomainError" => "RangeError",
        "Puppet::ParseError" | "Puppet::ParseErrorWithIssue" => "Puppet::Error",
        c if crate::classes::error_parent(c).is_some() => {
            crate::classes::error_parent(c).unwrap_or("StandardError")
        }
        "NotImplementedError" => "ScriptError",
        "StandardError" | "ScriptError" | "SystemStackError" => "Exception",
        _ => "StandardError",
    };
    class != "Exception" && error_is_a(parent, ancestor)
}

pub(crate) fn exception_value(e: &RubyError) -> Value {
    Value::Exception(Rc::new(e.clone()))
}

/// Methods every object has (Kernel and Object).
const OBJECT_METHODS: &[&str] = &[
    "nil?",
    "to_s",
    "inspect",
    "class",
    "is_a?",
    "kind_of?",
    "instance_of?",
    "respond_to?",
    "==",
    "!=",
    "equal?",
    "eql?",
    "===",
    "=~",
    "!",
    "frozen?",
    "freeze",
    "dup",
    "clone",
    "tap",
    "then",
    "send",
    "public_send",
    "itself",
    "hash",
    "object_id",
    "instance_variable_get",
    "to_enum",
    "display",
    "method",
    "methods",
];

/// The methods a template's `self` answers.
pub(crate) fn self_responds(name: &str) -> bool {
    matches!(
        name,
        "scope"
            | "file"
            | "has_variable?"
            | "classes"
            | "all_tags"
            | "tags"
            | "puts"
            | "print"
            | "p"
            | "raise"
            | "fail"
            | "format"
            | "sprintf"
            | "Integer"
            | "Float"
            | "String"
            | "Array"
            | "Hash"
            | "require"
            | "lambda"
            | "proc"
            | "loop"
            | "debug"
            | "info"
            | "notice"
            | "warning"
            | "err"
            | "alert"
            | "emerg"
            | "crit"
    ) || OBJECT_METHODS.contains(&name)
}

/// `respond_to?` for the core classes this interpreter implements.
pub(crate) fn responds_to(v: &Value, name: &str) -> bool {
    if OBJECT_METHODS.contains(&name) {
        return true;
    }
    let list: &[&str] = match v {
        Value::Nil => &["to_a", "to_i", "to_f", "to_h", "&", "|"],
        Value::Str(_) => STRING_METHODS,
        Value::Sym(_) => &[
            "to_sym",
            "to_proc",
            "length",
            "size",
            "upcase",
            "downcase",
            "capitalize",
            "<=>",
            "[]",
            "start_with?",
            "end_with?",
            "empty?",
            "succ",
        ],
        Value::Int(_) | Value::Float(_) => NUMBER_METHODS,
        Value::Array(_) => ARRAY_METHODS,
        Value::Hash(_) => HASH_METHODS,
        Value::Range(_) => &[
            "each",
            "map",
            "to_a",
            "include?",
            "member?",
            "cover?",
            "first",
            "last",
            "min",
            "max",
            "size",
            "count",
            "step",
            "select",
            "reject",
            "reverse_each",
            "sum",
            "begin",
            "end",
            "each_with_index",
            "each_slice",
            "exclude_end?",
        ],
        Value::Regexp(_) => &["match", "match?", "source", "options", "=~", "==="],
        Value::Match(_) => &[
            "[]",
            "captures",
            "named_captures",
            "pre_match",
            "post_match",
            "to_a",
            "names",
            "begin",
            "end",
        ],
        Value::Proc(_) => &["call", "()", "[]", "to_proc", "arity", "lambda?", "yield"],
        Value::Scope => &[
            "lookupvar",
            "[]",
            "setvar",
            "call_function",
            "to_hash",
            "include?",
            "exist?",
        ],
        Value::Template => return self_responds(name),
        Value::Object(o) => o.methods(),
        _ => &[],
    };
    list.contains(&name)
        || (matches!(v, Value::Scope) && name.starts_with("function_"))
        || (matches!(v, Value::Array(_) | Value::Hash(_) | Value::Range(_))
            && ENUMERABLE_METHODS.contains(&name))
}

const STRING_METHODS: &[&str] = &[
    "+",
    "*",
    "%",
    "<=>",
    "<",
    ">",
    "<=",
    ">=",
    "[]",
    "[]=",
    "<<",
    "concat",
    "length",
    "size",
    "bytesize",
    "upcase",
    "downcase",
    "capitalize",
    "swapcase",
    "strip",
    "lstrip",
    "rstrip",
    "chomp",
    "chop",
    "chars",
    "lines",
    "bytes",
    "split",
    "gsub",
    "sub",
    "gsub!",
    "sub!",
    "start_with?",
    "end_with?",
    "include?",
    "index",
    "rindex",
    "empty?",
    "to_str",
    "to_sym",
    "intern",
    "to_i",
    "to_f",
    "to_c",
    "center",
    "ljust",
    "rjust",
    "reverse",
    "tr",
    "delete",
    "squeeze",
    "count",
    "each_char",
    "each_line",
    "scan",
    "replace",
    "upcase!",
    "downcase!",
    "capitalize!",
    "strip!",
    "lstrip!",
    "rstrip!",
    "chomp!",
    "squeeze!",
    "ord",
    "hex",
    "oct",
    "succ",
    "next",
    "casecmp",
    "casecmp?",
    "encoding",
    "force_encoding",
    "encode",
    "slice",
    "+@",
    "-@",
    "partition",
    "rpartition",
    "prepend",
    "insert",
    "match",
    "match?",
    "unpack",
    "each_byte",
    "ascii_only?",
    "b",
    "valid_encoding?",
    "unicode_normalize",
    "shellescape",
    "delete_prefix",
    "delete_suffix",
    "tr_s",
    "upto",
    "between?",
];

const NUMBER_METHODS: &[&str] = &[
    "+",
    "-",
    "*",
    "/",
    "%",
    "**",
    "-@",
    "+@",
    "<=>",
    "<",
    ">",
    "<=",
    ">=",
    "to_i",
    "to_f",
    "to_int",
    "times",
    "upto",
    "downto",
    "step",
    "zero?",
    "even?",
    "odd?",
    "abs",
    "succ",
    "next",
    "pred",
    "chr",
    "floor",
    "ceil",
    "round",
    "truncate",
    "between?",
    "clamp",
    "divmod",
    "fdiv",
    "integer?",
    "positive?",
    "negative?",
    "&",
    "|",
    "^",
    "<<",
    ">>",
    "nan?",
    "finite?",
    "infinite?",
    "modulo",
    "div",
    "to_r",
    "digits",
    "coerce",
    "nonzero?",
];

const ENUMERABLE_METHODS: &[&str] = &[
    "each_with_index",
    "each_with_object",
    "map",
    "collect",
    "flat_map",
    "collect_concat",
    "select",
    "filter",
    "reject",
    "find",
    "detect",
    "find_index",
    "find_all",
    "any?",
    "all?",
    "none?",
    "one?",
    "count",
    "include?",
    "member?",
    "to_a",
    "entries",
    "sort",
    "sort_by",
    "min",
    "max",
    "min_by",
    "max_by",
    "minmax",
    "sum",
    "inject",
    "reduce",
    "group_by",
    "partition",
    "each_slice",
    "each_cons",
    "zip",
    "first",
    "take",
    "drop",
    "take_while",
    "drop_while",
    "uniq",
    "tally",
    "filter_map",
    "to_h",
    "to_set",
    "grep",
    "grep_v",
    "chunk_while",
    "slice_when",
    "each_entry",
    "reverse_each",
    "lazy",
    "cycle",
    "sum",
];

const ARRAY_METHODS: &[&str] = &[
    "each",
    "each_index",
    "map!",
    "collect!",
    "select!",
    "reject!",
    "filter!",
    "index",
    "rindex",
    "join",
    "last",
    "push",
    "<<",
    "append",
    "pop",
    "shift",
    "unshift",
    "prepend",
    "concat",
    "+",
    "-",
    "*",
    "&",
    "|",
    "<=>",
    "[]",
    "[]=",
    "slice",
    "size",
    "length",
    "empty?",
    "compact",
    "compact!",
    "flatten",
    "flatten!",
    "uniq!",
    "sort!",
    "sort_by!",
    "reverse",
    "reverse!",
    "rotate",
    "transpose",
    "values_at",
    "dig",
    "fetch",
    "assoc",
    "delete",
    "delete_at",
    "delete_if",
    "keep_if",
    "insert",
    "clear",
    "replace",
    "fill",
    "product",
    "combination",
    "sample",
    "shuffle",
    "pack",
    "difference",
    "union",
    "intersection",
    "intersect?",
    "sum",
];

const HASH_METHODS: &[&str] = &[
    "each",
    "each_pair",
    "each_key",
    "each_value",
    "keys",
    "values",
    "key?",
    "has_key?",
    "value?",
    "has_value?",
    "[]",
    "[]=",
    "store",
    "fetch",
    "dig",
    "delete",
    "merge",
    "merge!",
    "update",
    "size",
    "length",
    "empty?",
    "invert",
    "key",
    "values_at",
    "transform_values",
    "transform_keys",
    "select!",
    "reject!",
    "keep_if",
    "delete_if",
    "compact",
    "to_hash",
    "sort",
    "clear",
    "default",
    "any?",
    "filter_map",
    "slice",
    "except",
    "fetch_values",
    "compare_by_identity",
    "to_a",
    "count",
];

// ---------------------------------------------------------------- self (Kernel)

pub(crate) fn self_method(
    it: &mut Interp<'_>,
    name: &str,
    args: Vec<Value>,
    block: Block<'_>,
    line: u32,
    bare: bool,
) -> R {
    match name {
        "scope" => Ok(Value::Scope),
        "file" => Ok(it.host.file().map(Value::str).unwrap_or(Value::Nil)),
        "has_variable?" => {
            arity(name, &args, 1, 1, line)?;
            let v = scope_lookup_quietly(it, &arg(&args, 0).to_s(), line)?;
            Ok(Value::Bool(!matches!(v, Value::Nil)))
        }
        "classes" => Ok(Value::array(
            it.host.classes().into_iter().map(Value::str).collect(),
        )),
        "all_tags" => Ok(Value::array(
            it.host.tags().into_iter().map(Value::str).collect(),
        )),
        "tags" => Err(err("NotImplementedError", "Call 'all_tags' instead.", line)),
        "debug" | "info" | "notice" | "warning" | "err" | "alert" | "emerg" | "crit" => {
            let msg = args.iter().map(|a| a.to_s()).collect::<Vec<_>>().join(" ");
            it.host.log(name, &msg);
            Ok(Value::Nil)
        }
        "puts" | "print" | "p" | "pp" | "warn" | "require" | "sleep" => Ok(match name {
            "require" => Value::Bool(false),
            "p" | "pp" => match args.len() {
                0 => Value::Nil,
                1 => arg(&args, 0),
                _ => Value::array(args),
            },
            _ => Value::Nil,
        }),
        "raise" | "fail" => {
            let (class, message) = match args.as_slice() {
                [] => (
                    "RuntimeError".to_string(),
                    "unhandled exception".to_string(),
                ),
                [Value::Str(s)] => ("RuntimeError".to_string(), s.borrow().clone()),
                [Value::Class(c)] => (c.to_string(), c.to_string()),
                [Value::Class(c), m, ..] => (c.to_string(), m.to_s()),
                [Value::Exception(e)] => (e.class.clone(), e.message.clone()),
                [other, ..] => {
                    return Err(
                        type_error("exception class/object expected", line).with_class_hint(other)
                    )
                }
            };
            Err(err(&class, message, line))
        }
        "format" | "sprintf" => {
            if args.is_empty() {
                return Err(err("ArgumentError", "too few arguments", line));
            }
            let fmt = str_arg(&args[0], line)?;
            Ok(Value::str(format(&fmt, &args[1..], line)?))
        }
        "Integer" => {
            arity(name, &args, 1, 2, line)?;
            to_integer(&args[0], line)
        }
        "Float" => {
            arity(name, &args, 1, 2, line)?;
            match &args[0] {
                Value::Int(i) => Ok(Value::Float(*i as f64)),
                Value::Float(f) => Ok(Value::Float(*f)),
                Value::Str(s) => {
                    let t = s.borrow().trim().replace('_', "");
                    t.parse::<f64>().map(Value::Float).map_err(|_| {
                        err(
                            "ArgumentError",
                            format!("invalid value for Float(): {}", args[0].inspect()),
                            line,
                        )
                    })
                }
                Value::Nil => Err(type_error("can't convert nil into Float", line)),
                other => Err(type_error(
                    format!("can't convert {} into Float", other.class_name()),
                    line,
                )),
            }
        }
        "String" => {
            arity(name, &args, 1, 1, line)?;
            Ok(Value::str(args[0].to_s()))
        }
        "Array" => {
            arity(name, &args, 1, 1, line)?;
            Ok(match &args[0] {
                Value::Nil => Value::array(vec![]),
                Value::Array(_) => args[0].clone(),
                Value::Hash(_) | Value::Range(_) => {
                    Value::array(to_items(&args[0]).unwrap_or_default())
                }
                other => Value::array(vec![other.clone()]),
            })
        }
        "Hash" => {
            arity(name, &args, 1, 1, line)?;
            match &args[0] {
                Value::Nil => Ok(Value::hash(Hash::default())),
                Value::Array(a) if a.borrow().is_empty() => Ok(Value::hash(Hash::default())),
                Value::Hash(_) => Ok(args[0].clone()),
                other => Err(type_error(
                    format!("can't convert {} into Hash", other.class_name()),
                    line,
                )),
            }
        }
        "lambda" | "proc" => match block {
            Some(b) => Ok(Value::Proc(Rc::new(Proc {
                lambda: b.lambda.clone(),
                frame: b.frame.clone(),
                is_lambda: name == "lambda",
                symbol: b.symbol.clone(),
            }))),
            None => Err(err(
                "ArgumentError",
                "tried to create Proc object without a block",
                line,
            )),
        },
        "loop" => {
            let Some(b) = block else {
                return Err(err(
                    "NotImplementedError",
                    "unsupported Ruby in a template: loop without a block",
                    line,
                ));
            };
            loop {
                match it.yield_block(b, vec![]) {
                    Ok(_) => {}
                    Err(Flow::Error(e)) if e.class == "StopIteration" => return Ok(Value::Nil),
                    Err(e) => return Err(e),
                }
            }
        }
        "block_given?" => Ok(Value::Bool(false)),
        "binding" => Ok(Value::Template),
        "instance_variables" => {
            let mut names: Vec<String> = it
                .host
                .instance_variable_names()
                .into_iter()
                .map(|k| format!("@{}", crate::ivar_name(&k)))
                .collect();
            names.extend(it.ivars.keys().cloned());
            names.sort();
            names.dedup();
            Ok(Value::array(names.iter().map(|n| Value::sym(n)).collect()))
        }
        "instance_variable_get" => {
            let n = arg(&args, 0).to_s();
            Ok(it.ivar(&n).unwrap_or(Value::Nil))
        }
        "instance_variable_set" => {
            let n = arg(&args, 0).to_s();
            it.ivars.insert(n, arg(&args, 1));
            Ok(arg(&args, 1))
        }
        "instance_variable_defined?" => {
            let n = arg(&args, 0).to_s();
            Ok(Value::Bool(it.ivar(&n).is_some()))
        }
        "to_s" => Ok(Value::str(match it.host.file() {
            Some(f) => format!("template[{f}]"),
            None => "template[inline]".to_string(),
        })),
        "__FILE__" => Ok(Value::str(it.host.file().unwrap_or_else(|| "(erb)".into()))),
        _ => match common(it, Value::Template, name, &args, block, line)? {
            Some(v) => Ok(v),
            None if bare => Err(err(
                "NameError",
                format!(
                    "undefined local variable or method `{name}' for {}",
                    describe(&Value::Template)
                ),
                line,
            )),
            None => Err(no_method(name, &Value::Template, line)),
        },
    }
}

trait ClassHint {
    fn with_class_hint(self, v: &Value) -> Flow;
}

impl ClassHint for Flow {
    fn with_class_hint(self, _v: &Value) -> Flow {
        self
    }
}

fn to_integer(v: &Value, line: u32) -> R {
    match v {
        Value::Int(i) => Ok(Value::Int(*i)),
        Value::Float(f) if f.is_finite() => Ok(Value::Int(f.trunc() as i64)),
        Value::Str(s) => {
            let t = s.borrow().trim().replace('_', "");
            let (neg, body) = match t.strip_prefix('-') {
                Some(b) => (true, b.to_string()),
                None => (false, t.trim_start_matches('+').to_string()),
            };
            let parsed = if let Some(h) =
                body.strip_prefix("0x").or_else(|| body.strip_prefix("0X"))
            {
                i64::from_str_radix(h, 16).ok()
            } else if let Some(b) = body.strip_prefix("0b").or_else(|| body.strip_prefix("0B")) {
                i64::from_str_radix(b, 2).ok()
            } else if let Some(o) = body.strip_prefix("0o") {
                i64::from_str_radix(o, 8).ok()
            } else if body.len() > 1 && body.starts_with('0') {
                i64::from_str_radix(&body[1..], 8).ok()
            } else if !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit()) {
                body.parse().ok()
            } else {
                None
            };
            match parsed {
                Some(i) => Ok(Value::Int(if neg { -i } else { i })),
                None => Err(err(
                    "ArgumentError",
                    format!("invalid value for Integer(): {}", v.inspect()),
                    line,
                )),
            }
        }
        Value::Nil => Err(type_error("can't convert nil into Integer", line)),
        other => Err(type_error(
            format!("can't convert {} into Integer", other.class_name()),
            line,
        )),
    }
}

/// `Kernel#format`: flags, width, precision and the common conversions.
/// C's `%g` of a finite, non-negative `f`: `precision` significant digits (6 by
/// default, at least 1), in `%e` form when the exponent is below -4 or not below the
/// precision, else in `%f` form; trailing zeros dropped unless `alt` (`#`).
fn general_float(f: f64, precision: Option<usize>, alt: bool) -> String {
    let p = precision.unwrap_or(6).max(1);
    let (mantissa, exp) = marionette_catalog::ruby::printf::scientific(f, p - 1);
    let exp = i64::from(exp);
    // `#` keeps the zeros and always writes the decimal point (`100.`).
    let trim = |s: &str| -> String {
        match (alt, s.contains('.')) {
            (true, true) | (false, false) => s.to_string(),
            (true, false) => format!("{s}."),
            (false, true) => s.trim_end_matches('0').trim_end_matches('.').to_string(),
        }
    };
    if exp < -4 || exp >= p as i64 {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{}e{sign}{:02}", trim(&mantissa), exp.abs())
    } else {
        trim(&marionette_catalog::ruby::printf::fixed(
            f,
            (p as i64 - 1 - exp).max(0) as usize,
        ))
    }
}

pub(crate) fn format(fmt: &str, args: &[Value], line: u32) -> Result<String, Flow> {
    let mut out = String::new();
    let mut chars = fmt.chars().peekable();
    let mut next = 0;
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut flags = String::new();
        while let Some(&f) = chars.peek() {
            if "-+ 0#".contains(f) {
                flags.push(f);
                chars.next();
            } else {
                break;
            }
        }
        let mut width = String::new();
        while let Some(&d) = chars.peek() {
            if d.is_ascii_digit() {
                width.push(d);
                chars.next();
            } else {
                break;
            }
        }
        if chars.peek() == Some(&'*') {
            chars.next();
            width = int_arg(&arg(args, next), line)?.to_string();
            next += 1;
        }
        let mut precision: Option<usize> = None;
        if chars.peek() == Some(&'.') {
            chars.next();
            let mut p = String::new();
            while let Some(&d) = chars.peek() {
                if d.is_ascii_digit() {
                    p.push(d);
                    chars.next();
                } else {
                    break;
                }
            }
            precision = Some(p.parse().unwrap_or(0));
        }
        let Some(conv) = chars.next() else {
            return Err(err(
                "ArgumentError",
                "incomplete format specifier; use %% (double %) instead",
                line,
            ));
        };
        if conv == '%' {
            out.push('%');
            continue;
        }
        if next >= args.len() {
            return Err(err("ArgumentError", "too few arguments", line));
        }
        let a = args[next].clone();
        next += 1;
        let body = match conv {
            's' => {
                let s = a.to_s();
                match precision {
                    Some(p) => s.chars().take(p).collect(),
                    None => s,
                }
            }
            'p' => a.inspect(),
            'd' | 'i' | 'u' => {
                let i = match &a {
                    Value::Float(f) => f.floor() as i64,
                    Value::Str(_) => match to_integer(&a, line)? {
                        Value::Int(i) => i,
                        _ => 0,
                    },
                    Value::Nil => return Err(type_error("can't convert nil into Integer", line)),
                    other => int_arg(other, line)?,
                };
                let mut s = i.abs().to_string();
                if let Some(p) = precision {
                    while s.len() < p {
                        s.insert(0, '0');
                    }
                }
                sign(i < 0, &flags) + &s
            }
            'f' | 'e' | 'E' | 'g' | 'G' => {
                let f = match &a {
                    Value::Int(i) => *i as f64,
                    Value::Float(f) => *f,
                    Value::Str(s) => s.borrow().trim().parse().map_err(|_| {
                        err(
                            "ArgumentError",
                            format!("invalid value for Float(): {}", a.inspect()),
                            line,
                        )
                    })?,
                    other => {
                        return Err(type_error(
                            format!("can't convert {} into Float", other.class_name()),
                            line,
                        ))
                    }
                };
                let p = precision.unwrap_or(6);
                let s = match conv {
                    // C's printf: `Inf`, `NaN`.
                    _ if f.is_infinite() => "Inf".to_string(),
                    _ if f.is_nan() => "NaN".to_string(),
                    'f' => marionette_catalog::ruby::printf::fixed(f.abs(), p),
                    'g' | 'G' => {
                        let s = general_float(f.abs(), precision, flags.contains('#'));
                        if conv == 'G' {
                            s.to_uppercase()
                        } else {
                            s
                        }
                    }
                    _ => {
                        let (m, e) = marionette_catalog::ruby::printf::scientific(f.abs(), p);
                        let s = format!("{m}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs());
                        if conv == 'E' {
                            s.to_uppercase()
                        } else {
                            s
                        }
                    }
                };
                sign(f < 0.0, &flags) + &s
            }
            'x' | 'X' | 'o' | 'b' | 'B' => {
                let i = int_arg(&a, line)?;
                let s = match conv {
                    'x' => format!("{:x}", i.abs()),
                    'X' => format!("{:X}", i.abs()),
                    'o' => format!("{:o}", i.abs()),
                    _ => format!("{:b}", i.abs()),
                };
                let prefix = if flags.contains('#') {
                    match conv {
                        'x' => "0x",
                        'X' => "0X",
                        'o' => "0",
                        'b' => "0b",
                        _ => "0B",
                    }
                } else {
                    ""
                };
                sign(i < 0, &flags) + prefix + &s
            }
            'c' => match &a {
                Value::Int(i) => char::from_u32(*i as u32)
                    .map(String::from)
                    .unwrap_or_default(),
                other => other.to_s().chars().take(1).collect(),
            },
            other => {
                return Err(err(
                    "ArgumentError",
                    format!("malformed format string - %{other}"),
                    line,
                ))
            }
        };
        let width: usize = width.parse().unwrap_or(0);
        let len = body.chars().count();
        if len >= width {
            out.push_str(&body);
        } else if flags.contains('-') {
            out.push_str(&body);
            out.push_str(&" ".repeat(width - len));
        } else if flags.contains('0') && !matches!(conv, 's' | 'p' | 'c') {
            let (sign, digits) = match body.strip_prefix(['-', '+', ' ']) {
                Some(d) => (&body[..1], d),
                None => ("", body.as_str()),
            };
            out.push_str(sign);
            out.push_str(&"0".repeat(width - len));
            out.push_str(digits);
        } else {
            out.push_str(&" ".repeat(width - len));
            out.push_str(&body);
        }
    }
    Ok(out)
}

fn sign(negative: bool, flags: &str) -> String {
    if negative {
        "-".into()
    } else if flags.contains('+') {
        "+".into()
    } else if flags.contains(' ') {
        " ".into()
    } else {
        String::new()
    }
}

// ---------------------------------------------------------------- scope

fn scope_lookup(it: &mut Interp<'_>, name: &str, line: u32) -> R {
    let v = it
        .host
        .lookupvar(name)
        .map_err(|e| err(&e.class, e.message, line))?;
    if it.host.frozen(name) {
        it.freeze(&v, true);
    }
    Ok(v)
}

/// [`scope_lookup`] without Puppet's warning of a variable that is not set (nil).
fn scope_lookup_quietly(it: &mut Interp<'_>, name: &str, line: u32) -> R {
    let v = it
        .host
        .lookupvar_quietly(name)
        .map_err(|e| err(&e.class, e.message, line))?
        .unwrap_or(Value::Nil);
    if it.host.frozen(name) {
        it.freeze(&v, true);
    }
    Ok(v)
}

/// A variable name given to the scope: Puppet wants a String.
fn var_name(v: &Value, line: u32) -> Result<String, Flow> {
    match v {
        Value::Str(s) => Ok(s.borrow().clone()),
        other => Err(err(
            "Puppet::ParseError",
            format!(
                "Scope variable name {} is a {}, not a string",
                other.inspect(),
                other.class_name()
            ),
            line,
        )),
    }
}

/// The entries of `scope.to_hash`, as one Hash the interpreter keeps and never hands
/// out (`to_hash` gives a copy): those of the first call until the template binds a
/// variable or calls a function.
pub(crate) fn scope_entries(it: &mut Interp<'_>) -> Value {
    if let Some(h) = &it.scope_hash {
        return h.clone();
    }
    let vars = it.host.variables();
    let mut h = Hash::default();
    for (k, v) in vars {
        if it.host.frozen(&k) {
            it.freeze(&v, true);
        }
        hash_insert(&mut h, Value::str(k), v);
    }
    let h = Value::hash(h);
    it.scope_hash = Some(h.clone());
    h
}

fn scope_method(it: &mut Interp<'_>, name: &str, args: Vec<Value>, line: u32) -> R {
    match name {
        "lookupvar" | "[]" => {
            arity(name, &args, 1, 2, line)?;
            let var = var_name(&args[0], line)?;
            scope_lookup(it, &var, line)
        }
        "setvar" => {
            // Puppet's `Scope#setvar(name, value, options = {})`.
            arity(name, &args, 2, 3, line)?;
            let mut args = args.into_iter();
            let var = var_name(&args.next().unwrap_or(Value::Nil), line)?;
            let value = args.next().unwrap_or(Value::Nil);
            it.scope_hash = None;
            it.host
                .setvar(&var, value)
                .map_err(|e| err(&e.class, e.message, line))
        }
        "include?" | "exist?" => {
            arity(name, &args, 1, 1, line)?;
            let v = scope_lookup_quietly(it, &args[0].to_s(), line)?;
            Ok(Value::Bool(!matches!(v, Value::Nil)))
        }
        "to_hash" => {
            // A new Hash at every call, as in Ruby.
            match scope_entries(it) {
                Value::Hash(h) => Ok(Value::hash(h.borrow().clone())),
                other => Ok(other),
            }
        }
        "call_function" => {
            arity(name, &args, 1, 2, line)?;
            let fname = args[0].to_s();
            let fargs = match arg(&args, 1) {
                Value::Array(a) => a.borrow().clone(),
                Value::Nil => vec![],
                other => vec![other],
            };
            it.scope_hash = None;
            it.host
                .call_function(&fname, fargs)
                .map_err(|e| err(&e.class, e.message, line))
        }
        _ => {
            if let Some(fname) = name.strip_prefix("function_") {
                let fargs = match args.as_slice() {
                    [Value::Array(a)] => a.borrow().clone(),
                    _ => {
                        return Err(err(
                            "ArgumentError",
                            "custom functions must be called with a single array that contains the arguments. For example, function_example([1]) instead of function_example(1)",
                            line,
                        ))
                    }
                };
                it.scope_hash = None;
                return it
                    .host
                    .call_function(fname, fargs)
                    .map_err(|e| err(&e.class, e.message, line));
            }
            Err(no_method(name, &Value::Scope, line))
        }
    }
}

// ---------------------------------------------------------------- dispatch

pub(crate) fn dispatch(
    it: &mut Interp<'_>,
    recv: Value,
    name: &str,
    args: Vec<Value>,
    block: Block<'_>,
    line: u32,
) -> R {
    if it.is_frozen(&recv) && modifies(&recv, name) {
        return Err(err(
            "FrozenError",
            format!(
                "can't modify frozen {}: {}",
                recv.class_name(),
                recv.inspect()
            ),
            line,
        ));
    }
    let r = match &recv {
        Value::Scope => return scope_method(it, name, args, line),
        Value::Str(s) => string_method(it, s, &recv, name, &args, block, line)?,
        Value::Sym(s) => symbol_method(it, s, name, &args, block, line)?,
        Value::Int(_) | Value::Float(_) => number_method(it, &recv, name, &args, block, line)?,
        Value::Array(a) => array_method(it, a, &recv, name, &args, block, line)?,
        Value::Hash(h) => hash_method(it, h, &recv, name, &args, block, line)?,
        Value::Range(r) => range_method(it, r, &recv, name, &args, block, line)?,
        Value::Regexp(r) => regexp_method(it, r, name, &args, line)?,
        Value::Match(m) => match_method(it, m, name, &args, line)?,
        Value::Proc(p) => match name {
            "call" | "()" | "[]" | "yield" | "===" => Some(it.yield_block(p, args.clone())?),
            "to_proc" => Some(recv.clone()),
            "lambda?" => Some(Value::Bool(p.is_lambda)),
            "arity" => Some(Value::Int(p.lambda.params.len() as i64)),
            _ => None,
        },
        Value::Nil => match name {
            "to_a" => Some(Value::array(vec![])),
            "to_i" => Some(Value::Int(0)),
            "to_f" => Some(Value::Float(0.0)),
            "to_h" => Some(Value::hash(Hash::default())),
            "&" => Some(Value::Bool(false)),
            "|" => Some(Value::Bool(arg(&args, 0).truthy())),
            _ => None,
        },
        Value::Bool(b) => match name {
            "&" => Some(Value::Bool(*b && arg(&args, 0).truthy())),
            "|" => Some(Value::Bool(*b || arg(&args, 0).truthy())),
            "^" => Some(Value::Bool(*b != arg(&args, 0).truthy())),
            _ => None,
        },
        Value::Class(c) => match crate::classes::class_method(c, name, &args, line)? {
            Some(v) => Some(v),
            None => class_method(it, c, name, &args, line)?,
        },
        Value::Object(o) => match o.call(name, &args, line).map_err(Flow::Error)? {
            None if o.is_a("Comparable") && matches!(name, "<" | ">" | "<=" | ">=") => {
                let ord = compare_or_fail(&recv, &arg(&args, 0), line)?;
                Some(Value::Bool(match name {
                    "<" => ord.is_lt(),
                    ">" => ord.is_gt(),
                    "<=" => ord.is_le(),
                    _ => ord.is_ge(),
                }))
            }
            answer => answer,
        },
        Value::Exception(e) => match name {
            "message" | "to_s" => Some(Value::str(e.message.clone())),
            "backtrace" => Some(Value::array(vec![])),
            _ => None,
        },
        _ => None,
    };
    if let Some(v) = r {
        return Ok(v);
    }
    match common(it, recv.clone(), name, &args, block, line)? {
        Some(v) => Ok(v),
        None => Err(no_method(name, &recv, line)),
    }
}

/// Whether the method changes its String, Array or Hash receiver in place (Ruby
/// checks that the receiver is not frozen before anything else).
fn modifies(recv: &Value, name: &str) -> bool {
    const STRING: &[&str] = &[
        "<<",
        "concat",
        "prepend",
        "insert",
        "replace",
        "clear",
        "[]=",
        "force_encoding",
        "setbyte",
    ];
    const ARRAY: &[&str] = &[
        "<<",
        "push",
        "append",
        "pop",
        "shift",
        "unshift",
        "prepend",
        "insert",
        "concat",
        "[]=",
        "delete",
        "delete_at",
        "delete_if",
        "keep_if",
        "fill",
        "clear",
        "replace",
    ];
    const HASH: &[&str] = &[
        "[]=",
        "store",
        "delete",
        "delete_if",
        "keep_if",
        "merge!",
        "update",
        "clear",
        "replace",
        "shift",
        "default=",
        "compare_by_identity",
        "rehash",
    ];
    let names = match recv {
        Value::Str(_) => STRING,
        Value::Array(_) => ARRAY,
        Value::Hash(_) => HASH,
        _ => return false,
    };
    names.contains(&name) || (name.ends_with('!') && name != "!")
}

/// Object's and Kernel's methods, for any receiver.
fn common(
    it: &mut Interp<'_>,
    recv: Value,
    name: &str,
    args: &[Value],
    block: Block<'_>,
    line: u32,
) -> Result<Option<Value>, Flow> {
    Ok(Some(match name {
        "nil?" => Value::Bool(matches!(recv, Value::Nil)),
        "to_s" => Value::str(recv.to_s()),
        "inspect" => Value::str(recv.inspect()),
        "class" => Value::Class(Rc::from(recv.class_name().as_str())),
        "is_a?" | "kind_of?" | "instance_of?" => {
            arity(name, args, 1, 1, line)?;
            let Value::Class(c) = &args[0] else {
                return Err(type_error("class or module required", line));
            };
            Value::Bool(if name == "instance_of?" {
                recv.class_name() == **c
            } else {
                is_a(&recv, c)
            })
        }
        "respond_to?" => {
            let m = arg(args, 0).to_s();
            Value::Bool(match &recv {
                Value::Template => it.methods.contains_key(&m) || self_responds(&m),
                other => responds_to(other, &m),
            })
        }
        "==" | "eql?" | "equal?" => {
            arity(name, args, 1, 1, line)?;
            let a = &args[0];
            Value::Bool(match name {
                // Identity: the same String, Array or Hash object.
                "equal?" => match (
                    crate::interp::container_ptr(&recv),
                    crate::interp::container_ptr(a),
                ) {
                    (Some(p), Some(q)) => p == q,
                    (None, None) => recv.key() == a.key() && recv.eq(a),
                    _ => false,
                },
                "eql?" => recv.key() == a.key() && recv.eq(a),
                _ => recv.eq(a),
            })
        }
        "!=" => Value::Bool(!recv.eq(&arg(args, 0))),
        "!" => Value::Bool(!recv.truthy()),
        "===" => {
            let a = arg(args, 0);
            Value::Bool(match &recv {
                Value::Class(c) => is_a(&a, c),
                Value::Regexp(r) => match &a {
                    Value::Str(s) => {
                        let s = s.borrow().clone();
                        match match_at(r, &s, 0, line)? {
                            Some(m) => {
                                it.last_match = Some(Rc::new(m));
                                true
                            }
                            None => false,
                        }
                    }
                    Value::Sym(s) => match_at(r, s, 0, line)?.is_some(),
                    _ => false,
                },
                Value::Range(r) => range_include(r, &a),
                _ => recv.eq(&a),
            })
        }
        "=~" => Value::Nil,
        "frozen?" => Value::Bool(
            matches!(
                recv,
                Value::Nil | Value::Bool(_) | Value::Int(_) | Value::Float(_) | Value::Sym(_)
            ) || it.is_frozen(&recv),
        ),
        "freeze" => {
            it.freeze(&recv, false);
            recv
        }
        "itself" | "to_enum" | "lazy" => recv,
        "dup" | "clone" => recv.dup(),
        "tap" => {
            if let Some(b) = block {
                it.yield_block(b, vec![recv.clone()])?;
            }
            recv
        }
        "then" | "yield_self" => match block {
            Some(b) => it.yield_block(b, vec![recv])?,
            None => recv,
        },
        "send" | "public_send" | "__send__" => {
            if args.is_empty() {
                return Err(err("ArgumentError", "no method name given", line));
            }
            let m = args[0].to_s();
            it.send(recv, &m, args[1..].to_vec(), block, line)?
        }
        "instance_variable_get" if !matches!(recv, Value::Template) => Value::Nil,
        "hash" | "object_id" => Value::Int(0),
        "to_yaml" => Value::str(to_yaml(&recv, args, line)?),
        "to_json" => crate::classes::json::to_json(&recv, args, line)?,
        _ => return Ok(None),
    }))
}

fn is_a(v: &Value, class: &str) -> bool {
    let own = v.class_name();
    if own == class {
        return true;
    }
    match class {
        "Object" | "BasicObject" | "Kernel" => true,
        "Numeric" | "Comparable" => {
            matches!(v, Value::Int(_) | Value::Float(_))
                || (class == "Comparable" && matches!(v, Value::Str(_)))
        }
        "Fixnum" | "Bignum" => matches!(v, Value::Int(_)),
        "Enumerable" => matches!(v, Value::Array(_) | Value::Hash(_) | Value::Range(_)),
        "Exception" | "StandardError" => matches!(v, Value::Exception(_)),
        _ if matches!(v, Value::Object(o) if o.is_a(class)) => true,
        _ => false,
    }
}

fn class_method(
    _it: &mut Interp<'_>,
    class: &str,
    name: &str,
    args: &[Value],
    line: u32,
) -> Result<Option<Value>, Flow> {
    Ok(Some(match (class, name) {
        ("Regexp", "escape" | "quote") => Value::str(regex_escape(&str_arg(&arg(args, 0), line)?)),
        ("Regexp", "new") => {
            let src = match arg(args, 0) {
                Value::Regexp(r) => r.source.clone(),
                other => str_arg(&other, line)?,
            };
            let flags = match arg(args, 1) {
                Value::Bool(true) => "i".to_string(),
                Value::Int(i) => {
                    let mut f = String::new();
                    if i & 1 != 0 {
                        f.push('i');
                    }
                    if i & 2 != 0 {
                        f.push('x');
                    }
                    if i & 4 != 0 {
                        f.push('m');
                    }
                    f
                }
                _ => String::new(),
            };
            make_regexp(&src, &flags).map_err(|m| err("RegexpError", m, line))?
        }
        ("Array", "new") => {
            let n = match arg(args, 0) {
                Value::Nil => 0,
                v => int_arg(&v, line)?,
            };
            if !(0..=1_000_000).contains(&n) {
                return Err(err("ArgumentError", "array size too big", line));
            }
            Value::array(vec![arg(args, 1); n as usize])
        }
        ("Hash", "new") => Value::hash(Hash::default()),
        ("String", "new") => Value::str(match arg(args, 0) {
            Value::Nil => String::new(),
            v => str_arg(&v, line)?,
        }),
        ("File", "basename") => {
            let path = str_arg(&arg(args, 0), line)?;
            let trimmed = path.trim_end_matches('/');
            let mut base = match trimmed.rsplit_once('/') {
                Some((_, b)) => b.to_string(),
                None if trimmed.is_empty() && path.starts_with('/') => "/".to_string(),
                None => trimmed.to_string(),
            };
            match arg(args, 1) {
                Value::Str(sfx) => {
                    let sfx = sfx.borrow().clone();
                    if sfx == ".*" {
                        if let Some(i) = base.rfind('.').filter(|i| *i > 0) {
                            base.truncate(i);
                        }
                    } else if base != sfx {
                        if let Some(b) = base.strip_suffix(sfx.as_str()) {
                            base = b.to_string();
                        }
                    }
                }
                Value::Nil => {}
                other => return Err(no_implicit(&other, "String", line)),
            }
            Value::str(base)
        }
        ("File", "dirname") => {
            let path = str_arg(&arg(args, 0), line)?;
            let trimmed = path.trim_end_matches('/');
            Value::str(match trimmed.rsplit_once('/') {
                Some(("", _)) => "/".to_string(),
                Some((d, _)) => d.trim_end_matches('/').to_string(),
                None if path.starts_with('/') => "/".to_string(),
                None => ".".to_string(),
            })
        }
        ("File", "extname") => {
            let path = str_arg(&arg(args, 0), line)?;
            let base = path.rsplit('/').next().unwrap_or("");
            Value::str(match base.rfind('.') {
                Some(i) if i > 0 && i + 1 < base.len() => base[i..].to_string(),
                _ => String::new(),
            })
        }
        ("File", "join") => {
            let mut parts = Vec::new();
            for a in args {
                match a {
                    Value::Array(x) => parts.extend(x.borrow().iter().map(Value::to_s)),
                    other => parts.push(str_arg(other, line)?),
                }
            }
            let mut out = String::new();
            for (i, p) in parts.iter().enumerate() {
                if i == 0 {
                    out.push_str(p);
                } else {
                    match (out.ends_with('/'), p.starts_with('/')) {
                        (true, true) => out.push_str(&p[1..]),
                        (false, false) => {
                            out.push('/');
                            out.push_str(p);
                        }
                        _ => out.push_str(p),
                    }
                }
            }
            Value::str(out)
        }
        ("ERB::Util", "html_escape" | "h") => Value::str(html_escape(&arg(args, 0).to_s())),
        ("ERB::Util", "url_encode" | "u") => Value::str(url_encode(&arg(args, 0).to_s())),
        (_, "name" | "to_s" | "inspect") => Value::str(class),
        (_, "==" | "===") if name == "==" => {
            Value::Bool(matches!(arg(args, 0), Value::Class(c) if &*c == class))
        }
        _ => return Ok(None),
    }))
}

fn html_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn url_encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

// ---------------------------------------------------------------- String

fn string_method(
    it: &mut Interp<'_>,
    s: &Rc<std::cell::RefCell<String>>,
    recv: &Value,
    name: &str,
    args: &[Value],
    block: Block<'_>,
    line: u32,
) -> Result<Option<Value>, Flow> {
    let a0 = arg(args, 0);
    if matches!(name, "<<" | "concat") {
        // Before the receiver's text is copied below: `_erbout` grows by every line.
        let add = match &a0 {
            Value::Int(i) => char::from_u32(*i as u32)
                .map(String::from)
                .unwrap_or_default(),
            other => str_arg(other, line)?,
        };
        s.borrow_mut().push_str(&add);
        return Ok(Some(recv.clone()));
    }
    // The reads templates make most (in conditions), without the copy below.
    match name {
        "==" | "eql?" | "===" => {
            let same = matches!(&a0, Value::Str(o) if *o.borrow() == *s.borrow());
            return Ok(Some(Value::Bool(same)));
        }
        "empty?" => return Ok(Some(Value::Bool(s.borrow().is_empty()))),
        "length" | "size" => return Ok(Some(Value::Int(s.borrow().chars().count() as i64))),
        "to_s" | "to_str" => return Ok(Some(recv.clone())),
        _ => {}
    }
    let text = s.borrow().clone();
    Ok(Some(match name {
        "+" => {
            arity(name, args, 1, 1, line)?;
            let other = str_arg(&a0, line)?;
            Value::str(text + &other)
        }
        "*" => {
            let n = int_arg(&a0, line)?;
            if n < 0 {
                return Err(err("ArgumentError", "negative argument", line));
            }
            if text.len().saturating_mul(n as usize) > 100_000_000 {
                return Err(err("ArgumentError", "argument too big", line));
            }
            Value::str(text.repeat(n as usize))
        }
        "%" => {
            let fargs = match &a0 {
                Value::Array(a) => a.borrow().clone(),
                other => vec![other.clone()],
            };
            Value::str(format(&text, &fargs, line)?)
        }
        "==" | "eql?" | "===" => Value::Bool(matches!(&a0, Value::Str(o) if *o.borrow() == text)),
        "<=>" => match compare(recv, &a0) {
            Some(o) => Value::Int(o as i64),
            None => Value::Nil,
        },
        "<" | ">" | "<=" | ">=" => {
            let o = match &a0 {
                Value::Str(_) => compare(recv, &a0).unwrap_or(Ordering::Equal),
                other => {
                    return Err(err(
                        "ArgumentError",
                        format!(
                            "comparison of String with {} failed",
                            if matches!(other, Value::Nil) {
                                "nil".to_string()
                            } else {
                                other.inspect()
                            }
                        ),
                        line,
                    ))
                }
            };
            Value::Bool(match name {
                "<" => o == Ordering::Less,
                ">" => o == Ordering::Greater,
                "<=" => o != Ordering::Greater,
                _ => o != Ordering::Less,
            })
        }
        "=~" | "match" | "match?" => {
            // `match` and `match?` compile a string argument as a regular expression
            // (unescaped); `=~` takes none.
            let r = match (&a0, name) {
                (Value::Str(src), "match" | "match?") => match make_regexp(&src.borrow(), "") {
                    Ok(Value::Regexp(r)) => r,
                    Ok(_) => return Err(err("RegexpError", "bad pattern", line)),
                    Err(e) => return Err(err("RegexpError", e, line)),
                },
                (Value::Str(_), _) => {
                    return Err(type_error("type mismatch: String given".to_string(), line))
                }
                _ => pattern_of(&a0, line)?,
            };
            let m = match_at(&r, &text, 0, line)?;
            match name {
                "match?" => Value::Bool(m.is_some()),
                "=~" => match m {
                    Some(m) => {
                        let pos = m.pre.chars().count();
                        it.last_match = Some(Rc::new(m));
                        Value::Int(pos as i64)
                    }
                    None => {
                        it.last_match = None;
                        Value::Nil
                    }
                },
                _ => match m {
                    Some(m) => {
                        let m = Rc::new(m);
                        it.last_match = Some(m.clone());
                        Value::Match(m)
                    }
                    None => {
                        it.last_match = None;
                        Value::Nil
                    }
                },
            }
        }
        "[]" | "slice" => string_index(it, &text, args, line)?,
        "replace" => {
            *s.borrow_mut() = str_arg(&a0, line)?;
            recv.clone()
        }
        "prepend" => {
            let add = str_arg(&a0, line)?;
            s.borrow_mut().insert_str(0, &add);
            recv.clone()
        }
        "insert" => {
            let idx = int_arg(&a0, line)?;
            let add = str_arg(&arg(args, 1), line)?;
            let chars: Vec<char> = text.chars().collect();
            let n = chars.len() as i64;
            let pos = if idx < 0 { n + idx + 1 } else { idx };
            if pos < 0 || pos > n {
                return Err(err(
                    "IndexError",
                    format!("index {idx} out of string"),
                    line,
                ));
            }
            let mut out: String = chars[..pos as usize].iter().collect();
            out.push_str(&add);
            out.extend(chars[pos as usize..].iter());
            *s.borrow_mut() = out;
            recv.clone()
        }
        "length" | "size" => Value::Int(text.chars().count() as i64),
        "bytesize" => Value::Int(text.len() as i64),
        "upcase" | "downcase" | "capitalize" | "swapcase" | "strip" | "lstrip" | "rstrip"
        | "chomp" | "chop" | "squeeze" | "reverse" | "succ" | "next" => {
            Value::str(string_transform(name, &text, args, line)?)
        }
        "upcase!" | "downcase!" | "capitalize!" | "swapcase!" | "strip!" | "lstrip!"
        | "rstrip!" | "chomp!" | "chop!" | "squeeze!" | "reverse!" => {
            let new = string_transform(&name[..name.len() - 1], &text, args, line)?;
            if new == text {
                Value::Nil
            } else {
                *s.borrow_mut() = new;
                recv.clone()
            }
        }
        "chars" => Value::array(text.chars().map(|c| Value::str(c.to_string())).collect()),
        "bytes" => Value::array(text.bytes().map(|b| Value::Int(b as i64)).collect()),
        "lines" => Value::array(lines(&text).into_iter().map(Value::str).collect()),
        // With a block each item is yielded and the string returned; without one
        // Ruby returns an Enumerator, which (like `each_slice`'s) is the array of the
        // items here.
        "each_line" | "each_char" | "each_byte" => {
            let items: Vec<Value> = match name {
                "each_line" => lines(&text).into_iter().map(Value::str).collect(),
                "each_char" => text.chars().map(|c| Value::str(c.to_string())).collect(),
                _ => text.bytes().map(|b| Value::Int(b as i64)).collect(),
            };
            match block {
                Some(b) => {
                    for v in items {
                        it.yield_block(b, vec![v])?;
                    }
                    recv.clone()
                }
                None => Value::array(items),
            }
        }
        "split" => Value::array(
            split(&text, args, line)?
                .into_iter()
                .map(Value::str)
                .collect(),
        ),
        "gsub" | "sub" | "gsub!" | "sub!" => {
            let global = name.starts_with('g');
            let new = substitute(it, &text, args, block, global, line)?;
            if name.ends_with('!') {
                if new == text {
                    Value::Nil
                } else {
                    *s.borrow_mut() = new;
                    recv.clone()
                }
            } else {
                Value::str(new)
            }
        }
        "tr" | "tr_s" | "delete" | "count" => {
            let from = str_arg(&a0, line)?;
            let set = char_set(&from);
            match name {
                "delete" => Value::str(text.chars().filter(|c| !set(*c)).collect::<String>()),
                "count" => Value::Int(text.chars().filter(|c| set(*c)).count() as i64),
                _ => {
                    let to = str_arg(&arg(args, 1), line)?;
                    Value::str(tr(&text, &from, &to))
                }
            }
        }
        "start_with?" => Value::Bool(args.iter().any(|a| match a {
            Value::Str(p) => text.starts_with(p.borrow().as_str()),
            Value::Regexp(r) => {
                matches!(match_at(r, &text, 0, line), Ok(Some(m)) if m.pre.is_empty())
            }
            _ => false,
        })),
        "end_with?" => Value::Bool(
            args.iter()
                .any(|a| matches!(a, Value::Str(p) if text.ends_with(p.borrow().as_str()))),
        ),
        "delete_prefix" => {
            let p = str_arg(&a0, line)?;
            Value::str(text.strip_prefix(p.as_str()).unwrap_or(&text).to_string())
        }
        "delete_suffix" => {
            let p = str_arg(&a0, line)?;
            Value::str(text.strip_suffix(p.as_str()).unwrap_or(&text).to_string())
        }
        "include?" => {
            let p = str_arg(&a0, line)?;
            Value::Bool(text.contains(p.as_str()))
        }
        "index" | "rindex" => {
            let found = match &a0 {
                Value::Str(p) => {
                    let p = p.borrow().clone();
                    if name == "index" {
                        text.find(p.as_str())
                    } else {
                        text.rfind(p.as_str())
                    }
                }
                Value::Regexp(r) => {
                    let ms = all_matches(r, &text, line)?;
                    if name == "index" {
                        ms.first().map(|m| m.0)
                    } else {
                        ms.last().map(|m| m.0)
                    }
                }
                other => return Err(no_implicit(other, "String", line)),
            };
            found
                .map(|b| Value::Int(text[..b].chars().count() as i64))
                .unwrap_or(Value::Nil)
        }
        "empty?" => Value::Bool(text.is_empty()),
        "to_s" | "to_str" => recv.clone(),
        "to_sym" | "intern" => Value::sym(&text),
        "to_i" => {
            let base = match &a0 {
                Value::Int(b) => *b as u32,
                _ => 10,
            };
            Value::Int(str_to_i(&text, base))
        }
        "to_f" => Value::Float(str_to_f(&text)),
        "hex" => Value::Int(str_to_i(text.trim_start_matches("0x"), 16)),
        "oct" => Value::Int(str_to_i(&text, 8)),
        "ord" => match text.chars().next() {
            Some(c) => Value::Int(c as i64),
            None => return Err(err("ArgumentError", "empty string", line)),
        },
        "center" | "ljust" | "rjust" => {
            let width = int_arg(&a0, line)?.max(0) as usize;
            let pad = match arg(args, 1) {
                Value::Nil => " ".to_string(),
                v => str_arg(&v, line)?,
            };
            if pad.is_empty() {
                return Err(err("ArgumentError", "zero width padding", line));
            }
            Value::str(justify(&text, width, &pad, name))
        }
        "scan" => {
            let r = pattern_of(&a0, line)?;
            let mut out = Vec::new();
            for (_, _, m) in all_matches(&r, &text, line)? {
                let v = if m.groups.len() > 1 {
                    Value::array(
                        m.groups[1..]
                            .iter()
                            .map(|g| g.clone().map(Value::str).unwrap_or(Value::Nil))
                            .collect(),
                    )
                } else {
                    Value::str(m.groups[0].clone().unwrap_or_default())
                };
                match block {
                    Some(b) => {
                        it.last_match = Some(Rc::new(m));
                        it.yield_block(b, vec![v])?;
                    }
                    None => out.push(v),
                }
            }
            if block.is_some() {
                recv.clone()
            } else {
                Value::array(out)
            }
        }
        "partition" | "rpartition" => {
            let p = str_arg(&a0, line)?;
            let found = if name == "partition" {
                text.find(p.as_str())
            } else {
                text.rfind(p.as_str())
            };
            match found {
                Some(i) => Value::array(vec![
                    Value::str(&text[..i]),
                    Value::str(p.clone()),
                    Value::str(&text[i + p.len()..]),
                ]),
                None if name == "partition" => Value::array(vec![
                    Value::str(text.clone()),
                    Value::str(""),
                    Value::str(""),
                ]),
                None => Value::array(vec![
                    Value::str(""),
                    Value::str(""),
                    Value::str(text.clone()),
                ]),
            }
        }
        "casecmp" => match &a0 {
            Value::Str(o) => Value::Int(text.to_lowercase().cmp(&o.borrow().to_lowercase()) as i64),
            _ => Value::Nil,
        },
        "casecmp?" => match &a0 {
            Value::Str(o) => Value::Bool(text.to_lowercase() == o.borrow().to_lowercase()),
            _ => Value::Nil,
        },
        "+@" => recv.clone(),
        "-@" | "force_encoding" | "encode" | "b" | "unicode_normalize" | "scrub" => recv.clone(),
        "encoding" => Value::str("UTF-8"),
        "valid_encoding?" => Value::Bool(true),
        "ascii_only?" => Value::Bool(text.is_ascii()),
        "shellescape" => Value::str(shellescape(&text)),
        "upto" => {
            let end = str_arg(&a0, line)?;
            let r = Range {
                start: recv.clone(),
                end: Value::str(end),
                exclusive: false,
            };
            for v in range_items(&r).unwrap_or_default() {
                if let Some(b) = block {
                    it.yield_block(b, vec![v])?;
                }
            }
            recv.clone()
        }
        "between?" => Value::Bool(
            compare(recv, &a0) != Some(Ordering::Less)
                && compare(recv, &arg(args, 1)) != Some(Ordering::Greater),
        ),
        _ => return Ok(None),
    }))
}

fn shellescape(s: &str) -> String {
    if s.is_empty() {
        return "''".into();
    }
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() || "_-.,:+/@".contains(c) || !c.is_ascii() {
            out.push(c);
        } else if c == '\n' {
            out.push_str("'\n'");
        } else {
            out.push('\\');
            out.push(c);
        }
    }
    out
}

fn justify(text: &str, width: usize, pad: &str, how: &str) -> String {
    let len = text.chars().count();
    if width <= len {
        return text.to_string();
    }
    let total = width - len;
    let fill = |n: usize| -> String { pad.chars().cycle().take(n).collect() };
    match how {
        "ljust" => format!("{text}{}", fill(total)),
        "rjust" => format!("{}{text}", fill(total)),
        _ => {
            let left = total / 2;
            format!("{}{text}{}", fill(left), fill(total - left))
        }
    }
}

fn lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in text.chars() {
        cur.push(c);
        if c == '\n' {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn string_transform(name: &str, text: &str, args: &[Value], line: u32) -> Result<String, Flow> {
    let ws = |c: char| matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c' | '\0');
    Ok(match name {
        "upcase" => text.to_uppercase(),
        "downcase" => text.to_lowercase(),
        "capitalize" => {
            let mut cs = text.chars();
            match cs.next() {
                Some(f) => f.to_uppercase().collect::<String>() + &cs.as_str().to_lowercase(),
                None => String::new(),
            }
        }
        "swapcase" => text
            .chars()
            .map(|c| {
                if c.is_uppercase() {
                    c.to_lowercase().collect::<String>()
                } else {
                    c.to_uppercase().collect()
                }
            })
            .collect(),
        "strip" => text.trim_start_matches(ws).trim_end_matches(ws).to_string(),
        "lstrip" => text.trim_start_matches(ws).to_string(),
        "rstrip" => text.trim_end_matches(ws).to_string(),
        "chomp" => match args.first() {
            Some(Value::Str(suffix)) => {
                let suffix = suffix.borrow().clone();
                if suffix.is_empty() {
                    text.trim_end_matches(['\n', '\r']).to_string()
                } else {
                    text.strip_suffix(suffix.as_str())
                        .unwrap_or(text)
                        .to_string()
                }
            }
            Some(other) => return Err(no_implicit(other, "String", line)),
            None => text
                .strip_suffix("\r\n")
                .or_else(|| text.strip_suffix('\n'))
                .or_else(|| text.strip_suffix('\r'))
                .unwrap_or(text)
                .to_string(),
        },
        "chop" => {
            if let Some(t) = text.strip_suffix("\r\n") {
                t.to_string()
            } else {
                let mut t = text.to_string();
                t.pop();
                t
            }
        }
        "squeeze" => {
            let mut out = String::new();
            let mut last = None;
            for c in text.chars() {
                if Some(c) != last {
                    out.push(c);
                }
                last = Some(c);
            }
            out
        }
        "reverse" => text.chars().rev().collect(),
        _ => str_succ(text),
    })
}

/// A `tr`-style character set: `a-z`, `^` negation.
fn char_set(spec: &str) -> impl Fn(char) -> bool {
    let (neg, body) = match spec.strip_prefix('^') {
        Some(b) if !b.is_empty() => (true, b),
        _ => (false, spec),
    };
    let chars = expand_ranges(body);
    move |c| chars.contains(&c) != neg
}

fn expand_ranges(spec: &str) -> Vec<char> {
    let cs: Vec<char> = spec.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        if i + 2 < cs.len() && cs[i + 1] == '-' && cs[i] <= cs[i + 2] {
            for c in cs[i]..=cs[i + 2] {
                out.push(c);
            }
            i += 3;
        } else {
            if cs[i] == '\\' && i + 1 < cs.len() {
                i += 1;
            }
            out.push(cs[i]);
            i += 1;
        }
    }
    out
}

fn tr(text: &str, from: &str, to: &str) -> String {
    let (neg, body) = match from.strip_prefix('^') {
        Some(b) if !b.is_empty() => (true, b),
        _ => (false, from),
    };
    let from = expand_ranges(body);
    let to = expand_ranges(to);
    text.chars()
        .map(|c| {
            if neg {
                if from.contains(&c) {
                    c
                } else {
                    to.last().copied().unwrap_or(c)
                }
            } else {
                match from.iter().position(|f| *f == c) {
                    Some(i) => to.get(i).or(to.last()).copied().unwrap_or(c),
                    None => c,
                }
            }
        })
        .filter(|c| !(to.is_empty() && from.contains(c)))
        .collect()
}

fn str_to_i(text: &str, base: u32) -> i64 {
    let t = text.trim_start();
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let mut v: i64 = 0;
    let mut last_us = false;
    for c in t.chars() {
        if c == '_' && !last_us {
            last_us = true;
            continue;
        }
        let Some(d) = c.to_digit(base) else { break };
        last_us = false;
        v = v.saturating_mul(base as i64).saturating_add(d as i64);
    }
    if neg {
        -v
    } else {
        v
    }
}

fn str_to_f(text: &str) -> f64 {
    let t = text.trim_start();
    let mut end = 0;
    let b = t.as_bytes();
    let mut seen_dot = false;
    let mut seen_e = false;
    while end < b.len() {
        let c = b[end];
        let ok = c.is_ascii_digit()
            || (end == 0 && (c == b'-' || c == b'+'))
            || (c == b'.'
                && !seen_dot
                && !seen_e
                && b.get(end + 1).is_some_and(|n| n.is_ascii_digit()))
            || ((c == b'e' || c == b'E') && !seen_e && end > 0)
            || ((c == b'-' || c == b'+') && end > 0 && matches!(b[end - 1], b'e' | b'E'));
        if !ok {
            break;
        }
        seen_dot |= c == b'.';
        seen_e |= c == b'e' || c == b'E';
        end += 1;
    }
    let mut s = &t[..end];
    while !s.is_empty() && s.parse::<f64>().is_err() {
        s = &s[..s.len() - 1];
    }
    s.parse().unwrap_or(0.0)
}

fn string_index(it: &mut Interp<'_>, text: &str, args: &[Value], line: u32) -> R {
    let chars: Vec<char> = text.chars().collect();
    let n = chars.len() as i64;
    let a0 = arg(args, 0);
    match (&a0, args.get(1)) {
        (Value::Int(i), None) => {
            let i = if *i < 0 { n + i } else { *i };
            Ok(if (0..n).contains(&i) {
                Value::str(chars[i as usize].to_string())
            } else {
                Value::Nil
            })
        }
        (Value::Int(start), Some(len)) => {
            let len = int_arg(len, line)?;
            let start = if *start < 0 { n + start } else { *start };
            if start < 0 || start > n || len < 0 {
                return Ok(Value::Nil);
            }
            let end = (start + len).min(n);
            Ok(Value::str(
                chars[start as usize..end as usize]
                    .iter()
                    .collect::<String>(),
            ))
        }
        (Value::Range(r), None) => Ok(match range_bounds(r, n, line)? {
            Some((s, e)) => Value::str(chars[s..e].iter().collect::<String>()),
            None => Value::Nil,
        }),
        (Value::Str(sub), None) => {
            let sub = sub.borrow().clone();
            Ok(if text.contains(sub.as_str()) {
                Value::str(sub)
            } else {
                Value::Nil
            })
        }
        (Value::Regexp(r), group) => {
            let m = match_at(r, text, 0, line)?;
            Ok(match m {
                Some(m) => {
                    let idx = match group {
                        Some(Value::Int(g)) => *g as usize,
                        Some(Value::Str(name)) => {
                            let name = name.borrow().clone();
                            m.names
                                .iter()
                                .position(|n| n.as_deref() == Some(&name))
                                .map(|p| p + 1)
                                .unwrap_or(usize::MAX)
                        }
                        _ => 0,
                    };
                    let v = m.groups.get(idx).cloned().flatten();
                    it.last_match = Some(Rc::new(m));
                    v.map(Value::str).unwrap_or(Value::Nil)
                }
                None => Value::Nil,
            })
        }
        (other, _) => Err(no_implicit(other, "Integer", line)),
    }
}

/// A range's start and end indices in a sequence of `n`, as Ruby's `[]` takes them.
fn range_bounds(r: &Range, n: i64, line: u32) -> Result<Option<(usize, usize)>, Flow> {
    let start = match &r.start {
        Value::Nil => 0,
        v => int_arg(v, line)?,
    };
    let mut end = match &r.end {
        Value::Nil => n - 1,
        v => int_arg(v, line)?,
    };
    let start = if start < 0 { n + start } else { start };
    if end < 0 {
        end += n;
    }
    if r.exclusive && !matches!(r.end, Value::Nil) {
        end -= 1;
    }
    if start < 0 || start > n {
        return Ok(None);
    }
    let end = (end + 1).min(n).max(start);
    Ok(Some((start as usize, end as usize)))
}

fn split(text: &str, args: &[Value], line: u32) -> Result<Vec<String>, Flow> {
    let limit = match args.get(1) {
        Some(v) => int_arg(v, line)?,
        None => 0,
    };
    let mut parts: Vec<String> = match args.first() {
        None | Some(Value::Nil) => awk_split(text, limit),
        Some(Value::Str(sep)) if *sep.borrow() == " " => awk_split(text, limit),
        Some(Value::Str(sep)) => {
            let sep = sep.borrow().clone();
            if sep.is_empty() {
                text.chars().map(String::from).collect()
            } else if limit > 0 {
                text.splitn(limit as usize, sep.as_str())
                    .map(String::from)
                    .collect()
            } else {
                text.split(sep.as_str()).map(String::from).collect()
            }
        }
        Some(Value::Regexp(r)) => {
            let mut out = Vec::new();
            let mut last = 0;
            for (s, e, m) in all_matches(r, text, line)? {
                if limit > 0 && out.len() as i64 == limit - 1 {
                    break;
                }
                if e == s && s == 0 {
                    continue;
                }
                if e == s && s >= text.len() {
                    break;
                }
                if e == s {
                    out.push(text[last..s].to_string());
                    last = s;
                    continue;
                }
                out.push(text[last..s].to_string());
                out.extend(m.groups[1..].iter().flatten().cloned());
                last = e;
            }
            out.push(text[last..].to_string());
            out
        }
        Some(other) => return Err(no_implicit(other, "String", line)),
    };
    if limit == 0 {
        while parts.last().is_some_and(|p| p.is_empty()) {
            parts.pop();
        }
    }
    Ok(parts)
}

fn awk_split(text: &str, limit: i64) -> Vec<String> {
    let ws = |c: char| matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c' | '\0');
    if limit <= 0 {
        return text
            .split(ws)
            .filter(|p| !p.is_empty())
            .map(String::from)
            .collect();
    }
    let mut out = Vec::new();
    let mut rest = text.trim_start_matches(ws);
    while !rest.is_empty() {
        if out.len() as i64 == limit - 1 {
            out.push(rest.to_string());
            break;
        }
        match rest.find(ws) {
            Some(i) => {
                out.push(rest[..i].to_string());
                rest = rest[i..].trim_start_matches(ws);
            }
            None => {
                out.push(rest.to_string());
                break;
            }
        }
    }
    out
}

/// `sub`/`gsub` with a string or regexp pattern and a replacement string (`\1`,
/// `\0`, `\k<name>`), a hash, or a block.
fn substitute(
    it: &mut Interp<'_>,
    text: &str,
    args: &[Value],
    block: Block<'_>,
    global: bool,
    line: u32,
) -> Result<String, Flow> {
    if args.is_empty() || (args.len() < 2 && block.is_none()) {
        return Err(err(
            "ArgumentError",
            format!(
                "wrong number of arguments (given {}, expected 1..2)",
                args.len()
            ),
            line,
        ));
    }
    let r = pattern_of(&args[0], line)?;
    let mut matches = all_matches(&r, text, line)?;
    if !global {
        matches.truncate(1);
    }
    let mut out = String::new();
    let mut last = 0;
    for (s, e, m) in matches {
        out.push_str(&text[last..s]);
        let m = Rc::new(m);
        let rep = match args.get(1) {
            Some(Value::Str(t)) => {
                let t = t.borrow().clone();
                expand_replacement(&t, &m)
            }
            Some(Value::Hash(h)) => {
                let key = Value::str(m.groups[0].clone().unwrap_or_default()).key();
                h.borrow()
                    .get(&key)
                    .map(|(_, v)| v.to_s())
                    .unwrap_or_default()
            }
            Some(other) => return Err(no_implicit(other, "String", line)),
            None => {
                it.last_match = Some(m.clone());
                let b = block.ok_or_else(|| err("ArgumentError", "no block", line))?;
                let v =
                    it.yield_block(b, vec![Value::str(m.groups[0].clone().unwrap_or_default())])?;
                v.to_s()
            }
        };
        out.push_str(&rep);
        last = e;
    }
    out.push_str(&text[last..]);
    Ok(out)
}

fn expand_replacement(t: &str, m: &MatchData) -> String {
    let mut out = String::new();
    let mut cs = t.chars().peekable();
    while let Some(c) = cs.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match cs.next() {
            Some(d @ '0'..='9') => {
                let i = d as usize - '0' as usize;
                out.push_str(m.groups.get(i).cloned().flatten().as_deref().unwrap_or(""));
            }
            Some('&') => out.push_str(m.groups[0].as_deref().unwrap_or("")),
            Some('`') => out.push_str(&m.pre),
            Some('\'') => out.push_str(&m.post),
            Some('\\') => out.push('\\'),
            Some('k') if cs.peek() == Some(&'<') => {
                cs.next();
                let name: String = cs.by_ref().take_while(|c| *c != '>').collect();
                if let Some(i) = m.names.iter().position(|n| n.as_deref() == Some(&name)) {
                    out.push_str(
                        m.groups
                            .get(i + 1)
                            .cloned()
                            .flatten()
                            .as_deref()
                            .unwrap_or(""),
                    );
                }
            }
            Some(o) => {
                out.push('\\');
                out.push(o);
            }
            None => out.push('\\'),
        }
    }
    out
}

// ---------------------------------------------------------------- Symbol

fn symbol_method(
    it: &mut Interp<'_>,
    s: &Rc<str>,
    name: &str,
    args: &[Value],
    block: Block<'_>,
    line: u32,
) -> Result<Option<Value>, Flow> {
    Ok(Some(match name {
        "to_sym" => Value::Sym(s.clone()),
        "to_proc" => return Ok(None),
        "<=>" => match &arg(args, 0) {
            Value::Sym(o) => Value::Int(s.as_bytes().cmp(o.as_bytes()) as i64),
            _ => Value::Nil,
        },
        "length" | "size" | "upcase" | "downcase" | "capitalize" | "[]" | "start_with?"
        | "end_with?" | "empty?" | "succ" => {
            let v = Value::str(s.to_string());
            let r = it.send(v, name, args.to_vec(), block, line)?;
            match (name, r) {
                ("upcase" | "downcase" | "capitalize" | "succ", Value::Str(x)) => {
                    Value::sym(&x.borrow())
                }
                (_, r) => r,
            }
        }
        _ => return Ok(None),
    }))
}

// ---------------------------------------------------------------- numbers

fn number_method(
    it: &mut Interp<'_>,
    recv: &Value,
    name: &str,
    args: &[Value],
    block: Block<'_>,
    line: u32,
) -> Result<Option<Value>, Flow> {
    let a0 = arg(args, 0);
    if matches!(
        name,
        "+" | "-" | "*" | "/" | "%" | "**" | "modulo" | "div" | "fdiv"
    ) {
        arity(name, args, 1, 1, line)?;
        return arith(recv, name, &a0, line).map(Some);
    }
    let f = match recv {
        Value::Int(i) => *i as f64,
        Value::Float(f) => *f,
        _ => 0.0,
    };
    Ok(Some(match (recv, name) {
        (_, "-@") => match recv {
            Value::Int(i) => Value::Int(
                i.checked_neg()
                    .ok_or_else(|| err("RangeError", "integer overflow", line))?,
            ),
            _ => Value::Float(-f),
        },
        (_, "+@") => recv.clone(),
        (_, "<=>") => compare(recv, &a0)
            .map(|o| Value::Int(o as i64))
            .unwrap_or(Value::Nil),
        (_, "<" | ">" | "<=" | ">=") => {
            let o = compare(recv, &a0).ok_or_else(|| {
                err(
                    "ArgumentError",
                    format!(
                        "comparison of {} with {} failed",
                        recv.class_name(),
                        match &a0 {
                            Value::Nil => "nil".to_string(),
                            Value::Str(_) => a0.inspect(),
                            o => o.class_name(),
                        }
                    ),
                    line,
                )
            })?;
            Value::Bool(match name {
                "<" => o == Ordering::Less,
                ">" => o == Ordering::Greater,
                "<=" => o != Ordering::Greater,
                _ => o != Ordering::Less,
            })
        }
        (_, "==" | "===") => Value::Bool(recv.eq(&a0)),
        (_, "coerce") => Value::array(vec![a0.clone(), recv.clone()]),
        (Value::Int(i), "to_s" | "inspect") => match &a0 {
            Value::Int(base) if (2..=36).contains(base) => Value::str(to_radix(*i, *base as u32)),
            _ => Value::str(i.to_string()),
        },
        (Value::Int(i), "to_i" | "to_int" | "floor" | "ceil" | "truncate" | "ord")
            if args.is_empty() =>
        {
            Value::Int(*i)
        }
        (Value::Int(i), "round") => match &a0 {
            Value::Int(d) if *d < 0 => {
                let p = 10i64.saturating_pow((-d) as u32);
                Value::Int(((*i as f64 / p as f64).round() as i64) * p)
            }
            _ => Value::Int(*i),
        },
        (_, "to_i" | "to_int" | "truncate") => Value::Int(float_to_i(f, line)?),
        (_, "to_f") => Value::Float(f),
        (Value::Float(_), "floor") => round_float(f, &a0, line, f64::floor)?,
        (Value::Float(_), "ceil") => round_float(f, &a0, line, f64::ceil)?,
        (Value::Float(_), "round") => round_float(f, &a0, line, |x| x.round())?,
        (Value::Int(i), "times") => {
            if let Some(b) = block {
                for k in 0..*i {
                    it.yield_block(b, vec![Value::Int(k)])?;
                }
                recv.clone()
            } else {
                Value::array((0..(*i).clamp(0, 10_000_000)).map(Value::Int).collect())
            }
        }
        (Value::Int(i), "upto" | "downto") => {
            let end = int_arg(&a0, line)?;
            let items: Vec<i64> = if name == "upto" {
                (*i..=end).collect()
            } else {
                (end..=*i).rev().collect()
            };
            if let Some(b) = block {
                for k in items {
                    it.yield_block(b, vec![Value::Int(k)])?;
                }
                recv.clone()
            } else {
                Value::array(items.into_iter().map(Value::Int).collect())
            }
        }
        (Value::Int(i), "step") => {
            let end = int_arg(&a0, line)?;
            let step = match args.get(1) {
                Some(s) => int_arg(s, line)?,
                None => 1,
            };
            if step == 0 {
                return Err(err("ArgumentError", "step can't be 0", line));
            }
            let mut k = *i;
            let mut out = Vec::new();
            while (step > 0 && k <= end) || (step < 0 && k >= end) {
                out.push(Value::Int(k));
                k += step;
                if out.len() > 10_000_000 {
                    break;
                }
            }
            if let Some(b) = block {
                for v in out {
                    it.yield_block(b, vec![v])?;
                }
                recv.clone()
            } else {
                Value::array(out)
            }
        }
        (_, "zero?") => Value::Bool(f == 0.0),
        (_, "nonzero?") => {
            if f == 0.0 {
                Value::Nil
            } else {
                recv.clone()
            }
        }
        (_, "positive?") => Value::Bool(f > 0.0),
        (_, "negative?") => Value::Bool(f < 0.0),
        (Value::Int(i), "even?") => Value::Bool(i % 2 == 0),
        (Value::Int(i), "odd?") => Value::Bool(i % 2 != 0),
        (Value::Int(i), "abs") => Value::Int(i.saturating_abs()),
        (_, "abs") => Value::Float(f.abs()),
        (Value::Int(i), "succ" | "next") => Value::Int(i.saturating_add(1)),
        (Value::Int(i), "pred") => Value::Int(i.saturating_sub(1)),
        (Value::Int(i), "chr") => Value::str(
            char::from_u32(*i as u32)
                .map(String::from)
                .unwrap_or_default(),
        ),
        (Value::Int(_), "integer?") => Value::Bool(true),
        (_, "integer?") => Value::Bool(false),
        (Value::Float(_), "nan?") => Value::Bool(f.is_nan()),
        (Value::Float(_), "finite?") => Value::Bool(f.is_finite()),
        (Value::Float(_), "infinite?") => {
            if f.is_infinite() {
                Value::Int(if f > 0.0 { 1 } else { -1 })
            } else {
                Value::Nil
            }
        }
        (_, "between?") => Value::Bool(
            compare(recv, &a0) != Some(Ordering::Less)
                && compare(recv, &arg(args, 1)) != Some(Ordering::Greater),
        ),
        (_, "clamp") => {
            if compare(recv, &a0) == Some(Ordering::Less) {
                a0.clone()
            } else if compare(recv, &arg(args, 1)) == Some(Ordering::Greater) {
                arg(args, 1)
            } else {
                recv.clone()
            }
        }
        (Value::Int(i), "divmod") => {
            let d = arith(recv, "/", &a0, line)?;
            let m = arith(recv, "%", &a0, line)?;
            let _ = i;
            Value::array(vec![d, m])
        }
        (Value::Int(i), "&" | "|" | "^" | "<<" | ">>") => {
            let o = int_arg(&a0, line)?;
            Value::Int(match name {
                "&" => i & o,
                "|" => i | o,
                "^" => i ^ o,
                "<<" => i.checked_shl(o as u32).unwrap_or(0),
                _ => i.checked_shr(o as u32).unwrap_or(0),
            })
        }
        (Value::Int(i), "digits") => {
            let mut n = i.unsigned_abs();
            let mut out = vec![Value::Int((n % 10) as i64)];
            n /= 10;
            while n > 0 {
                out.push(Value::Int((n % 10) as i64));
                n /= 10;
            }
            Value::array(out)
        }
        _ => return Ok(None),
    }))
}

fn round_float(f: f64, digits: &Value, line: u32, op: fn(f64) -> f64) -> R {
    match digits {
        Value::Int(d) if *d > 0 => {
            let p = 10f64.powi(*d as i32);
            Ok(Value::Float(op(f * p) / p))
        }
        Value::Int(d) if *d < 0 => {
            let p = 10f64.powi((-d) as i32);
            Ok(Value::Int(float_to_i(op(f / p) * p, line)?))
        }
        _ => Ok(Value::Int(float_to_i(op(f), line)?)),
    }
}

fn float_to_i(f: f64, line: u32) -> Result<i64, Flow> {
    if f.is_nan() {
        return Err(err("FloatDomainError", "NaN", line));
    }
    if f.is_infinite() {
        return Err(err(
            "FloatDomainError",
            if f > 0.0 { "Infinity" } else { "-Infinity" },
            line,
        ));
    }
    Ok(f.trunc() as i64)
}

fn to_radix(i: i64, base: u32) -> String {
    let mut n = i.unsigned_abs();
    let mut out = Vec::new();
    loop {
        out.push(std::char::from_digit((n % base as u64) as u32, base).unwrap_or('?'));
        n /= base as u64;
        if n == 0 {
            break;
        }
    }
    if i < 0 {
        out.push('-');
    }
    out.into_iter().rev().collect()
}

/// Arithmetic on numbers, with Ruby's floor division and coercion errors.
fn arith(a: &Value, op: &str, b: &Value, line: u32) -> R {
    let overflow = || {
        err(
            "RangeError",
            "integer overflow (numbers beyond 64 bits are not supported)",
            line,
        )
    };
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => {
            let (x, y) = (*x, *y);
            Ok(Value::Int(match op {
                "+" => x.checked_add(y).ok_or_else(overflow)?,
                "-" => x.checked_sub(y).ok_or_else(overflow)?,
                "*" => x.checked_mul(y).ok_or_else(overflow)?,
                "/" | "div" | "%" | "modulo" => {
                    if y == 0 {
                        return Err(err("ZeroDivisionError", "divided by 0", line));
                    }
                    let q = x.checked_div_euclid(y).ok_or_else(overflow)?;
                    // Ruby floors the quotient.
                    let fq = if (x % y != 0) && ((x < 0) != (y < 0)) {
                        x / y - 1
                    } else {
                        x / y
                    };
                    let _ = q;
                    if op == "/" || op == "div" {
                        fq
                    } else {
                        x - fq * y
                    }
                }
                "fdiv" => return Ok(Value::Float(x as f64 / y as f64)),
                _ => {
                    if y < 0 {
                        return rational_power(x, y, line);
                    }
                    x.checked_pow(y.min(u32::MAX as i64) as u32)
                        .ok_or_else(overflow)?
                }
            }))
        }
        (Value::Int(_) | Value::Float(_), Value::Int(_) | Value::Float(_)) => {
            let x = match a {
                Value::Int(i) => *i as f64,
                Value::Float(f) => *f,
                _ => 0.0,
            };
            let y = match b {
                Value::Int(i) => *i as f64,
                Value::Float(f) => *f,
                _ => 0.0,
            };
            Ok(Value::Float(match op {
                "+" => x + y,
                "-" => x - y,
                "*" => x * y,
                "/" | "fdiv" => x / y,
                "div" => {
                    if y == 0.0 {
                        return Err(err("ZeroDivisionError", "divided by 0", line));
                    }
                    return Ok(Value::Int(float_to_i((x / y).floor(), line)?));
                }
                "%" | "modulo" => {
                    let m = x % y;
                    if m != 0.0 && (m < 0.0) != (y < 0.0) {
                        m + y
                    } else {
                        m
                    }
                }
                _ => x.powf(y),
            }))
        }
        (_, other) => Err(type_error(
            format!(
                "{} can't be coerced into {}",
                match other {
                    Value::Nil => "nil".to_string(),
                    Value::Bool(b) => b.to_string(),
                    o => o.class_name(),
                },
                a.class_name()
            ),
            line,
        )),
    }
}

/// `x ** -n` on integers is a Rational in Ruby (`1/8`).
fn rational_power(x: i64, y: i64, line: u32) -> R {
    if x == 0 {
        return Err(err("ZeroDivisionError", "divided by 0", line));
    }
    let den = x
        .checked_pow(y.unsigned_abs().min(u32::MAX as u64) as u32)
        .ok_or_else(|| {
            err(
                "RangeError",
                "integer overflow (numbers beyond 64 bits are not supported)",
                line,
            )
        })?;
    let (num, den) = if den < 0 { (-1, -den) } else { (1, den) };
    let text = format!("{num}/{den}");
    Ok(Value::Foreign(Rc::new(crate::value::Foreign {
        class: "Rational".into(),
        inspect: format!("({text})"),
        to_s: text,
        payload: Box::new(()),
    })))
}

// ---------------------------------------------------------------- Enumerable

/// What a block receives for one element: a hash pair is one array argument.
fn each_args(item: &Value) -> Vec<Value> {
    vec![item.clone()]
}

/// `min(n)`/`max(n)` and `min_by(n)`/`max_by(n)`: the values of the `n` entries
/// with the smallest keys, ascending (with `largest`, the largest, descending).
/// `keyed` holds (key, value) pairs; `order` compares two keys. Entries with equal
/// keys keep their order here; Ruby's selection is not stable and may pick or order
/// them otherwise.
fn smallest(
    it: &mut Interp<'_>,
    mut keyed: Vec<(Value, Value)>,
    n: &Value,
    largest: bool,
    mut order: impl FnMut(&mut Interp<'_>, &Value, &Value) -> Result<Ordering, Flow>,
    line: u32,
) -> R {
    let n = int_arg(n, line)?;
    if n < 0 {
        return Err(err("ArgumentError", format!("negative size ({n})"), line));
    }
    let mut failure = None;
    keyed.sort_by(|(a, _), (b, _)| {
        if failure.is_some() {
            return Ordering::Equal;
        }
        match order(it, a, b) {
            Ok(o) if largest => o.reverse(),
            Ok(o) => o,
            Err(e) => {
                failure = Some(e);
                Ordering::Equal
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    Ok(Value::array(
        keyed.into_iter().take(n as usize).map(|(_, v)| v).collect(),
    ))
}

/// Enumerable methods shared by Array, Hash and Range, over `items`.
fn enumerable(
    it: &mut Interp<'_>,
    items: Vec<Value>,
    name: &str,
    args: &[Value],
    block: Block<'_>,
    line: u32,
) -> Result<Option<Value>, Flow> {
    let a0 = arg(args, 0);
    let call = |it: &mut Interp<'_>, v: &Value| -> R {
        match block {
            Some(b) => it.yield_block(b, each_args(v)),
            None => Ok(v.clone()),
        }
    };
    Ok(Some(match name {
        "map" | "collect" | "flat_map" | "collect_concat" => {
            if block.is_none() {
                return Ok(Some(Value::array(items)));
            }
            let mut out = Vec::new();
            for v in &items {
                let r = call(it, v)?;
                match (name, r) {
                    ("flat_map" | "collect_concat", Value::Array(a)) => {
                        out.extend(a.borrow().iter().cloned())
                    }
                    (_, r) => out.push(r),
                }
            }
            Value::array(out)
        }
        "each_with_index" => {
            if let Some(b) = block {
                for (i, v) in items.iter().enumerate() {
                    it.yield_block(b, vec![v.clone(), Value::Int(i as i64)])?;
                }
                return Ok(None);
            }
            Value::array(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| Value::array(vec![v.clone(), Value::Int(i as i64)]))
                    .collect(),
            )
        }
        // An Enumerator's `with_index(offset = 0)`: blockless enumerators are arrays
        // here, so this is the form the usual `map.with_index { |x, i| ... }` and
        // `each_char.with_index.map { ... }` need: with a block, the block's values;
        // without one, the `[item, index]` pairs.
        "with_index" => {
            let offset = match &a0 {
                Value::Nil => 0,
                other => int_arg(other, line)?,
            };
            let mut out = Vec::new();
            for (i, v) in items.iter().enumerate() {
                let index = Value::Int(i as i64 + offset);
                out.push(match block {
                    Some(b) => it.yield_block(b, vec![v.clone(), index])?,
                    None => Value::array(vec![v.clone(), index]),
                });
            }
            Value::array(out)
        }
        "each_with_object" => {
            let memo = a0.clone();
            if let Some(b) = block {
                for v in &items {
                    it.yield_block(b, vec![v.clone(), memo.clone()])?;
                }
            }
            memo
        }
        "select" | "filter" | "find_all" | "reject" => {
            let mut out = Vec::new();
            for v in &items {
                if call(it, v)?.truthy() != (name == "reject") {
                    out.push(v.clone());
                }
            }
            Value::array(out)
        }
        "filter_map" => {
            let mut out = Vec::new();
            for v in &items {
                let r = call(it, v)?;
                if r.truthy() {
                    out.push(r);
                }
            }
            Value::array(out)
        }
        "find" | "detect" => {
            for v in &items {
                if call(it, v)?.truthy() {
                    return Ok(Some(v.clone()));
                }
            }
            Value::Nil
        }
        "find_index" | "index" if block.is_some() || !args.is_empty() => {
            for (i, v) in items.iter().enumerate() {
                let hit = if args.is_empty() {
                    call(it, v)?.truthy()
                } else {
                    v.eq(&a0)
                };
                if hit {
                    return Ok(Some(Value::Int(i as i64)));
                }
            }
            Value::Nil
        }
        "any?" | "all?" | "none?" | "one?" => {
            let mut count = 0;
            for v in &items {
                let t = if !args.is_empty() {
                    it.send(a0.clone(), "===", vec![v.clone()], None, line)?
                        .truthy()
                } else {
                    call(it, v)?.truthy()
                };
                if t {
                    count += 1;
                }
                match name {
                    "any?" if t => return Ok(Some(Value::Bool(true))),
                    "all?" if !t => return Ok(Some(Value::Bool(false))),
                    "none?" if t => return Ok(Some(Value::Bool(false))),
                    _ => {}
                }
            }
            Value::Bool(match name {
                "any?" => false,
                "one?" => count == 1,
                _ => true,
            })
        }
        "count" => {
            if !args.is_empty() {
                Value::Int(items.iter().filter(|v| v.eq(&a0)).count() as i64)
            } else if block.is_some() {
                let mut n = 0;
                for v in &items {
                    if call(it, v)?.truthy() {
                        n += 1;
                    }
                }
                Value::Int(n)
            } else {
                Value::Int(items.len() as i64)
            }
        }
        "include?" | "member?" => Value::Bool(items.iter().any(|v| v.eq(&a0))),
        "to_a" | "entries" => Value::array(items),
        "sort" => {
            let mut v = items;
            sort_values(it, &mut v, block, line)?;
            Value::array(v)
        }
        "sort_by" | "min_by" | "max_by" | "group_by" | "partition" | "uniq" | "tally" => {
            if name == "uniq" && block.is_none() {
                let mut seen = std::collections::HashSet::new();
                return Ok(Some(Value::array(
                    items.into_iter().filter(|v| seen.insert(v.key())).collect(),
                )));
            }
            let mut keyed = Vec::new();
            for v in &items {
                let k = if name == "tally" {
                    v.clone()
                } else {
                    call(it, v)?
                };
                keyed.push((k, v.clone()));
            }
            match name {
                "sort_by" => {
                    let mut keys: Vec<Value> = keyed
                        .iter()
                        .map(|(k, _)| Value::array(vec![k.clone()]))
                        .collect();
                    let mut order: Vec<usize> = (0..keyed.len()).collect();
                    let mut failure = None;
                    let mut idx: Vec<Value> = order.iter().map(|i| Value::Int(*i as i64)).collect();
                    let _ = &mut idx;
                    // sort indices by key
                    let mut pairs: Vec<Value> = keys
                        .drain(..)
                        .zip(order.drain(..))
                        .map(|(k, i)| Value::array(vec![k, Value::Int(i as i64)]))
                        .collect();
                    let mut cmp = |a: &Value, b: &Value| -> Ordering {
                        let ka = match a {
                            Value::Array(x) => x.borrow()[0].clone(),
                            _ => Value::Nil,
                        };
                        let kb = match b {
                            Value::Array(x) => x.borrow()[0].clone(),
                            _ => Value::Nil,
                        };
                        match compare_or_fail(&ka, &kb, line) {
                            Ok(o) => o,
                            Err(e) => {
                                failure.get_or_insert(e);
                                Ordering::Equal
                            }
                        }
                    };
                    merge_sort(&mut pairs, &mut cmp);
                    if let Some(e) = failure {
                        return Err(e);
                    }
                    Value::array(
                        pairs
                            .iter()
                            .map(|p| match p {
                                Value::Array(x) => match x.borrow().get(1) {
                                    Some(Value::Int(i)) => keyed[*i as usize].1.clone(),
                                    _ => Value::Nil,
                                },
                                _ => Value::Nil,
                            })
                            .collect(),
                    )
                }
                "min_by" | "max_by" if matches!(a0, Value::Int(_)) => smallest(
                    it,
                    keyed,
                    &a0,
                    name == "max_by",
                    |_, a, b| compare_or_fail(a, b, line),
                    line,
                )?,
                "min_by" | "max_by" => {
                    let mut best: Option<(Value, Value)> = None;
                    for (k, v) in keyed {
                        best = match best {
                            None => Some((k, v)),
                            Some((bk, bv)) => {
                                let o = compare_or_fail(&k, &bk, line)?;
                                if (name == "min_by" && o == Ordering::Less)
                                    || (name == "max_by" && o == Ordering::Greater)
                                {
                                    Some((k, v))
                                } else {
                                    Some((bk, bv))
                                }
                            }
                        };
                    }
                    best.map(|(_, v)| v).unwrap_or(Value::Nil)
                }
                "group_by" | "tally" => {
                    let mut h = Hash::default();
                    for (k, v) in keyed {
                        let key = k.key();
                        match h.get_mut(&key) {
                            Some((_, Value::Array(a))) => a.borrow_mut().push(v),
                            Some((_, Value::Int(n))) => *n += 1,
                            _ => {
                                let init = if name == "tally" {
                                    Value::Int(1)
                                } else {
                                    Value::array(vec![v])
                                };
                                hash_insert(&mut h, k, init);
                            }
                        }
                    }
                    Value::hash(h)
                }
                "partition" => {
                    let (yes, no): (Vec<_>, Vec<_>) =
                        keyed.into_iter().partition(|(k, _)| k.truthy());
                    Value::array(vec![
                        Value::array(yes.into_iter().map(|(_, v)| v).collect()),
                        Value::array(no.into_iter().map(|(_, v)| v).collect()),
                    ])
                }
                _ => {
                    let mut seen = std::collections::HashSet::new();
                    Value::array(
                        keyed
                            .into_iter()
                            .filter(|(k, _)| seen.insert(k.key()))
                            .map(|(_, v)| v)
                            .collect(),
                    )
                }
            }
        }
        // `min(n)`, `max(n)`: the n smallest (ascending) or largest (descending).
        "min" | "max" if matches!(a0, Value::Int(_)) => {
            let mut keyed = Vec::new();
            for v in &items {
                keyed.push((v.clone(), v.clone()));
            }
            let order = |it: &mut Interp<'_>, a: &Value, b: &Value| -> Result<Ordering, Flow> {
                match block {
                    Some(bl) => Ok(match it.yield_block(bl, vec![a.clone(), b.clone()])? {
                        Value::Int(i) => i.cmp(&0),
                        _ => Ordering::Equal,
                    }),
                    None => compare_or_fail(a, b, line),
                }
            };
            smallest(it, keyed, &a0, name == "max", order, line)?
        }
        "min" | "max" => {
            let mut best: Option<Value> = None;
            for v in items {
                best = match best {
                    None => Some(v),
                    Some(b) => {
                        let o = match block {
                            Some(bl) => match it.yield_block(bl, vec![v.clone(), b.clone()])? {
                                Value::Int(i) => i.cmp(&0),
                                _ => Ordering::Equal,
                            },
                            None => compare_or_fail(&v, &b, line)?,
                        };
                        if (name == "min" && o == Ordering::Less)
                            || (name == "max" && o == Ordering::Greater)
                        {
                            Some(v)
                        } else {
                            Some(b)
                        }
                    }
                };
            }
            best.unwrap_or(Value::Nil)
        }
        "sum" => {
            let mut acc = if args.is_empty() {
                Value::Int(0)
            } else {
                a0.clone()
            };
            for v in &items {
                let v = call(it, v)?;
                acc = it.send(acc, "+", vec![v], None, line)?;
            }
            acc
        }
        "inject" | "reduce" => {
            let (mut acc, op) = match (args.len(), &a0) {
                (2, _) => (Some(a0.clone()), Some(arg(args, 1).to_s())),
                (1, Value::Sym(s)) if block.is_none() => (None, Some(s.to_string())),
                (1, _) => (Some(a0.clone()), None),
                _ => (None, None),
            };
            for v in items {
                acc = Some(match acc {
                    None => v,
                    Some(a) => match (&op, block) {
                        (Some(op), _) => it.send(a, op, vec![v], None, line)?,
                        (None, Some(b)) => it.yield_block(b, vec![a, v])?,
                        (None, None) => return Err(err("ArgumentError", "no block given", line)),
                    },
                });
            }
            acc.unwrap_or(Value::Nil)
        }
        "each_slice" | "each_cons" => {
            let n = int_arg(&a0, line)?;
            if n <= 0 {
                return Err(err("ArgumentError", "invalid size", line));
            }
            let n = n as usize;
            let groups: Vec<Value> = if name == "each_slice" {
                items.chunks(n).map(|c| Value::array(c.to_vec())).collect()
            } else {
                items.windows(n).map(|c| Value::array(c.to_vec())).collect()
            };
            match block {
                Some(b) => {
                    for g in groups {
                        it.yield_block(b, vec![g])?;
                    }
                    Value::Nil
                }
                None => Value::array(groups),
            }
        }
        "first" | "take" => match (&a0, name) {
            (Value::Nil, "first") => items.first().cloned().unwrap_or(Value::Nil),
            _ => {
                let n = int_arg(&a0, line)?;
                if n < 0 {
                    return Err(err("ArgumentError", "negative array size", line));
                }
                Value::array(items.into_iter().take(n as usize).collect())
            }
        },
        "drop" => {
            let n = int_arg(&a0, line)?;
            if n < 0 {
                return Err(err("ArgumentError", "attempt to drop negative size", line));
            }
            Value::array(items.into_iter().skip(n as usize).collect())
        }
        "take_while" | "drop_while" => {
            let mut cut = items.len();
            for (i, v) in items.iter().enumerate() {
                if !call(it, v)?.truthy() {
                    cut = i;
                    break;
                }
            }
            let (a, b) = items.split_at(cut);
            Value::array(if name == "take_while" {
                a.to_vec()
            } else {
                b.to_vec()
            })
        }
        "zip" => {
            let others: Vec<Vec<Value>> = args
                .iter()
                .map(|a| to_items(a).unwrap_or_default())
                .collect();
            Value::array(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        let mut row = vec![v.clone()];
                        row.extend(
                            others
                                .iter()
                                .map(|o| o.get(i).cloned().unwrap_or(Value::Nil)),
                        );
                        Value::array(row)
                    })
                    .collect(),
            )
        }
        "to_h" => {
            let mut h = Hash::default();
            for v in &items {
                let pair = call(it, v)?;
                match &pair {
                    Value::Array(p) if p.borrow().len() == 2 => {
                        let p = p.borrow().clone();
                        hash_insert(&mut h, p[0].clone(), p[1].clone());
                    }
                    other => {
                        return Err(type_error(
                            format!("wrong element type {} (expected array)", other.class_name()),
                            line,
                        ))
                    }
                }
            }
            Value::hash(h)
        }
        "grep" | "grep_v" => {
            let mut out = Vec::new();
            for v in &items {
                let hit = it
                    .send(a0.clone(), "===", vec![v.clone()], None, line)?
                    .truthy();
                if hit == (name == "grep") {
                    out.push(call(it, v)?);
                }
            }
            Value::array(out)
        }
        "reverse_each" => {
            for v in items.iter().rev() {
                call(it, v)?;
            }
            Value::array(items)
        }
        "minmax" => {
            let mut v = items;
            sort_values(it, &mut v, block, line)?;
            Value::array(vec![
                v.first().cloned().unwrap_or(Value::Nil),
                v.last().cloned().unwrap_or(Value::Nil),
            ])
        }
        _ => return Ok(None),
    }))
}

// ---------------------------------------------------------------- Array

/// `seen`: the arrays being flattened or joined; meeting one again is Ruby's error.
fn flatten(
    items: &[Value],
    depth: i64,
    out: &mut Vec<Value>,
    seen: &mut Vec<usize>,
) -> Result<(), String> {
    for v in items {
        match v {
            Value::Array(a) if depth != 0 => {
                let ptr = Rc::as_ptr(a) as usize;
                if seen.contains(&ptr) {
                    return Err("tried to flatten recursive array".into());
                }
                let inner = a.borrow().clone();
                seen.push(ptr);
                flatten(&inner, depth - 1, out, seen)?;
                seen.pop();
            }
            other => out.push(other.clone()),
        }
    }
    Ok(())
}

fn join(items: &[Value], sep: &str, seen: &mut Vec<usize>) -> Result<String, String> {
    let mut out = String::new();
    for (i, v) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(sep);
        }
        match v {
            Value::Array(a) => {
                let ptr = Rc::as_ptr(a) as usize;
                if seen.contains(&ptr) {
                    return Err("recursive array join".into());
                }
                let inner = a.borrow().clone();
                seen.push(ptr);
                out.push_str(&join(&inner, sep, seen)?);
                seen.pop();
            }
            other => out.push_str(&other.to_s()),
        }
    }
    Ok(out)
}

fn array_method(
    it: &mut Interp<'_>,
    a: &Rc<std::cell::RefCell<Vec<Value>>>,
    recv: &Value,
    name: &str,
    args: &[Value],
    block: Block<'_>,
    line: u32,
) -> Result<Option<Value>, Flow> {
    let a0 = arg(args, 0);
    // What needs no copy of the items (the copy below is what a method that calls a
    // block walks; pushing to an array copied it whole first).
    match name {
        "push" | "append" | "<<" => {
            if name == "<<" {
                arity(name, args, 1, 1, line)?;
            }
            a.borrow_mut().extend(args.iter().cloned());
            return Ok(Some(recv.clone()));
        }
        "size" | "length" => return Ok(Some(Value::Int(a.borrow().len() as i64))),
        "empty?" => return Ok(Some(Value::Bool(a.borrow().is_empty()))),
        _ => {}
    }
    let items = a.borrow().clone();
    Ok(Some(match name {
        "each" => {
            if let Some(b) = block {
                for v in &items {
                    it.yield_block(b, vec![v.clone()])?;
                }
            }
            recv.clone()
        }
        "each_index" => {
            if let Some(b) = block {
                for i in 0..items.len() {
                    it.yield_block(b, vec![Value::Int(i as i64)])?;
                }
            }
            recv.clone()
        }
        "each_with_index" if block.is_some() => {
            enumerable(it, items, name, args, block, line)?;
            recv.clone()
        }
        "map!" | "collect!" | "select!" | "filter!" | "reject!" | "keep_if" | "delete_if"
        | "compact!" | "flatten!" | "uniq!" | "sort!" | "sort_by!" | "reverse!" | "shuffle!" => {
            let base = match name {
                "map!" | "collect!" => "map",
                "select!" | "filter!" | "keep_if" => "select",
                "reject!" | "delete_if" => "reject",
                other => &other[..other.len() - 1],
            };
            let new = match dispatch(
                it,
                Value::array(items.clone()),
                base,
                args.to_vec(),
                block,
                line,
            )? {
                Value::Array(n) => n.borrow().clone(),
                _ => items.clone(),
            };
            let changed =
                new.len() != items.len() || !new.iter().zip(items.iter()).all(|(x, y)| x.eq(y));
            *a.borrow_mut() = new;
            if changed
                || matches!(
                    name,
                    "map!"
                        | "collect!"
                        | "keep_if"
                        | "delete_if"
                        | "sort!"
                        | "sort_by!"
                        | "reverse!"
                )
            {
                recv.clone()
            } else {
                Value::Nil
            }
        }
        "join" => {
            let sep = match &a0 {
                Value::Nil => String::new(),
                v => str_arg(v, line)?,
            };
            Value::str(
                join(&items, &sep, &mut vec![Rc::as_ptr(a) as usize])
                    .map_err(|m| err("ArgumentError", m, line))?,
            )
        }
        "first" if args.is_empty() => items.first().cloned().unwrap_or(Value::Nil),
        "last" => match &a0 {
            Value::Nil => items.last().cloned().unwrap_or(Value::Nil),
            n => {
                let n = int_arg(n, line)?.max(0) as usize;
                Value::array(items[items.len().saturating_sub(n)..].to_vec())
            }
        },
        "pop" => a.borrow_mut().pop().unwrap_or(Value::Nil),
        "shift" => {
            let mut b = a.borrow_mut();
            if b.is_empty() {
                Value::Nil
            } else {
                b.remove(0)
            }
        }
        "unshift" | "prepend" => {
            let mut new = args.to_vec();
            new.extend(items);
            *a.borrow_mut() = new;
            recv.clone()
        }
        "insert" => {
            let idx = int_arg(&a0, line)?;
            let n = items.len() as i64;
            let pos = if idx < 0 { n + idx + 1 } else { idx };
            if pos < 0 {
                return Err(err(
                    "IndexError",
                    format!("index {idx} too small for array; minimum: -{}", n + 1),
                    line,
                ));
            }
            let mut new = items;
            while (new.len() as i64) < pos {
                new.push(Value::Nil);
            }
            for (k, v) in args[1..].iter().enumerate() {
                new.insert(pos as usize + k, v.clone());
            }
            *a.borrow_mut() = new;
            recv.clone()
        }
        "concat" => {
            let mut extra = Vec::new();
            for o in args {
                match o {
                    Value::Array(x) => extra.extend(x.borrow().iter().cloned()),
                    other => return Err(no_implicit(other, "Array", line)),
                }
            }
            a.borrow_mut().extend(extra);
            recv.clone()
        }
        "clear" => {
            a.borrow_mut().clear();
            recv.clone()
        }
        "replace" => {
            let new = match &a0 {
                Value::Array(x) => x.borrow().clone(),
                other => return Err(no_implicit(other, "Array", line)),
            };
            *a.borrow_mut() = new;
            recv.clone()
        }
        "+" => match &a0 {
            Value::Array(x) => {
                let mut new = items;
                new.extend(x.borrow().iter().cloned());
                Value::array(new)
            }
            other => return Err(no_implicit(other, "Array", line)),
        },
        "-" | "difference" => match &a0 {
            Value::Array(x) => {
                let drop: std::collections::HashSet<_> =
                    x.borrow().iter().map(Value::key).collect();
                Value::array(
                    items
                        .into_iter()
                        .filter(|v| !drop.contains(&v.key()))
                        .collect(),
                )
            }
            other => return Err(no_implicit(other, "Array", line)),
        },
        "&" | "intersection" | "|" | "union" => match &a0 {
            Value::Array(x) => {
                let other = x.borrow().clone();
                let mut seen = std::collections::HashSet::new();
                if name == "&" || name == "intersection" {
                    let keep: std::collections::HashSet<_> = other.iter().map(Value::key).collect();
                    Value::array(
                        items
                            .into_iter()
                            .filter(|v| keep.contains(&v.key()) && seen.insert(v.key()))
                            .collect(),
                    )
                } else {
                    Value::array(
                        items
                            .into_iter()
                            .chain(other)
                            .filter(|v| seen.insert(v.key()))
                            .collect(),
                    )
                }
            }
            other => return Err(no_implicit(other, "Array", line)),
        },
        "intersect?" => match &a0 {
            Value::Array(x) => {
                let keep: std::collections::HashSet<_> =
                    x.borrow().iter().map(Value::key).collect();
                Value::Bool(items.iter().any(|v| keep.contains(&v.key())))
            }
            other => return Err(no_implicit(other, "Array", line)),
        },
        "*" => match &a0 {
            Value::Str(s) => {
                let s = s.borrow().clone();
                Value::str(
                    join(&items, &s, &mut vec![Rc::as_ptr(a) as usize])
                        .map_err(|m| err("ArgumentError", m, line))?,
                )
            }
            v => {
                let n = int_arg(v, line)?;
                if n < 0 {
                    return Err(err("ArgumentError", "negative argument", line));
                }
                let mut out = Vec::new();
                for _ in 0..n.min(1_000_000) {
                    out.extend(items.iter().cloned());
                }
                Value::array(out)
            }
        },
        "==" | "eql?" => Value::Bool(recv.eq(&a0)),
        "<=>" => compare(recv, &a0)
            .map(|o| Value::Int(o as i64))
            .unwrap_or(Value::Nil),
        "[]" | "slice" => {
            let n = items.len() as i64;
            match (&a0, args.get(1)) {
                (Value::Int(i), None) => {
                    let i = if *i < 0 { n + i } else { *i };
                    items
                        .get(usize::try_from(i).unwrap_or(usize::MAX))
                        .cloned()
                        .unwrap_or(Value::Nil)
                }
                (Value::Int(s), Some(len)) => {
                    let len = int_arg(len, line)?;
                    let s = if *s < 0 { n + s } else { *s };
                    if s < 0 || s > n || len < 0 {
                        Value::Nil
                    } else {
                        Value::array(items[s as usize..(s + len).min(n) as usize].to_vec())
                    }
                }
                (Value::Range(r), None) => match range_bounds(r, n, line)? {
                    Some((s, e)) => Value::array(items[s..e].to_vec()),
                    None => Value::Nil,
                },
                (other, _) => return Err(no_implicit(other, "Integer", line)),
            }
        }
        "[]=" => {
            arity(name, args, 2, 3, line)?;
            let idx = int_arg(&a0, line)?;
            let n = items.len() as i64;
            let i = if idx < 0 { n + idx } else { idx };
            if i < 0 {
                return Err(err(
                    "IndexError",
                    format!("index {idx} too small for array; minimum: -{n}"),
                    line,
                ));
            }
            let v = args[args.len() - 1].clone();
            let mut b = a.borrow_mut();
            while (b.len() as i64) <= i {
                b.push(Value::Nil);
            }
            b[i as usize] = v.clone();
            v
        }
        "at" => {
            let i = int_arg(&a0, line)?;
            let n = items.len() as i64;
            let i = if i < 0 { n + i } else { i };
            items
                .get(usize::try_from(i).unwrap_or(usize::MAX))
                .cloned()
                .unwrap_or(Value::Nil)
        }
        "fetch" => {
            let i = int_arg(&a0, line)?;
            let n = items.len() as i64;
            let k = if i < 0 { n + i } else { i };
            match items.get(usize::try_from(k).unwrap_or(usize::MAX)) {
                Some(v) => v.clone(),
                None if args.len() > 1 => args[1].clone(),
                None => match block {
                    Some(b) => it.yield_block(b, vec![a0.clone()])?,
                    None => {
                        return Err(err(
                            "IndexError",
                            format!("index {i} outside of array bounds: {}...{n}", -n),
                            line,
                        ))
                    }
                },
            }
        }
        "values_at" => Value::array(
            args.iter()
                .map(|i| match i {
                    Value::Int(i) => {
                        let n = items.len() as i64;
                        let k = if *i < 0 { n + i } else { *i };
                        items
                            .get(usize::try_from(k).unwrap_or(usize::MAX))
                            .cloned()
                            .unwrap_or(Value::Nil)
                    }
                    _ => Value::Nil,
                })
                .collect(),
        ),
        "dig" => dig(it, recv.clone(), args, line)?,
        "compact" => Value::array(
            items
                .into_iter()
                .filter(|v| !matches!(v, Value::Nil))
                .collect(),
        ),
        "flatten" => {
            let depth = match &a0 {
                Value::Nil => -1,
                v => int_arg(v, line)?,
            };
            let mut out = Vec::new();
            flatten(&items, depth, &mut out, &mut vec![Rc::as_ptr(a) as usize])
                .map_err(|m| err("ArgumentError", m, line))?;
            Value::array(out)
        }
        "reverse" => Value::array(items.into_iter().rev().collect()),
        "rotate" => {
            let n = match &a0 {
                Value::Nil => 1,
                v => int_arg(v, line)?,
            };
            let mut v = items;
            if !v.is_empty() {
                let k = n.rem_euclid(v.len() as i64) as usize;
                v.rotate_left(k);
            }
            Value::array(v)
        }
        "transpose" => {
            let rows: Vec<Vec<Value>> = items
                .iter()
                .map(|r| to_items(r).unwrap_or_default())
                .collect();
            let width = rows.first().map(|r| r.len()).unwrap_or(0);
            if rows.iter().any(|r| r.len() != width) {
                return Err(err(
                    "IndexError",
                    format!(
                        "element size differs ({} should be {width})",
                        rows.iter()
                            .find(|r| r.len() != width)
                            .map(|r| r.len())
                            .unwrap_or(0)
                    ),
                    line,
                ));
            }
            Value::array(
                (0..width)
                    .map(|c| Value::array(rows.iter().map(|r| r[c].clone()).collect()))
                    .collect(),
            )
        }
        "assoc" => items
            .iter()
            .find(|v| matches!(v, Value::Array(p) if p.borrow().first().is_some_and(|k| k.eq(&a0))))
            .cloned()
            .unwrap_or(Value::Nil),
        "delete" => {
            let found = items.iter().any(|v| v.eq(&a0));
            a.borrow_mut().retain(|v| !v.eq(&a0));
            if found {
                a0.clone()
            } else {
                Value::Nil
            }
        }
        "delete_at" => {
            let i = int_arg(&a0, line)?;
            let n = items.len() as i64;
            let k = if i < 0 { n + i } else { i };
            if (0..n).contains(&k) {
                a.borrow_mut().remove(k as usize)
            } else {
                Value::Nil
            }
        }
        "index" | "find_index" | "rindex" if args.is_empty() && block.is_none() => Value::Nil,
        "rindex" => {
            for (i, v) in items.iter().enumerate().rev() {
                let hit = if args.is_empty() {
                    match block {
                        Some(b) => it.yield_block(b, vec![v.clone()])?.truthy(),
                        None => false,
                    }
                } else {
                    v.eq(&a0)
                };
                if hit {
                    return Ok(Some(Value::Int(i as i64)));
                }
            }
            Value::Nil
        }
        "product" => {
            // Every combination of one item of the receiver with one of each argument
            // (arrays only), the last argument varying fastest.
            let mut lists = vec![items.clone()];
            for a in args {
                match a {
                    Value::Array(o) => lists.push(o.borrow().clone()),
                    other => return Err(no_implicit(other, "Array", line)),
                }
            }
            let total = lists
                .iter()
                .try_fold(1usize, |n, l| n.checked_mul(l.len()))
                .filter(|n| *n <= 10_000_000)
                .ok_or_else(|| err("RangeError", "too big to product", line))?;
            let mut rows = Vec::with_capacity(total);
            for mut k in 0..total {
                let mut row = vec![Value::Nil; lists.len()];
                for (slot, list) in row.iter_mut().zip(&lists).rev() {
                    *slot = list[k % list.len()].clone();
                    k /= list.len();
                }
                rows.push(Value::array(row));
            }
            match block {
                Some(b) => {
                    for row in rows {
                        it.yield_block(b, vec![row])?;
                    }
                    recv.clone()
                }
                None => Value::array(rows),
            }
        }
        "pack" | "sample" | "shuffle" | "combination" | "permutation" | "cycle" => {
            return Err(err(
                "NotImplementedError",
                format!("unsupported Ruby in a template: Array#{name}"),
                line,
            ))
        }
        "to_s" | "inspect" => Value::str(recv.inspect()),
        "hash" => Value::Int(0),
        "to_ary" => recv.clone(),
        _ => return enumerable(it, items, name, args, block, line),
    }))
}

fn dig(it: &mut Interp<'_>, mut cur: Value, keys: &[Value], line: u32) -> R {
    for k in keys {
        cur = match &cur {
            Value::Nil => return Ok(Value::Nil),
            Value::Array(_) | Value::Hash(_) => {
                it.send(cur.clone(), "[]", vec![k.clone()], None, line)?
            }
            other => {
                return Err(type_error(
                    format!("{} does not have #dig method", other.class_name()),
                    line,
                ))
            }
        };
    }
    Ok(cur)
}

// ---------------------------------------------------------------- Hash

/// `hash[key]` for a String key, without a copy of the key.
pub(crate) fn hash_get(h: &Rc<std::cell::RefCell<Hash>>, key: &str) -> Option<Value> {
    h.borrow().get(&StrKey(key)).map(|(_, v)| v.clone())
}

fn hash_method(
    it: &mut Interp<'_>,
    h: &Rc<std::cell::RefCell<Hash>>,
    recv: &Value,
    name: &str,
    args: &[Value],
    block: Block<'_>,
    line: u32,
) -> Result<Option<Value>, Flow> {
    let a0 = arg(args, 0);
    // What needs no copy of the entries (a read of one key copied them all first).
    match name {
        "key?" | "has_key?" | "include?" | "member?" => {
            let found = match a0 {
                Value::Str(s) => h.borrow().contains_key(&StrKey(&s.borrow())),
                other => h.borrow().contains_key(&other.key()),
            };
            return Ok(Some(Value::Bool(found)));
        }
        "[]" => {
            arity(name, args, 1, 1, line)?;
            let found = match a0 {
                Value::Str(s) => hash_get(h, &s.borrow()),
                other => h.borrow().get(&other.key()).map(|(_, v)| v.clone()),
            };
            return Ok(Some(found.unwrap_or(Value::Nil)));
        }
        "[]=" | "store" => {
            arity(name, args, 2, 2, line)?;
            hash_insert(&mut h.borrow_mut(), a0.clone(), args[1].clone());
            return Ok(Some(args[1].clone()));
        }
        "size" | "length" => return Ok(Some(Value::Int(h.borrow().len() as i64))),
        "count" if args.is_empty() && block.is_none() => {
            return Ok(Some(Value::Int(h.borrow().len() as i64)));
        }
        "empty?" => return Ok(Some(Value::Bool(h.borrow().is_empty()))),
        _ => {}
    }
    let pairs: Vec<(Value, Value)> = h.borrow().values().cloned().collect();
    let pair = |k: &Value, v: &Value| Value::array(vec![k.clone(), v.clone()]);
    Ok(Some(match name {
        "each" | "each_pair" => {
            if let Some(b) = block {
                for (k, v) in &pairs {
                    it.yield_block(b, vec![pair(k, v)])?;
                }
            }
            recv.clone()
        }
        "each_key" | "each_value" => {
            if let Some(b) = block {
                for (k, v) in &pairs {
                    it.yield_block(
                        b,
                        vec![if name == "each_key" {
                            k.clone()
                        } else {
                            v.clone()
                        }],
                    )?;
                }
            }
            recv.clone()
        }
        "each_with_index" if block.is_some() => {
            let items = pairs.iter().map(|(k, v)| pair(k, v)).collect();
            enumerable(it, items, name, args, block, line)?;
            recv.clone()
        }
        "keys" => Value::array(pairs.iter().map(|(k, _)| k.clone()).collect()),
        "values" => Value::array(pairs.iter().map(|(_, v)| v.clone()).collect()),
        "value?" | "has_value?" => Value::Bool(pairs.iter().any(|(_, v)| v.eq(&a0))),
        "key" => pairs
            .iter()
            .find(|(_, v)| v.eq(&a0))
            .map(|(k, _)| k.clone())
            .unwrap_or(Value::Nil),
        "fetch" => {
            arity(name, args, 1, 2, line)?;
            let found = h.borrow().get(&a0.key()).map(|(_, v)| v.clone());
            match found {
                Some(v) => v,
                None if args.len() > 1 => args[1].clone(),
                None => match block {
                    Some(b) => it.yield_block(b, vec![a0.clone()])?,
                    None => {
                        return Err(err(
                            "KeyError",
                            format!("key not found: {}", a0.inspect()),
                            line,
                        ))
                    }
                },
            }
        }
        "dig" => dig(it, recv.clone(), args, line)?,
        "values_at" | "fetch_values" => Value::array(
            args.iter()
                .map(|k| {
                    h.borrow()
                        .get(&k.key())
                        .map(|(_, v)| v.clone())
                        .unwrap_or(Value::Nil)
                })
                .collect(),
        ),
        "delete" => {
            let removed = h.borrow_mut().shift_remove(&a0.key());
            removed.map(|(_, v)| v).unwrap_or(Value::Nil)
        }
        "merge" | "merge!" | "update" => {
            let mut new = if name == "merge" {
                h.borrow().clone()
            } else {
                Hash::default()
            };
            let mut target = if name == "merge" {
                None
            } else {
                Some(h.borrow().clone())
            };
            for o in args {
                let Value::Hash(o) = o else {
                    return Err(no_implicit(o, "Hash", line));
                };
                let other: Vec<(Value, Value)> = o.borrow().values().cloned().collect();
                let dest = target.as_mut().unwrap_or(&mut new);
                for (k, v) in other {
                    let v = match (block, dest.get(&k.key())) {
                        (Some(b), Some((_, old))) => {
                            let old = old.clone();
                            it.yield_block(b, vec![k.clone(), old, v])?
                        }
                        _ => v,
                    };
                    hash_insert(dest, k, v);
                }
            }
            match target {
                Some(t) => {
                    *h.borrow_mut() = t;
                    recv.clone()
                }
                None => Value::hash(new),
            }
        }
        "to_h" if block.is_none() => recv.clone(),
        "to_hash" => recv.clone(),
        "to_a" => Value::array(pairs.iter().map(|(k, v)| pair(k, v)).collect()),
        "invert" => Value::hash_from(pairs.into_iter().map(|(k, v)| (v, k))),
        "select" | "filter" | "reject" | "select!" | "filter!" | "reject!" | "keep_if"
        | "delete_if" => {
            let keep_when = !matches!(name, "reject" | "reject!" | "delete_if");
            let mut out = Hash::default();
            for (k, v) in &pairs {
                let t = match block {
                    Some(b) => it.yield_block(b, vec![k.clone(), v.clone()])?.truthy(),
                    None => true,
                };
                if t == keep_when {
                    hash_insert(&mut out, k.clone(), v.clone());
                }
            }
            if name.ends_with('!') || matches!(name, "keep_if" | "delete_if") {
                let changed = out.len() != pairs.len();
                *h.borrow_mut() = out;
                if changed || matches!(name, "keep_if" | "delete_if") {
                    recv.clone()
                } else {
                    Value::Nil
                }
            } else {
                Value::hash(out)
            }
        }
        "transform_values" | "transform_keys" => {
            let mut out = Hash::default();
            for (k, v) in &pairs {
                let (nk, nv) = match (name, block) {
                    ("transform_values", Some(b)) => {
                        (k.clone(), it.yield_block(b, vec![v.clone()])?)
                    }
                    ("transform_keys", Some(b)) => (it.yield_block(b, vec![k.clone()])?, v.clone()),
                    _ => (k.clone(), v.clone()),
                };
                hash_insert(&mut out, nk, nv);
            }
            Value::hash(out)
        }
        "compact" => Value::hash_from(pairs.into_iter().filter(|(_, v)| !matches!(v, Value::Nil))),
        "slice" => {
            let mut out = Hash::default();
            for k in args {
                if let Some((kk, v)) = h.borrow().get(&k.key()) {
                    hash_insert(&mut out, kk.clone(), v.clone());
                }
            }
            Value::hash(out)
        }
        "except" => {
            let drop: std::collections::HashSet<_> = args.iter().map(Value::key).collect();
            Value::hash_from(pairs.into_iter().filter(|(k, _)| !drop.contains(&k.key())))
        }
        "clear" => {
            h.borrow_mut().clear();
            recv.clone()
        }
        "default" => Value::Nil,
        "any?" if block.is_some() => {
            for (k, v) in &pairs {
                if let Some(b) = block {
                    if it.yield_block(b, vec![pair(k, v)])?.truthy() {
                        return Ok(Some(Value::Bool(true)));
                    }
                }
            }
            Value::Bool(false)
        }
        "sort" if block.is_none() => {
            let mut v: Vec<Value> = pairs.iter().map(|(k, v)| pair(k, v)).collect();
            sort_values(it, &mut v, None, line)?;
            Value::array(v)
        }
        "==" | "eql?" => Value::Bool(recv.eq(&a0)),
        "to_s" | "inspect" => Value::str(recv.inspect()),
        "first" if args.is_empty() => pairs.first().map(|(k, v)| pair(k, v)).unwrap_or(Value::Nil),
        _ => {
            let items = pairs.iter().map(|(k, v)| pair(k, v)).collect();
            return enumerable(it, items, name, args, block, line);
        }
    }))
}

// ---------------------------------------------------------------- Range, Regexp, MatchData

fn range_include(r: &Range, v: &Value) -> bool {
    let above = match &r.start {
        Value::Nil => true,
        s => matches!(compare(s, v), Some(Ordering::Less | Ordering::Equal)),
    };
    let below = match &r.end {
        Value::Nil => true,
        e => match compare(v, e) {
            Some(Ordering::Less) => true,
            Some(Ordering::Equal) => !r.exclusive,
            _ => false,
        },
    };
    above && below
}

fn range_method(
    it: &mut Interp<'_>,
    r: &Rc<Range>,
    recv: &Value,
    name: &str,
    args: &[Value],
    block: Block<'_>,
    line: u32,
) -> Result<Option<Value>, Flow> {
    match name {
        "include?" | "member?" | "cover?" | "===" => {
            return Ok(Some(Value::Bool(range_include(r, &arg(args, 0)))))
        }
        "begin" | "first" if args.is_empty() => return Ok(Some(r.start.clone())),
        "end" => return Ok(Some(r.end.clone())),
        "last" if args.is_empty() => return Ok(Some(r.end.clone())),
        "exclude_end?" => return Ok(Some(Value::Bool(r.exclusive))),
        "to_s" | "inspect" => {
            return Ok(Some(Value::str(if name == "to_s" {
                recv.to_s()
            } else {
                recv.inspect()
            })))
        }
        "==" => return Ok(Some(Value::Bool(recv.eq(&arg(args, 0))))),
        _ => {}
    }
    let Some(items) = range_items(r) else {
        return Err(type_error(
            format!("can't iterate from {}", r.start.class_name()),
            line,
        ));
    };
    match name {
        "each" => {
            if let Some(b) = block {
                for v in items {
                    it.yield_block(b, vec![v])?;
                }
            }
            Ok(Some(recv.clone()))
        }
        "size" | "count" if args.is_empty() && block.is_none() => {
            Ok(Some(Value::Int(items.len() as i64)))
        }
        "last" => Ok(Some(match arg(args, 0) {
            Value::Nil => r.end.clone(),
            n => {
                let n = int_arg(&n, line)?.max(0) as usize;
                Value::array(items[items.len().saturating_sub(n)..].to_vec())
            }
        })),
        "step" => {
            let n = int_arg(&arg(args, 0), line)?.max(1) as usize;
            let picked: Vec<Value> = items.into_iter().step_by(n).collect();
            if let Some(b) = block {
                for v in &picked {
                    it.yield_block(b, vec![v.clone()])?;
                }
                return Ok(Some(recv.clone()));
            }
            Ok(Some(Value::array(picked)))
        }
        _ => enumerable(it, items, name, args, block, line),
    }
}

fn regexp_method(
    it: &mut Interp<'_>,
    r: &Rc<Regexp>,
    name: &str,
    args: &[Value],
    line: u32,
) -> Result<Option<Value>, Flow> {
    let a0 = arg(args, 0);
    Ok(Some(match name {
        "match" | "=~" | "match?" => {
            let s = match &a0 {
                Value::Nil => {
                    if name != "match?" {
                        it.last_match = None;
                    }
                    return Ok(Some(if name == "match?" {
                        Value::Bool(false)
                    } else {
                        Value::Nil
                    }));
                }
                Value::Sym(s) => s.to_string(),
                other => str_arg(other, line)?,
            };
            let m = match_at(r, &s, 0, line)?;
            match (name, m) {
                ("match?", m) => Value::Bool(m.is_some()),
                (_, None) => {
                    it.last_match = None;
                    Value::Nil
                }
                ("=~", Some(m)) => {
                    let pos = m.pre.chars().count();
                    it.last_match = Some(Rc::new(m));
                    Value::Int(pos as i64)
                }
                (_, Some(m)) => {
                    let m = Rc::new(m);
                    it.last_match = Some(m.clone());
                    Value::Match(m)
                }
            }
        }
        "source" => Value::str(r.source.clone()),
        _ => return Ok(None),
    }))
}

fn match_method(
    it: &mut Interp<'_>,
    m: &Rc<MatchData>,
    name: &str,
    args: &[Value],
    line: u32,
) -> Result<Option<Value>, Flow> {
    let group = |g: &Option<String>| g.clone().map(Value::str).unwrap_or(Value::Nil);
    Ok(Some(match name {
        // `md[start, length]` and `md[range]` slice the groups as an array does.
        "[]" if args.len() == 2 || matches!(arg(args, 0), Value::Range(_)) => {
            let a = Rc::new(std::cell::RefCell::new(
                m.groups.iter().map(group).collect(),
            ));
            let groups = Value::Array(a.clone());
            return array_method(it, &a, &groups, "[]", args, None, line);
        }
        "[]" => match arg(args, 0) {
            Value::Int(i) => {
                let n = m.groups.len() as i64;
                let i = if i < 0 { n + i } else { i };
                m.groups
                    .get(usize::try_from(i).unwrap_or(usize::MAX))
                    .map(group)
                    .unwrap_or(Value::Nil)
            }
            Value::Str(s) => {
                let s = s.borrow().clone();
                named(m, &s, line)?
            }
            Value::Sym(s) => named(m, &s, line)?,
            other => return Err(no_implicit(&other, "Integer", line)),
        },
        "captures" => Value::array(m.groups[1..].iter().map(group).collect()),
        "to_a" => Value::array(m.groups.iter().map(group).collect()),
        "pre_match" => Value::str(m.pre.clone()),
        "post_match" => Value::str(m.post.clone()),
        "names" => Value::array(
            m.names
                .iter()
                .flatten()
                .map(|n| Value::str(n.clone()))
                .collect(),
        ),
        "named_captures" => Value::hash_from(m.names.iter().enumerate().filter_map(|(i, n)| {
            n.as_ref()
                .map(|n| (Value::str(n.clone()), group(&m.groups[i + 1])))
        })),
        _ => return Ok(None),
    }))
}

fn named(m: &MatchData, name: &str, line: u32) -> R {
    match m.names.iter().position(|n| n.as_deref() == Some(name)) {
        Some(i) => Ok(m
            .groups
            .get(i + 1)
            .cloned()
            .flatten()
            .map(Value::str)
            .unwrap_or(Value::Nil)),
        None => Err(err(
            "IndexError",
            format!("undefined group name reference: {name}"),
            line,
        )),
    }
}

// ---------------------------------------------------------------- to_yaml

/// `to_yaml(options)`: Psych's writer (`marionette_catalog::ruby::yaml`), over Ruby
/// objects: an Array, Hash or Regexp met twice is written once with an anchor, then as
/// an alias.
fn to_yaml(v: &Value, args: &[Value], line: u32) -> Result<String, Flow> {
    let mut options = yaml::Options::default();
    if let Some(Value::Hash(h)) = args.first() {
        for (k, v) in h.borrow().values() {
            match (k, v) {
                (Value::Sym(k), Value::Int(i)) if &**k == "indentation" => {
                    options.indentation = Some(*i)
                }
                (Value::Sym(k), Value::Int(i)) if &**k == "line_width" => {
                    options.line_width = Some(*i)
                }
                _ => {}
            }
        }
    }
    options.check().map_err(|m| err("ArgumentError", m, line))?;
    let mut tree = yaml::Tree::new(&options);
    yaml_node(v, &mut tree);
    Ok(tree.finish())
}

/// Psych's `YAMLTree#accept` for one object.
fn yaml_node(v: &Value, tree: &mut yaml::Tree) {
    let id = match v {
        Value::Array(a) => Some(Rc::as_ptr(a) as *const u8 as usize),
        Value::Hash(h) => Some(Rc::as_ptr(h) as *const u8 as usize),
        Value::Regexp(r) => Some(Rc::as_ptr(r) as *const u8 as usize),
        Value::Range(r) => Some(Rc::as_ptr(r) as *const u8 as usize),
        _ => None,
    };
    if id.is_some_and(|id| tree.alias(id)) {
        return;
    }
    match v {
        Value::Nil => tree.nil(),
        Value::Bool(b) => tree.bool(*b),
        Value::Int(i) => tree.integer(*i),
        Value::Float(f) => tree.float(*f),
        Value::Str(s) => tree.string(&s.borrow()),
        Value::Sym(s) => tree.symbol(s),
        Value::Regexp(_) => tree.regexp(id, &v.inspect()),
        Value::Array(a) => {
            tree.start_sequence(id);
            for item in a.borrow().iter() {
                yaml_node(item, tree);
            }
            tree.end_sequence();
        }
        Value::Hash(h) => {
            tree.start_mapping(id);
            for (k, item) in h.borrow().values() {
                yaml_node(k, tree);
                yaml_node(item, tree);
            }
            tree.end_mapping();
        }
        Value::Range(r) => {
            tree.start_tagged_mapping(id, Some("!ruby/range"));
            for (name, item) in [("begin", &r.start), ("end", &r.end)] {
                tree.string(name);
                yaml_node(item, tree);
            }
            tree.string("excl");
            tree.bool(r.exclusive);
            tree.end_mapping();
        }
        other => tree.string(&other.to_s()),
    }
}
