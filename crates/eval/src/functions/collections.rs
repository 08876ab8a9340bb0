//! Functions on arrays, hashes and other collections.

use super::iterate::iterable;
use super::{builtin, Builtin, Call};
use crate::compiler::Compiler;
use crate::error::EvalError;
use crate::eval::EvalResult;
use crate::ops::{casecmp, equals};
use crate::types::PType;
use crate::value::{Value, ValueMap};
use std::cmp::Ordering;

pub(super) const FUNCTIONS: &[Builtin] = &[
    // `keys($h)`: the keys of a hash.
    builtin!("keys", &["Hash hsh"], |_, c| match c.arg(0) {
        Value::Hash(h) => Ok(Value::array(h.keys().cloned().collect())),
        _ => Ok(Value::array(Vec::new())),
    }),
    // `values($h)`: the values of a hash.
    builtin!("values", &["Hash hsh"], |_, c| match c.arg(0) {
        Value::Hash(h) => Ok(Value::array(h.values().cloned().collect())),
        _ => Ok(Value::array(Vec::new())),
    }),
    // `length($x)`: the number of elements, entries or characters.
    builtin!(
        "length",
        &["Collection arg", "String arg", "Binary arg"],
        length
    ),
    // `size($x)`: the same as `length`.
    builtin!(
        "size",
        &["Variant[Collection, String, Binary] arg"],
        length
    ),
    // `empty($x)`: whether a collection or string is empty (undef is empty, numbers are
    // not).
    builtin!(
        "empty",
        &[
            "Collection coll",
            "Sensitive[String] str",
            "String str",
            "Numeric num",
            "Binary bin",
            "Undef x"
        ],
        empty
    ),
    // `sort($x)`: sorts an array (or a string's characters); a block compares.
    builtin!(
        "sort",
        &["String string_value, &[2,2]?", "Array array_value, &[2,2]?"],
        sort
    ),
    // `unique($x)`: removes duplicates; for a hash, groups keys with equal values.
    builtin!(
        "unique",
        &[
            "String string, &[1,1]?",
            "Hash hash, &[1,1]?",
            "Array array, &[1,1]?",
            "Iterable iterable, &[1,1]?"
        ],
        unique
    ),
    // `min(a, b, ...)` / `min([a, b])`: the smallest value (numbers, or strings).
    builtin!("min", MIN_MAX_SIGS, min_max),
    // `max(a, b, ...)` / `max([a, b])`: the largest value.
    builtin!("max", MIN_MAX_SIGS, min_max),
    // `dig($data, 'a', 0)`: navigates into nested hashes and arrays; undef when absent.
    builtin!("dig", &["Optional[Collection] data, Any arg*"], dig),
    // `get($data, 'a.0.b', default)`: navigation with a dotted string.
    builtin!(
        "get",
        &["Any value, String dotted_string, Any default_value?, &[1,1]?"],
        get
    ),
    // `getvar('x::y.a.b', default)`: a variable's value, navigated like `get`.
    builtin!(
        "getvar",
        &[
            "Pattern[/\\A(?:::)?(?:[a-z]\\w*::)*[a-z_]\\w*(?:\\.|\\Z)/] get_string, Any default_value?, &[1,1]?",
            "String get_string, Any default_value?, &[]?"
        ],
        getvar
    ),
    // `flatten(a, [b, [c]])`: one flat array.
    builtin!("flatten", &["Any args*"], |_, c| {
        let mut out = Vec::new();
        flatten_into(&c.args, &mut out);
        Ok(Value::array(out))
    }),
    // `compare(a, b)`: -1, 0 or 1; strings ignore case unless the third argument is
    // false.
    builtin!(
        "compare",
        &[
            "Numeric a, Numeric b",
            "String a, String b, Boolean ignore_case?",
            "SemVer a, SemVer b",
            "Numeric a, Variant[Timespan, Timestamp] b",
            "Timestamp a, Variant[Timestamp, Numeric] b",
            "Timespan a, Variant[Timespan, Numeric] b",
            "Any a, Any b, Any ignore_case*"
        ],
        compare
    ),
    // `index($x, value)` / `index($x) |$v| { }`: the index (or key) of the first match.
    builtin!(
        "index",
        &[
            "Hash[Any, Any] hash, &[2,2]",
            "Hash[Any, Any] hash, &[1,1]",
            "Iterable enumerable, &[2,2]",
            "Iterable enumerable, &[1,1]",
            "String str, Variant[String,Regexp] match",
            "Iterable enumerable, Any match"
        ],
        index
    ),
];

const MIN_MAX_SIGS: &[&str] = &[
    "Numeric values*",
    "String values*",
    "Array[Numeric] values, &[2,2]?",
    "Array[String] values, &[2,2]?",
    "Array values, &[2,2]?",
    "Any values*, &[2,2]",
    "Any values*",
];

fn flatten_into(args: &[Value], out: &mut Vec<Value>) {
    for a in args {
        match a {
            Value::Array(items) => flatten_into(items, out),
            other => out.push(other.clone()),
        }
    }
}

fn length(_: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    Ok(Value::Int(match call.arg(0) {
        Value::Array(a) => a.len(),
        Value::Hash(h) => h.len(),
        Value::Str(s) => s.chars().count(),
        Value::Binary(b) => b.len(),
        _ => 0,
    } as i64))
}

fn empty(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    if call.sig == 3 {
        c.deprecation_at(
            "Calling function empty() with Numeric value is deprecated.",
            call.file,
            call.span,
        );
    }
    Ok(Value::Bool(match call.arg(0) {
        Value::Array(a) => a.is_empty(),
        Value::Hash(h) => h.is_empty(),
        Value::Str(s) => s.is_empty(),
        Value::Sensitive(s) => s.as_str().is_some_and(str::is_empty),
        Value::Undef => true,
        _ => false,
    }))
}

/// Ruby's `<=>` as `Array#sort` uses it: numbers with numbers, strings by bytes.
fn ruby_cmp(a: &Value, b: &Value) -> Result<Ordering, String> {
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => Ok(x.as_bytes().cmp(y.as_bytes())),
        (
            Value::Int(_) | Value::BigInt(_) | Value::Float(_),
            Value::Int(_) | Value::BigInt(_) | Value::Float(_),
        ) => crate::ops::compare(a, b),
        (Value::SemVer(x), Value::SemVer(y)) => Ok(x.precedence(y)),
        (Value::Timestamp(_), Value::Timestamp(_))
        | (Value::Timespan(_), Value::Timespan(_))
        | (Value::Timestamp(_) | Value::Timespan(_), Value::Int(_) | Value::Float(_)) => {
            crate::ops::compare(a, b)
        }
        (Value::Array(x), Value::Array(y)) => {
            for (p, q) in x.iter().zip(y.iter()) {
                let o = ruby_cmp(p, q)?;
                if o != Ordering::Equal {
                    return Ok(o);
                }
            }
            Ok(x.len().cmp(&y.len()))
        }
        _ => Err(format!(
            "comparison of {} with {} failed",
            ruby_class(a),
            ruby_cmperr_operand(b)
        )),
    }
}

/// How Ruby's comparison error names its right operand: by value for the immediates
/// (nil, true, false, small integers and floats), by class otherwise.
fn ruby_cmperr_operand(b: &Value) -> String {
    match b {
        Value::Undef | Value::Bool(_) | Value::Int(_) | Value::Float(_) => b.ruby_inspect(),
        other => ruby_class(other).to_string(),
    }
}

fn ruby_class(v: &Value) -> &'static str {
    match v {
        Value::Str(_) => "String",
        Value::Int(_) | Value::BigInt(_) => "Integer",
        Value::Float(_) => "Float",
        Value::Array(_) => "Array",
        Value::Hash(_) => "Hash",
        Value::Undef => "NilClass",
        Value::Bool(true) => "TrueClass",
        Value::Bool(false) => "FalseClass",
        _ => "Object",
    }
}

/// Sorts with a fallible comparison (stable merge sort; the first error wins).
fn sort_values(
    items: &mut [Value],
    cmp: &mut dyn FnMut(&Value, &Value) -> Result<Ordering, EvalError>,
) -> Result<(), EvalError> {
    // Ruby sorts with the C library's qsort_r, glibc's top-down merge sort: the
    // comparisons come in its order, so a pair that cannot be compared is the one
    // Puppet names.
    fn merge_sort(
        items: &mut [Value],
        cmp: &mut dyn FnMut(&Value, &Value) -> Result<Ordering, EvalError>,
    ) -> Result<(), EvalError> {
        let n = items.len();
        if n <= 1 {
            return Ok(());
        }
        let n1 = n / 2;
        merge_sort(&mut items[..n1], cmp)?;
        merge_sort(&mut items[n1..], cmp)?;
        let mut merged = Vec::with_capacity(n);
        let (mut i, mut j) = (0, n1);
        while i < n1 && j < n {
            if cmp(&items[i], &items[j])? != Ordering::Greater {
                merged.push(items[i].clone());
                i += 1;
            } else {
                merged.push(items[j].clone());
                j += 1;
            }
        }
        merged.extend_from_slice(&items[i..n1]);
        merged.extend_from_slice(&items[j..]);
        items.clone_from_slice(&merged);
        Ok(())
    }
    merge_sort(items, cmp)
}

fn block_cmp(
    c: &mut Compiler<'_>,
    call: &Call<'_>,
    a: &Value,
    b: &Value,
) -> Result<Ordering, EvalError> {
    let block = call.block()?;
    let r = c.call_block(&block, vec![a.clone(), b.clone()])?;
    match r {
        Value::Int(i) => Ok(i.cmp(&0)),
        Value::Float(f) => Ok(f.partial_cmp(&0.0).unwrap_or(Ordering::Equal)),
        other => Err(EvalError::new(format!(
            "comparison of {} with {} failed",
            ruby_class(a),
            other.ruby_inspect()
        ))),
    }
}

fn sort(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let (mut items, is_string) = match call.arg(0) {
        Value::Str(s) => (
            s.chars()
                .map(|ch| Value::str(ch.to_string()))
                .collect::<Vec<_>>(),
            true,
        ),
        Value::Array(a) => (a.iter().cloned().collect(), false),
        _ => (Vec::new(), false),
    };
    if call.block.is_some() {
        sort_values(&mut items, &mut |a, b| block_cmp(c, call, a, b))?;
    } else {
        sort_values(&mut items, &mut |a, b| {
            ruby_cmp(a, b).map_err(EvalError::new)
        })?;
    }
    Ok(if is_string {
        Value::str(items.iter().map(|v| v.to_string()).collect::<String>())
    } else {
        Value::array(items)
    })
}

fn unique(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let block = call.block.clone();
    let key_of = |c: &mut Compiler<'_>, v: &Value| -> EvalResult {
        match &block {
            Some(b) => c.call_block(b, vec![v.clone()]),
            None => Ok(v.clone()),
        }
    };
    match call.sig {
        1 => {
            // Groups keys by value: {[keys] => [distinct values]}.
            let Value::Hash(h) = call.arg(0).clone() else {
                return Ok(Value::Undef);
            };
            let mut groups: Vec<(Value, Vec<Value>, Vec<Value>)> = Vec::new();
            for (k, v) in h.iter() {
                let key = key_of(c, v)?;
                match groups.iter_mut().find(|g| g.0 == key) {
                    Some(g) => {
                        g.1.push(k.clone());
                        if !g.2.contains(v) {
                            g.2.push(v.clone());
                        }
                    }
                    None => groups.push((key, vec![k.clone()], vec![v.clone()])),
                }
            }
            Ok(Value::hash(
                groups
                    .into_iter()
                    .map(|(_, ks, vs)| (Value::array(ks), Value::array(vs)))
                    .collect::<ValueMap>(),
            ))
        }
        _ => {
            let (items, is_string) = match call.arg(0) {
                Value::Str(s) => (
                    s.chars()
                        .map(|ch| Value::str(ch.to_string()))
                        .collect::<Vec<_>>(),
                    true,
                ),
                other => (iterable(other).map(|i| i.items).unwrap_or_default(), false),
            };
            let mut seen: Vec<Value> = Vec::new();
            let mut out = Vec::new();
            for v in items {
                let key = key_of(c, &v)?;
                if !seen.contains(&key) {
                    seen.push(key);
                    out.push(v);
                }
            }
            Ok(if is_string {
                Value::str(out.iter().map(|v| v.to_string()).collect::<String>())
            } else {
                Value::array(out)
            })
        }
    }
}

fn numeric_string(s: &str) -> bool {
    let s = s.strip_prefix('-').unwrap_or(s);
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return false;
    }
    let rest = &s[digits..];
    if rest.is_empty() {
        return true;
    }
    let mut r = rest.chars();
    matches!(r.next(), Some('.' | '_' | 'e' | 'E'))
        && !r.as_str().is_empty()
        && r.as_str().bytes().all(|b| b.is_ascii_digit())
}

fn to_f(s: &str) -> f64 {
    // Ruby's String#to_f reads the longest numeric prefix.
    let mut end = 0;
    for (i, _) in s.char_indices().skip(1) {
        if s[..i].parse::<f64>().is_ok() {
            end = i;
        }
    }
    if s.parse::<f64>().is_ok() {
        end = s.len();
    }
    s[..end].parse().unwrap_or(0.0)
}

fn min_max(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let (values, by) = match call.sig {
        2..=4 => match call.arg(0) {
            Value::Array(a) => (a.iter().cloned().collect::<Vec<_>>(), call.sig),
            _ => (Vec::new(), 6),
        },
        s => (call.args.clone(), s),
    };
    if values.is_empty() {
        return Err(EvalError::new(format!(
            "{}(): Wrong number of arguments need at least one",
            call.name
        )));
    }
    let is_max = call.name == "max";
    let mode = if call.block.is_some() {
        5
    } else {
        match by {
            0 | 2 => 0,
            1 | 3 => 1,
            _ => 6,
        }
    };
    let mut best = values[0].clone();
    for v in values.into_iter().skip(1) {
        let ord = match mode {
            5 => block_cmp(c, call, &v, &best)?,
            0 => crate::ops::compare(&v, &best).map_err(EvalError::new)?,
            _ => {
                let (a, b) = if mode == 1 {
                    (v.to_string(), best.to_string())
                } else {
                    (v.ruby_to_s(), best.ruby_to_s())
                };
                if numeric_string(&a) && numeric_string(&b) {
                    c.deprecation_once(
                        &format!("{}_function_numeric_coerce_string", call.name),
                        &format!("The {}() function's auto conversion of String to Numeric is deprecated - change to convert input before calling, or use lambda", call.name),
                    );
                    to_f(&a).partial_cmp(&to_f(&b)).unwrap_or(Ordering::Equal)
                } else {
                    if mode != 1 {
                        c.deprecation_once(
                            &format!("{}_function_string_coerce_any", call.name),
                            &format!("The {}() function's auto conversion of Any to String is deprecated - change to convert input before calling, or use lambda", call.name),
                        );
                    }
                    a.as_bytes().cmp(b.as_bytes())
                }
            }
        };
        if (is_max && ord == Ordering::Greater) || (!is_max && ord == Ordering::Less) {
            best = v;
        }
    }
    Ok(best)
}

/// `dig`, with Puppet's errors for non-collections and non-integer array indexes.
/// Why `dig` could not go on: Puppet's message and the data of the `Error` it raises
/// (kind `SLICE_ERROR`).
pub(super) struct DigError {
    pub msg: String,
    pub issue_code: &'static str,
    /// `walked_path`, and `value_type` or `index_type`.
    pub details: ValueMap,
}

impl DigError {
    fn new(issue_code: &'static str, msg: String, walked: &[Value], key: &str, t: PType) -> Self {
        let mut details = ValueMap::default();
        details.insert(Value::str("walked_path"), Value::array(walked.to_vec()));
        details.insert(Value::str(key), Value::Type(std::sync::Arc::new(t)));
        DigError {
            msg,
            issue_code,
            details,
        }
    }

    /// The `Error` object Puppet hands `get()`'s block.
    fn into_error_value(self) -> Value {
        crate::object::error_value(self.msg, "SLICE_ERROR", self.details, self.issue_code)
    }
}

pub(super) fn dig_value(data: &Value, keys: &[Value]) -> Result<Value, DigError> {
    let mut walked: Vec<Value> = Vec::new();
    let mut cur = data.clone();
    for k in keys {
        if cur.is_undef() || k.is_undef() {
            return Ok(Value::Undef);
        }
        let path = |w: &[Value]| Value::array(w.to_vec()).ruby_inspect();
        match &cur {
            Value::Array(a) => {
                walked.push(k.clone());
                let Value::Int(i) = k else {
                    let t = PType::infer(k);
                    return Err(DigError::new(
                        "EXPECTED_INTEGER_INDEX",
                        format!(
                            "The given data requires an Integer index at {}, got '{t}'",
                            path(&walked)
                        ),
                        &walked,
                        "index_type",
                        t,
                    ));
                };
                let len = a.len() as i64;
                let i = if *i < 0 { len + i } else { *i };
                cur = if i < 0 || i >= len {
                    Value::Undef
                } else {
                    a[i as usize].clone()
                };
            }
            Value::Hash(h) => {
                walked.push(k.clone());
                cur = h.get(k).cloned().unwrap_or(Value::Undef);
            }
            other => {
                let t = PType::infer(other);
                return Err(DigError::new(
                    "EXPECTED_COLLECTION",
                    format!(
                        "The given data does not contain a Collection at {}, got '{t}'",
                        path(&walked)
                    ),
                    &walked,
                    "value_type",
                    t,
                ));
            }
        }
    }
    Ok(cur)
}

fn dig(_: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    dig_value(call.arg(0), &call.args[1..]).map_err(|e| EvalError::new(e.msg))
}

/// Splits `a.b."c.d".0` into keys: numbers become integers, quotes protect dots.
fn split_dotted(s: &str) -> Result<Vec<Value>, String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted: Option<char> = None;
    let mut was_quoted = false;
    let push = |cur: &mut String, was_quoted: &mut bool, out: &mut Vec<Value>| {
        let seg = std::mem::take(cur);
        if !*was_quoted && !seg.is_empty() && seg.bytes().all(|b| b.is_ascii_digit()) {
            out.push(Value::Int(seg.parse().unwrap_or(0)));
        } else {
            out.push(Value::str(seg));
        }
        *was_quoted = false;
    };
    for ch in s.chars() {
        match (quoted, ch) {
            (Some(q), c) if c == q => quoted = None,
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') => {
                quoted = Some(ch);
                was_quoted = true;
            }
            (None, '.') => push(&mut cur, &mut was_quoted, &mut out),
            (None, c) => cur.push(c),
        }
    }
    if quoted.is_some() {
        return Err("Syntax error in dotted-navigation string".into());
    }
    push(&mut cur, &mut was_quoted, &mut out);
    Ok(out)
}

fn get_impl(
    c: &mut Compiler<'_>,
    call: &Call<'_>,
    value: &Value,
    navigation: &str,
    default: Value,
) -> EvalResult {
    if value.is_undef() {
        return Ok(default);
    }
    if navigation.is_empty() {
        return Ok(value.clone());
    }
    let keys = split_dotted(navigation).map_err(EvalError::new)?;
    match dig_value(value, &keys) {
        Ok(v) if v.is_undef() => Ok(default),
        Ok(v) => Ok(v),
        Err(e) => match call.block.clone() {
            Some(b) => c.call_block(&b, vec![e.into_error_value()]),
            None => Err(EvalError::new(e.msg)),
        },
    }
}

fn get(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let value = call.arg(0).clone();
    let nav = call.str_arg(1).to_string();
    let default = call.arg(2).clone();
    get_impl(c, call, &value, &nav, default)
}

fn getvar(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    if call.sig == 1 {
        return Err(EvalError::new(
            "'getvar' The given string does not start with a valid variable name",
        ));
    }
    let s = call.str_arg(0).to_string();
    let end = s
        .char_indices()
        .find(|(_, ch)| !(ch.is_alphanumeric() || *ch == '_' || *ch == ':'))
        .map_or(s.len(), |(i, _)| i);
    let (var, nav) = s.split_at(end);
    let nav = match nav.strip_prefix('.') {
        Some(n) => n,
        None if nav.is_empty() => "",
        None => {
            return Err(EvalError::new(format!(
                "First character after var name in get string must be a '.' - got {}",
                &nav[..1]
            )))
        }
    };
    let default = call.arg(1).clone();
    match c.find_var(var, call.scope) {
        Some(v) => get_impl(c, call, &v, nav, default),
        None => Ok(default),
    }
}

fn compare(_: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let (a, b) = (call.arg(0), call.arg(1));
    let ord = match call.sig {
        1 => {
            let (x, y) = (a.as_str().unwrap_or(""), b.as_str().unwrap_or(""));
            if matches!(call.arg(2), Value::Bool(false)) {
                x.as_bytes().cmp(y.as_bytes())
            } else {
                casecmp(x, y)
            }
        }
        // SemanticPuppet's `<=>` leaves build metadata out.
        2 => match (a, b) {
            (Value::SemVer(x), Value::SemVer(y)) => x.precedence(y),
            _ => Ordering::Equal,
        },
        6 => {
            let label = crate::ops::label;
            let comparable = |v: &Value| {
                matches!(
                    v,
                    Value::Str(_)
                        | Value::Int(_)
                        | Value::Float(_)
                        | Value::Timestamp(_)
                        | Value::Timespan(_)
                        | Value::SemVer(_)
                )
            };
            let extra = &call.args[2..];
            if !(comparable(a) && comparable(b)) {
                return Err(EvalError::new(format!(
                    "'compare' compare(): Non comparable type. Only values of the types Numeric, String, Semver, Timestamp and Timestamp can be compared. Got {} and {}",
                    label(a),
                    label(b)
                )));
            }
            if !extra.is_empty() {
                if !(a.as_str().is_some() && b.as_str().is_some()) {
                    return Err(EvalError::new(
                        "'compare' compare(): The third argument (ignore case) can only be used when comparing strings",
                    ));
                }
                if extra.len() != 1 {
                    return Err(EvalError::new(format!(
                        "'compare' compare(): Accepts at most 3 arguments, got {}",
                        2 + extra.len()
                    )));
                }
                // Puppet 7.23 fails on its own `Boolean` constant here.
                return Err(EvalError::new(
                    "uninitialized constant Puppet::Pops::Loader::RubyFunctionInstantiator::Boolean",
                ));
            }
            return Err(EvalError::new(format!(
                "'compare' compare(): Can only compare values of the same type (or for Timestamp/Timespan also against Numeric). Got {} and {}",
                label(a),
                label(b)
            )));
        }
        _ => crate::ops::compare(a, b).map_err(EvalError::new)?,
    };
    Ok(Value::Int(match ord {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }))
}

fn index(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    match call.sig {
        4 => {
            let s = call.str_arg(0).to_string();
            let found = match call.arg(1) {
                Value::Str(needle) => s.find(&**needle),
                Value::Regex(re) => re
                    .compiled()
                    .and_then(|r| r.find(&s).ok().flatten())
                    .map(|m| m.start()),
                _ => None,
            };
            Ok(found.map_or(Value::Undef, |byte| {
                Value::Int(s[..byte].chars().count() as i64)
            }))
        }
        5 => {
            let it =
                iterable(call.arg(0)).ok_or_else(|| EvalError::new("index(): not iterable"))?;
            let wanted = call.arg(1).clone();
            for (i, item) in it.items.iter().enumerate() {
                if it.hash_style {
                    if let Value::Array(kv) = item {
                        if ruby_eq(&kv[1], &wanted) {
                            return Ok(kv[0].clone());
                        }
                    }
                } else if ruby_eq(item, &wanted) {
                    return Ok(Value::Int(i as i64));
                }
            }
            Ok(Value::Undef)
        }
        sig => {
            let block = call.block()?;
            let it =
                iterable(call.arg(0)).ok_or_else(|| EvalError::new("index(): not iterable"))?;
            for (i, item) in it.items.iter().enumerate() {
                let (key, args) = match (it.hash_style, item) {
                    (true, Value::Array(kv)) => (
                        kv[0].clone(),
                        if sig == 1 || sig == 3 {
                            vec![kv[1].clone()]
                        } else {
                            vec![kv[0].clone(), kv[1].clone()]
                        },
                    ),
                    _ => (
                        Value::Int(i as i64),
                        if sig == 3 {
                            vec![item.clone()]
                        } else {
                            vec![Value::Int(i as i64), item.clone()]
                        },
                    ),
                };
                if c.call_block(&block, args)?.is_truthy() {
                    return Ok(key);
                }
            }
            Ok(Value::Undef)
        }
    }
}

/// Ruby's `==` (what `index` compares with): numbers by value, strings exactly.
fn ruby_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => x == y,
        (
            Value::Int(_) | Value::BigInt(_) | Value::Float(_),
            Value::Int(_) | Value::BigInt(_) | Value::Float(_),
        ) => equals(a, b),
        _ => a == b,
    }
}
