//! Arrays and hashes: `pick`, `merge`, `concat`, `union`, `delete`, `member`, `range`...

use crate::ruby::{self, args3x, class, eql, equal, inspect, to_s, truthy};
use crate::{native, FunctionContext, NativeFunction, ANY, ONE_OR_MORE};
use marionette_catalog::Data;

type R = Result<Data, String>;

pub const FUNCTIONS: &[NativeFunction] = &[
    native!("pick", ANY, |a, _| pick(&args3x(a))),
    native!("pick_default", ANY, |a, _| pick_default(&args3x(a))),
    native!("any2array", ANY, |a, _| Ok(any2array(&args3x(a)))),
    native!("concat", ANY, |a, _| concat(&args3x(a))),
    native!(
        "merge",
        &[
            "Variant[Hash[Scalar,Any], Undef, String[0,0]] args*",
            "Iterable args*, &[3,3] block",
            "Iterable args*, &[2,2] block"
        ],
        merge
    ),
    native!("deep_merge", ANY, |a, _| deep_merge(&args3x(a))),
    native!("union", ANY, |a, _| union(&args3x(a))),
    native!("intersection", ANY, |a, _| {
        two_arrays(&args3x(a), "intersection", |x, y| {
            ruby::uniq(
                x.iter()
                    .filter(|v| y.iter().any(|w| eql(v, w)))
                    .cloned()
                    .collect(),
            )
        })
    }),
    native!("difference", ANY, |a, _| {
        two_arrays(&args3x(a), "difference", |x, y| {
            x.iter()
                .filter(|v| !y.iter().any(|w| eql(v, w)))
                .cloned()
                .collect()
        })
    }),
    native!("delete", ANY, |a, _| delete(&args3x(a))),
    native!("delete_at", ANY, |a, _| delete_at(&args3x(a))),
    native!("delete_regex", ANY, |a, _| delete_regex(&args3x(a))),
    native!("delete_values", ANY, |a, _| delete_values(&args3x(a))),
    native!("delete_undef_values", ANY, |a, _| delete_undef_values(
        &args3x(a)
    )),
    native!("member", ANY, |a, _| member(&args3x(a))),
    native!("has_key", ANY, |a, _| has_key(&args3x(a))),
    native!("hash", ANY, |a, _| hash(&args3x(a))),
    native!("join_keys_to_values", ANY, |a, _| join_keys_to_values(
        &args3x(a)
    )),
    native!("prefix", ANY, |a, _| affix(&args3x(a), "prefix")),
    native!("suffix", ANY, |a, _| affix(&args3x(a), "suffix")),
    native!("values_at", ANY, |a, _| values_at(&args3x(a))),
    native!("zip", ANY, |a, _| zip(&args3x(a))),
    native!("count", ONE_OR_MORE, |a, _| count(&args3x(a))),
    native!("range", ANY, |a, _| range(&args3x(a))),
    native!("grep", ANY, |a, _| filter(&args3x(a), "grep", true)),
    native!("reject", ANY, |a, _| filter(&args3x(a), "reject", false)),
    native!("reverse", ANY, |a, _| reverse(&args3x(a))),
    native!("dig44", ONE_OR_MORE, |a, _| dig44(&args3x(a))),
    native!("try_get_value", ONE_OR_MORE, try_get_value),
    native!("clamp", ONE_OR_MORE, |a, _| clamp(&args3x(a))),
];

fn err<T>(msg: impl Into<String>) -> Result<T, String> {
    Err(msg.into())
}

fn pick(args: &[Data]) -> R {
    let first = args
        .iter()
        .find(|a| !matches!(a, Data::Undef) && !matches!(a, Data::String(s) if s.is_empty()));
    match first {
        Some(v) => Ok(v.clone()),
        None => err("pick(): must receive at least one non empty value"),
    }
}

fn pick_default(args: &[Data]) -> R {
    let Some((default, rest)) = args.split_last() else {
        return err("Must receive at least one argument.");
    };
    Ok(rest
        .iter()
        .find(|a| !matches!(a, Data::Undef) && !matches!(a, Data::String(s) if s.is_empty()))
        .unwrap_or(default)
        .clone())
}

pub(crate) fn any2array(args: &[Data]) -> Data {
    match args {
        [] => Data::Array(Vec::new()),
        [Data::Array(items)] => Data::Array(items.clone()),
        [Data::String(s)] if s.is_empty() => Data::Array(Vec::new()),
        [Data::Hash(entries)] => Data::Array(
            entries
                .iter()
                .flat_map(|(k, v)| [k.clone(), v.clone()])
                .collect(),
        ),
        _ => Data::Array(args.to_vec()),
    }
}

fn concat(args: &[Data]) -> R {
    if args.len() < 2 {
        return err(format!(
            "concat(): Wrong number of arguments given ({} for < 2)",
            args.len()
        ));
    }
    let Data::Array(first) = &args[0] else {
        return err("concat(): Requires array to work with");
    };
    let mut out = first.clone();
    for x in &args[1..] {
        match x {
            Data::Array(items) => out.extend(items.iter().cloned()),
            other => out.push(other.clone()),
        }
    }
    Ok(Data::Array(out))
}

/// Merges `b` into `a` as Ruby's `Hash#merge!` does.
fn merge_into(a: &mut Vec<(Data, Data)>, b: &[(Data, Data)]) {
    for (k, v) in b {
        ruby::put(a, k.clone(), v.clone());
    }
}

/// The elements of an `Iterable` as a block sees them: hash entries as pairs.
fn iterate(d: &Data) -> Vec<Data> {
    match d {
        Data::Array(items) => items.clone(),
        Data::Hash(entries) => entries
            .iter()
            .map(|(k, v)| Data::Array(vec![k.clone(), v.clone()]))
            .collect(),
        Data::Integer(n) => (0..*n).map(Data::Integer).collect(),
        Data::String(s) => s.chars().map(|c| Data::String(c.to_string())).collect(),
        _ => Vec::new(),
    }
}

fn merge(args: &[Data], cx: &mut dyn FunctionContext) -> R {
    let mut acc: Vec<(Data, Data)> = Vec::new();
    if cx.signature() == 0 {
        for a in args {
            if let Data::Hash(h) = a {
                merge_into(&mut acc, h);
            }
        }
        return Ok(Data::Hash(acc));
    }
    let three = cx.signature() == 1;
    let Some(iterable) = args.first() else {
        return Ok(Data::Hash(acc));
    };
    for (i, item) in iterate(iterable).into_iter().enumerate() {
        let call_args = match (three, iterable, item) {
            (true, Data::Hash(_), Data::Array(pair)) => {
                let mut v = vec![Data::Hash(acc.clone())];
                v.extend(pair);
                v
            }
            (true, _, item) => vec![Data::Hash(acc.clone()), Data::Integer(i as i64), item],
            (false, _, item) => vec![Data::Hash(acc.clone()), item],
        };
        if let Data::Hash(r) = cx.call_block(call_args)? {
            merge_into(&mut acc, &r);
        }
    }
    Ok(Data::Hash(acc))
}

fn deep_merge_two(a: &mut Vec<(Data, Data)>, b: &[(Data, Data)]) {
    for (k, v) in b {
        let slot = a.iter_mut().find(|(x, _)| eql(x, k));
        match (slot, v) {
            (Some((_, Data::Hash(old))), Data::Hash(new)) => deep_merge_two(old, new),
            (Some(slot), v) => slot.1 = v.clone(),
            (None, v) => a.push((k.clone(), v.clone())),
        }
    }
}

fn deep_merge(args: &[Data]) -> R {
    if args.len() < 2 {
        return err(format!(
            "deep_merge(): wrong number of arguments ({}; must be at least 2)",
            args.len()
        ));
    }
    let mut acc = Vec::new();
    for a in args {
        match a {
            Data::String(s) if s.is_empty() => {}
            Data::Hash(h) => deep_merge_two(&mut acc, h),
            other => {
                return err(format!(
                    "deep_merge: unexpected argument type {}, only expects hash arguments",
                    class(other)
                ))
            }
        }
    }
    Ok(Data::Hash(acc))
}

fn union(args: &[Data]) -> R {
    if args.len() < 2 {
        return err(format!(
            "union(): Wrong number of arguments given ({} for < 2)",
            args.len()
        ));
    }
    let mut all = Vec::new();
    for a in args {
        match a {
            Data::Array(items) => all.extend(items.iter().cloned()),
            _ => return err("union(): Every parameter must be an array"),
        }
    }
    Ok(Data::Array(ruby::uniq(all)))
}

fn two_arrays(args: &[Data], name: &str, f: impl Fn(&[Data], &[Data]) -> Vec<Data>) -> R {
    if args.len() != 2 {
        return err(format!(
            "{name}(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    match (&args[0], &args[1]) {
        (Data::Array(a), Data::Array(b)) => Ok(Data::Array(f(a, b))),
        (a, b) if name == "intersection" => err(format!(
            "intersection(): Requires 2 arrays, got {} and {}",
            class(a),
            class(b)
        )),
        _ => err(format!("{name}(): Requires 2 arrays")),
    }
}

fn delete(args: &[Data]) -> R {
    if args.len() != 2 {
        return err(format!(
            "delete(): Wrong number of arguments given {} for 2",
            args.len()
        ));
    }
    let mut coll = args[0].clone();
    for item in ruby::array(&args[1]) {
        match &mut coll {
            Data::Array(items) => items.retain(|x| !equal(x, &item)),
            Data::Hash(entries) => entries.retain(|(k, _)| !eql(k, &item)),
            Data::String(s) => match &item {
                Data::String(pat) if !pat.is_empty() => *s = s.replace(pat.as_str(), ""),
                Data::String(_) => {}
                other => {
                    return err(format!(
                        "no implicit conversion of {} into String",
                        class(other)
                    ))
                }
            },
            other => {
                return err(format!(
                    "delete(): First argument must be an Array, String, or Hash. Given an argument of class {}.",
                    class(other)
                ))
            }
        }
    }
    Ok(coll)
}

fn delete_at(args: &[Data]) -> R {
    if args.len() < 2 {
        return err(format!(
            "delete_at(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    let Data::Array(items) = &args[0] else {
        return err("delete_at(): Requires array to work with");
    };
    if let Data::String(s) = &args[1] {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return err("delete_at(): You must provide non-negative numeric index");
        }
    }
    let index = ruby::to_i(&args[1]);
    if index > items.len() as i64 - 1 {
        return err("delete_at(): Given index exceeds size of array given");
    }
    let mut out = items.clone();
    let len = out.len() as i64;
    let i = if index < 0 { len + index } else { index };
    if (0..len).contains(&i) {
        out.remove(i as usize);
    }
    Ok(Data::Array(out))
}

fn delete_regex(args: &[Data]) -> R {
    if args.len() != 2 {
        return err(format!(
            "delete_regex(): Wrong number of arguments given {} for 2",
            args.len()
        ));
    }
    let mut coll = args[0].clone();
    for item in ruby::array(&args[1]) {
        let re = ruby::regexp(&Data::String(format!("\\b{}\\b", to_s(&item))))?;
        match &mut coll {
            Data::Array(items) => items.retain(|x| !ruby::matches(&re, x)),
            Data::Hash(entries) => entries.retain(|(k, _)| !ruby::matches(&re, k)),
            other => {
                return err(format!(
                    "delete_regex(): First argument must be an Array, Hash, or String. Given an argument of class {}.",
                    class(other)
                ))
            }
        }
    }
    Ok(coll)
}

fn delete_values(args: &[Data]) -> R {
    if args.len() != 2 {
        return err(format!(
            "delete_values(): Wrong number of arguments given ({} of 2)",
            args.len()
        ));
    }
    let Data::Hash(entries) = &args[0] else {
        return err(format!(
            "delete_values(): First argument must be a Hash. Given an argument of class {}.",
            class(&args[0])
        ));
    };
    Ok(Data::Hash(
        entries
            .iter()
            .filter(|(_, v)| !equal(&args[1], v))
            .cloned()
            .collect(),
    ))
}

fn delete_undef_values(args: &[Data]) -> R {
    match args.first() {
        None => err(format!(
            "delete_undef_values(): Wrong number of arguments given ({})",
            args.len()
        )),
        Some(Data::Array(items)) => Ok(Data::Array(
            items
                .iter()
                .filter(|v| **v != Data::Undef)
                .cloned()
                .collect(),
        )),
        Some(Data::Hash(entries)) => Ok(Data::Hash(
            entries
                .iter()
                .filter(|(_, v)| *v != Data::Undef)
                .cloned()
                .collect(),
        )),
        Some(other) => err(format!(
            "delete_undef_values(): expected an array or hash, got {} type  {} ",
            to_s(other),
            class(other)
        )),
    }
}

fn member(args: &[Data]) -> R {
    if args.len() < 2 {
        return err(format!(
            "member(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    let Data::Array(array) = &args[0] else {
        return err("member(): Requires array to work with");
    };
    let items = match &args[1] {
        Data::String(_) | Data::Integer(_) => vec![args[1].clone()],
        Data::Array(items) => items.clone(),
        _ => return err("member(): Item to search for must be a string, fixnum, or array"),
    };
    if items.is_empty() || matches!(&args[1], Data::String(s) if s.is_empty()) {
        return err("member(): You must provide item to search for within array given");
    }
    Ok(Data::Bool(
        items.iter().all(|i| array.iter().any(|a| eql(a, i))),
    ))
}

fn has_key(args: &[Data]) -> R {
    if args.len() != 2 {
        return err(format!(
            "has_key(): wrong number of arguments ({}; must be 2)",
            args.len()
        ));
    }
    match &args[0] {
        Data::Hash(entries) => Ok(Data::Bool(ruby::get(entries, &args[1]).is_some())),
        other => err(format!(
            "has_key(): expects the first argument to be a hash, got {} which is of type {}",
            inspect(other),
            class(other)
        )),
    }
}

fn hash(args: &[Data]) -> R {
    let Some(first) = args.first() else {
        return err("hash(): Wrong number of arguments given (0 for 1)");
    };
    let Data::Array(items) = first else {
        return err("hash(): Requires array to work with");
    };
    let mut flat = Vec::new();
    ruby::flatten(items, &mut flat);
    if !flat.len().is_multiple_of(2) {
        return err("hash(): Unable to compute hash from array given");
    }
    let mut out = Vec::new();
    for pair in flat.chunks(2) {
        ruby::put(&mut out, pair[0].clone(), pair[1].clone());
    }
    Ok(Data::Hash(out))
}

fn join_keys_to_values(args: &[Data]) -> R {
    if args.len() != 2 {
        return err(format!(
            "join_keys_to_values(): Takes exactly two arguments, but {} given.",
            args.len()
        ));
    }
    let Data::Hash(entries) = &args[0] else {
        return err(format!(
            "join_keys_to_values(): The first argument must be a hash, but a {} was given.",
            class(&args[0])
        ));
    };
    let Data::String(sep) = &args[1] else {
        return err(format!(
            "join_keys_to_values(): The second argument must be a string, but a {} was given.",
            class(&args[1])
        ));
    };
    let mut out = Vec::new();
    for (k, v) in entries {
        let k = to_s(k);
        match v {
            Data::Array(items) => out.extend(
                items
                    .iter()
                    .map(|i| Data::String(format!("{k}{sep}{}", to_s(i)))),
            ),
            v if to_s(v) == "undef" => out.push(Data::String(k)),
            v => out.push(Data::String(format!("{k}{sep}{}", to_s(v)))),
        }
    }
    Ok(Data::Array(out))
}

fn affix(args: &[Data], name: &str) -> R {
    let Some(first) = args.first() else {
        return err(format!(
            "{name}(): Wrong number of arguments given (0 for 1)"
        ));
    };
    let fix = match args.get(1) {
        None | Some(Data::Undef) | Some(Data::Bool(false)) => String::new(),
        Some(Data::String(s)) => s.clone(),
        Some(other) => {
            return err(format!(
                "{name}(): expected second argument to be a String, got {}",
                inspect(other)
            ))
        }
    };
    let add = |s: String| {
        if name == "prefix" {
            format!("{fix}{s}")
        } else {
            format!("{s}{fix}")
        }
    };
    match first {
        Data::Array(items) => Ok(Data::Array(
            items.iter().map(|i| Data::String(add(to_s(i)))).collect(),
        )),
        Data::Hash(entries) => {
            let mut out = Vec::new();
            for (k, v) in entries {
                ruby::put(&mut out, Data::String(add(to_s(k))), v.clone());
            }
            Ok(Data::Hash(out))
        }
        other => err(format!(
            "{name}(): expected first argument to be an Array or a Hash, got {}",
            inspect(other)
        )),
    }
}

fn values_at(args: &[Data]) -> R {
    if args.len() < 2 {
        return err(format!(
            "values_at(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    let Data::Array(array) = &args[0] else {
        return err("values_at(): Requires array to work with");
    };
    let mut indices = Vec::new();
    ruby::flatten(std::slice::from_ref(&args[1]), &mut indices);
    if indices.is_empty() {
        return err("values_at(): You must provide at least one positive index to collect");
    }
    let size = array.len() as i64;
    let mut list = Vec::new();
    for i in &indices {
        let s = to_s(i);
        if let Some((start, op, stop)) = split_range(&s, true) {
            let (start, stop) = (ruby::str_to_i(&start), ruby::str_to_i(&stop));
            if start > stop {
                return err("values_at(): Stop index in given indices range is smaller than the start index");
            }
            if stop > size - 1 {
                return err("values_at(): Stop index in given indices range exceeds array size");
            }
            let end = if op == "..." { stop } else { stop + 1 };
            list.extend(start..end);
        } else {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return err("values_at(): Unknown format of given index");
            }
            let i = ruby::str_to_i(&s);
            if i > size - 1 {
                return err("values_at(): Given index exceeds array size");
            }
            list.push(i);
        }
    }
    Ok(Data::Array(
        list.into_iter()
            .filter_map(|i| array.get(i as usize))
            .filter(|v| **v != Data::Undef)
            .cloned()
            .collect(),
    ))
}

/// `a..b`, `a...b` or `a-b` (with `digits` only, digits on both sides; otherwise word
/// characters), as stdlib's range regexps read it.
fn split_range(s: &str, digits: bool) -> Option<(String, String, String)> {
    let word = |c: char| {
        if digits {
            c.is_ascii_digit()
        } else {
            c.is_alphanumeric() || c == '_'
        }
    };
    let start_len = s.find(|c: char| !word(c))?;
    if start_len == 0 {
        return None;
    }
    let rest = &s[start_len..];
    let op = if rest.starts_with("...") {
        "..."
    } else if rest.starts_with("..") {
        ".."
    } else if rest.starts_with('-') {
        "-"
    } else {
        return None;
    };
    let stop = &rest[op.len()..];
    if stop.is_empty() || !stop.chars().all(word) {
        return None;
    }
    Some((s[..start_len].to_string(), op.to_string(), stop.to_string()))
}

fn zip(args: &[Data]) -> R {
    if args.len() < 2 {
        return err(format!(
            "zip(): Wrong number of arguments given ({} for 2)",
            args.len()
        ));
    }
    let (Data::Array(a), Data::Array(b)) = (&args[0], &args[1]) else {
        return err("zip(): Requires array to work with");
    };
    let flat = match args.get(2) {
        Some(f) if truthy(f) => crate::strings::str2bool(f)?,
        _ => false,
    };
    let pairs: Vec<Data> = a
        .iter()
        .enumerate()
        .map(|(i, x)| Data::Array(vec![x.clone(), b.get(i).cloned().unwrap_or(Data::Undef)]))
        .collect();
    if flat {
        let mut out = Vec::new();
        ruby::flatten(&pairs, &mut out);
        Ok(Data::Array(out))
    } else {
        Ok(Data::Array(pairs))
    }
}

fn count(args: &[Data]) -> R {
    if args.len() > 2 {
        return err(format!(
            "count(): Wrong number of arguments given {} for 1 or 2.",
            args.len()
        ));
    }
    let items = match &args[0] {
        Data::Array(_) | Data::Hash(_) => iterate(&args[0]),
        other => {
            return err(format!(
                "undefined method `count' for {}:{}",
                inspect(other),
                class(other)
            ))
        }
    };
    let n = match args.get(1) {
        Some(item) if truthy(item) => items.iter().filter(|x| equal(x, item)).count(),
        _ => items
            .iter()
            .filter(|x| !matches!(x, Data::Undef) && !matches!(x, Data::String(s) if s.is_empty()))
            .count(),
    };
    Ok(Data::Integer(n as i64))
}

fn range(args: &[Data]) -> R {
    let (start, stop, step, exclusive) = match args {
        [] => return err("range(): Wrong number of arguments given (0 for 1)"),
        [value] => {
            let s = to_s(value);
            match split_range(&s, false) {
                Some((a, op, b)) => (a, b, 1, op == "..."),
                None if !s.is_empty() && !s.contains('\n') => {
                    return err(format!(
                        "range(): Unable to compute range from the value: {s}"
                    ))
                }
                None => return err(format!("range(): Unknown range format: {s}")),
            }
        }
        [a, b, rest @ ..] => {
            let step = match rest.first() {
                None => 1,
                Some(s) => ruby::to_i(s).abs(),
            };
            if step == 0 {
                return err(
                    "range(): 3rd arg (step size) must be a non zero integer (e.g. 1 or -1)",
                );
            }
            (to_s(a), to_s(b), step, false)
        }
    };
    const LIMIT: usize = 1_000_000;
    if !start.is_empty() && start.bytes().all(|b| b.is_ascii_digit()) {
        let (a, b) = (ruby::str_to_i(&start), ruby::str_to_i(&stop));
        let end = if exclusive { b - 1 } else { b };
        let out: Vec<Data> = (a..=end.max(a - 1))
            .step_by(step as usize)
            .take(LIMIT)
            .map(Data::Integer)
            .collect();
        return Ok(Data::Array(out));
    }
    let all = string_upto(
        &start,
        &stop,
        exclusive,
        LIMIT.saturating_mul(step as usize),
    );
    Ok(Data::Array(
        all.into_iter()
            .step_by(step as usize)
            .take(LIMIT)
            .map(Data::String)
            .collect(),
    ))
}

/// Ruby's `String#upto` (what a string range iterates): single characters by code,
/// otherwise `succ` until the end, or until the string grows longer than the end.
fn string_upto(start: &str, stop: &str, exclusive: bool, limit: usize) -> Vec<String> {
    let mut out = Vec::new();
    let (sc, ec): (Vec<char>, Vec<char>) = (start.chars().collect(), stop.chars().collect());
    if sc.len() == 1 && ec.len() == 1 && sc[0].is_ascii() && ec[0].is_ascii() {
        let (a, b) = (sc[0] as u32, ec[0] as u32);
        let end = if exclusive { b.saturating_sub(1) } else { b };
        if a <= end && !(exclusive && a == b) {
            for c in a..=end {
                out.push(char::from_u32(c).map(String::from).unwrap_or_default());
            }
        }
        return out;
    }
    if start > stop && start.len() >= stop.len() || start.len() > stop.len() {
        return out;
    }
    let mut n = start.to_string();
    loop {
        if exclusive && n == stop {
            break;
        }
        out.push(n.clone());
        if n == stop || out.len() >= limit {
            break;
        }
        n = succ(&n);
        if n.len() > stop.len() || n.is_empty() {
            break;
        }
    }
    out
}

/// Ruby's `String#succ` for alphanumeric strings: the rightmost alphanumeric
/// character is incremented, carrying leftwards (`az` → `ba`, `zz` → `aaa`, `a9` → `b0`).
pub(crate) fn succ(s: &str) -> String {
    let mut chars: Vec<char> = s.chars().collect();
    if !chars.iter().any(|c| c.is_ascii_alphanumeric()) {
        if let Some(last) = chars.last_mut() {
            *last = char::from_u32(*last as u32 + 1).unwrap_or(*last);
        }
        return chars.into_iter().collect();
    }
    let mut pos = chars.len();
    let mut carried: Option<(usize, char)> = None;
    loop {
        let Some(j) = chars[..pos].iter().rposition(|c| c.is_ascii_alphanumeric()) else {
            if let Some((at, c)) = carried {
                chars.insert(at, c);
            }
            return chars.into_iter().collect();
        };
        let (next, carry) = match chars[j] {
            'z' => ('a', Some('a')),
            'Z' => ('A', Some('A')),
            '9' => ('0', Some('1')),
            c => (char::from_u32(c as u32 + 1).unwrap_or(c), None),
        };
        chars[j] = next;
        match carry {
            None => return chars.into_iter().collect(),
            Some(c) => carried = Some((j, c)),
        }
        pos = j;
    }
}

fn filter(args: &[Data], name: &str, keep: bool) -> R {
    if args.len() != 2 {
        return err(format!(
            "{name}(): Wrong number of arguments given {} for 2",
            args.len()
        ));
    }
    let re = ruby::regexp(&args[1])?;
    let items = match &args[0] {
        Data::Array(_) | Data::Hash(_) => iterate(&args[0]),
        other => {
            return err(format!(
                "undefined method `{}' for {}:{}",
                if keep { "grep" } else { "reject" },
                inspect(other),
                class(other)
            ))
        }
    };
    Ok(Data::Array(
        items
            .into_iter()
            .filter(|x| ruby::matches(&re, x) == keep)
            .collect(),
    ))
}

fn reverse(args: &[Data]) -> R {
    match args.first() {
        None => err("reverse(): Wrong number of arguments given (0 for 1)"),
        Some(Data::Array(items)) => Ok(Data::Array(items.iter().rev().cloned().collect())),
        Some(Data::String(s)) => Ok(Data::String(s.chars().rev().collect())),
        Some(_) => err("reverse(): Requires either array or string to work with"),
    }
}

fn dig44(args: &[Data]) -> R {
    if args.len() < 2 {
        return err(format!(
            "dig44(): Wrong number of arguments given ({} for at least 2)",
            args.len()
        ));
    }
    let data = &args[0];
    if !matches!(data, Data::Hash(_) | Data::Array(_)) {
        return err(format!(
            "dig44(): first argument must be a hash or an array, given {}",
            class(data)
        ));
    }
    let Data::Array(path) = &args[1] else {
        return err(format!(
            "dig44(): second argument must be an array, given {}",
            class(&args[1])
        ));
    };
    let default = args.get(2).cloned().unwrap_or(Data::Undef);
    let mut cur = data.clone();
    for key in path {
        let next = match &cur {
            Data::Hash(entries) => ruby::get(entries, key).cloned(),
            Data::Array(items) => ruby::integer(key).and_then(|i| {
                let i = if i < 0 { items.len() as i64 + i } else { i };
                items.get(usize::try_from(i).ok()?).cloned()
            }),
            _ => None,
        };
        match next {
            Some(v) if v != Data::Undef => cur = v,
            // Ruby's `break` leaves the reduce with nil: the default.
            _ => return Ok(default),
        }
    }
    Ok(cur)
}

fn try_get_value(args: &[Data], cx: &mut dyn FunctionContext) -> R {
    cx.scope_warning(
        "try_get_value() DEPRECATED: this function is deprecated, please use dig() instead.".into(),
    );
    let args = args3x(args);
    let data = &args[0];
    let path = match args.get(1) {
        Some(p) if truthy(p) => to_s(p),
        _ => String::new(),
    };
    let default = args.get(2).cloned().unwrap_or(Data::Undef);
    if !matches!(data, Data::Hash(_) | Data::Array(_)) || path.is_empty() {
        return Ok(if truthy(&default) {
            default
        } else {
            data.clone()
        });
    }
    let sep = match args.get(3) {
        Some(s) if truthy(s) => to_s(s),
        _ => "/".into(),
    };
    let keys: Vec<Data> = path
        .split(sep.as_str())
        .map(|k| {
            if !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()) {
                Data::Integer(ruby::str_to_i(k))
            } else {
                Data::String(k.to_string())
            }
        })
        .collect();
    cx.scope_warning("dig() DEPRECATED: This function has been replaced in Puppet 4.5.0, please use dig44() for backwards compatibility or use the new version.".into());
    // The 3.x dig asks Puppet's function autoloader for dig44 (the first time it is
    // not loaded yet), which Puppet deprecates, once per compile each.
    for method in ["loaded?", "load"] {
        if cx.first_time(&format!("autoloader#{method}(dig44)")) {
            cx.warning(format!(
                "The method 'Puppet::Parser::Functions.autoloader#{method}(\"dig44\")' is deprecated in favor of using 'Scope#call_function'.\n   (file & line not available)"
            ));
        }
    }
    dig44(&[data.clone(), Data::Array(keys), default])
}

fn clamp(args: &[Data]) -> R {
    let mut flat = Vec::new();
    ruby::flatten(args, &mut flat);
    if flat.len() != 3 {
        return err("clamp(): Wrong number of arguments, need three to clamp");
    }
    for v in &flat {
        match v {
            Data::String(s) if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) => {
                return err(format!("clamp(): Required explicit numeric ({s}:String)"))
            }
            Data::Hash(_) => {
                return err(format!(
                    "clamp(): The Hash type is not allowed ({})",
                    to_s(v)
                ))
            }
            _ => {}
        }
    }
    let mut nums: Vec<i64> = flat.iter().map(ruby::to_i).collect();
    nums.sort_unstable();
    Ok(Data::Integer(nums[1]))
}
