//! Iteration functions. A block with two parameters gets `(key, value)` for a hash and
//! `(index, value)` otherwise; with one parameter it gets the element (`[key, value]`
//! for a hash). Integers iterate `0..n`, strings their characters, `Integer[a, b]` and
//! `Enum[...]` types their members. `break()` ends an iteration, `next(x)` ends one
//! turn with `x`. `reverse_each` and `step` give an Iterator without a block
//! ([`IteratorValue`]: the functions that walk one with `next` take its elements off, as
//! Ruby's enumerators do); `tree_each` gives an array.

use super::{builtin, Block, Builtin, Call};
use crate::compiler::Compiler;
use crate::error::{EvalError, Flow};
use crate::eval::EvalResult;
use crate::types::PType;
use crate::value::{IteratorValue, Value, ValueMap, Walk};
use std::sync::Arc;

/// The four signatures of `each`, `map`, `filter`, `any`, `all`: hash with two- or
/// one-parameter block, anything iterable with two- or one-parameter block.
macro_rules! enumerable_sigs {
    () => {
        &[
            "Hash[Any, Any] hash, &[2,2]",
            "Hash[Any, Any] hash, &[1,1]",
            "Iterable enumerable, &[2,2]",
            "Iterable enumerable, &[1,1]",
        ]
    };
}

pub(super) const FUNCTIONS: &[Builtin] = &[
    // `$x.each |$v| { }`: calls the block for each element; returns the collection.
    builtin!("each", enumerable_sigs!(), each),
    // `$x.map |$v| { }`: the block's results as an array.
    builtin!("map", enumerable_sigs!(), map),
    // `$x.filter |$v| { }`: the elements the block is truthy for (a hash for a hash).
    builtin!("filter", enumerable_sigs!(), filter),
    // `$x.any |$v| { }`: whether the block is truthy for some element.
    builtin!("any", enumerable_sigs!(), any_all),
    // `$x.all |$v| { }`: whether the block is truthy for every element.
    builtin!("all", enumerable_sigs!(), any_all),
    // `$x.reduce(start) |$memo, $v| { }`: folds the elements.
    builtin!(
        "reduce",
        &[
            "Iterable enumerable, &[2,2]",
            "Iterable enumerable, Any memo, &[2,2]"
        ],
        reduce
    ),
    // `with(a, b) |$a, $b| { }`: calls the block with the arguments.
    builtin!("with", &["Any arg*, &[]"], with),
    // `$x.then |$x| { }`: the block's result, or undef if `$x` is undef.
    builtin!("then", &["Any arg, &[1,1]"], then),
    // `$x.lest || { }`: `$x`, or the block's result if `$x` is undef.
    builtin!("lest", &["Any arg, &[0,0]"], lest),
    // `$x.reverse_each |$v| { }`: iterates backwards (an array without a block).
    builtin!(
        "reverse_each",
        &["Iterable iterable", "Iterable iterable, &[1,1]"],
        reverse_each
    ),
    // `$x.step(n)`: every n-th element (from the first).
    builtin!(
        "step",
        &[
            "Iterable iterable, Integer[1] step",
            "Iterable iterable, Integer[1] step, &[1,1]"
        ],
        step
    ),
    // `$x.slice(n)`: the elements in slices of n; a block gets each slice.
    builtin!(
        "slice",
        &[
            "Hash[Any, Any] hash, Integer[1, default] slice_size, &[]?",
            "Iterable enumerable, Integer[1, default] slice_size, &[]?"
        ],
        slice
    ),
    // `$x.partition |$v| { }`: `[truthy elements, the others]`.
    builtin!(
        "partition",
        &[
            "Collection collection, &[1,1]",
            "Array array, &[2,2]",
            "Collection collection, &[2,2]"
        ],
        partition_group
    ),
    // `$x.group_by |$v| { }`: a hash from block results to the elements giving them.
    builtin!(
        "group_by",
        &[
            "Collection collection, &[1,1]",
            "Array array, &[2,2]",
            "Collection collection, &[2,2]"
        ],
        partition_group
    ),
    // `$x.tree_each |$path, $v| { }`: walks nested arrays and hashes.
    builtin!(
        "tree_each",
        &[
            "Variant[Iterator, Array, Hash, Object] tree, OptionsType options?, &[2,2]",
            "Variant[Iterator, Array, Hash, Object] tree, OptionsType options?, &[1,1]",
            "Variant[Iterator, Array, Hash, Object] tree, OptionsType options?"
        ],
        tree_each
    ),
];

/// The elements of an iterable value, and whether they are `[key, value]` pairs.
pub(super) struct Items {
    pub items: Vec<Value>,
    pub hash_style: bool,
    /// The Iterator this walk takes elements off, and where the walk began.
    taken_from: Option<(Arc<IteratorValue>, usize)>,
}

impl Items {
    /// The walk stopped (`break()`, `any` found one) after `taken` elements: the
    /// Iterator keeps the others.
    fn stopped(&self, taken: usize) {
        if let Some((it, start)) = &self.taken_from {
            it.stopped_at(*start, taken);
        }
    }
}

/// What iterating `v` from the start gives, if it is iterable.
pub(super) fn iterable(v: &Value) -> Option<Items> {
    walk(v, Walk::FromStart)
}

/// What iterating `v` gives, walking an Iterator the given way.
fn walk(v: &Value, how: Walk) -> Option<Items> {
    let plain = |items: Vec<Value>| {
        Some(Items {
            items,
            hash_style: false,
            taken_from: None,
        })
    };
    match v {
        Value::Iterator(it) => {
            let (start, items) = it.walk(how);
            let takes = how == Walk::Next || it.consuming;
            Some(Items {
                items,
                hash_style: it.hash_style,
                taken_from: takes.then(|| (it.clone(), start)),
            })
        }
        Value::Array(a) => plain(a.iter().cloned().collect()),
        Value::Hash(h) => Some(Items {
            items: h
                .iter()
                .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
                .collect(),
            hash_style: true,
            taken_from: None,
        }),
        Value::Int(n) if *n >= 0 => plain((0..*n).map(Value::Int).collect()),
        Value::Str(s) => plain(s.chars().map(|c| Value::str(c.to_string())).collect()),
        Value::Type(t) => match t.resolved() {
            PType::Integer {
                from: Some(a),
                to: Some(b),
            } => plain((*a..=*b).map(Value::Int).collect()),
            PType::Enum { values, .. } => {
                plain(values.iter().map(|v| Value::str(v.as_str())).collect())
            }
            _ => None,
        },
        _ => None,
    }
}

fn items_of(v: &Value, name: &str) -> Result<Items, EvalError> {
    walked(v, name, Walk::FromStart)
}

/// [`items_of`], walking an Iterator with `next`.
fn next_items(v: &Value, name: &str) -> Result<Items, EvalError> {
    walked(v, name, Walk::Next)
}

fn walked(v: &Value, name: &str, how: Walk) -> Result<Items, EvalError> {
    walk(v, how).ok_or_else(|| {
        EvalError::new(format!(
            "{name}(): wrong argument type ({}; is not Iterable.",
            v.type_name()
        ))
    })
}

/// The arguments a block gets for one element, by the matched signature (see
/// [`enumerable_sigs`]).
fn element_args(sig: usize, hash_style: bool, index: usize, item: &Value) -> Vec<Value> {
    match sig {
        0 => pair(item),
        1 | 3 => vec![item.clone()],
        _ => {
            if hash_style {
                pair(item)
            } else {
                vec![Value::Int(index as i64), item.clone()]
            }
        }
    }
}

fn pair(item: &Value) -> Vec<Value> {
    match item {
        Value::Array(p) => p.iter().cloned().collect(),
        other => vec![other.clone()],
    }
}

/// Calls the block; `Ok(None)` when it called `break()`.
fn turn(
    c: &mut Compiler<'_>,
    block: &Block<'_>,
    args: Vec<Value>,
) -> Result<Option<Value>, EvalError> {
    match c.call_block(block, args) {
        Err(e) if matches!(e.flow.as_deref(), Some(Flow::Break)) => Ok(None),
        r => r.map(Some),
    }
}

fn each(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let block = call.block()?;
    let collection = call.arg(0).clone();
    let it = next_items(&collection, call.name)?;
    for (i, item) in it.items.iter().enumerate() {
        if turn(c, &block, element_args(call.sig, it.hash_style, i, item))?.is_none() {
            it.stopped(i + 1);
            break;
        }
    }
    Ok(collection)
}

fn map(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let block = call.block()?;
    // Puppet maps a hash-style Iterator's pairs with `map`, anything else with `next`.
    let hash_pairs = call.sig == 2 && matches!(call.arg(0), Value::Iterator(i) if i.hash_style);
    let it = if hash_pairs {
        items_of(call.arg(0), call.name)?
    } else {
        next_items(call.arg(0), call.name)?
    };
    let mut out = Vec::with_capacity(it.items.len());
    for (i, item) in it.items.iter().enumerate() {
        match turn(c, &block, element_args(call.sig, it.hash_style, i, item))? {
            Some(v) => out.push(v),
            None => {
                it.stopped(i + 1);
                break;
            }
        }
    }
    Ok(Value::array(out))
}

fn filter(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let block = call.block()?;
    let it = next_items(call.arg(0), call.name)?;
    let mut kept = Vec::new();
    for (i, item) in it.items.iter().enumerate() {
        match turn(c, &block, element_args(call.sig, it.hash_style, i, item))? {
            Some(v) if v.is_truthy() => kept.push(item.clone()),
            Some(_) => {}
            None => {
                it.stopped(i + 1);
                break;
            }
        }
    }
    Ok(if it.hash_style {
        Value::hash(pairs_to_map(&kept))
    } else {
        Value::array(kept)
    })
}

fn pairs_to_map(pairs: &[Value]) -> ValueMap {
    pairs
        .iter()
        .filter_map(|p| match p {
            Value::Array(kv) if kv.len() == 2 => Some((kv[0].clone(), kv[1].clone())),
            _ => None,
        })
        .collect()
}

fn any_all(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let block = call.block()?;
    let it = items_of(call.arg(0), call.name)?;
    let any = call.name == "any";
    // Puppet's `any`/`all` do not catch `break()`: it leaves the enclosing iteration.
    for (i, item) in it.items.iter().enumerate() {
        let v = c.call_block(&block, element_args(call.sig, it.hash_style, i, item))?;
        if v.is_truthy() == any {
            it.stopped(i + 1);
            return Ok(Value::Bool(any));
        }
    }
    Ok(Value::Bool(!any))
}

fn reduce(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let block = call.block()?;
    let it = items_of(call.arg(0), call.name)?;
    let mut items = it.items.into_iter();
    let mut memo = if call.sig == 1 {
        call.arg(1).clone()
    } else {
        match items.next() {
            Some(v) => v,
            None => return Ok(Value::Undef),
        }
    };
    for item in items {
        match turn(c, &block, vec![memo.clone(), item])? {
            Some(v) => memo = v,
            None => break,
        }
    }
    Ok(memo)
}

/// `with` calls its block as Puppet calls a closure directly: arguments beyond its
/// parameters are dropped, and a required parameter left without one is an error.
fn with(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let mut args = std::mem::take(&mut call.args);
    let block = call.block()?;
    let params = &block.lambda.params;
    if !params.iter().any(|p| p.captures_rest) {
        args.truncate(params.len());
    }
    if let Some(p) = params
        .iter()
        .skip(args.len())
        .find(|p| p.default.is_none() && !p.captures_rest)
    {
        return Err(crate::error::EvalError::issue(
            format!("Parameter ${} is required but no value was given", p.name),
            c.location(&block.file, p.span),
        ));
    }
    c.call_block(&block, args)
}

fn then(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let block = call.block()?;
    if call.arg(0).is_undef() {
        return Ok(Value::Undef);
    }
    c.call_block(&block, vec![call.arg(0).clone()])
}

fn lest(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let block = call.block()?;
    if call.arg(0).is_undef() {
        c.call_block(&block, Vec::new())
    } else {
        Ok(call.arg(0).clone())
    }
}

fn reverse_each(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let Some(block) = call.block.clone() else {
        let it = iterator_on(call.arg(0), call.name)?;
        let (_, mut items) = if it.kind == IterKind::IntRange {
            // A reversed range is a new range, whatever was walked of this one.
            (0, it.items.clone())
        } else {
            it.walk(Walk::FromStart)
        };
        items.reverse();
        let kind = if it.kind == IterKind::IntRange {
            IterKind::IntRange
        } else {
            IterKind::Plain
        };
        return Ok(iterator_value(it.element_type.clone(), items, kind, false));
    };
    let it = items_of(call.arg(0), call.name)?;
    for item in it.items.into_iter().rev() {
        if turn(c, &block, vec![item])?.is_none() {
            break;
        }
    }
    Ok(Value::Undef)
}

fn step(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let n = match call.arg(1) {
        Value::Int(n) => (*n).max(1) as usize,
        _ => 1,
    };
    let Some(block) = call.block.clone() else {
        let it = iterator_on(call.arg(0), call.name)?;
        if n == 1 {
            return Ok(Value::Iterator(it.value));
        }
        // Puppet steps lazily over what is left of an Iterator; here the elements left
        // now are stepped.
        let (_, items) = if it.kind == IterKind::IntRange {
            (0, it.items.clone())
        } else {
            it.value.walk(Walk::FromStart)
        };
        let picked: Vec<Value> = items.into_iter().step_by(n).collect();
        let (element_type, kind) = match (&it.kind, &it.element_type) {
            (
                IterKind::IntRange,
                PType::Integer {
                    from: Some(from),
                    to: Some(to),
                },
            ) => {
                // Puppet truncates the range at a step boundary.
                let descending = matches!(
                    (it.items.first(), it.items.last()),
                    (Some(Value::Int(a)), Some(Value::Int(b))) if a > b
                );
                let rest = (to - from) % n as i64;
                let (from, to) = match (descending, rest) {
                    (_, 0) => (*from, *to),
                    (true, r) => (from + (n as i64 - r), *to),
                    (false, r) => (*from, to - r),
                };
                (crate::types::int(Some(from), Some(to)), IterKind::IntRange)
            }
            (_, t) => (t.clone(), IterKind::Step),
        };
        return Ok(iterator_value(element_type, picked, kind, false));
    };
    let it = next_items(call.arg(0), call.name)?;
    for (i, item) in it.items.iter().step_by(n).enumerate() {
        let args = if block.arity().0 == 1 {
            vec![item.clone()]
        } else {
            pair(item)
        };
        if turn(c, &block, args)?.is_none() {
            it.stopped(i * n + 1);
            break;
        }
    }
    Ok(Value::Undef)
}

/// How Puppet builds an Iterator: over an integer range, stepping over another
/// iterator, or over anything else.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum IterKind {
    Plain,
    IntRange,
    Step,
}

fn iterator_value(element_type: PType, items: Vec<Value>, kind: IterKind, hash: bool) -> Value {
    let mut it = IteratorValue::new(element_type, items);
    it.consuming = kind != IterKind::Plain;
    it.hash_style = hash;
    Value::Iterator(Arc::new(it))
}

/// An Iterator and how it was built.
struct Made {
    value: Arc<IteratorValue>,
    kind: IterKind,
}

impl std::ops::Deref for Made {
    type Target = IteratorValue;
    fn deref(&self) -> &IteratorValue {
        &self.value
    }
}

/// `Iterable.on(v)` with the element types inferred: the Iterator Puppet makes of a
/// value (an Iterator is itself).
fn iterator_on(v: &Value, name: &str) -> Result<Made, EvalError> {
    let made = |element_type: PType, items: Vec<Value>, kind: IterKind, hash: bool| {
        let Value::Iterator(value) = iterator_value(element_type, items, kind, hash) else {
            unreachable!("iterator_value makes an Iterator")
        };
        Made { value, kind }
    };
    let infer_all =
        |items: &[Value]| PType::variant_of(items.iter().map(PType::infer_set).collect());
    Ok(match v {
        Value::Iterator(it) => {
            let kind = match (&it.element_type, it.consuming) {
                (_, false) => IterKind::Plain,
                (PType::Integer { .. }, true) => IterKind::IntRange,
                _ => IterKind::Step,
            };
            Made {
                value: it.clone(),
                kind,
            }
        }
        Value::Array(a) if a.is_empty() => made(PType::Unit, Vec::new(), IterKind::Plain, false),
        Value::Array(a) => made(infer_all(a), a.to_vec(), IterKind::Plain, false),
        Value::Hash(h) => {
            let (keys, values): (Vec<Value>, Vec<Value>) =
                h.iter().map(|(k, v)| (k.clone(), v.clone())).unzip();
            let pair_type = if h.is_empty() {
                vec![PType::Unit, PType::Unit]
            } else {
                vec![infer_all(&keys), infer_all(&values)]
            };
            let element_type = PType::Tuple {
                types: pair_type,
                size: Some(crate::types::Size::exact(2)),
            };
            let items = keys
                .into_iter()
                .zip(values)
                .map(|(k, v)| Value::array(vec![k, v]))
                .collect();
            made(element_type, items, IterKind::Plain, true)
        }
        Value::Int(0) => made(PType::Unit, Vec::new(), IterKind::Plain, false),
        Value::Int(n) if *n > 0 => made(
            crate::types::int(Some(0), Some(n - 1)),
            (0..*n).map(Value::Int).collect(),
            IterKind::IntRange,
            false,
        ),
        Value::Str(s) => made(
            PType::String {
                size: Some(crate::types::Size::exact(1)),
                value: None,
            },
            s.chars().map(|c| Value::str(c.to_string())).collect(),
            IterKind::Plain,
            false,
        ),
        Value::Type(t) => {
            let items = items_of(v, name)?.items;
            match t.resolved() {
                range @ PType::Integer { .. } => {
                    made(range.clone(), items, IterKind::IntRange, false)
                }
                other => made(other.clone(), items, IterKind::Plain, false),
            }
        }
        other => {
            return Err(items_of(other, name)
                .err()
                .unwrap_or_else(|| EvalError::new(format!("{name}(): wrong argument type"))))
        }
    })
}

fn slice(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let collection = call.arg(0).clone();
    let it = items_of(&collection, call.name)?;
    let size = match call.arg(1) {
        Value::Int(n) => *n as usize,
        _ => 1,
    };
    let slices: Vec<Vec<Value>> = it.items.chunks(size.max(1)).map(|s| s.to_vec()).collect();
    let Some(block) = call.block.clone() else {
        return Ok(Value::array(slices.into_iter().map(Value::array).collect()));
    };
    let (min, max) = block.arity();
    let serving = if max.is_none() || min != max.unwrap_or(0) {
        size
    } else {
        min
    };
    if serving == 0 {
        return Err(EvalError::new(
            "slice(): block must define at least one parameter. Block has 0.",
        ));
    }
    if serving != 1 && serving != size {
        let names: Vec<&str> = block.lambda.params.iter().map(|p| &*p.name).collect();
        return Err(EvalError::new(format!(
            "slice(): block must define one parameter, or the same number of parameters as the given size of the slice ({size}). Block has {serving}; {}",
            names.join(", ")
        )));
    }
    let filler = if it.hash_style {
        Value::array(Vec::new())
    } else {
        Value::Undef
    };
    for mut s in slices {
        let args = if serving == 1 {
            vec![Value::array(s)]
        } else {
            s.resize(serving, filler.clone());
            s
        };
        if turn(c, &block, args)?.is_none() {
            break;
        }
    }
    Ok(collection)
}

/// `partition` and `group_by` share their signatures and element handling.
fn partition_group(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let block = call.block()?;
    let it = items_of(call.arg(0), call.name)?;
    let mut keyed: Vec<(Value, Value)> = Vec::new();
    for (i, item) in it.items.iter().enumerate() {
        let args = match call.sig {
            0 => vec![item.clone()],
            1 => vec![Value::Int(i as i64), item.clone()],
            _ => pair(item),
        };
        // Not `turn`: `break()` is not theirs to catch either.
        keyed.push((c.call_block(&block, args)?, item.clone()));
    }
    if call.name == "partition" {
        let (yes, no): (Vec<_>, Vec<_>) = keyed.into_iter().partition(|(k, _)| k.is_truthy());
        return Ok(Value::array(vec![
            Value::array(yes.into_iter().map(|(_, v)| v).collect()),
            Value::array(no.into_iter().map(|(_, v)| v).collect()),
        ]));
    }
    let mut groups: ValueMap = ValueMap::default();
    for (k, v) in keyed {
        let entry = groups.entry(k).or_insert_with(|| Value::array(Vec::new()));
        if let Value::Array(a) = entry {
            std::sync::Arc::make_mut(a).push(v);
        }
    }
    Ok(Value::hash(groups))
}

fn tree_each(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let tree = call.arg(0).clone();
    let opt = |k: &str, default: bool| match call.arg(1) {
        Value::Hash(h) => match h.get(&Value::str(k)) {
            Some(v) if !v.is_undef() => v.is_truthy(),
            _ => default,
        },
        _ => default,
    };
    let with_containers = opt("include_containers", true);
    let with_values = opt("include_values", true);
    let with_root = with_containers && opt("include_root", true);
    if !with_containers && !with_values {
        return Err(EvalError::new(
            "Options 'include_containers' and 'include_values' cannot both be false",
        ));
    }
    let breadth = matches!(call.arg(1), Value::Hash(h)
        if h.get(&Value::str("order")).and_then(Value::as_str) == Some("breadth_first"));
    let children = |v: &Value| -> Option<Vec<(Value, Value)>> {
        match v {
            Value::Array(a) => Some(
                a.iter()
                    .enumerate()
                    .map(|(i, x)| (Value::Int(i as i64), x.clone()))
                    .collect(),
            ),
            Value::Hash(h) => Some(h.iter().map(|(k, x)| (k.clone(), x.clone())).collect()),
            _ => None,
        }
    };
    let mut out: Vec<(Vec<Value>, Value)> = Vec::new();
    if with_root {
        out.push((Vec::new(), tree.clone()));
    }
    if breadth {
        let mut level: Vec<(Vec<Value>, Value)> = vec![(Vec::new(), tree.clone())];
        while !level.is_empty() {
            let mut next = Vec::new();
            for (path, v) in &level {
                for (k, child) in children(v).unwrap_or_default() {
                    let mut p = path.clone();
                    p.push(k);
                    let container = children(&child).is_some();
                    if (container && with_containers) || (!container && with_values) {
                        out.push((p.clone(), child.clone()));
                    }
                    if container {
                        next.push((p, child));
                    }
                }
            }
            level = next;
        }
    } else {
        fn walk(
            path: &mut Vec<Value>,
            v: &Value,
            out: &mut Vec<(Vec<Value>, Value)>,
            with_containers: bool,
            with_values: bool,
        ) {
            let kids: Vec<(Value, Value)> = match v {
                Value::Array(a) => a
                    .iter()
                    .enumerate()
                    .map(|(i, x)| (Value::Int(i as i64), x.clone()))
                    .collect(),
                Value::Hash(h) => h.iter().map(|(k, x)| (k.clone(), x.clone())).collect(),
                _ => return,
            };
            for (k, child) in kids {
                path.push(k);
                let container = matches!(child, Value::Array(_) | Value::Hash(_));
                if (container && with_containers) || (!container && with_values) {
                    out.push((path.clone(), child.clone()));
                }
                if container {
                    walk(path, &child, out, with_containers, with_values);
                }
                path.pop();
            }
        }
        walk(
            &mut Vec::new(),
            &tree,
            &mut out,
            with_containers,
            with_values,
        );
    }
    let Some(block) = call.block.clone() else {
        return Ok(Value::array(
            out.into_iter()
                .map(|(p, v)| Value::array(vec![Value::array(p), v]))
                .collect(),
        ));
    };
    for (p, v) in out {
        let args = if call.sig == 0 {
            vec![Value::array(p), v]
        } else {
            vec![v]
        };
        if turn(c, &block, args)?.is_none() {
            break;
        }
    }
    Ok(tree)
}
