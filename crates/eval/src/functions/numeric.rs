//! Number functions. Strings that spell numbers are still accepted, as in Puppet 7
//! (deprecated there).

use super::{builtin, Builtin, Call};
use crate::compiler::Compiler;
use crate::error::EvalError;
use crate::eval::EvalResult;
use crate::value::Value;

pub(super) const FUNCTIONS: &[Builtin] = &[
    // `abs(-3)`: the absolute value.
    builtin!("abs", &["Numeric val", "String val"], abs),
    // `floor(2.7)`: the largest integer not above the value.
    builtin!("floor", &["Numeric val", "String val"], floor_ceiling),
    // `ceiling(2.1)`: the smallest integer not below the value.
    builtin!("ceiling", &["Numeric val", "String val"], floor_ceiling),
    // `round(2.5)`: the nearest integer, halves away from zero.
    builtin!("round", &["Numeric val"], |_, c| {
        Ok(match c.arg(0) {
            Value::Float(f) => Value::Int(if *f > 0.0 {
                (f + 0.5).floor()
            } else {
                (f - 0.5).ceil()
            } as i64),
            other => other.clone(),
        })
    }),
];

fn abs(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    Ok(match call.arg(0) {
        Value::Int(i) => Value::Int(i.wrapping_abs()),
        Value::Float(f) => Value::Float(f.abs()),
        Value::Str(s) => {
            c.deprecation_once(
                "abs_function_numeric_coerce_string",
                "The abs() function's auto conversion of String to Numeric is deprecated - change to convert input before calling",
            );
            let body = s.strip_prefix('-').unwrap_or(s);
            let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
            match body.split_once('.') {
                Some((a, b)) if digits(a) && digits(b) => {
                    Value::Float(s.parse::<f64>().unwrap_or(0.0).abs())
                }
                None if digits(body) => Value::Int(s.parse::<i64>().unwrap_or(0).wrapping_abs()),
                _ => return Err(EvalError::new(
                    "abs(): Requires float or integer to work with - was given non decimal string",
                )),
            }
        }
        other => other.clone(),
    })
}

fn floor_ceiling(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let up = call.name == "ceiling";
    let f = match call.arg(0) {
        Value::Int(i) => return Ok(Value::Int(*i)),
        Value::Float(f) => *f,
        Value::Str(s) => {
            c.deprecation_once(
                &format!("{}_function_numeric_coerce_string", call.name),
                &format!("The {}() function's auto conversion of String to Float is deprecated - change to convert input before calling", call.name),
            );
            match crate::ops::to_number(s) {
                Some(Value::Int(i)) => i as f64,
                Some(Value::Float(f)) => f,
                _ => {
                    return Err(EvalError::new(format!(
                        "{}(): cannot convert given value to a floating point value.",
                        call.name
                    )))
                }
            }
        }
        other => return Ok(other.clone()),
    };
    Ok(Value::Int(if up { f.ceil() } else { f.floor() } as i64))
}
