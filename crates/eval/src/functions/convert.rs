//! Type conversions (`new`, `Integer('0x1F')`, `convert_to`), type inspection (`type`,
//! `assert_type`), `unwrap`, `strftime` and `annotate`.

use super::{builtin, Builtin, Call};
use crate::compiler::Compiler;
use crate::error::EvalError;
use crate::eval::EvalResult;
use crate::types::PType;
use crate::value::{
    base64_decode, base64_encode, Deferred, Regex, SemVer, Timespan, TimespanFormat, Timestamp,
    Value, ValueMap, VersionRange, TIMESPAN_DEFAULT_FORMATS,
};
use std::sync::Arc;

pub(super) const FUNCTIONS: &[Builtin] = &[
    // `annotate(Note, $value, {...})`: annotations of mutable values (Pcore's
    // `Annotation` types), kept for the compile.
    builtin!(
        "annotate",
        &[
            "Type[Annotation] type, Any value, &[0, 0]?",
            "Type[Annotation] type, Any value, Variant[Enum[clear], Hash[Pcore::MemberName, Any]] annotation_hash",
            "Type[Pcore] type, Any value, Hash[Type[Annotation], Hash[Pcore::MemberName, Any]] annotations"
        ],
        annotate
    ),
    // `new(Integer, '12')`, also written `Integer.new('12')` or `Integer('12')`.
    builtin!("new", &["Type type, Any args*, &[1,1]?"], |c, call| {
        let Value::Type(t) = call.arg(0).clone() else {
            return Ok(Value::Undef);
        };
        let v = new_value(c, &t, call.args[1..].to_vec())?;
        match call.block.clone() {
            Some(b) => c.call_block(&b, vec![v]),
            None => Ok(v),
        }
    }),
    // `$x.convert_to(Integer)`: `new` with the arguments swapped.
    builtin!(
        "convert_to",
        &["Any value, Type type, Any args*, &[1,1]?"],
        |c, call| {
            let Value::Type(t) = call.arg(1).clone() else {
                return Ok(Value::Undef);
            };
            let mut args = vec![call.arg(0).clone()];
            args.extend(call.args[2..].iter().cloned());
            let v = new_value(c, &t, args)?;
            match call.block.clone() {
                Some(b) => c.call_block(&b, vec![v]),
                None => Ok(v),
            }
        }
    ),
    // `type($x)`: the type of a value; `'reduced'` and `'generalized'` give less detail.
    builtin!(
        "type",
        &[
            "Any value, Enum[detailed] inference_method?",
            "Any value, Enum[reduced] inference_method",
            "Any value, Enum[generalized] inference_method"
        ],
        |_, call| {
            let v = call.arg(0);
            Ok(Value::Type(Arc::new(match call.sig {
                1 => PType::infer(v),
                2 => PType::infer(v).generalize(),
                _ => PType::infer_set(v),
            })))
        }
    ),
    // `assert_type(Integer, $x)`: `$x`, or an error (or the block's result) if it is
    // not an instance.
    builtin!(
        "assert_type",
        &[
            "Type type, Any value, &[2,2]?",
            "String type_string, Any value, &[2,2]?"
        ],
        assert_type
    ),
    // `unwrap($s)`: the value inside a Sensitive (anything else as it is).
    builtin!(
        "unwrap",
        &["Sensitive arg, &[1,1]?", "Any arg, &[1,1]?"],
        |c, call| {
            let v = match call.arg(0) {
                Value::Sensitive(inner) => (**inner).clone(),
                other => other.clone(),
            };
            match call.block.clone() {
                Some(b) => c.call_block(&b, vec![v]),
                None => Ok(v),
            }
        }
    ),
    // `$ts.strftime('%Y-%m-%d')`: formats a Timestamp (UTC unless a zone is given) or a
    // Timespan (`%D`, `%H`, `%M`, `%S`, `%L`, `%N`).
    builtin!(
        "strftime",
        &[
            "Timestamp time_object, String format, String timezone?",
            "String format, String timezone?",
            "Timespan time_object, String format"
        ],
        |c, call| {
            // The deprecated form formats the current time; Puppet warns once, at the
            // first call.
            if call.sig == 1 {
                if c.seen_keys.insert("deprecations:strftime_legacy".to_string()) {
                    c.deprecation_at(
                    "The argument signature (String format, [String timezone]) is deprecated \
                     for #strftime. See #strftime documentation and Timespan type for more info",
                        call.file,
                        call.span,
                    );
                }
                let now = construct(&PType::Timestamp { from: None, to: None }, &[])?;
                let mut args = vec![now];
                args.extend(call.args.iter().cloned());
                call.args = args;
                call.sig = 0;
            }
            if let Value::Timespan(t) = call.arg(0) {
                let f = TimespanFormat::parse(call.str_arg(1)).map_err(EvalError::new)?;
                return Ok(Value::str(f.format(t)));
            }
            let Value::Timestamp(t) = call.arg(0) else {
                return Ok(Value::Undef);
            };
            let offset = match call.args.get(2) {
                Some(Value::Str(z)) if !z.is_empty() => Some(
                    crate::time::zone_offset(z)
                        .ok_or_else(|| EvalError::new(crate::time::illegal_zone(z)))?,
                ),
                _ => None,
            };
            Ok(Value::str(strftime(t, call.str_arg(1), offset)))
        }
    ),
];

fn assert_type(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let t = match call.arg(0) {
        Value::Type(t) => (**t).clone(),
        Value::Str(s) => match c.resolve_type_name(s) {
            Ok(t) if PType::builtin(s).is_some() || !matches!(t, PType::Resource { .. }) => t,
            _ => crate::types::parse(s).map_err(EvalError::new)?,
        },
        _ => PType::Any,
    };
    let value = call.arg(1).clone();
    if t.is_instance(&value) {
        return Ok(value);
    }
    match call.block.clone() {
        Some(b) => c.call_block(
            &b,
            vec![
                Value::Type(Arc::new(t)),
                Value::Type(Arc::new(PType::infer_set(&value))),
            ],
        ),
        None => Err(EvalError::new(crate::describe::value_mismatch(
            "assert_type():",
            &t,
            &value,
        ))),
    }
}

/// `0x1F`, `017`, `0b101`, decimal, with a sign; blanks only between sign and digits.
fn integer_pattern(s: &str) -> bool {
    let t = s.strip_prefix(['+', '-']).unwrap_or(s);
    let t = t.trim_start_matches([' ', '\t']);
    let lower = t.to_ascii_lowercase();
    if let Some(h) = lower.strip_prefix("0x") {
        return !h.is_empty() && h.bytes().all(|b| b.is_ascii_hexdigit());
    }
    if let Some(b) = lower.strip_prefix("0b") {
        return !b.is_empty() && b.bytes().all(|c| c == b'0' || c == b'1');
    }
    !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
}

/// Puppet's FLOAT_PATTERN: decimal with fraction/exponent, hex, octal or binary.
fn float_pattern(s: &str) -> bool {
    let t = s.strip_prefix(['+', '-']).unwrap_or(s);
    let t = t.trim_start_matches([' ', '\t']);
    if integer_pattern(t) {
        // `0[0-7]+`, or decimal without a leading zero.
        return !(t.len() > 1 && t.starts_with('0') && t[1..].bytes().any(|b| b > b'7'))
            || t.to_ascii_lowercase().starts_with("0x")
            || t.to_ascii_lowercase().starts_with("0b");
    }
    let (int, rest) = t.split_at(t.bytes().take_while(u8::is_ascii_digit).count());
    if int.is_empty() || (int.len() > 1 && int.starts_with('0')) {
        return false;
    }
    let mut r = rest;
    if let Some(f) = r.strip_prefix('.') {
        let n = f.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        r = &f[n..];
    }
    if let Some(e) = r.strip_prefix(['e', 'E']) {
        let e = e.strip_prefix('-').unwrap_or(e);
        return !e.is_empty() && e.bytes().all(|b| b.is_ascii_digit());
    }
    r.is_empty()
}

/// Ruby's `Integer(s, radix)`.
fn ruby_integer(s: &str, radix: Option<u32>) -> Option<i64> {
    let t = s.trim();
    let (neg, t) = match t.as_bytes().first() {
        Some(b'-') => (true, t[1..].trim_start()),
        Some(b'+') => (false, t[1..].trim_start()),
        _ => (false, t),
    };
    let lower = t.to_ascii_lowercase();
    let (digits, base) = match radix {
        None | Some(10) if lower.starts_with("0x") && radix.is_none() => (&lower[2..], 16),
        None if lower.starts_with("0b") => (&lower[2..], 2),
        None if lower.starts_with("0o") => (&lower[2..], 8),
        None if lower.len() > 1 && lower.starts_with('0') => (&lower[1..], 8),
        None => (lower.as_str(), 10),
        Some(16) => (lower.strip_prefix("0x").unwrap_or(&lower), 16),
        Some(2) => (lower.strip_prefix("0b").unwrap_or(&lower), 2),
        Some(8) => (
            lower
                .strip_prefix("0o")
                .or_else(|| lower.strip_prefix('0').filter(|r| !r.is_empty()))
                .unwrap_or(&lower),
            8,
        ),
        Some(r) => (lower.as_str(), r),
    };
    if digits.is_empty() {
        return None;
    }
    let v = i64::from_str_radix(digits, base).ok()?;
    Some(if neg { -v } else { v })
}

fn conversion_error(func: &str, from: &Value, target: &str) -> EvalError {
    EvalError::new(match from {
        Value::Str(s) => format!("'{func}' The string '{s}' cannot be converted to {target}"),
        other => format!(
            "'{func}' Value of type {} cannot be converted to {target}",
            PType::infer(other).generalize()
        ),
    })
}

/// `Type(args)` / `Type.new(args)` / `new(Type, args)`: Puppet's `new` for the types
/// that have one. A single argument that already is an instance is returned as is; the
/// result must be an instance of the (possibly constrained) type.
pub(crate) fn new_value(c: &mut Compiler<'_>, ty: &PType, args: Vec<Value>) -> EvalResult {
    let _ = c;
    new_plain(ty, args)
}

/// [`new_value`] without a compiler: every `new` there is is a pure function.
fn new_plain(ty: &PType, args: Vec<Value>) -> EvalResult {
    if let PType::Init(target, init_args) = ty.resolved() {
        return new_init(ty, target.as_deref(), init_args, args);
    }
    if args.len() == 1 && ty.is_instance(&args[0]) {
        return Ok(args[0].clone());
    }
    let result = construct(ty.resolved(), &args)?;
    if !ty.is_instance(&result) {
        return Err(EvalError::new(crate::describe::value_mismatch(
            &format!("Converted value from {ty}.new() has wrong type,"),
            ty,
            &result,
        )));
    }
    Ok(result)
}

/// `Init[T, init_args...](value)`: `T.new(value, init_args...)`. Without init
/// arguments an Array that `T.new` does not take as one value is spread into its
/// arguments.
fn new_init(
    ty: &PType,
    target: Option<&PType>,
    init_args: &[Value],
    args: Vec<Value>,
) -> EvalResult {
    let Some(target) = target.filter(|t| init_target(t)) else {
        return Err(EvalError::new(not_supported(target.unwrap_or(ty))));
    };
    let [value] = <[Value; 1]>::try_from(args).map_err(|args| {
        EvalError::new(crate::describe::count_error(
            "'new_Init'",
            1,
            Some(1),
            args.len(),
        ))
    })?;
    if !init_args.is_empty() {
        let mut all = vec![value];
        all.extend(init_args.iter().cloned());
        return new_plain(target, all);
    }
    match &value {
        Value::Array(items) if new_plain(target, vec![value.clone()]).is_err() => {
            new_plain(target, items.to_vec())
        }
        _ => new_plain(target, vec![value]),
    }
}

fn not_supported(t: &PType) -> String {
    format!("Creation of new instance of type '{t}' is not supported")
}

/// Puppet's error for matching against `Init[T]` when `Init` cannot create a `T`.
pub(crate) fn init_refusal(t: &PType) -> Option<String> {
    match t.resolved() {
        PType::Init(Some(target), _) if !init_target(target) => Some(not_supported(target)),
        _ => None,
    }
}

/// Whether `Init[T]` can create instances of `T`: not of another Init, nor of
/// Optional or NotUndef (Puppet refuses those).
fn init_target(t: &PType) -> bool {
    !matches!(
        t.resolved(),
        PType::Init(..) | PType::Optional(_) | PType::NotUndef(_)
    )
}

/// Whether `value` is an instance of `Init[target, init_args...]` beyond being an
/// instance of `target`: whether `target.new` takes it (with the init arguments after
/// it; without them, an Array also as the list of arguments).
pub(crate) fn init_accepts(target: &PType, init_args: &[Value], value: &Value) -> bool {
    if !init_target(target) {
        return false;
    }
    if !init_args.is_empty() {
        let mut all = vec![value.clone()];
        all.extend(init_args.iter().cloned());
        return new_plain(target, all).is_ok();
    }
    new_plain(target, vec![value.clone()]).is_ok()
        || matches!(value, Value::Array(items) if new_plain(target, items.to_vec()).is_ok())
}

/// The name Puppet's `new` function for a type has in its argument errors, and how
/// many arguments its signatures take together (`None`: no limit, or a type whose
/// `new` checks its arguments itself).
fn new_function_arity(ty: &PType) -> Option<(&'static str, usize, Option<usize>)> {
    Some(match ty {
        PType::Integer { .. } => ("new", 1, Some(3)),
        PType::Float { .. } => ("new_float", 1, Some(2)),
        PType::Numeric => ("new_numeric", 1, Some(2)),
        PType::Boolean(_) => ("new_boolean", 1, Some(1)),
        PType::String { .. } => ("new_string", 1, Some(2)),
        PType::Array { .. } | PType::Tuple { .. } => ("new_array", 1, Some(2)),
        PType::Hash { .. } | PType::Struct(_) => ("new_hash", 1, Some(2)),
        // Puppet's Regexp.new reports itself under this name.
        PType::Regexp(_) => ("new_float", 1, Some(2)),
        PType::Sensitive(_) => ("new_Sensitive", 1, Some(1)),
        PType::Deferred => ("new_Deferred", 1, Some(2)),
        PType::Timestamp { .. } => ("new_timestamp", 0, Some(3)),
        PType::Timespan { .. } => ("new_timespan", 1, Some(7)),
        PType::SemVer(_) => ("new_Version", 1, Some(5)),
        PType::SemVerRange => ("new_VersionRange", 1, Some(3)),
        PType::Binary => ("new_Binary", 1, Some(2)),
        PType::Type(_) => ("new_type", 1, Some(1)),
        _ => return None,
    })
}

/// Puppet's message for an argument of a `new` function's only signature that has
/// the wrong type: `'new_array' parameter 'wrap' expects a Boolean value, got String`.
fn new_parameter_mismatch(label: &str, param: &str, expected: &PType, got: &Value) -> EvalError {
    EvalError::new(crate::describe::value_mismatch(
        &format!("'{label}' parameter '{param}'"),
        expected,
        got,
    ))
}

const INTEGER_CONVERTIBLE: &str = "Variant[Numeric, Boolean, \
    Pattern[/\\A[+-]?\\s*(?:(?:\\d+)|(?:0[xX][0-9A-Fa-f]+)|(?:0[bB][01]+))\\z/], Timespan, Timestamp]";
const FLOAT_PATTERN_TYPE: &str =
    "Pattern[/\\A[+-]?\\s*(?:(?:(?:0|[1-9]\\d*)(?:\\.\\d+)?(?:[eE]-?\\d+)?)|\
    (?:0[xX][0-9A-Fa-f]+)|(?:0[0-7]+)|(?:0[bB][01]+))\\z/]";
const RADIX_TYPE: &str =
    "Variant[Default, Integer[2, 2], Integer[8, 8], Integer[10, 10], Integer[16, 16]]";

/// Puppet's error when `Integer.new`, `Float.new` or `Numeric.new` get two or more
/// arguments that none of their signatures takes (a radix or `abs` of the wrong type);
/// `None` when the arguments are for the conversion to judge.
fn numeric_new_mismatch(ty: &PType, args: &[Value]) -> Option<EvalError> {
    if args.len() < 2 {
        return None;
    }
    let (label, convertible, radix) = match ty {
        PType::Integer { .. } => ("new", INTEGER_CONVERTIBLE.to_string(), true),
        PType::Float { .. } => (
            "new_float",
            format!("Variant[Numeric, Boolean, {FLOAT_PATTERN_TYPE}, Timespan, Timestamp]"),
            false,
        ),
        PType::Numeric => (
            "new_numeric",
            format!("Variant[Integer, Float, Boolean, {FLOAT_PATTERN_TYPE}, Timespan, Timestamp]"),
            false,
        ),
        _ => return None,
    };
    let abs_at = if radix { 2 } else { 1 };
    let abs_ok = args.get(abs_at).is_none_or(|a| matches!(a, Value::Bool(_)));
    let radix_loose = !radix || matches!(args[1], Value::Int(_) | Value::Default);
    if abs_ok && radix_loose {
        return None;
    }
    let convertible_type = crate::types::parse(&convertible).expect("type");
    let radix_type = crate::types::parse(RADIX_TYPE).expect("type");
    let got = |expected: &PType, v: &Value| {
        let text = crate::describe::value_mismatch("x", expected, v);
        text.rsplit_once(", got ").map_or_else(
            || PType::infer(v).simple_name().to_string(),
            |(_, g)| g.to_string(),
        )
    };
    let problem = if !convertible_type.is_instance(&args[0]) {
        format!(
            "parameter 'from' expects a Convertible = {convertible} value, got {}",
            got(&convertible_type, &args[0])
        )
    } else if radix && !radix_type.is_instance(&args[1]) {
        format!(
            "parameter 'radix' expects a Radix = {RADIX_TYPE} value, got {}",
            got(&radix_type, &args[1])
        )
    } else {
        format!(
            "parameter 'abs' expects a Boolean value, got {}",
            got(&PType::Boolean(None), &args[abs_at])
        )
    };
    let first = if radix {
        format!("Convertible = {convertible} from, Radix = {RADIX_TYPE} radix?, Boolean abs?")
    } else {
        format!("Convertible = {convertible} from, Boolean abs?")
    };
    let named = if radix {
        format!(
            "NamedArgs = Struct[{{'from' => Convertible = {convertible}, \
             Optional['radix'] => Radix = {RADIX_TYPE}, Optional['abs'] => Boolean}}] hash_args"
        )
    } else {
        format!(
            "NamedArgs = Struct[{{'from' => Convertible = {convertible}, \
             Optional['abs'] => Boolean}}] hash_args"
        )
    };
    Some(EvalError::new(format!(
        "The function '{label}' was called with arguments it does not accept. It expects one of:\n  \
         ({first})\n    rejected: {problem}\n  ({named})\n    rejected: expects 1 argument, got {}",
        args.len()
    )))
}

fn construct(ty: &PType, args: &[Value]) -> EvalResult {
    if let Some((label, min, max)) = new_function_arity(ty) {
        if args.len() < min || max.is_some_and(|m| args.len() > m) {
            return Err(EvalError::new(crate::describe::count_error(
                &format!("'{label}'"),
                min,
                max,
                args.len(),
            )));
        }
    }
    if let Some(e) = numeric_new_mismatch(ty, args) {
        return Err(e);
    }
    let first = args.first().cloned().unwrap_or(Value::Undef);
    let named = |k: &str| match &first {
        Value::Hash(h) if args.len() == 1 => h.get(&Value::str(k)).cloned(),
        _ => None,
    };
    match ty {
        PType::Optional(Some(inner)) | PType::NotUndef(Some(inner)) => {
            construct(inner.resolved(), args)
        }
        PType::Integer { .. } => {
            if let [Value::Hash(_)] = args {
                let named_args = crate::types::parse(
                    "Struct[{'from' => NotUndef, Optional['radix'] => Any, Optional['abs'] => Any}]",
                )
                .expect("type");
                if !named_args.is_instance(&args[0]) {
                    return Err(EvalError::new(crate::describe::value_mismatch(
                        "Integer.new has wrong type,",
                        &named_args,
                        &args[0],
                    )));
                }
            }
            let (from, radix, abs) = match named("from") {
                Some(f) => (
                    f,
                    named("radix").unwrap_or(Value::Undef),
                    named("abs").unwrap_or(Value::Undef),
                ),
                None => (
                    first.clone(),
                    args.get(1).cloned().unwrap_or(Value::Undef),
                    args.get(2).cloned().unwrap_or(Value::Undef),
                ),
            };
            let radix = match radix {
                Value::Int(r @ (2 | 8 | 10 | 16)) => Some(r as u32),
                Value::Undef | Value::Default => None,
                r => {
                    return Err(EvalError::new(format!(
                        "Illegal radix: {r}, expected 2, 8, 10, 16, or default"
                    )))
                }
            };
            // A Float beyond 64 bits is a Bignum in Puppet.
            if let Value::Float(f) = &from {
                let whole = f.trunc();
                if whole.is_finite() && (whole < i64::MIN as f64 || whole >= i64::MAX as f64) {
                    let i = whole as i128;
                    return Ok(Value::integer(if abs.is_truthy() { i.abs() } else { i }));
                }
            }
            let n = match &from {
                Value::Int(i) => *i,
                Value::Float(f) => f.trunc() as i64,
                Value::Bool(b) => *b as i64,
                Value::Timestamp(t) => t.seconds,
                Value::Timespan(t) => t.nanos.div_euclid(1_000_000_000) as i64,
                Value::Str(s) if integer_pattern(s) => ruby_integer(s, radix).ok_or_else(|| {
                    EvalError::new(format!(
                        "invalid value for Integer(): {}",
                        from.ruby_inspect()
                    ))
                })?,
                other => return Err(conversion_error("new", other, "Integer")),
            };
            Ok(Value::Int(if abs.is_truthy() {
                n.wrapping_abs()
            } else {
                n
            }))
        }
        PType::Float { .. } => {
            let f = match &first {
                Value::Float(f) => *f,
                Value::Int(i) => *i as f64,
                Value::Bool(b) => *b as i64 as f64,
                Value::Timestamp(t) => t.seconds as f64 + t.nanos as f64 / 1e9,
                Value::Timespan(t) => t.seconds_f64(),
                Value::Str(s) if float_pattern(s) => {
                    let t = s.trim();
                    let lower = t.to_ascii_lowercase();
                    let body = lower.trim_start_matches(['+', '-']).trim_start();
                    let neg = lower.starts_with('-');
                    if body.starts_with("0x") || body.starts_with("0b") {
                        ruby_integer(t, None).unwrap_or(0) as f64
                    } else {
                        let v: f64 = body.parse().unwrap_or(0.0);
                        if neg {
                            -v
                        } else {
                            v
                        }
                    }
                }
                other => return Err(conversion_error("new_float", other, "Float")),
            };
            Ok(Value::Float(if args.get(1).is_some_and(Value::is_truthy) {
                f.abs()
            } else {
                f
            }))
        }
        PType::Numeric => {
            let v = match &first {
                Value::Int(_) | Value::BigInt(_) | Value::Float(_) => first.clone(),
                Value::Bool(b) => Value::Int(*b as i64),
                Value::Str(s) if float_pattern(s) => {
                    let lower = s.to_ascii_lowercase();
                    if lower.starts_with("0x") || lower.starts_with("0b") {
                        Value::Int(ruby_integer(s, None).unwrap_or(0))
                    } else {
                        crate::ops::to_number(s)
                            .ok_or_else(|| conversion_error("new_numeric", &first, "Numeric"))?
                    }
                }
                other => return Err(conversion_error("new_numeric", other, "Numeric")),
            };
            Ok(if args.get(1).is_some_and(Value::is_truthy) {
                match v {
                    Value::Int(i) => Value::Int(i.wrapping_abs()),
                    Value::Float(f) => Value::Float(f.abs()),
                    o => o,
                }
            } else {
                v
            })
        }
        PType::Boolean(_) => match &first {
            Value::Bool(_) => Ok(first.clone()),
            Value::Int(i) => Ok(Value::Bool(*i != 0)),
            Value::Float(f) => Ok(Value::Bool(*f != 0.0)),
            Value::Str(s) => match s.to_lowercase().as_str() {
                "true" | "yes" | "y" => Ok(Value::Bool(true)),
                "false" | "no" | "n" => Ok(Value::Bool(false)),
                _ => Err(conversion_error("new_boolean", &first, "Boolean")),
            },
            other => Err(conversion_error("new_boolean", other, "Boolean")),
        },
        PType::String { .. } => match args.get(1) {
            Some(spec @ (Value::Str(_) | Value::Hash(_))) => {
                Ok(Value::str(super::strconv::convert(&first, spec)?))
            }
            Some(other) if !matches!(other, Value::Default) => Err(EvalError::new(format!(
                "'new_string' parameter 'string_formats' expects a {} value, got {}",
                super::strconv::FORMATS_TYPE,
                PType::infer(other).simple_name()
            ))),
            _ => match &first {
                Value::Binary(b) => Ok(Value::str(base64_encode(b))),
                Value::Array(_) | Value::Hash(_) | Value::Iterator(_) => {
                    Ok(Value::str(super::strconv::convert_default(&first)?))
                }
                other => Ok(Value::str(other.to_puppet_string())),
            },
        },
        PType::Array { .. } | PType::Tuple { .. } => {
            if let Some(w) = args.get(1).filter(|w| !matches!(w, Value::Bool(_))) {
                return Err(new_parameter_mismatch(
                    "new_array",
                    "wrap",
                    &PType::Boolean(None),
                    w,
                ));
            }
            let wrap = matches!(args.get(1), Some(Value::Bool(true)));
            if wrap {
                return Ok(match first {
                    Value::Array(_) => first,
                    other => Value::array(vec![other]),
                });
            }
            match &first {
                Value::Array(_) => Ok(first.clone()),
                other => match super::iterate::iterable(other) {
                    Some(it) => Ok(Value::array(it.items)),
                    None => Err(conversion_error("new_array", other, "Array")),
                },
            }
        }
        PType::Hash { .. } | PType::Struct(_) if args.len() == 2 => new_hash_tree(args),
        PType::Hash { .. } | PType::Struct(_) => {
            // A non-empty array of [key, value] tuples is a list of entries;
            // any other array, or what iterating the value gives (a String's
            // characters, an Integer's range, an Iterator), is a flat key, value,
            // ... list. Puppet reports these failures without the function name.
            let items: Vec<Value> = match &first {
                Value::Hash(_) => return Ok(first.clone()),
                Value::Array(items) => {
                    if !items.is_empty()
                        && items
                            .iter()
                            .all(|e| matches!(e, Value::Array(p) if p.len() == 2))
                    {
                        let mut m = ValueMap::default();
                        for e in items.iter() {
                            if let Value::Array(p) = e {
                                m.insert(p[0].clone(), p[1].clone());
                            }
                        }
                        return Ok(Value::hash(m));
                    }
                    items.iter().cloned().collect()
                }
                other => match super::iterate::iterable(other) {
                    Some(it) => it.items,
                    None => {
                        return Err(EvalError::new(format!(
                            "Value of type {} cannot be converted to Hash",
                            PType::infer(other).generalize()
                        )))
                    }
                },
            };
            if !items.len().is_multiple_of(2) {
                return Err(EvalError::new("odd number of arguments for Hash"));
            }
            let mut m = ValueMap::default();
            for pair in items.chunks(2) {
                m.insert(pair[0].clone(), pair[1].clone());
            }
            Ok(Value::hash(m))
        }
        PType::Regexp(_) => match &first {
            // A true second argument (`escape`) matches the string literally.
            Value::Str(s) if args.len() == 2 => match &args[1] {
                Value::Bool(escape) => {
                    let source = if *escape {
                        ruby_regexp_escape(s)
                    } else {
                        s.to_string()
                    };
                    Ok(Value::Regex(
                        Regex::shared(&source).map_err(EvalError::new)?,
                    ))
                }
                other => Err(new_parameter_mismatch(
                    "new_float",
                    "escape",
                    &PType::Boolean(None),
                    other,
                )),
            },
            Value::Str(s) => Ok(Value::Regex(Regex::shared(s).map_err(EvalError::new)?)),
            Value::Regex(_) => Ok(first.clone()),
            other => Err(conversion_error("new_float", other, "Regexp")),
        },
        PType::Sensitive(_) => Ok(Value::Sensitive(Arc::new(first))),
        PType::Deferred => {
            let name = match &first {
                Value::Hash(h) => h
                    .get(&Value::str("name"))
                    .map(|v| v.to_string())
                    .unwrap_or_default(),
                other => other.to_string(),
            };
            let arguments = match (&first, args.get(1)) {
                (Value::Hash(h), _) => match h.get(&Value::str("arguments")) {
                    Some(Value::Array(a)) => Some(a.iter().cloned().collect()),
                    Some(Value::Undef) | None => None,
                    Some(other) => Some(vec![other.clone()]),
                },
                (_, Some(Value::Array(a))) => Some(a.iter().cloned().collect()),
                (_, Some(Value::Undef)) | (_, None) => None,
                (_, Some(other)) => Some(vec![other.clone()]),
            };
            Ok(Value::Deferred(Arc::new(Deferred { name, arguments })))
        }
        // `Timestamp()`: now, as Puppet's `Timestamp.now` (the only input of a compile
        // that is not a file, facts or settings).
        PType::Timestamp { .. } if args.is_empty() => {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap_or_default();
            Ok(Value::Timestamp(Arc::new(Timestamp {
                seconds: now.as_secs() as i64,
                nanos: now.subsec_nanos(),
            })))
        }
        PType::Timestamp { .. } => new_timestamp(args),
        PType::Timespan { .. } => new_timespan(args),
        PType::SemVer(_) => new_semver(args),
        PType::SemVerRange => new_semver_range(args),
        PType::Binary => new_binary(args),
        PType::Object(Some(ot)) => ot.create(args).map_err(EvalError::new),
        PType::Type(_) => match &first {
            Value::Str(s) => crate::types::parse(s)
                .map(|t| Value::Type(Arc::new(t)))
                .map_err(EvalError::new),
            other => Ok(other.clone()),
        },
        other => Err(EvalError::new(format!(
            "Creation of new instance of type '{other}' is not supported"
        ))),
    }
}

const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Formats a timestamp with `strftime` directives, in UTC or at a fixed offset from
/// it (seconds; Ruby's `Time#localtime("+01:00")`, whose `%Z` is empty).
pub(super) fn strftime(t: &Timestamp, fmt: &str, offset: Option<i64>) -> String {
    let local = t.seconds + offset.unwrap_or(0);
    let days = local.div_euclid(86400);
    let secs = local.rem_euclid(86400);
    let off = offset.unwrap_or(0);
    let zone = |colons: usize| {
        let (sign, a) = (if off < 0 { '-' } else { '+' }, off.abs());
        match colons {
            0 => format!("{sign}{:02}{:02}", a / 3600, a / 60 % 60),
            1 => format!("{sign}{:02}:{:02}", a / 3600, a / 60 % 60),
            _ => format!("{sign}{:02}:{:02}:{:02}", a / 3600, a / 60 % 60, a % 60),
        }
    };
    let (y, m, d) = crate::value::civil_from_days(days);
    let (hh, mm, ss) = (secs / 3600, secs / 60 % 60, secs % 60);
    let weekday = (days + 4).rem_euclid(7) as usize; // 1970-01-01 was a Thursday
    let yday = days - crate::value::days_from_civil(y, 1, 1) + 1;
    let mut out = String::new();
    let mut chars = fmt.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut pad: Option<char> = None;
        let mut upper = false;
        while let Some(&f) = chars.peek() {
            match f {
                '-' | '_' | '0' => {
                    pad = Some(f);
                    chars.next();
                }
                '^' => {
                    upper = true;
                    chars.next();
                }
                _ => break,
            }
        }
        let mut width: Option<usize> = None;
        while let Some(digit) = chars.peek().and_then(|c| c.to_digit(10)) {
            width = Some(width.unwrap_or(0) * 10 + digit as usize);
            chars.next();
        }
        let num = |v: i64, width: usize, default_pad: char| -> String {
            match pad.unwrap_or(default_pad) {
                '-' => v.to_string(),
                '_' => format!("{v:>width$}"),
                _ => format!("{v:0width$}"),
            }
        };
        let mut colons = 0;
        while chars.peek() == Some(&':') {
            colons += 1;
            chars.next();
        }
        let Some(d2) = chars.next() else {
            out.push('%');
            break;
        };
        let piece = match d2 {
            'Y' => y.to_string(),
            'C' => num(y / 100, 2, '0'),
            'y' => num(y % 100, 2, '0'),
            'm' => num(m as i64, 2, '0'),
            'd' => num(d as i64, 2, '0'),
            'e' => num(d as i64, 2, '_'),
            'j' => num(yday, 3, '0'),
            'H' => num(hh, 2, '0'),
            'k' => num(hh, 2, '_'),
            'I' => num(if hh % 12 == 0 { 12 } else { hh % 12 }, 2, '0'),
            'l' => num(if hh % 12 == 0 { 12 } else { hh % 12 }, 2, '_'),
            'M' => num(mm, 2, '0'),
            'S' => num(ss, 2, '0'),
            // Fractions of a second: as many digits as the width asks (zeros after
            // the nanoseconds).
            'L' | 'N' => {
                let digits = width.take().unwrap_or(if d2 == 'L' { 3 } else { 9 });
                let mut text = format!("{:09}", t.nanos);
                text.truncate(digits);
                format!("{text:0<digits$}")
            }
            'p' => (if hh < 12 { "AM" } else { "PM" }).to_string(),
            'P' => (if hh < 12 { "am" } else { "pm" }).to_string(),
            'A' => DAYS[weekday].to_string(),
            'a' => DAYS[weekday][..3].to_string(),
            'B' => MONTHS[m as usize - 1].to_string(),
            'b' | 'h' => MONTHS[m as usize - 1][..3].to_string(),
            'u' => (if weekday == 0 { 7 } else { weekday }).to_string(),
            'w' => weekday.to_string(),
            'Z' if offset.is_some() => String::new(),
            'Z' => "UTC".into(),
            // A width pads the offset with zeros after its sign.
            'z' => {
                let z = zone(colons);
                match width.take() {
                    Some(w) if z.len() < w && pad != Some('-') => {
                        format!("{}{}{}", &z[..1], "0".repeat(w - z.len()), &z[1..])
                    }
                    _ => z,
                }
            }
            's' => t.seconds.to_string(),
            'F' => format!("{y:04}-{m:02}-{d:02}"),
            'T' | 'X' => format!("{hh:02}:{mm:02}:{ss:02}"),
            'R' => format!("{hh:02}:{mm:02}"),
            'D' | 'x' => format!("{m:02}/{d:02}/{:02}", y % 100),
            'c' => format!(
                "{} {} {d:>2} {hh:02}:{mm:02}:{ss:02} {y}",
                &DAYS[weekday][..3],
                &MONTHS[m as usize - 1][..3]
            ),
            'r' => format!(
                "{:02}:{mm:02}:{ss:02} {}",
                if hh % 12 == 0 { 12 } else { hh % 12 },
                if hh < 12 { "AM" } else { "PM" }
            ),
            'U' => num((yday - 1 + 7 - weekday as i64) / 7, 2, '0'),
            'W' => num((yday - 1 + 7 - (weekday as i64 + 6) % 7) / 7, 2, '0'),
            'V' => num(iso_week(y, yday, weekday).1, 2, '0'),
            'G' => iso_week(y, yday, weekday).0.to_string(),
            'g' => num(iso_week(y, yday, weekday).0 % 100, 2, '0'),
            'n' => "\n".into(),
            't' => "\t".into(),
            '%' => "%".into(),
            other => format!("%{other}"),
        };
        // A width pads numbers with zeros and words with spaces, on the left.
        let piece = match (width, pad) {
            (Some(w), None | Some('0' | '_')) if piece.chars().count() < w => {
                let fill = match pad {
                    Some('_') => ' ',
                    Some(_) => '0',
                    None if piece.bytes().all(|b| b.is_ascii_digit()) => '0',
                    None => ' ',
                };
                let n = w - piece.chars().count();
                std::iter::repeat_n(fill, n).collect::<String>() + &piece
            }
            _ => piece,
        };
        out.push_str(&if upper { piece.to_uppercase() } else { piece });
    }
    out
}

/// The ISO 8601 week-based year and week of a day (`%G`, `%V`), from its year, day
/// of the year (1-based) and weekday (Sunday is 0).
fn iso_week(y: i64, yday: i64, weekday: usize) -> (i64, i64) {
    let weeks_in = |y: i64| {
        let jan1 = (crate::value::days_from_civil(y, 1, 1) + 4).rem_euclid(7);
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
        if jan1 == 4 || (leap && jan1 == 3) {
            53
        } else {
            52
        }
    };
    let iso_wday = (weekday as i64 + 6) % 7 + 1;
    let week = (yday - iso_wday + 10) / 7;
    if week < 1 {
        (y - 1, weeks_in(y - 1))
    } else if week > weeks_in(y) {
        (y + 1, 1)
    } else {
        (y, week)
    }
}

fn hash_get<'a>(h: &'a ValueMap, key: &str) -> Option<&'a Value> {
    h.get(&Value::str(key)).filter(|v| !v.is_undef())
}

fn int_of(v: &Value) -> Option<i128> {
    match v {
        Value::Int(i) => Some(*i as i128),
        _ => None,
    }
}

/// `Timestamp(...)`: seconds since the epoch, or a string read with a format (or a
/// list of them; by default Puppet's) and an optional zone, or the same as a hash.
fn new_timestamp(args: &[Value]) -> Result<Value, EvalError> {
    let fail = |m: String| EvalError::new(m);
    let parse = |s: &str, format: Option<&Value>, zone: Option<&Value>| {
        let zone = match zone {
            Some(Value::Str(z)) if !z.is_empty() => Some(&**z),
            _ => None,
        };
        let formats: Vec<String> = match format {
            Some(Value::Str(f)) => vec![f.to_string()],
            Some(Value::Array(fs)) => fs.iter().map(|f| f.to_string()).collect(),
            _ => crate::time::TIMESTAMP_FORMATS[if zone.is_some() { 5 } else { 0 }..]
                .iter()
                .map(|f| f.to_string())
                .collect(),
        };
        let parsed = if let Some(Value::Str(f)) = format {
            let p = crate::time::strptime(s, f)
                .filter(|p| !p.leftover)
                .ok_or_else(|| fail(format!("Unable to parse '{s}' using format '{f}'")))?;
            if zone.is_some() && p.zone.is_some() {
                return Err(fail("Using a Timezone designator in format specification is mutually exclusive to providing an explicit timezone argument".into()));
            }
            p
        } else {
            formats
                .iter()
                .filter_map(|f| crate::time::strptime(s, f))
                .find(|p| !(p.leftover || (zone.is_some() && p.zone.is_some())))
                .ok_or_else(|| {
                    fail(format!(
                        "Unable to parse '{s}' using any of the formats {}",
                        formats.join(", ")
                    ))
                })?
        };
        parsed.to_timestamp(zone).map_err(fail)
    };
    let t = match args {
        [Value::Timestamp(t)] => **t,
        [v @ (Value::Int(_) | Value::Float(_))] => match crate::time::timestamp_of(v) {
            Some(t) => t,
            None => return Err(conversion_error("new_timestamp", v, "Timestamp")),
        },
        [Value::Str(s), rest @ ..] if rest.len() <= 2 => parse(s, rest.first(), rest.get(1))?,
        [Value::Hash(h)] => match hash_get(h, "string") {
            Some(Value::Str(s)) => parse(s, hash_get(h, "format"), hash_get(h, "timezone"))?,
            _ => return Err(conversion_error("new_timestamp", &args[0], "Timestamp")),
        },
        [other, ..] => return Err(conversion_error("new_timestamp", other, "Timestamp")),
        [] => return Err(fail("'new_timestamp' expects at least one argument".into())),
    };
    Ok(Value::Timestamp(Arc::new(t)))
}

/// `Timespan(...)`: a string in one of the default formats, seconds, a hash of parts
/// (`{hours => 1}`) or `{string => ...}`, or days, hours, minutes, seconds, ... integers.
fn new_timespan(args: &[Value]) -> Result<Value, EvalError> {
    let parse_with = |s: &str, format: Option<&Value>| -> Result<Timespan, EvalError> {
        let formats: Vec<String> = match format {
            None | Some(Value::Undef) => TIMESPAN_DEFAULT_FORMATS
                .iter()
                .map(|f| f.to_string())
                .collect(),
            Some(Value::Str(f)) => vec![f.to_string()],
            Some(Value::Array(fs)) => fs.iter().map(|f| f.to_string()).collect(),
            Some(other) => return Err(conversion_error("new_timespan", other, "Timespan")),
        };
        for f in &formats {
            let f = TimespanFormat::parse(f).map_err(EvalError::new)?;
            if let Some(t) = f.read(s) {
                return Ok(t);
            }
        }
        Err(EvalError::new(if formats.len() == 1 {
            format!("Unable to parse '{s}' using format '{}'", formats[0])
        } else {
            format!(
                "Unable to parse '{s}' using any of the formats {}",
                formats.join(", ")
            )
        }))
    };
    const UNITS: [(&str, i128); 7] = [
        ("days", 86_400_000_000_000),
        ("hours", 3_600_000_000_000),
        ("minutes", 60_000_000_000),
        ("seconds", 1_000_000_000),
        ("milliseconds", 1_000_000),
        ("microseconds", 1_000),
        ("nanoseconds", 1),
    ];
    let t = match args {
        [Value::Timespan(t)] => **t,
        [Value::Str(s), rest @ ..] => parse_with(s, rest.first())?,
        [Value::Int(i)] => Timespan {
            nanos: *i as i128 * 1_000_000_000,
        },
        [Value::Float(f)] => Timespan::from_seconds(*f),
        [Value::Hash(h)] => {
            if let Some(Value::Str(s)) = hash_get(h, "string") {
                parse_with(s, hash_get(h, "format"))?
            } else {
                let mut nanos = 0i128;
                for (unit, scale) in UNITS {
                    match hash_get(h, unit) {
                        None => {}
                        Some(v) => {
                            nanos += int_of(v).ok_or_else(|| {
                                EvalError::new(format!(
                                    "'new_timespan' expects an Integer value for '{unit}'"
                                ))
                            })? * scale
                        }
                    }
                }
                if hash_get(h, "negative").is_some_and(Value::is_truthy) {
                    nanos = -nanos;
                }
                Timespan { nanos }
            }
        }
        ints if ints.len() >= 4 && ints.iter().all(|v| matches!(v, Value::Int(_))) => Timespan {
            nanos: ints
                .iter()
                .zip(UNITS)
                .map(|(v, (_, scale))| int_of(v).unwrap_or(0) * scale)
                .sum(),
        },
        [other, ..] => return Err(conversion_error("new_timespan", other, "Timespan")),
        [] => {
            return Err(EvalError::new(
                "'new_timespan' expects at least one argument",
            ))
        }
    };
    Ok(Value::Timespan(Arc::new(t)))
}

fn semver_arg(v: &Value) -> Result<SemVer, EvalError> {
    match v {
        Value::SemVer(v) => Ok((**v).clone()),
        Value::Str(s) => SemVer::parse(s).ok_or_else(|| {
            EvalError::new(format!(
                "'new_Version' The string '{s}' cannot be converted to a SemVer"
            ))
        }),
        other => Err(conversion_error("new_Version", other, "SemVer")),
    }
}

/// `SemVer('1.2.3-rc.1+b')`, `SemVer(1, 2, 3, 'rc.1', 'b')`, `SemVer({major => 1, ...})`.
fn new_semver(args: &[Value]) -> Result<Value, EvalError> {
    let from_parts = |major: &Value,
                      minor: &Value,
                      patch: &Value,
                      pre: Option<&Value>,
                      build: Option<&Value>|
     -> Result<SemVer, EvalError> {
        let n = |v: &Value| match v {
            Value::Int(i) if *i >= 0 => Ok(*i as u64),
            other => Err(conversion_error("new_Version", other, "SemVer")),
        };
        let text = |v: Option<&Value>| match v {
            Some(Value::Str(s)) => Some(s.to_string()),
            _ => None,
        };
        let mut s = format!("{}.{}.{}", n(major)?, n(minor)?, n(patch)?);
        if let Some(p) = text(pre) {
            s = format!("{s}-{p}");
        }
        if let Some(b) = text(build) {
            s = format!("{s}+{b}");
        }
        semver_arg(&Value::str(s))
    };
    let v = match args {
        [Value::Hash(h)] => from_parts(
            hash_get(h, "major").unwrap_or(&Value::Undef),
            hash_get(h, "minor").unwrap_or(&Value::Undef),
            hash_get(h, "patch").unwrap_or(&Value::Undef),
            hash_get(h, "prerelease"),
            hash_get(h, "build"),
        )?,
        [a, b, c, rest @ ..] => from_parts(a, b, c, rest.first(), rest.get(1))?,
        [one, ..] => semver_arg(one)?,
        [] => {
            return Err(EvalError::new(
                "'new_Version' expects at least one argument",
            ))
        }
    };
    Ok(Value::SemVer(Arc::new(v)))
}

/// `SemVerRange('>=1.0 <2.0')`, `SemVerRange(min, max, exclude_max?)`, or a hash of those.
fn new_semver_range(args: &[Value]) -> Result<Value, EvalError> {
    let between = |min: &Value, max: &Value, excl: Option<&Value>| -> Result<Value, EvalError> {
        Ok(Value::SemVerRange(Arc::new(VersionRange::between(
            &semver_arg(min)?,
            &semver_arg(max)?,
            excl.is_some_and(Value::is_truthy),
        ))))
    };
    match args {
        [Value::SemVerRange(_)] => Ok(args[0].clone()),
        [Value::Str(s)] => VersionRange::parse(s)
            .map(|r| Value::SemVerRange(Arc::new(r)))
            .ok_or_else(|| EvalError::new(format!("Unparsable version range: \"{s}\""))),
        [Value::Hash(h)] => between(
            hash_get(h, "min").unwrap_or(&Value::Undef),
            hash_get(h, "max").unwrap_or(&Value::Undef),
            hash_get(h, "exclude_max"),
        ),
        [min, max, rest @ ..] => between(min, max, rest.first()),
        [other] => Err(conversion_error("new_VersionRange", other, "SemVerRange")),
        [] => Err(EvalError::new(
            "'new_VersionRange' expects at least one argument",
        )),
    }
}

/// `Binary('aGVsbG8=')` (strict Base64), with a format `%b` (lenient Base64), `%B`
/// (strict), `%s`/`%r` (the string's bytes); an array of bytes; or `{value, format}`.
/// `Hash(tree_array, 'tree' | 'hash_tree')`: each `[path, value]` puts the value at
/// the path of keys, intermediate keys getting hashes (existing containers are
/// reused); `hash_tree` also turns Array values into hashes keyed by index.
fn new_hash_tree(args: &[Value]) -> EvalResult {
    let tree_array = crate::types::parse("Array[Tuple[Array, Any], 1]").expect("type");
    let option = crate::types::parse("Enum['hash_tree', 'tree']").expect("type");
    let problems: Vec<String> = if tree_array.is_instance(&args[0]) {
        if option.is_instance(&args[1]) {
            Vec::new()
        } else {
            vec![match &args[1] {
                Value::Str(s) => format!(
                    "parameter 'build_option' expects a match for NewHashOption = Enum['hash_tree', 'tree'], got '{s}'"
                ),
                other => format!(
                    "parameter 'build_option' expects a NewHashOption = Enum['hash_tree', 'tree'] value, got {}",
                    PType::infer(other).simple_name()
                ),
            }]
        }
    } else if matches!(args[0], Value::Array(_)) {
        crate::describe::parameter_mismatches("from", &tree_array, &args[0])
            .iter()
            .map(|m| m.format().trim().to_string())
            .collect()
    } else {
        let text = crate::describe::value_mismatch("x", &tree_array, &args[0]);
        let got = text.rsplit_once(", got ").map_or_else(
            || PType::infer(&args[0]).simple_name().to_string(),
            |(_, g)| g.to_string(),
        );
        vec![format!(
            "parameter 'from' expects a TreeArray = Array[Tuple[Array, Any], 1] value, got {got}"
        )]
    };
    if !problems.is_empty() {
        let rejected: String = problems
            .iter()
            .map(|p| format!("\n    rejected: {p}"))
            .collect();
        return Err(EvalError::new(format!(
            "The function 'new_hash' was called with arguments it does not accept. It expects one of:\n  \
             (TreeArray = Array[Tuple[Array, Any], 1] from, NewHashOption = Enum['hash_tree', 'tree'] build_option?)\
             {rejected}\n  \
             (KeyValueArray = Array[Tuple[Any, Any], 1] from)\n    \
             rejected: expects 1 argument, got 2\n  \
             (Any from)\n    \
             rejected: expects 1 argument, got 2"
        )));
    }
    let all_hashes = args[1].as_str() == Some("hash_tree");
    let mut root = Value::hash(ValueMap::default());
    let Value::Array(entries) = &args[0] else {
        return Ok(root);
    };
    for entry in entries.iter() {
        let Value::Array(pair) = entry else { continue };
        let (Value::Array(path), value) = (&pair[0], &pair[1]) else {
            continue;
        };
        let value = if all_hashes {
            array_as_hash(value)
        } else {
            value.clone()
        };
        let Some((last, inner)) = path.split_last() else {
            return Err(EvalError::new(format!(
                "no implicit conversion of {} into Hash",
                value.ruby_class()
            )));
        };
        let mut at = &mut root;
        for key in inner {
            if tree_child(at, key)?.is_none() {
                tree_store(at, key, Value::hash(ValueMap::default()))?;
            }
            at = tree_child(at, key)?.expect("stored");
        }
        tree_store(at, last, value)?;
    }
    Ok(root)
}

/// Arrays (also nested in arrays) as hashes keyed by index.
fn array_as_hash(v: &Value) -> Value {
    match v {
        Value::Array(items) => Value::hash(
            items
                .iter()
                .enumerate()
                .map(|(i, e)| (Value::Int(i as i64), array_as_hash(e)))
                .collect(),
        ),
        other => other.clone(),
    }
}

fn tree_index(items: &[Value], key: &Value) -> Result<Option<usize>, EvalError> {
    match key {
        Value::Int(i) if *i >= 0 => Ok(Some(*i as usize)),
        Value::Int(i) => Ok(usize::try_from(items.len() as i64 + i).ok()),
        other => Err(EvalError::new(format!(
            "no implicit conversion of {} into Integer",
            other.ruby_class()
        ))),
    }
}

/// The container at `key` in `at` (a hash or an array), if there is one.
fn tree_child<'v>(at: &'v mut Value, key: &Value) -> Result<Option<&'v mut Value>, EvalError> {
    match at {
        Value::Hash(map) => Ok(Arc::make_mut(map).get_mut(key)),
        Value::Array(items) => {
            let i = tree_index(items, key)?;
            Ok(i.and_then(|i| Arc::make_mut(items).get_mut(i)))
        }
        other => Err(EvalError::new(format!(
            "undefined method `[]=' for {}:{}",
            other.ruby_inspect(),
            other.ruby_class()
        ))),
    }
}

fn tree_store(at: &mut Value, key: &Value, value: Value) -> Result<(), EvalError> {
    match at {
        Value::Hash(map) => {
            Arc::make_mut(map).insert(key.clone(), value);
            Ok(())
        }
        Value::Array(items) => {
            let Some(i) = tree_index(items, key)? else {
                return Err(EvalError::new(format!("index {key} too small for array")));
            };
            let items = Arc::make_mut(items);
            if i >= items.len() {
                items.resize(i + 1, Value::Undef);
            }
            items[i] = value;
            Ok(())
        }
        other => Err(EvalError::new(format!(
            "undefined method `[]=' for {}:{}",
            other.ruby_inspect(),
            other.ruby_class()
        ))),
    }
}

/// Ruby's `Regexp.escape`: the regexp that matches `s` literally.
fn ruby_regexp_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '.' | '*' | '?' | '+' | '^' | '$' | '|' | '(' | ')' | '[' | ']' | '{' | '}' | '\\'
            | '-' | '#' | ' ' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\x0c' => out.push_str("\\f"),
            '\x0b' => out.push_str("\\v"),
            other => out.push(other),
        }
    }
    out
}

fn new_binary(args: &[Value]) -> Result<Value, EvalError> {
    let from_str = |s: &str, fmt: Option<&Value>| -> Result<Vec<u8>, EvalError> {
        let fmt = match fmt {
            Some(Value::Str(f)) => f.to_string(),
            _ => "%B".into(),
        };
        match fmt.as_str() {
            "%s" | "%r" => Ok(s.as_bytes().to_vec()),
            "%b" => base64_decode(s, false).ok_or_else(|| EvalError::new("invalid base64")),
            "%B" => base64_decode(s, true).ok_or_else(|| EvalError::new("invalid base64")),
            // URL-safe Base64 (`-` and `_`), padding optional.
            "%u" => {
                let mut text: String = s
                    .chars()
                    .map(|c| match c {
                        '-' => '+',
                        '_' => '/',
                        c => c,
                    })
                    .collect();
                while !text.len().is_multiple_of(4) {
                    text.push('=');
                }
                base64_decode(&text, true).ok_or_else(|| EvalError::new("invalid base64"))
            }
            other => Err(EvalError::new(format!(
                "'new_binary' Unsupported Binary format '{other}'"
            ))),
        }
    };
    let bytes = match args {
        [Value::Binary(b)] => b.to_vec(),
        [Value::Str(s), rest @ ..] => from_str(s, rest.first())?,
        [Value::Hash(h)] => match hash_get(h, "value") {
            Some(Value::Str(s)) => from_str(s, hash_get(h, "format"))?,
            Some(Value::Array(a)) => bytes_of(a)?,
            _ => return Err(EvalError::new("'new_binary' expects a value")),
        },
        [Value::Array(a)] => bytes_of(a)?,
        [other, ..] => return Err(conversion_error("new_binary", other, "Binary")),
        [] => return Err(EvalError::new("'new_binary' expects at least one argument")),
    };
    Ok(Value::Binary(Arc::new(bytes)))
}

fn bytes_of(items: &[Value]) -> Result<Vec<u8>, EvalError> {
    items
        .iter()
        .map(|v| match v {
            Value::Int(i) if (0..=255).contains(i) => Ok(*i as u8),
            other => Err(conversion_error("new_binary", other, "Binary")),
        })
        .collect()
}

/// The annotation type an `annotate` argument names.
fn annotation_type_of(v: &Value) -> std::sync::Arc<crate::object::ObjectType> {
    match v {
        Value::Type(t) => match t.resolved() {
            PType::Object(Some(o)) => o.clone(),
            _ => crate::object::annotation_type(),
        },
        _ => crate::object::annotation_type(),
    }
}

/// Puppet's `annotate` (`Annotation.annotate`, `annotate_new`, `Pcore.annotate`).
fn annotate(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let value = call.arg(1).clone();
    match call.sig {
        0 => {
            let ty = annotation_type_of(call.arg(0));
            if let Some(a) = c.annotation(&value, &ty.name) {
                return Ok(a);
            }
            let Some(block) = call.block.clone() else {
                return Ok(Value::Undef);
            };
            match c.call_block(&block, Vec::new())? {
                Value::Undef => Ok(Value::Undef),
                init => c.annotate_value(&value, &ty, &init),
            }
        }
        1 => {
            let ty = annotation_type_of(call.arg(0));
            match call.arg(2) {
                Value::Str(_) => Ok(c.clear_annotation(&value, &ty.name)),
                init => c.annotate_value(&value, &ty, init),
            }
        }
        _ => {
            if let Value::Hash(annotations) = call.arg(2).clone() {
                for (t, init) in annotations.iter() {
                    let ty = annotation_type_of(t);
                    if c.annotation(&value, &ty.name).is_none() {
                        c.annotate_value(&value, &ty, init)?;
                    }
                }
            }
            Ok(value)
        }
    }
}

impl Compiler<'_> {
    /// The identity of a value that can carry annotations (Ruby objects that are not
    /// frozen: arrays, hashes, objects, Sensitive values).
    fn annotation_key(v: &Value) -> Option<usize> {
        match v {
            Value::Array(a) => Some(std::sync::Arc::as_ptr(a) as *const u8 as usize),
            Value::Hash(h) => Some(std::sync::Arc::as_ptr(h) as *const u8 as usize),
            Value::Object(o) => Some(std::sync::Arc::as_ptr(o) as *const u8 as usize),
            Value::Sensitive(s) => Some(std::sync::Arc::as_ptr(s) as *const u8 as usize),
            _ => None,
        }
    }

    /// The annotation of type `name` on `v`, if any.
    fn annotation(&self, v: &Value, name: &str) -> Option<Value> {
        let (_, list) = self.annotations.get(&Self::annotation_key(v)?)?;
        list.iter().find(|(n, _)| n == name).map(|(_, a)| a.clone())
    }

    /// Removes the annotation of type `name` from `v`, giving it back.
    fn clear_annotation(&mut self, v: &Value, name: &str) -> Value {
        let Some((_, list)) = Self::annotation_key(v).and_then(|k| self.annotations.get_mut(&k))
        else {
            return Value::Undef;
        };
        match list.iter().position(|(n, _)| n == name) {
            Some(i) => list.remove(i).1,
            None => Value::Undef,
        }
    }

    /// A new annotation of type `ty` from `init` on `v` (replacing one of that type).
    fn annotate_value(
        &mut self,
        v: &Value,
        ty: &std::sync::Arc<crate::object::ObjectType>,
        init: &Value,
    ) -> EvalResult {
        if ty.parent.is_none() {
            // With the line Ruby's error_highlight adds.
            return Err(EvalError::new(format!(
                "undefined method `from_hash' for Puppet::Pops::Types::{}:Class\n\n    implementation_class.from_hash(hash)\n                        ^^^^^^^^^^",
                ty.name
            )));
        }
        let annotation = ty.from_init_hash(init).map_err(EvalError::new)?;
        let Some(key) = Self::annotation_key(v) else {
            return Err(EvalError::new(format!(
                "can't modify frozen {}: {}",
                v.ruby_class(),
                v.ruby_inspect()
            )));
        };
        let (_, list) = self
            .annotations
            .entry(key)
            .or_insert_with(|| (v.clone(), Vec::new()));
        list.retain(|(n, _)| *n != ty.name);
        list.push((ty.name.clone(), annotation.clone()));
        Ok(annotation)
    }
}
