//! The semantics of Puppet's operators on values: arithmetic, comparison, equality,
//! `in`, `=~` against types, case/selector matching, `[]` on strings, arrays, hashes
//! and types. The evaluator evaluates the operands and calls these; errors say which
//! operand Puppet blames, so the evaluator can point at it.
//!
//! Follows Puppet 7's `CompareOperator`, `AccessOperator` and the evaluator's
//! `calculate`/`concatenate`/`delete`.

use crate::describe::a_an;
use crate::types::PType;
use crate::value::{Regex, Timespan, Timestamp, Value, ValueMap};
use marionette_syntax::model::BinaryOp;
use std::cmp::Ordering;
use std::sync::Arc;

/// The captures of a successful regexp match (`$0`, `$1`, ...).
pub type Captures = Vec<Option<String>>;

/// Which part of a binary expression Puppet reports an error at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blame {
    Left,
    Right,
    /// The operator (Puppet's position of a binary expression).
    Operator,
}

/// An operator error with Puppet's message.
#[derive(Clone, Debug)]
pub struct OpError {
    pub message: String,
    pub blame: Blame,
}

fn err<T>(blame: Blame, message: impl Into<String>) -> Result<T, OpError> {
    Err(OpError {
        message: message.into(),
        blame,
    })
}

/// How Puppet labels a value in messages ("an Integer", "an Undef Value",
/// "an Integer-Type", "a File['/x'] Resource-Reference").
pub fn label(v: &Value) -> String {
    match v {
        Value::Undef => "Undef Value".into(),
        Value::Default => "Default".into(),
        Value::Bool(_) => "Boolean".into(),
        Value::Int(_) | Value::BigInt(_) => "Integer".into(),
        Value::Float(_) => "Float".into(),
        Value::Str(_) => "String".into(),
        Value::Regex(_) => "Regexp".into(),
        Value::Array(_) => "Array".into(),
        Value::Hash(_) => "Hash".into(),
        Value::Type(t) => match &**t {
            PType::Resource {
                title: Some(_),
                type_name: Some(_),
            } => format!("{t} Resource-Reference"),
            other => format!("{other}-Type"),
        },
        Value::Sensitive(_) => "Sensitive".into(),
        Value::Deferred(_) => "Deferred".into(),
        Value::Timestamp(_) => "Timestamp".into(),
        Value::Timespan(_) => "Timespan".into(),
        Value::SemVer(_) => "Semver".into(),
        Value::SemVerRange(_) => "SemverRange".into(),
        Value::Binary(_) => "Binary".into(),
        Value::Iterator(_) | Value::Object(_) => "Object".into(),
    }
}

/// `a`/`an` + [`label`].
pub fn a_an_label(v: &Value) -> String {
    a_an(&label(v))
}

/// A string that spells a number, as Puppet's arithmetic and `Numeric` conversions
/// accept it (`Puppet::Pops::Utils.to_n`): decimal, `0x` hex, `0` octal, floats with
/// fraction or exponent, optional sign and surrounding blanks.
pub fn to_number(s: &str) -> Option<Value> {
    let t = s.strip_prefix("::").unwrap_or(s);
    let t = t.trim_matches(|c| c == ' ' || c == '\t');
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let t = t.trim_start_matches([' ', '\t']);
    if t.is_empty() {
        return None;
    }
    let sign = |v: i64| if neg { v.checked_neg() } else { Some(v) };
    if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        if hex.is_empty() || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        return i64::from_str_radix(hex, 16)
            .ok()
            .and_then(sign)
            .map(Value::Int);
    }
    // (0?\d+)((?:\.\d+)?(?:[eE]-?\d+)?)
    let digits_end = t
        .bytes()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(t.len());
    if digits_end == 0 {
        return None;
    }
    let (int_part, rest) = t.split_at(digits_end);
    if rest.is_empty() {
        if int_part.len() > 1 && int_part.starts_with('0') {
            // Ruby's Integer("0...") is octal; "08" is an error.
            return i64::from_str_radix(&int_part[1..], 8)
                .ok()
                .and_then(sign)
                .map(Value::Int);
        }
        return int_part.parse::<i64>().ok().and_then(sign).map(Value::Int);
    }
    // A fraction and/or an exponent.
    let mut r = rest;
    if let Some(frac) = r.strip_prefix('.') {
        let n = frac
            .bytes()
            .position(|b| !b.is_ascii_digit())
            .unwrap_or(frac.len());
        if n == 0 {
            return None;
        }
        r = &frac[n..];
    }
    if let Some(exp) = r.strip_prefix(['e', 'E']) {
        let exp = exp.strip_prefix('-').unwrap_or(exp);
        if exp.is_empty() || !exp.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        r = "";
    }
    if !r.is_empty() {
        return None;
    }
    // "0e5", "0.0e1": Puppet gives up on a zero with an exponent.
    if int_part.bytes().all(|b| b == b'0') && {
        let f = rest.trim_start_matches('.');
        let f = f.trim_start_matches('0');
        f.starts_with(['e', 'E'])
    } {
        return None;
    }
    let f: f64 = t.parse().ok()?;
    if f.is_infinite() {
        return None;
    }
    Some(Value::Float(if neg { -f } else { f }))
}

fn coerce_numeric(v: &Value, blame: Blame) -> Result<Value, OpError> {
    match v {
        Value::Int(_)
        | Value::BigInt(_)
        | Value::Float(_)
        | Value::Timestamp(_)
        | Value::Timespan(_) => Ok(v.clone()),
        Value::Str(s) => to_number(s).map_or_else(
            || {
                err(
                    blame,
                    format!("The value '{s}' cannot be converted to Numeric."),
                )
            },
            Ok,
        ),
        other => err(
            blame,
            format!(
                "The value '{}' cannot be converted to Numeric.",
                other.ruby_to_s()
            ),
        ),
    }
}

fn op_symbol(op: BinaryOp) -> &'static str {
    match op {
        BinaryOp::Add => "+",
        BinaryOp::Sub => "-",
        BinaryOp::Mul => "*",
        BinaryOp::Div => "/",
        BinaryOp::Rem => "%",
        BinaryOp::Shl => "<<",
        BinaryOp::Shr => ">>",
        BinaryOp::Eq => "==",
        BinaryOp::Ne => "!=",
        BinaryOp::Lt => "<",
        BinaryOp::Gt => ">",
        BinaryOp::Le => "<=",
        BinaryOp::Ge => ">=",
        BinaryOp::Match => "=~",
        BinaryOp::NotMatch => "!~",
        BinaryOp::In => "in",
        BinaryOp::And => "and",
        BinaryOp::Or => "or",
    }
}

/// Whether `l op r` reads its operands as numbers (an arithmetic operator not
/// applied to a collection), so that a String operand is coerced.
pub fn coerces_operands(op: BinaryOp, l: &Value) -> bool {
    use BinaryOp::*;
    match op {
        Add => !matches!(l, Value::Array(_) | Value::Hash(_) | Value::Binary(_)),
        Sub | Shl => !matches!(l, Value::Array(_) | Value::Hash(_)),
        Mul | Div | Rem | Shr => true,
        _ => false,
    }
}

/// `+ - * / % << >>` (Puppet's `calculate`), including the collection forms.
pub fn arithmetic(op: BinaryOp, l: &Value, r: &Value) -> Result<Value, OpError> {
    let sym = op_symbol(op);
    if matches!(l, Value::Array(_) | Value::Hash(_))
        && matches!(op, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Shl)
    {
        return match op {
            BinaryOp::Add => concatenate(l, r).map_err(|m| OpError {
                message: m,
                blame: Blame::Operator,
            }),
            BinaryOp::Sub => Ok(delete(l, r)),
            _ => match l {
                Value::Array(a) => {
                    let mut v: Vec<Value> = a.iter().cloned().collect();
                    v.push(r.clone());
                    Ok(Value::array(v))
                }
                other => err(
                    Blame::Left,
                    format!(
                        "Operator '{sym}' is not applicable to {}.",
                        a_an_label(other)
                    ),
                ),
            },
        };
    }
    let a = coerce_numeric(l, Blame::Left)?;
    let b = coerce_numeric(r, Blame::Right)?;
    if op == BinaryOp::Rem {
        if let Value::Float(_) = a {
            return err(
                Blame::Left,
                format!("Operator '%' is not applicable to {}.", a_an_label(&a)),
            );
        }
        if let Value::Float(_) = b {
            return err(
                Blame::Left,
                format!(
                    "Operator '%' is not applicable to {} when right side is {}.",
                    a_an_label(&a),
                    a_an_label(&b)
                ),
            );
        }
    }
    if let Some(result) = time_arithmetic(op, &a, &b) {
        return result;
    }
    let overflow = |v: i128| -> Result<Value, OpError> {
        if v > i64::MAX as i128 || v < i64::MIN as i128 {
            let (sign, abs) = if v < 0 {
                ('-', v.unsigned_abs())
            } else {
                ('+', v as u128)
            };
            let range = if v < 0 { "min" } else { "max" };
            err(
                Blame::Operator,
                format!(
                    "{} resulted in a value outside of Puppet Integer {range} range, got '{sign}{abs:#x}'",
                    a_an_uc_expr(op)
                ),
            )
        } else {
            Ok(Value::Int(v as i64))
        }
    };
    // Past 128 bits (only a Bignum from data gets there) the result is as far out.
    let beyond = |r: Option<i128>, x: i128, y: i128| {
        r.unwrap_or(if (x < 0) == (y < 0) || op != BinaryOp::Mul {
            i128::MAX
        } else {
            i128::MIN
        })
    };
    match (a.as_integer(), b.as_integer()) {
        (Some(x), Some(y)) => {
            match op {
                BinaryOp::Add => overflow(beyond(x.checked_add(y), x, y)),
                BinaryOp::Sub => overflow(beyond(x.checked_sub(y), x, y)),
                BinaryOp::Mul => overflow(beyond(x.checked_mul(y), x, y)),
                BinaryOp::Div => {
                    if y == 0 {
                        return err(Blame::Right, "Division by 0");
                    }
                    overflow(x.div_euclid(y) - if x.rem_euclid(y) != 0 && y < 0 { 1 } else { 0 })
                }
                BinaryOp::Rem => {
                    if y == 0 {
                        return err(Blame::Right, "Division by 0");
                    }
                    // Ruby's modulo takes the sign of the divisor.
                    let m = x % y;
                    overflow(if m != 0 && ((m < 0) != (y < 0)) {
                        m + y
                    } else {
                        m
                    })
                }
                BinaryOp::Shl | BinaryOp::Shr => {
                    let left = (op == BinaryOp::Shl) == (y >= 0);
                    let n = y.unsigned_abs();
                    if left {
                        if x == 0 {
                            return Ok(Value::Int(0));
                        }
                        if n >= 64 {
                            // Ruby shifts into a Bignum: the error shows it exactly
                            // (its hexadecimal digits are those of x, shifted).
                            let abs = x.unsigned_abs();
                            if n < 1 << 20 && abs.leading_zeros() >= 4 {
                                let (sign, range) = if x > 0 { ('+', "max") } else { ('-', "min") };
                                return err(
                                    Blame::Operator,
                                    format!(
                                        "{} resulted in a value outside of Puppet Integer {range} range, got '{sign}{:#x}{}'",
                                        a_an_uc_expr(op),
                                        abs << (n % 4),
                                        "0".repeat((n / 4) as usize)
                                    ),
                                );
                            }
                            return overflow(if x > 0 { i128::MAX } else { i128::MIN });
                        }
                        overflow(x << n)
                    } else {
                        Ok(Value::Int((x >> n.min(127)) as i64))
                    }
                }
                _ => unreachable!("arithmetic operators only"),
            }
        }
        _ => {
            if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
                return err(
                    Blame::Left,
                    format!("Operator '{sym}' is not applicable to {}.", a_an_label(&a)),
                );
            }
            let f = |v: &Value| match v {
                Value::Int(i) => *i as f64,
                Value::BigInt(i) => **i as f64,
                Value::Float(f) => *f,
                _ => 0.0,
            };
            let (x, y) = (f(&a), f(&b));
            let result = match op {
                BinaryOp::Add => x + y,
                BinaryOp::Sub => x - y,
                BinaryOp::Mul => x * y,
                BinaryOp::Div => x / y,
                _ => unreachable!("float operators"),
            };
            if result.is_infinite() {
                return err(
                    Blame::Left,
                    format!("The result of the {sym} expression is Infinity"),
                );
            }
            Ok(Value::Float(result))
        }
    }
}

/// Whole nanoseconds in `seconds` (Ruby's `(o * NSECS_PER_SEC).to_i`).
fn seconds_to_nanos(v: &Value) -> i128 {
    match v {
        Value::Int(i) => *i as i128 * NS_PER_SEC,
        Value::Float(f) => (f * 1e9).trunc() as i128,
        _ => 0,
    }
}

const NS_PER_SEC: i128 = 1_000_000_000;

fn timestamp_of_nanos(n: i128) -> Value {
    Value::Timestamp(Arc::new(Timestamp {
        seconds: n.div_euclid(NS_PER_SEC) as i64,
        nanos: n.rem_euclid(NS_PER_SEC) as u32,
    }))
}

fn timespan_of_nanos(n: i128) -> Value {
    Value::Timespan(Arc::new(Timespan { nanos: n }))
}

/// Arithmetic where a Timestamp or Timespan takes part (Puppet's `TimeData`
/// methods, with the evaluator's swapping of a number on the left), or `None` when
/// both sides are plain numbers.
fn time_arithmetic(op: BinaryOp, a: &Value, b: &Value) -> Option<Result<Value, OpError>> {
    let sym = op_symbol(op);
    let is_time = |v: &Value| matches!(v, Value::Timestamp(_) | Value::Timespan(_));
    if !is_time(a) && !is_time(b) {
        return None;
    }
    // A number on the left: `+` (and `*` by a Timespan) swap sides, `-` a Timespan
    // makes the number a Timespan; anything else is refused.
    let (a, b) = if !is_time(a) {
        match (op, b) {
            (BinaryOp::Add, _) | (BinaryOp::Mul, Value::Timespan(_)) => (b.clone(), a.clone()),
            (BinaryOp::Sub, Value::Timespan(_)) => {
                (timespan_of_nanos(seconds_to_nanos(a)), b.clone())
            }
            _ => {
                return Some(err(
                    Blame::Left,
                    format!(
                        "Operator '{sym}' is not applicable to {} when right side is {}.",
                        a_an_label(a),
                        a_an_label(b)
                    ),
                ))
            }
        }
    } else {
        (a.clone(), b.clone())
    };
    // Ruby's ArgumentError from the TimeData method, as Puppet reports it.
    let refused = |what: String| {
        err(
            Blame::Operator,
            format!("Error while evaluating a '{sym}' expression, {what}"),
        )
    };
    let not_applicable = |v: &Value| {
        err(
            Blame::Left,
            format!("Operator '{sym}' is not applicable to {}.", a_an_label(v)),
        )
    };
    let is_number = matches!(b, Value::Int(_) | Value::Float(_));
    Some(match &a {
        Value::Timestamp(t) => {
            let n = t.seconds as i128 * NS_PER_SEC + t.nanos as i128;
            match (op, &b) {
                (BinaryOp::Add, Value::Timespan(s)) => Ok(timestamp_of_nanos(n + s.nanos)),
                (BinaryOp::Add, _) if is_number => Ok(timestamp_of_nanos(n + seconds_to_nanos(&b))),
                (BinaryOp::Add, _) => refused(format!(
                    "{} cannot be added to a Timestamp",
                    a_an_uc(&label(&b))
                )),
                (BinaryOp::Sub, Value::Timestamp(u)) => Ok(timespan_of_nanos(
                    n - (u.seconds as i128 * NS_PER_SEC + u.nanos as i128),
                )),
                (BinaryOp::Sub, Value::Timespan(s)) => Ok(timestamp_of_nanos(n - s.nanos)),
                (BinaryOp::Sub, _) if is_number => Ok(timestamp_of_nanos(n - seconds_to_nanos(&b))),
                (BinaryOp::Sub, _) => refused(format!(
                    "{} cannot be subtracted from a Timestamp",
                    a_an_uc(&label(&b))
                )),
                _ => not_applicable(&a),
            }
        }
        Value::Timespan(t) => {
            let n = t.nanos;
            match (op, &b) {
                (BinaryOp::Add, Value::Timestamp(u)) => Ok(timestamp_of_nanos(
                    n + u.seconds as i128 * NS_PER_SEC + u.nanos as i128,
                )),
                (BinaryOp::Add | BinaryOp::Sub, Value::Timespan(s)) => {
                    Ok(timespan_of_nanos(if op == BinaryOp::Add {
                        n + s.nanos
                    } else {
                        n - s.nanos
                    }))
                }
                (BinaryOp::Add | BinaryOp::Sub, _) if is_number => {
                    let d = seconds_to_nanos(&b);
                    Ok(timespan_of_nanos(if op == BinaryOp::Add {
                        n + d
                    } else {
                        n - d
                    }))
                }
                (BinaryOp::Add, _) => refused(format!(
                    "{} cannot be added to a Timespan",
                    a_an_uc(&label(&b))
                )),
                (BinaryOp::Sub, _) => refused(format!(
                    "{} cannot be subtracted from a Timespan",
                    a_an_uc(&label(&b))
                )),
                (BinaryOp::Mul, Value::Int(i)) => Ok(timespan_of_nanos(n * *i as i128)),
                (BinaryOp::Mul, Value::Float(f)) => {
                    Ok(timespan_of_nanos((n as f64 * f).trunc() as i128))
                }
                (BinaryOp::Mul, _) => refused(format!(
                    "A Timestamp cannot be multiplied by {}",
                    a_an_label(&b)
                )),
                (BinaryOp::Div, Value::Timespan(s)) => {
                    let q = n as f64 / s.nanos as f64;
                    if q.is_infinite() {
                        err(
                            Blame::Left,
                            format!("The result of the {sym} expression is Infinity"),
                        )
                    } else {
                        Ok(Value::Float(q))
                    }
                }
                (BinaryOp::Div, Value::Int(0)) => err(Blame::Right, "Division by 0"),
                (BinaryOp::Div, Value::Float(f)) if *f == 0.0 => err(Blame::Right, "Division by 0"),
                (BinaryOp::Div, Value::Int(i)) => Ok(timespan_of_nanos(
                    n.div_euclid(*i as i128)
                        - if n.rem_euclid(*i as i128) != 0 && *i < 0 {
                            1
                        } else {
                            0
                        },
                )),
                (BinaryOp::Div, Value::Float(f)) => {
                    Ok(timespan_of_nanos((n as f64 / f).floor() as i128))
                }
                (BinaryOp::Div, _) => refused(format!(
                    "A Timespan cannot be divided by {}",
                    a_an_label(&b)
                )),
                (BinaryOp::Rem, Value::Int(0)) => err(Blame::Right, "Division by 0"),
                (BinaryOp::Rem, Value::Int(i)) => {
                    let (secs, i) = (n.div_euclid(NS_PER_SEC), *i as i128);
                    let m = secs % i;
                    Ok(Value::Int(if m != 0 && ((m < 0) != (i < 0)) {
                        m + i
                    } else {
                        m
                    } as i64))
                }
                (BinaryOp::Rem, _) => refused(format!(
                    "Can not do modulus on a Timespan using a {}",
                    a_an_label(&b)
                )),
                _ => not_applicable(&a),
            }
        }
        _ => unreachable!("one side is a Timestamp or a Timespan"),
    })
}

/// "A Timestamp": [`a_an`] with a capital.
fn a_an_uc(label: &str) -> String {
    let s = a_an(label);
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
        .unwrap_or_default()
}

fn a_an_uc_expr(op: BinaryOp) -> String {
    format!("A '{}' expression", op_symbol(op))
}

/// `x + y` on collections (Puppet's `concatenate`).
pub fn concatenate(l: &Value, r: &Value) -> Result<Value, String> {
    match l {
        Value::Array(a) => {
            let mut v: Vec<Value> = a.iter().cloned().collect();
            match r {
                Value::Array(b) => v.extend(b.iter().cloned()),
                Value::Hash(h) => v.extend(
                    h.iter()
                        .map(|(k, v)| Value::array(vec![k.clone(), v.clone()])),
                ),
                other => v.push(other.clone()),
            }
            Ok(Value::array(v))
        }
        Value::Hash(a) => {
            let mut m = (**a).clone();
            match r {
                Value::Hash(b) => {
                    for (k, v) in b.iter() {
                        m.insert(k.clone(), v.clone());
                    }
                }
                Value::Array(b) => {
                    // An array of arrays is a list of [key, value] tuples (Ruby's
                    // `Hash[tuples]`: a one-element tuple is a key with an undef
                    // value); anything else is a flat key, value, ... list.
                    let pairs = !b.is_empty() && b.iter().all(|e| matches!(e, Value::Array(_)));
                    if pairs {
                        for e in b.iter() {
                            if let Value::Array(p) = e {
                                match p.len() {
                                    1 => m.insert(p[0].clone(), Value::Undef),
                                    2 => m.insert(p[0].clone(), p[1].clone()),
                                    n => {
                                        return Err(format!(
                                            "Error while evaluating a '+' expression, \
                                             invalid number of elements ({n} for 1..2)"
                                        ))
                                    }
                                };
                            }
                        }
                    } else {
                        if b.len() % 2 != 0 {
                            return Err("Error while evaluating a '+' expression, \
                                        odd number of arguments for Hash"
                                .into());
                        }
                        for pair in b.chunks(2) {
                            m.insert(pair[0].clone(), pair[1].clone());
                        }
                    }
                }
                _ => {
                    return Err("Error while evaluating a '+' expression, \
                                Can only append Array or Hash to a Hash"
                        .into())
                }
            }
            Ok(Value::hash(m))
        }
        other => concatenate(&Value::array(vec![other.clone()]), r),
    }
}

/// `x - y` on collections (Puppet's `delete`): removes elements or keys (`eql?`).
pub fn delete(l: &Value, r: &Value) -> Value {
    let doomed: Vec<Value> = match (l, r) {
        (Value::Array(_), Value::Array(b)) => b.iter().cloned().collect(),
        (Value::Array(_), Value::Hash(h)) => h
            .iter()
            .map(|(k, v)| Value::array(vec![k.clone(), v.clone()]))
            .collect(),
        (Value::Hash(_), Value::Array(b)) => b.iter().cloned().collect(),
        (Value::Hash(_), Value::Hash(h)) => h.keys().cloned().collect(),
        (_, other) => vec![other.clone()],
    };
    match l {
        Value::Array(a) => Value::array(
            a.iter()
                .filter(|x| !doomed.iter().any(|d| ruby_eq(x, d)))
                .cloned()
                .collect(),
        ),
        Value::Hash(h) => Value::hash(
            h.iter()
                .filter(|(k, _)| !doomed.iter().any(|d| d == *k))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Ruby's `==` on values (what `Array#delete` uses): numbers by value, strings exactly.
fn ruby_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Int(x), Value::Float(y)) | (Value::Float(y), Value::Int(x)) => *x as f64 == *y,
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| ruby_eq(p, q))
        }
        _ => a == b,
    }
}

/// Puppet's `==`: strings compare case-insensitively, numbers by value, arrays and
/// hashes element by element.
pub fn equals(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => x.eq_ignore_ascii_case(y),
        (
            Value::Int(_) | Value::BigInt(_) | Value::Float(_),
            Value::Int(_) | Value::BigInt(_) | Value::Float(_),
        ) => compare_numbers(a, b) == Some(Ordering::Equal),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| equals(p, q))
        }
        (Value::Hash(x), Value::Hash(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| equals(y.get(k).unwrap_or(&Value::Undef), v))
        }
        (Value::Type(x), Value::Type(y)) => x == y,
        (Value::Sensitive(x), Value::Sensitive(y)) => Arc::ptr_eq(x, y),
        (Value::Timespan(_) | Value::Timestamp(_), Value::Int(_) | Value::Float(_)) => {
            compare_time_number(a, b) == Some(Ordering::Equal)
        }
        (Value::Int(_) | Value::Float(_), Value::Timespan(_) | Value::Timestamp(_)) => {
            compare_time_number(b, a) == Some(Ordering::Equal)
        }
        _ => a == b,
    }
}

fn compare_numbers(a: &Value, b: &Value) -> Option<Ordering> {
    if let (Some(x), Some(y)) = (a.as_integer(), b.as_integer()) {
        return Some(x.cmp(&y));
    }
    // A Bignum against a Float, as Ruby compares them: exactly.
    let exact = |i: i128, f: f64| {
        if f.is_nan() {
            None
        } else if f >= 2f64.powi(127) || f < -(2f64.powi(127)) {
            0f64.partial_cmp(&f)
        } else {
            let whole = f.trunc();
            Some(
                i.cmp(&(whole as i128))
                    .then(0f64.partial_cmp(&(f - whole))?),
            )
        }
    };
    match (a, b) {
        (Value::BigInt(x), Value::Float(y)) => return exact(**x, *y),
        (Value::Float(x), Value::BigInt(y)) => return exact(**y, *x).map(Ordering::reverse),
        _ => {}
    }
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => Some(x.cmp(y)),
        (Value::Int(x), Value::Float(y)) => (*x as f64).partial_cmp(y),
        (Value::Float(x), Value::Int(y)) => x.partial_cmp(&(*y as f64)),
        (Value::Float(x), Value::Float(y)) => x.partial_cmp(y),
        _ => None,
    }
}

/// Puppet's `compare` for `<`, `sort`, `max`...: numbers with numbers, strings with
/// strings (case-insensitively), timestamps. The error is Puppet's "detail".
pub fn compare(a: &Value, b: &Value) -> Result<Ordering, String> {
    match a {
        Value::Str(x) => match b {
            Value::Str(y) => Ok(casecmp(x, y)),
            _ => Err("A String is not comparable to a non String".into()),
        },
        Value::Int(_) | Value::BigInt(_) | Value::Float(_) => match b {
            Value::Int(_) | Value::BigInt(_) | Value::Float(_) => {
                Ok(compare_numbers(a, b).unwrap_or(Ordering::Equal))
            }
            Value::Timestamp(_) | Value::Timespan(_) => Ok(compare_time_number(b, a)
                .map(Ordering::reverse)
                .unwrap_or(Ordering::Equal)),
            _ => Err("A Numeric is not comparable to non Numeric".into()),
        },
        Value::Timestamp(t) => match b {
            Value::Timestamp(u) => Ok((t.seconds, t.nanos).cmp(&(u.seconds, u.nanos))),
            Value::Int(_) | Value::Float(_) => {
                Ok(compare_time_number(a, b).unwrap_or(Ordering::Equal))
            }
            _ => Err("Timestamps are only comparable to Timestamps, Integers, and Floats".into()),
        },
        Value::Timespan(t) => match b {
            Value::Timespan(u) => Ok(t.nanos.cmp(&u.nanos)),
            Value::Int(_) | Value::Float(_) => {
                Ok(compare_time_number(a, b).unwrap_or(Ordering::Equal))
            }
            _ => Err("Timespans are only comparable to Timespans, Integers, and Floats".into()),
        },
        Value::SemVer(v) => match b {
            Value::SemVer(w) => Ok(v.compare(w)),
            _ => Err("Versions not comparable to non Versions".into()),
        },
        _ => {
            Err("Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable".into())
        }
    }
}

/// A Timestamp or Timespan against a number (Puppet's `TimeData#<=>`): whole
/// seconds against an Integer, seconds with their fraction against a Float.
fn compare_time_number(t: &Value, n: &Value) -> Option<Ordering> {
    let nanos = match t {
        Value::Timestamp(t) => t.seconds as i128 * NS_PER_SEC + t.nanos as i128,
        Value::Timespan(t) => t.nanos,
        _ => return None,
    };
    match n {
        // Ruby's Integer `/` rounds toward negative infinity.
        Value::Int(i) => Some(nanos.div_euclid(NS_PER_SEC).cmp(&(*i as i128))),
        Value::Float(f) => (nanos as f64 / 1e9).partial_cmp(f),
        _ => None,
    }
}

/// Ruby's `casecmp`: compares with ASCII letters folded to lower case.
pub fn casecmp(a: &str, b: &str) -> Ordering {
    a.bytes()
        .map(|c| c.to_ascii_lowercase())
        .cmp(b.bytes().map(|c| c.to_ascii_lowercase()))
}

/// `== != < <= > >=` (Puppet's `eval_ComparisonExpression`). Types compare by
/// assignability: two types are equal when they are the same or each is assignable
/// to the other (`Optional[String] == Variant[Undef, String]`; only here, not inside
/// arrays or as hash keys).
pub fn comparison(op: BinaryOp, l: &Value, r: &Value) -> Result<Value, OpError> {
    if let Value::Type(lt) = l {
        let rt = match r {
            Value::Type(t) => Some(&**t),
            _ => None,
        };
        let rt_assignable_from_l = rt.is_some_and(|rt| rt.is_assignable(lt));
        let eq = rt.is_some_and(|rt| **lt == *rt || (rt_assignable_from_l && lt.is_assignable(rt)));
        let assign = |a: &PType, b: Option<&PType>| b.is_some_and(|b| a.is_assignable(b));
        return Ok(Value::Bool(match op {
            BinaryOp::Eq => eq,
            BinaryOp::Ne => !eq,
            BinaryOp::Lt => rt_assignable_from_l && !eq,
            BinaryOp::Le => rt_assignable_from_l,
            BinaryOp::Gt => assign(lt, rt) && !eq,
            _ => assign(lt, rt),
        }));
    }
    match op {
        BinaryOp::Eq => Ok(Value::Bool(equals(l, r))),
        BinaryOp::Ne => Ok(Value::Bool(!equals(l, r))),
        _ => {
            let ord = compare(l, r).map_err(|detail| OpError {
                message: format!(
                    "Comparison of: {} {} {}, is not possible. Caused by '{detail}'.",
                    label(l),
                    op_symbol(op),
                    label(r)
                ),
                blame: Blame::Operator,
            })?;
            Ok(Value::Bool(match op {
                BinaryOp::Lt => ord.is_lt(),
                BinaryOp::Le => ord.is_le(),
                BinaryOp::Gt => ord.is_gt(),
                _ => ord.is_ge(),
            }))
        }
    }
}

/// `left in right` (Puppet's `include?`). A regexp match sets `$0..$n`: the captures
/// come back for the caller to set.
pub fn includes(left: &Value, right: &Value) -> (bool, Option<Captures>) {
    match right {
        Value::Str(s) => match left {
            Value::Str(needle) => (s.to_lowercase().contains(&needle.to_lowercase()), None),
            Value::Regex(re) => match re.captures(s) {
                Some(c) => (true, Some(c)),
                None => (false, None),
            },
            _ => (false, None),
        },
        Value::Array(items) => match left {
            Value::Regex(re) => {
                for item in items.iter() {
                    if let Value::Str(s) = item {
                        if let Some(c) = re.captures(s) {
                            return (true, Some(c));
                        }
                    }
                }
                (false, None)
            }
            Value::Str(_) => {
                let mut caps = None;
                let found = items.iter().any(|item| {
                    let (m, c) = case_match(left, item);
                    if c.is_some() {
                        caps = c;
                    }
                    m
                });
                (found, caps)
            }
            Value::Type(t) => (items.iter().any(|x| t.is_instance(x)), None),
            other => (items.iter().any(|x| equals(x, other)), None),
        },
        Value::Hash(map) => includes(left, &Value::array(map.keys().cloned().collect())),
        Value::SemVerRange(r) => {
            let v = match left {
                Value::SemVer(v) => Some((**v).clone()),
                Value::Str(s) => crate::value::SemVer::parse(s),
                _ => None,
            };
            (v.is_some_and(|v| r.includes(&v)), None)
        }
        _ => (false, None),
    }
}

/// Case option and selector matching (Puppet's `match`): regexps match strings, types
/// match instances, arrays and hashes match element-wise, `default` matches anything,
/// everything else compares with `==`.
pub fn case_match(value: &Value, pattern: &Value) -> (bool, Option<Captures>) {
    match pattern {
        Value::Regex(re) => match value {
            Value::Str(s) => match re.captures(s) {
                Some(c) => (true, Some(c)),
                None => (false, None),
            },
            _ => (false, None),
        },
        Value::Type(t) => (t.is_instance(value), None),
        Value::Array(pats) => match value {
            Value::Array(vals) if vals.len() == pats.len() => {
                let mut caps = None;
                for (p, v) in pats.iter().zip(vals.iter()) {
                    let (m, c) = case_match(v, p);
                    if !m {
                        return (false, caps);
                    }
                    if c.is_some() {
                        caps = c;
                    }
                }
                (true, caps)
            }
            _ => (false, None),
        },
        Value::Hash(pats) => match value {
            Value::Hash(vals) => {
                let mut caps = None;
                for (k, p) in pats.iter() {
                    let v = vals.get(k).unwrap_or(&Value::Undef);
                    let (m, c) = case_match(v, p);
                    if !m {
                        return (false, caps);
                    }
                    if c.is_some() {
                        caps = c;
                    }
                }
                (true, caps)
            }
            _ => (false, None),
        },
        Value::Default => (true, None),
        other => (equals(value, other), None),
    }
}

/// `value =~ pattern` / `!~`: a type checks instances; a regexp or a string (compiled as
/// a regexp) matches a string. Captures come back for the caller to set.
/// `left =~ pattern` (`op` is `=~` or `!~`, for the error Puppet names it in).
pub fn match_op(
    op: BinaryOp,
    left: &Value,
    pattern: &Value,
) -> Result<(bool, Option<Captures>), OpError> {
    let re: Arc<Regex> = match pattern {
        Value::Type(t) => {
            if let Some(refusal) = crate::functions::convert::init_refusal(t) {
                // Puppet's ArgumentError, wrapped as it wraps Ruby errors.
                return err(
                    Blame::Operator,
                    format!(
                        "Error while evaluating a '{}' expression, {refusal}",
                        op_symbol(op)
                    ),
                );
            }
            return Ok((t.is_instance(left), None));
        }
        Value::SemVerRange(_) => return Ok((includes(left, pattern).0, None)),
        Value::Regex(r) => r.clone(),
        Value::Str(s) => Regex::shared(s).map_err(|e| OpError {
            message: format!(
                "Can not convert right match operand to a regular expression. Caused by '{e}'."
            ),
            blame: Blame::Right,
        })?,
        other => {
            return err(
                Blame::Right,
                format!(
                    "Can not convert right match operand to a regular expression. Caused by 'no implicit conversion of {} into String'.",
                    label(other)
                ),
            )
        }
    };
    let Value::Str(s) = left else {
        return err(
            Blame::Left,
            format!(
                "Left match operand must result in a String value. Got {}.",
                a_an_label(left)
            ),
        );
    };
    Ok(match re.captures(s) {
        Some(c) => (true, Some(c)),
        None => (false, None),
    })
}

// ---------------------------------------------------------------------- access

/// An error of `[]`, with the index of the key Puppet blames (if any).
#[derive(Clone, Debug)]
pub struct AccessError {
    pub message: String,
    pub key: Option<usize>,
}

impl From<String> for AccessError {
    fn from(message: String) -> AccessError {
        AccessError { message, key: None }
    }
}

/// `target[keys]` on a value (Puppet's `AccessOperator`), except resources and classes
/// with titles, which need the catalog.
pub fn access(target: &Value, keys: &[Value]) -> Result<Value, AccessError> {
    match target {
        Value::Str(s) => access_string(s, keys),
        Value::Array(items) => access_array(items, keys),
        Value::Hash(map) => Ok(access_hash(map, keys)?),
        Value::Type(t) => crate::types::parameterize(t, keys),
        other => Err(format!("Operator '[]' is not applicable to {}.", a_an_label(other)).into()),
    }
}

fn flat_keys(keys: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for k in keys {
        match k {
            Value::Array(a) => out.extend(flat_keys(a)),
            other => out.push(other.clone()),
        }
    }
    out
}

/// Ruby's `ary[start, count]` after Puppet's negative-index adjustments.
fn slice_range(len: usize, k1: i64, k2: i64) -> Option<(usize, usize)> {
    let len = len as i64;
    let mut k1 = if k1 < 0 { len + k1 } else { k1 };
    let mut k2 = if k2 < 0 { len - k1 + k2 + 1 } else { k2 };
    if k1 < 0 {
        k2 += k1;
        k1 = 0;
    }
    if k1 > len || k2 < 0 {
        return None;
    }
    let end = (k1 + k2).min(len);
    Some((k1 as usize, end.max(k1) as usize))
}

fn index_key(v: &Value, target: &str, i: usize) -> Result<i64, AccessError> {
    let n = match v {
        Value::Str(s) => to_number(s),
        other => Some(other.clone()),
    };
    // An array index is coerced to a number first (Puppet's `coerce_numeric`).
    let numeric = matches!(n, Some(Value::Int(_) | Value::Float(_) | Value::BigInt(_)));
    if target != "String" && !numeric {
        return Err(AccessError {
            message: format!(
                "The value '{}' cannot be converted to Numeric.",
                v.ruby_to_s()
            ),
            key: Some(i),
        });
    }
    match n {
        Some(Value::Int(i)) => Ok(i),
        _ => {
            let actual = match (&n, v) {
                (Some(f @ Value::Float(_)), Value::Str(_)) => {
                    PType::infer(f).generalize().to_string()
                }
                (_, Value::Undef) => "Undef".to_string(),
                (_, Value::Default) => "Default".to_string(),
                (_, other) => PType::infer(other).generalize().to_string(),
            };
            Err(AccessError {
                message: if target == "String" {
                    format!(
                        "A substring operation does not accept {} {actual} as a character index. Expected an Integer",
                        crate::describe::article(&actual)
                    )
                } else {
                    format!("{target}[] cannot use {actual} where Integer is expected")
                },
                key: Some(i),
            })
        }
    }
}

fn access_string(s: &str, keys: &[Value]) -> Result<Value, AccessError> {
    let keys = flat_keys(keys);
    let chars: Vec<char> = s.chars().collect();
    let len = chars.len() as i64;
    let out: String = match keys.as_slice() {
        [k] => {
            let k1 = index_key(k, "String", 0)?;
            let k1 = if k1 < 0 { len + k1 } else { k1 };
            if k1 < 0 || k1 >= len {
                String::new()
            } else {
                chars[k1 as usize].to_string()
            }
        }
        [a, b] => {
            let k1 = index_key(a, "String", 0)?;
            let k2 = index_key(b, "String", 1)?;
            match slice_range(chars.len(), k1, k2) {
                Some((from, to)) => chars[from..to].iter().collect(),
                None => String::new(),
            }
        }
        _ => {
            return Err(format!(
                "String supports [] with one or two arguments. Got {}",
                keys.len()
            )
            .into())
        }
    };
    Ok(Value::str(out))
}

fn access_array(items: &[Value], keys: &[Value]) -> Result<Value, AccessError> {
    let keys = flat_keys(keys);
    let len = items.len() as i64;
    match keys.as_slice() {
        [k] => {
            let i = index_key(k, "An Array", 0)?;
            let i = if i < 0 { len + i } else { i };
            Ok(if i < 0 || i >= len {
                Value::Undef
            } else {
                items[i as usize].clone()
            })
        }
        [a, b] => {
            let k1 = index_key(a, "An Array", 0)?;
            let k2 = index_key(b, "An Array", 1)?;
            Ok(Value::array(match slice_range(items.len(), k1, k2) {
                Some((from, to)) => items[from..to].to_vec(),
                None => Vec::new(),
            }))
        }
        _ => Err(format!(
            "Array supports [] with one or two arguments. Got {}",
            keys.len()
        )
        .into()),
    }
}

fn access_hash(map: &ValueMap, keys: &[Value]) -> Result<Value, String> {
    match keys {
        [] => Err("Hash supports [] with one or more arguments. Got 0".into()),
        [k] => Ok(map.get(k).cloned().unwrap_or(Value::Undef)),
        many => Ok(Value::array(
            many.iter().filter_map(|k| map.get(k).cloned()).collect(),
        )),
    }
}
