//! Hiera's functions: `lookup` in all its signatures, and the deprecated `hiera`,
//! `hiera_array`, `hiera_hash` and `hiera_include`.

use std::sync::Arc;

use super::{builtin, Builtin, Call};
use crate::compiler::Compiler;
use crate::describe::value_mismatch;
use crate::error::EvalError;
use crate::eval::EvalResult;
use crate::types::PType;
use crate::value::{Value, ValueMap};
use crate::wire::to_data;
use marionette_catalog::Data;
use marionette_lookup::LookupFlags;

pub(super) const FUNCTIONS: &[Builtin] = &[
    builtin!(
        "lookup",
        &[
            "NameType name, ValueType value_type?, MergeType merge?",
            "NameType name, Optional[ValueType] value_type, Optional[MergeType] merge, DefaultValueType default_value",
            "NameType name, ValueType value_type?, MergeType merge?, &[1,1]",
            "OptionsWithName options_hash, &[1,1]?",
            "Variant[String,Array[String]] name, OptionsWithoutName options_hash, &[1,1]?",
        ],
        lookup
    ),
    builtin!("hiera", HIERA_SIGS, hiera),
    builtin!("hiera_array", HIERA_SIGS, hiera),
    builtin!("hiera_hash", HIERA_SIGS, hiera),
    builtin!("hiera_include", HIERA_SIGS, hiera),
];

const HIERA_SIGS: &[&str] = &[
    "String key",
    "String key, Any default, Any override?",
    "String key, &[1,1]",
    "String key, Any override, &[1,1]",
];

/// What a `lookup` call asks for, whatever its signature.
struct Request {
    names: Value,
    value_type: Option<PType>,
    merge: Option<Data>,
    default: Option<Value>,
    overrides: Option<Arc<ValueMap>>,
    defaults_hash: Option<Arc<ValueMap>>,
}

fn hash_get<'a>(h: &'a ValueMap, key: &str) -> Option<&'a Value> {
    h.get(&Value::str(key))
}

fn type_of(v: Option<&Value>) -> Option<PType> {
    match v {
        Some(Value::Type(t)) => Some((**t).clone()),
        _ => None,
    }
}

fn merge_of(v: Option<&Value>) -> Option<Data> {
    match v {
        None | Some(Value::Undef) => None,
        Some(v) => Some(to_data(v, false)),
    }
}

fn lookup(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let request = match call.sig {
        0 | 2 => Request {
            names: call.arg(0).clone(),
            value_type: type_of(call.args.get(1)),
            merge: merge_of(call.args.get(2)),
            default: None,
            overrides: None,
            defaults_hash: None,
        },
        1 => Request {
            names: call.arg(0).clone(),
            value_type: type_of(call.args.get(1)),
            merge: merge_of(call.args.get(2)),
            default: Some(call.arg(3).clone()),
            overrides: None,
            defaults_hash: None,
        },
        _ => {
            let (names, options) = match (call.sig, call.arg(0), call.arg(1)) {
                (3, Value::Hash(h), _) => (
                    hash_get(h, "name").cloned().unwrap_or(Value::Undef),
                    h.clone(),
                ),
                (_, name, Value::Hash(h)) => (name.clone(), h.clone()),
                _ => (Value::Undef, Arc::new(ValueMap::default())),
            };
            let map_of = |v: Option<&Value>| match v {
                Some(Value::Hash(h)) => Some(h.clone()),
                _ => None,
            };
            Request {
                names,
                value_type: type_of(hash_get(&options, "value_type")),
                merge: merge_of(hash_get(&options, "merge")),
                default: options
                    .contains_key(&Value::str("default_value"))
                    .then(|| hash_get(&options, "default_value").cloned())
                    .flatten(),
                overrides: map_of(hash_get(&options, "override")),
                defaults_hash: map_of(hash_get(&options, "default_values_hash")),
            }
        }
    };
    do_lookup(c, call, request, &LookupFlags::default())
}

fn check(ty: &Option<PType>, subject: &str, value: Value) -> EvalResult {
    match ty {
        Some(t) if !t.is_instance(&value) => Err(EvalError::new(value_mismatch(
            &format!("{subject} has wrong type,"),
            t,
            &value,
        ))),
        _ => Ok(value),
    }
}

/// `Puppet::Pops::Lookup.lookup`: each name in turn (overrides first), then the
/// default values hash, then the block or the default.
fn do_lookup(
    c: &mut Compiler<'_>,
    call: &mut Call<'_>,
    r: Request,
    flags: &LookupFlags,
) -> EvalResult {
    let names: Vec<String> = match &r.names {
        Value::Array(items) => items.iter().map(|v| v.to_string()).collect(),
        other => vec![other.to_string()],
    };
    for name in &names {
        if let Some(v) = r.overrides.as_ref().and_then(|o| hash_get(o, name)) {
            return check(
                &r.value_type,
                &format!("Value found for key '{name}' in override hash"),
                v.clone(),
            );
        }
        if let Some(v) = c.hiera_lookup(name, r.merge.as_ref(), flags, call.scope)? {
            return check(&r.value_type, "Found value", v);
        }
    }
    if let Some(defaults) = &r.defaults_hash {
        for name in &names {
            if let Some(v) = hash_get(defaults, name) {
                return check(
                    &r.value_type,
                    &format!("Value found for key '{name}' in default values hash"),
                    v.clone(),
                );
            }
        }
    }
    if let Some(block) = call.block.clone() {
        let v = c.call_block(&block, vec![r.names.clone()])?;
        return check(&r.value_type, "Value returned from default block", v);
    }
    if let Some(d) = r.default {
        return check(&r.value_type, "Default value", d);
    }
    Err(EvalError::preformatted(match names.as_slice() {
        [one] => format!("Function lookup() did not find a value for the name '{one}'"),
        many => format!(
            "Function lookup() did not find a value for any of the names [{}]",
            many.iter()
                .map(|n| format!("'{n}'"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }))
}

/// `hiera`, `hiera_array`, `hiera_hash`, `hiera_include`: a lookup with a fixed merge
/// (`first`, `unique`, `hash`, `unique`) that skips `lookup_options`, and only the
/// global layer when the environment has no Hiera 5 configuration.
fn hiera(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    // Hiera::PuppetFunction#lookup warns once per function (Puppet's `warn_once`,
    // without a location) unless `strict` is off.
    if c.seen_keys.insert(format!("deprecations:{}", call.name)) {
        c.log(
            "warning",
            format!(
                "The function '{}' is deprecated in favor of using 'lookup'. See \
                 https://puppet.com/docs/puppet/7.23/deprecated_language.html\n   \
                 (file & line not available)",
                call.name
            ),
        );
    }
    let merge = match call.name {
        "hiera_array" | "hiera_include" => "unique",
        "hiera_hash" => "hash",
        _ => "first",
    };
    let default = match call.sig {
        1 => Some(call.arg(1).clone()),
        _ => None,
    };
    let flags = LookupFlags {
        global_only: !c.has_environment_hiera(),
        hiera_xxx: true,
    };
    let key = call.str_arg(0).to_string();
    let request = Request {
        names: Value::str(key.as_str()),
        value_type: None,
        merge: Some(Data::String(merge.into())),
        default,
        overrides: None,
        defaults_hash: None,
    };
    let value = do_lookup(c, call, request, &flags)?;
    if call.name != "hiera_include" {
        return Ok(value);
    }
    match &value {
        Value::Undef => Err(EvalError::preformatted(format!(
            "Could not find data item {key}"
        ))),
        Value::Array(items) if items.is_empty() => Ok(Value::Undef),
        Value::Str(s) if s.is_empty() => Ok(Value::Undef),
        _ => {
            let (scope, file, span) = (call.scope, call.file, call.span);
            c.call_function("include", vec![value], None, scope, file, span)
        }
    }
}
