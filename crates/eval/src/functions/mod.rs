//! Built-in functions: the functions Puppet 7.23 ships (`lib/puppet/functions` and the
//! legacy `lib/puppet/parser/functions`) that a catalog compile can use, each declared
//! once with its signatures, grouped by family:
//!
//! * [`catalog`]: `include`, `contain`, `require`, `realize`, `tag`, `tagged`,
//!   `defined`, `create_resources`;
//! * [`log`]: `notice`, `info`, `warning`, `err`, `debug`, `alert`, `crit`, `emerg`,
//!   `fail`;
//! * [`iterate`]: `each`, `map`, `filter`, `reduce`, `with`, `then`, `lest`,
//!   `reverse_each`, `any`, `all`, `partition`, `group_by`, `step`, `slice`,
//!   `tree_each`, `index`;
//! * [`collections`]: `keys`, `values`, `length`, `size`, `empty`, `sort`, `unique`,
//!   `min`, `max`, `dig`, `get`, `getvar`, `flatten`, `compare`;
//! * [`strings`]: `join`, `split`, `upcase`, `downcase`, `capitalize`, `camelcase`,
//!   `strip`, `lstrip`, `rstrip`, `chomp`, `chop`, `regsubst`, `sprintf`, `shellquote`,
//!   `versioncmp`, `match`;
//! * [`numeric`]: `abs`, `floor`, `ceiling`, `round`;
//! * [`convert`]: `new` and `Type(...)`, `convert_to`, `type`, `assert_type`, `unwrap`,
//!   `strftime`, `annotate`;
//! * [`digest`]: `md5`, `sha1`, `sha256`, `digest`, `fqdn_rand`;
//! * [`files`]: `epp`, `inline_epp`, `file`, `find_file`, `find_template`,
//!   `module_directory`;
//! * [`erb`]: `template`, `inline_template` (ERB, through `marionette_erb`);
//! * [`lookup`]: `lookup`, `hiera`, `hiera_array`, `hiera_hash`, `hiera_include`;
//! * here: `return`, `break`, `next`, `call`.
//!
//! Functions written in the Puppet language (`functions/*.pp` in modules, `function`
//! in manifests) are called from here too, with Puppet's argument checks.

mod catalog;
mod collections;
pub(crate) mod convert;
mod digest;
pub(crate) mod erb;
mod files;
mod iterate;
mod log;
mod lookup;
mod numeric;
pub(crate) mod signature;
mod sprintf;
mod strconv;
mod strings;

pub(crate) use convert::new_value;

/// The legacy (3.x) built-ins, with their Ruby `:arity` (negative: at least
/// `-arity - 1` arguments); Puppet checks it before the function runs.
const LEGACY_ARITY: &[(&str, i64)] = &[
    ("create_resources", -3),
    ("digest", 1),
    ("fail", -1),
    ("file", -2),
    ("fqdn_rand", -2),
    ("generate", -2),
    ("inline_template", -2),
    ("md5", 1),
    ("realize", -2),
    ("sha1", 1),
    ("sha256", 1),
    ("shellquote", -1),
    ("sprintf", -2),
    ("tag", -2),
    ("tagged", -2),
    ("template", -2),
];

/// Puppet's argument count check of a legacy (3.x) function.
fn check_legacy_arity(name: &str, given: usize) -> Result<(), EvalError> {
    let Some(&(_, arity)) = LEGACY_ARITY.iter().find(|(n, _)| *n == name) else {
        return Ok(());
    };
    let given = given as i64;
    if arity >= 0 && given != arity {
        return Err(EvalError::new(format!(
            "{name}(): Wrong number of arguments given ({given} for {arity})"
        )));
    }
    if arity < 0 && given < -arity - 1 {
        return Err(EvalError::new(format!(
            "{name}(): Wrong number of arguments given ({given} for minimum {})",
            -arity - 1
        )));
    }
    Ok(())
}

/// Ruby's implicit conversion to a String (`StringValue`), of a value a legacy
/// function was given (after [`arg_3x`]).
pub(crate) fn implicit_string(v: &Value) -> Result<String, EvalError> {
    match v {
        Value::Str(s) => Ok(String::from(&**s)),
        Value::Undef => Err(EvalError::new("no implicit conversion of nil into String")),
        Value::Bool(b) => Err(EvalError::new(format!(
            "no implicit conversion of {b} into String"
        ))),
        other => Err(EvalError::new(format!(
            "no implicit conversion of {} into String",
            other.ruby_class()
        ))),
    }
}

/// An argument as Puppet hands it to a legacy (3.x) function
/// (`Runtime3FunctionArgumentConverter`): a top-level undef is `''`, a regexp its
/// `/.../` text, versions, binaries and time values their strings, a resource or
/// class reference the string of Puppet's `Puppet::Resource` (`File[/x]`).
pub(crate) fn arg_3x(v: &Value) -> Value {
    match v {
        Value::Undef => Value::str(""),
        other => inner_3x(other),
    }
}

fn inner_3x(v: &Value) -> Value {
    match v {
        Value::Regex(_)
        | Value::SemVer(_)
        | Value::SemVerRange(_)
        | Value::Binary(_)
        | Value::Timestamp(_)
        | Value::Timespan(_) => Value::str(v.to_string()),
        Value::Type(t) => crate::wire::reference_string(t).map_or_else(|| v.clone(), Value::str),
        Value::Array(items) => Value::array(items.iter().map(inner_3x).collect()),
        Value::Hash(map) => Value::hash(
            map.iter()
                .map(|(k, v)| (inner_3x(k), inner_3x(v)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Written into an EPP render buffer after a Sensitive value (a Unicode noncharacter,
/// never in text): the rendered template is then Sensitive, as in Puppet.
pub(crate) const SENSITIVE_MARK: char = '\u{FDD0}';
pub use digest::{deterministic_rand, RubyRandom};
pub use strings::versioncmp;

use crate::compiler::{Compiler, ScopeId, ScopeKind};
use crate::env::SourceFile;
use crate::error::{EvalError, Flow};
use crate::eval::EvalResult;
use crate::types::PType;
use crate::value::Value;
use foldhash::{HashMap, HashMapExt};
use marionette_syntax::model::{Lambda, Span};
use signature::{LambdaArity, Sig};
use std::sync::{Arc, OnceLock};

/// A lambda given to a call, with the scope and file it closes over.
#[derive(Clone)]
pub(crate) struct Block<'a> {
    pub lambda: &'a Lambda,
    pub scope: ScopeId,
    pub file: Arc<SourceFile>,
}

impl Block<'_> {
    /// The number of arguments the lambda takes (required, all).
    pub fn arity(&self) -> LambdaArity {
        lambda_arity(self.lambda)
    }
}

fn lambda_arity(l: &Lambda) -> LambdaArity {
    let required = l
        .params
        .iter()
        .filter(|p| p.default.is_none() && !p.captures_rest)
        .count();
    let rest = l.params.iter().any(|p| p.captures_rest);
    (required, (!rest).then_some(l.params.len()))
}

/// One call of a built-in function.
pub(crate) struct Call<'a> {
    pub name: &'a str,
    pub args: Vec<Value>,
    pub block: Option<Block<'a>>,
    pub scope: ScopeId,
    pub file: &'a Arc<SourceFile>,
    pub span: Span,
    /// Which of the function's signatures matched (0 for the first).
    pub sig: usize,
}

impl Call<'_> {
    pub fn arg(&self, i: usize) -> &Value {
        self.args.get(i).unwrap_or(&Value::Undef)
    }

    pub fn str_arg(&self, i: usize) -> &str {
        self.args.get(i).and_then(Value::as_str).unwrap_or("")
    }

    /// The block; signatures guarantee it where it is required.
    pub fn block(&self) -> Result<Block<'_>, EvalError> {
        self.block
            .clone()
            .ok_or_else(|| EvalError::new(format!("'{}' expects a block", self.name)))
    }
}

type Impl = fn(&mut Compiler<'_>, &mut Call<'_>) -> EvalResult;

/// A built-in: its name, its signatures (see [`signature`]) and its implementation.
pub(crate) struct Builtin {
    pub name: &'static str,
    pub sigs: &'static [&'static str],
    pub imp: Impl,
}

macro_rules! builtin {
    ($name:literal, $sigs:expr, $imp:expr) => {
        $crate::functions::Builtin {
            name: $name,
            sigs: $sigs,
            imp: $imp,
        }
    };
}
pub(crate) use builtin;

/// A `return`/`break`/`next` on its way out, knowing the file and line of its call
/// (where Puppet reports one that nothing catches).
fn jump(c: &Compiler<'_>, call: &Call<'_>, flow: Flow) -> EvalError {
    let mut e = EvalError::flow(flow);
    let mut at = c.location(call.file, call.span);
    at.column = 0;
    e.location = Some(at);
    e
}

/// Functions of this module's own: non-local exits, `call`.
const CONTROL: &[Builtin] = &[
    builtin!("return", &["Any value?"], |c, call| {
        Err(jump(c, call, Flow::Return(call.arg(0).clone())))
    }),
    builtin!("break", &[""], |c, call| Err(jump(c, call, Flow::Break))),
    builtin!("next", &["Any value?"], |c, call| {
        Err(jump(c, call, Flow::Next(call.arg(0).clone())))
    }),
    // `import` was removed from the language; Puppet 7 fails with this message.
    builtin!("import", &["Any args*"], |c, call| {
        Err(EvalError::new(
            "Use of 'import' has been discontinued in favor of a manifest directory. See http://links.puppet.com/puppet-import-deprecation",
        )
        .with_location(c.location(call.file, call.span)))
    }),
    builtin!(
        "call",
        &[
            "String function_name, Any arguments*, &[]?",
            "Deferred deferred"
        ],
        call_by_name
    ),
];

fn call_by_name(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    if call.sig == 1 {
        // A Deferred resolves on the agent; a compile calls the function now.
        if let Value::Deferred(d) = call.arg(0) {
            let d = d.clone();
            return c.call_function(
                &d.name,
                d.arguments.clone().unwrap_or_default(),
                None,
                call.scope,
                call.file,
                call.span,
            );
        }
    }
    let name = call.str_arg(0).to_string();
    let args = call.args[1..].to_vec();
    let lambda = call.block.as_ref().map(|b| b.lambda);
    c.call_function(&name, args, lambda, call.scope, call.file, call.span)
        .map_err(|e| {
            // `call` looks the function up itself, and says so in its own words.
            if e.is_error() && e.message == format!("Unknown function: '{name}'.") {
                let mut unknown = EvalError::new(format!("Unknown function '{name}'"));
                unknown.note = e.note;
                unknown
            } else {
                e
            }
        })
}

/// The optional keys of `lookup`'s options hash.
const OPTIONS: &str = "Optional[value_type] => Type, Optional[default_value] => Any, Optional[override] => Hash[String, Any], Optional[default_values_hash] => Hash[String, Any], Optional[merge] => Variant[String[1], Hash[String, Scalar]]";

type Registry = HashMap<&'static str, Entry>;

/// A built-in in the registry; its signatures are parsed when it is first called (a
/// compile calls a few dozen of the built-ins, and parsing all their signatures was a
/// noticeable part of a cold compile's start).
struct Entry {
    builtin: &'static Builtin,
    sigs: OnceLock<Vec<Sig>>,
}

impl Entry {
    fn sigs(&self) -> &[Sig] {
        self.sigs.get_or_init(|| {
            self.builtin
                .sigs
                .iter()
                .map(|d| {
                    let d = d
                        .replace("DefaultValueType", "Any")
                        .replace("NameType", "Variant[String, Array[String]]")
                        .replace("ValueType", "Type")
                        .replace("MergeType", "Variant[String, Hash[String, Scalar]]")
                        .replace(
                            "OptionsWithName",
                            &format!(
                                "Struct[{{name => Variant[String, Array[String]], {OPTIONS}}}]"
                            ),
                        )
                        .replace("OptionsWithoutName", &format!("Struct[{{{OPTIONS}}}]"));
                    Sig::parse(&d)
                })
                .collect()
        })
    }
}

/// Every built-in, by name.
fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        registry_of(&[
            CONTROL,
            catalog::FUNCTIONS,
            log::FUNCTIONS,
            iterate::FUNCTIONS,
            collections::FUNCTIONS,
            strings::FUNCTIONS,
            numeric::FUNCTIONS,
            convert::FUNCTIONS,
            digest::FUNCTIONS,
            files::FUNCTIONS,
            erb::FUNCTIONS,
            lookup::FUNCTIONS,
        ])
    })
}

/// Whether Puppet has a built-in function of that name.
pub(crate) fn is_builtin(name: &str) -> bool {
    registry().contains_key(name)
}

fn registry_of(families: &[&'static [Builtin]]) -> Registry {
    let mut map = HashMap::new();
    for family in families {
        for builtin in family.iter() {
            map.insert(
                builtin.name,
                Entry {
                    builtin,
                    sigs: OnceLock::new(),
                },
            );
        }
    }
    map
}

impl<'e> Compiler<'e> {
    /// Calls a named function: a built-in, an external one (a plugin's...), or one
    /// written in the Puppet language.
    pub(crate) fn call_function(
        &mut self,
        name: &str,
        args: Vec<Value>,
        lambda: Option<&Lambda>,
        scope: ScopeId,
        file: &Arc<SourceFile>,
        span: Span,
    ) -> EvalResult {
        let name = marionette_syntax::names::trim_root(name);
        let block = lambda.map(|l| Block {
            lambda: l,
            scope,
            file: file.clone(),
        });
        if let Some(entry) = registry().get(name) {
            let imp = entry.builtin.imp;
            check_legacy_arity(name, args.len())?;
            let sig =
                signature::dispatch(name, entry.sigs(), &args, block.as_ref().map(Block::arity))
                    .map_err(EvalError::new)?;
            let mut call = Call {
                name,
                args,
                block,
                scope,
                file,
                span,
                sig,
            };
            return imp(self, &mut call);
        }
        let external = self.env.functions.get(name).or_else(|| {
            let bundled = self.env.functions.get_bundled(name)?;
            self.env.has_ruby_function(name).then_some(bundled)
        });
        if let Some(f) = external {
            let sigs = f.sigs().map_err(EvalError::new)?;
            let sig = signature::dispatch(name, sigs, &args, block.as_ref().map(Block::arity))
                .map_err(EvalError::new)?;
            let at = CallSite { scope, file, span };
            return self.call_external(name, &*f.function, sig, &args, block.as_ref(), at);
        }
        if let Some(def) = self.env.find_function(name).map_err(EvalError::from_load)? {
            return self.call_puppet_function(&def.def, &def.file, args, block);
        }
        if name.starts_with(|c: char| c.is_ascii_uppercase()) {
            let ty = self.resolve_type_name(name)?;
            return new_value(self, &ty, args);
        }
        let mut error = EvalError::new(format!("Unknown function: '{name}'."))
            .with_location(self.location(file, span));
        if let Some((module, path)) = self.env.ruby_function(name) {
            error.note = Some(format!(
                "(module {module} has a Ruby function '{name}' at {} that Marionette does not implement)",
                path.display()
            ).into());
        }
        Err(error)
    }

    /// Calls an external function whose signature `sig` matched `args`. An error of
    /// the block it called is the call's error, as it is (with `break`, `return`...).
    fn call_external(
        &mut self,
        name: &str,
        f: &dyn crate::external::ExternalFunction,
        sig: usize,
        values: &[Value],
        block: Option<&Block<'_>>,
        at: CallSite<'_>,
    ) -> EvalResult {
        let args: Vec<_> = values
            .iter()
            .map(|v| crate::wire::to_data(v, false))
            .collect();
        let mut cx = ExternalCx {
            c: self,
            name,
            sig,
            block,
            pending: None,
            values,
            returned: Vec::new(),
            at,
        };
        match f.call(&args, &mut cx) {
            Ok(d) => Ok(cx.value_of(&d)),
            Err(message) => Err(cx.pending.take().unwrap_or_else(|| EvalError::new(message))),
        }
    }

    /// Calls a block with arguments, binding its parameters (with defaults, `*$rest`
    /// and type checks); `next(x)` ends it with `x`.
    pub(crate) fn call_block(&mut self, block: &Block<'_>, args: Vec<Value>) -> EvalResult {
        self.call_lambda(block.lambda, block.scope, &block.file, args)
    }

    /// Checks an argument bound to a typed parameter of a lambda or a Puppet-language
    /// function (each element of a captures-rest parameter), with Puppet's message.
    fn check_argument_type(
        &mut self,
        owner: &str,
        params: &[marionette_syntax::model::Param],
        p: &marionette_syntax::model::Param,
        v: &Value,
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> Result<(), EvalError> {
        let Some(t) = &p.type_expr else { return Ok(()) };
        let ty = self.eval_type(t, scope, file)?;
        let check = |v: &Value| crate::describe::parameter_mismatches(&p.name, &ty, v);
        let problems = match (p.captures_rest, v) {
            (true, Value::Array(items)) => items
                .iter()
                .map(check)
                .find(|m| !m.is_empty())
                .unwrap_or_default(),
            _ => check(v),
        };
        match problems.as_slice() {
            [] => Ok(()),
            [one] => Err(EvalError::new(format!("{owner}{}", one.format()))),
            many => {
                let signature = self.signature_string(params, scope, file)?;
                let mut lines = vec![format!("{owner} expects ({signature})")];
                lines.extend(many.iter().map(|m| format!("  rejected:{}", m.format())));
                Err(EvalError::new(lines.join("\n")))
            }
        }
    }

    /// Puppet's `signature_string` of a lambda or Puppet-language function:
    /// `Integer a, String b?, Any *c`.
    fn signature_string(
        &mut self,
        params: &[marionette_syntax::model::Param],
        scope: ScopeId,
        file: &Arc<SourceFile>,
    ) -> Result<String, EvalError> {
        let required = params
            .iter()
            .filter(|p| p.default.is_none() && !p.captures_rest)
            .count();
        let mut parts = Vec::new();
        for (i, p) in params.iter().enumerate() {
            let mut ty = match &p.type_expr {
                Some(t) => self.eval_type(t, scope, file)?,
                None => PType::Any,
            };
            let indicator = if p.captures_rest {
                "*"
            } else if i >= required {
                if let PType::Optional(Some(inner)) = ty {
                    ty = *inner;
                }
                "?"
            } else {
                ""
            };
            parts.push(format!("{ty} {}{indicator}", p.name));
        }
        Ok(parts.join(", "))
    }

    pub(crate) fn call_lambda(
        &mut self,
        lambda: &Lambda,
        scope: ScopeId,
        file: &Arc<SourceFile>,
        args: Vec<Value>,
    ) -> EvalResult {
        let local = self.local_scope(scope);
        let (min, max) = lambda_arity(lambda);
        if args.len() < min || max.is_some_and(|m| args.len() > m) {
            return Err(EvalError::new(crate::describe::count_error(
                "block",
                min,
                max,
                args.len(),
            )));
        }
        self.bind_closure_params("block", "lambda", &lambda.params, args, local, file)?;
        self.matches.push(Vec::new());
        let r = self.eval_block(&lambda.body.statements, local, file);
        self.matches.pop();
        let value = match r {
            Err(e) => match e.flow.as_deref() {
                Some(Flow::Next(v)) => v.clone(),
                _ => return Err(e),
            },
            Ok(v) => v,
        };
        // The body's value (or next's) must match the declared return type.
        self.check_returned(lambda.return_type.as_ref(), value, "lambda", local, file)
    }

    /// A lambda's or function's value checked against its declared return type
    /// (`what` names it in the error).
    fn check_returned(
        &mut self,
        return_type: Option<&marionette_syntax::model::Expr>,
        value: Value,
        what: &str,
        local: ScopeId,
        file: &Arc<SourceFile>,
    ) -> EvalResult {
        if let Some(rt) = return_type {
            let ty = self.eval_type(rt, local, file)?;
            if !ty.is_instance(&value) {
                return Err(EvalError::new(crate::describe::value_mismatch(
                    &format!("value returned from {what} has wrong type,"),
                    &ty,
                    &value,
                )));
            }
        }
        Ok(value)
    }

    /// Binds the parameters of a lambda or Puppet-language function in `local` as
    /// Puppet's `combine_values_with_parameters` does: arguments in order, the rest to
    /// a captures-rest parameter (its default, as an array, when there are none or one
    /// undef), defaults in order (reading a parameter not bound yet is an error naming
    /// `callee`), then each value's type check (messages naming `owner`).
    fn bind_closure_params(
        &mut self,
        owner: &str,
        callee: &str,
        params: &[marionette_syntax::model::Param],
        args: Vec<Value>,
        local: ScopeId,
        file: &Arc<SourceFile>,
    ) -> Result<(), EvalError> {
        let as_array = |v: Value| match v {
            Value::Array(_) => v,
            other => Value::array(vec![other]),
        };
        let given = args.len();
        let mut args = args.into_iter();
        for (i, p) in params.iter().enumerate() {
            let rest: Option<Vec<Value>> = p.captures_rest.then(|| args.by_ref().collect());
            let default_wanted = match &rest {
                Some(r) => r.is_empty() || matches!(r.as_slice(), [Value::Undef]),
                None => i >= given,
            };
            let v = match (&p.default, default_wanted) {
                (Some(d), true) => {
                    let v = self.parameter_default(callee, params, p, d, local, file)?;
                    if p.captures_rest {
                        as_array(v)
                    } else {
                        v
                    }
                }
                _ => match rest {
                    Some(r) => Value::array(r),
                    None => args.next().unwrap_or(Value::Undef),
                },
            };
            self.check_argument_type(owner, params, p, &v, local, file)?;
            if crate::compiler::is_reserved_variable(&p.name) {
                return Err(crate::compiler::reserved_variable_error(&p.name));
            }
            self.scopes[local].vars.insert(p.name.clone(), v);
        }
        Ok(())
    }

    /// A parameter's default, evaluated where the parameters after it are not bound
    /// yet (Puppet's `ParameterScope`).
    fn parameter_default(
        &mut self,
        callee: &str,
        params: &[marionette_syntax::model::Param],
        p: &marionette_syntax::model::Param,
        default: &marionette_syntax::model::Expr,
        local: ScopeId,
        file: &Arc<SourceFile>,
    ) -> EvalResult {
        let pending = params
            .iter()
            .skip_while(|q| q.name != p.name)
            .map(|q| (q.name.clone(), true))
            .collect();
        self.param_guards.push(crate::compiler::ParamGuard {
            scope: local,
            pending,
        });
        let r = self.eval_expr(default, local, file);
        self.param_guards.pop();
        r.map_err(|e| match e.flow.as_deref() {
            Some(Flow::UnevaluatedParameter(to)) => EvalError::new(format!(
                "{callee}: default expression for ${} tries to illegally access not yet evaluated ${to}",
                p.name
            )),
            _ => e,
        })
    }

    /// Calls a function written in the Puppet language.
    fn call_puppet_function(
        &mut self,
        def: &marionette_syntax::model::FunctionDef,
        file: &Arc<SourceFile>,
        args: Vec<Value>,
        block: Option<Block<'_>>,
    ) -> EvalResult {
        let top = self.top;
        let local = self.local_scope(top);
        self.scopes[local].kind = ScopeKind::Local;
        let label = format!("'{}'", def.name);
        let required = def
            .params
            .iter()
            .filter(|p| p.default.is_none() && !p.captures_rest)
            .count();
        let rest = def.params.iter().any(|p| p.captures_rest);
        let max = (!rest).then_some(def.params.len());
        if args.len() < required || max.is_some_and(|m| args.len() > m) {
            return Err(EvalError::new(crate::describe::count_error(
                &label,
                required,
                max,
                args.len(),
            )));
        }
        if block.is_some() {
            return Err(EvalError::new(format!("{label} does not expect a block")));
        }
        self.bind_closure_params(&label, &def.name, &def.params, args, local, file)?;
        self.matches.push(Vec::new());
        let r = self.eval_block(&def.body.statements, local, file);
        self.matches.pop();
        // `return(v)` leaves the function as it is; the body's value and `next(v)` are
        // checked against the return type.
        let value = match r {
            Err(e) => match e.flow.as_deref() {
                Some(Flow::Return(v)) => return Ok(v.clone()),
                Some(Flow::Next(v)) => v.clone(),
                _ => return Err(e),
            },
            Ok(v) => v,
        };
        self.check_returned(def.return_type.as_ref(), value, &def.name, local, file)
    }
}

/// Where a function is called from.
struct CallSite<'a> {
    scope: ScopeId,
    file: &'a Arc<SourceFile>,
    span: Span,
}

/// Whether a value does not come back from its data (`value_from_data`).
fn lost_as_data(v: &Value) -> bool {
    matches!(
        v,
        Value::Type(_)
            | Value::Binary(_)
            | Value::SemVer(_)
            | Value::SemVerRange(_)
            | Value::Timespan(_)
    )
}

/// A value through Psych's `YAMLTree`, with the identities of its Arrays, Hashes and
/// regexps (Puppet's values are Ruby objects: one held twice is aliased).
fn yaml_tree(v: &Value, tree: &mut marionette_catalog::ruby::yaml::Tree) {
    let id = match v {
        Value::Array(a) => Some(Arc::as_ptr(a) as *const u8 as usize),
        Value::Hash(h) => Some(Arc::as_ptr(h) as *const u8 as usize),
        Value::Regex(r) => Some(Arc::as_ptr(r) as *const u8 as usize),
        _ => None,
    };
    if id.is_some_and(|id| tree.alias(id)) {
        return;
    }
    match v {
        Value::Undef => tree.nil(),
        Value::Default => tree.symbol("default"),
        Value::Bool(b) => tree.bool(*b),
        Value::Int(i) => tree.integer(*i),
        Value::Float(f) => tree.float(*f),
        Value::Str(s) => tree.string(s),
        Value::Regex(r) => tree.regexp(id, &format!("/{}/", r.source)),
        Value::Array(items) => {
            tree.start_sequence(id);
            items.iter().for_each(|item| yaml_tree(item, tree));
            tree.end_sequence();
        }
        Value::Hash(h) => {
            tree.start_mapping(id);
            for (k, item) in h.iter() {
                yaml_tree(k, tree);
                yaml_tree(item, tree);
            }
            tree.end_mapping();
        }
        other => tree.string(&other.to_string()),
    }
}

/// What an external function sees of the compile calling it.
struct ExternalCx<'c, 'e, 'b> {
    c: &'c mut Compiler<'e>,
    name: &'c str,
    sig: usize,
    block: Option<&'c Block<'b>>,
    /// The error of the block, reported instead of what the function makes of it.
    pending: Option<EvalError>,
    /// The arguments as values (a type argument is found again by its data).
    values: &'c [Value],
    /// What the functions it called returned, found again by their data too.
    returned: Vec<Value>,
    at: CallSite<'c>,
}

impl ExternalCx<'_, '_, '_> {
    /// A value the function hands back: one of its arguments or of the results of the
    /// functions it called if it is that value's data and plain data cannot say it (a
    /// type, a Binary...), so `type_of($x)` or `pick(Integer)` give the value itself;
    /// otherwise the data as a value.
    fn value_of(&self, d: &marionette_catalog::Data) -> Value {
        self.values
            .iter()
            .chain(&self.returned)
            .filter(|v| lost_as_data(v))
            .find(|v| crate::wire::to_data(v, false) == *d)
            .cloned()
            .unwrap_or_else(|| crate::hiera::value_from_data(d))
    }

    /// A type given as data: one of the call's type arguments, or a type expression's
    /// text evaluated in the calling scope (aliases resolved).
    fn type_of(&mut self, ty: &marionette_catalog::Data) -> Result<crate::types::PType, String> {
        use marionette_catalog::Data;
        if let Data::String(text) = ty {
            let checked = marionette_syntax::check(text, false);
            if let Some(e) = checked.errors.first() {
                return Err(format!("invalid type '{text}': {}", e.message));
            }
            let file = Arc::new(SourceFile::new(
                self.at.file.path.clone(),
                text.clone(),
                marionette_syntax::LineIndex::new(text),
                checked.program,
            ));
            let Some(expr) = file.program.body.first() else {
                return Err(format!("invalid type '{text}'"));
            };
            return self
                .c
                .eval_type(expr, self.at.scope, &file)
                .map_err(|e| e.message);
        }
        self.values
            .iter()
            .find_map(|v| match v {
                Value::Type(t) if crate::wire::to_data(v, false) == *ty => Some((**t).clone()),
                _ => None,
            })
            .ok_or_else(|| "not a type of this call".to_string())
    }
}

impl crate::external::FunctionContext for ExternalCx<'_, '_, '_> {
    fn signature(&self) -> usize {
        self.sig
    }

    fn argument_to_yaml(
        &mut self,
        index: usize,
        options: &marionette_catalog::ruby::yaml::Options,
    ) -> Option<String> {
        let mut tree = marionette_catalog::ruby::yaml::Tree::new(options);
        yaml_tree(self.values.get(index)?, &mut tree);
        Some(tree.finish())
    }

    fn has_block(&self) -> bool {
        self.block.is_some()
    }

    fn call_block(
        &mut self,
        args: Vec<marionette_catalog::Data>,
    ) -> Result<marionette_catalog::Data, String> {
        let Some(block) = self.block else {
            return Err(format!("'{}' was called without a block", self.name));
        };
        let args = args.iter().map(crate::hiera::value_from_data).collect();
        match self.c.call_block(block, args) {
            Ok(v) => Ok(crate::wire::to_data(&v, false)),
            Err(e) => {
                let message = e.message.clone();
                self.pending.get_or_insert(e);
                Err(message)
            }
        }
    }

    fn warning(&mut self, text: String) {
        self.c.log("warning", text);
    }

    fn notice(&mut self, text: String) {
        self.c.log("notice", text);
    }

    fn scope_warning(&mut self, text: String) {
        let title = &self.c.scopes[self.at.scope].title;
        let line = ["Scope(", title.as_str(), "): ", text.as_str()].concat();
        self.c.log("warning", line);
    }

    fn call_function(
        &mut self,
        name: &str,
        args: Vec<marionette_catalog::Data>,
    ) -> Result<marionette_catalog::Data, String> {
        let args = args.iter().map(|d| self.value_of(d)).collect();
        match self
            .c
            .call_function(name, args, None, self.at.scope, self.at.file, self.at.span)
        {
            Ok(v) => {
                let d = crate::wire::to_data(&v, false);
                if lost_as_data(&v) {
                    self.returned.push(v);
                }
                Ok(d)
            }
            Err(e) => {
                let message = e.message.clone();
                self.pending.get_or_insert(e);
                Err(message)
            }
        }
    }

    fn variable(&mut self, name: &str) -> Option<marionette_catalog::Data> {
        let name = name.trim_start_matches('$');
        let (scope, name) = match name.strip_prefix("::") {
            Some(n) => (self.c.top, n),
            None => (self.at.scope, name),
        };
        self.c
            .find_var(name, scope)
            .map(|v| crate::wire::to_data(&v, false))
    }

    fn lookupvar(&mut self, name: &str) -> Option<marionette_catalog::Data> {
        let found = self.variable(name);
        if found.is_none() {
            self.c.variable_not_found(name);
        }
        found
    }

    fn first_time(&mut self, key: &str) -> bool {
        self.c.seen_keys.insert(key.to_string())
    }

    fn type_mismatch(
        &mut self,
        ty: &marionette_catalog::Data,
        value: &marionette_catalog::Data,
    ) -> Result<Option<String>, String> {
        let ty = self.type_of(ty)?;
        let value = self
            .values
            .iter()
            .find(|v| crate::wire::to_data(v, false) == *value)
            .cloned()
            .unwrap_or_else(|| crate::hiera::value_from_data(value));
        if ty.is_instance(&value) {
            return Ok(None);
        }
        Ok(Some(crate::describe::value_mismatch("", &ty, &value)))
    }

    fn type_string(&mut self, ty: &marionette_catalog::Data) -> Option<String> {
        self.type_of(ty).ok().map(|t| t.to_string())
    }

    fn resource(
        &mut self,
        type_name: &str,
        title: &str,
    ) -> Option<Vec<(String, marionette_catalog::Data)>> {
        let id = self.c.find(type_name, title)?;
        Some(
            self.c.resources[id]
                .params
                .iter()
                .map(|(k, v)| (k.to_string(), crate::wire::to_data(v, false)))
                .collect(),
        )
    }

    fn module_path(&mut self, module: &str) -> Option<String> {
        self.c
            .env
            .module_dir(module)
            .map(|d| d.display().to_string())
    }

    fn resource_defaults(&mut self, type_name: &str) -> Option<Vec<String>> {
        let defaults = self.c.lookup_defaults(type_name, self.at.scope);
        Some(defaults.into_keys().map(|k| k.to_string()).collect())
    }

    fn stacktrace(&mut self) -> Vec<(String, u32)> {
        self.c
            .puppet_stack
            .iter()
            .rev()
            .map(|(file, offset)| {
                let line = offset.map_or(0, |offset| file.line(offset));
                (file.path.clone(), line)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    /// Built-ins' signatures are parsed at their first call: every one must parse
    /// (`Sig::parse` panics on a malformed one).
    #[test]
    fn builtin_signatures_parse() {
        let registry = super::registry();
        assert!(registry.len() >= 100, "only {} built-ins", registry.len());
        for entry in registry.values() {
            entry.sigs();
        }
    }
}
