//! Logging functions and `fail`. Log messages go to the compile's log (Puppet prints
//! them; they are not part of the catalog).

use super::{builtin, Builtin, Call};
use crate::compiler::Compiler;
use crate::error::EvalError;
use crate::eval::EvalResult;
use crate::value::Value;

pub(super) const FUNCTIONS: &[Builtin] = &[
    // `notice('a', 1)`: logs the values, joined by spaces, at level notice.
    builtin!("notice", &["Any values*"], log),
    builtin!("info", &["Any values*"], log),
    builtin!("warning", &["Any values*"], log),
    builtin!("err", &["Any values*"], log),
    builtin!("debug", &["Any values*"], log),
    builtin!("alert", &["Any values*"], log),
    builtin!("crit", &["Any values*"], log),
    builtin!("emerg", &["Any values*"], log),
    // `fail('message')`: stops the compile with the message.
    builtin!("fail", &["Any values*"], fail),
];

fn log(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let msg = call
        .args
        .iter()
        .map(|a| a.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let title = c.scopes[call.scope].title.clone();
    let level = match call.name {
        "warning" => "warning",
        "err" => "err",
        "info" => "info",
        "debug" => "debug",
        "alert" => "alert",
        "crit" => "crit",
        "emerg" => "emerg",
        _ => "notice",
    };
    c.log(level, format!("Scope({title}): {msg}"));
    Ok(Value::Undef)
}

fn fail(_: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    Err(EvalError::new(
        call.args
            .iter()
            .map(Value::ruby_to_s)
            .collect::<Vec<_>>()
            .join(" "),
    ))
}
