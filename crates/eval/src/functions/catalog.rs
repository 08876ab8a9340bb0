//! Functions that work on the catalog: declaring classes, realizing virtual resources,
//! tags, and asking what is defined.

use super::{builtin, Builtin, Call};
use crate::compiler::{tag_with_segments, Compiler};
use crate::error::EvalError;
use crate::eval::{article_type, EvalResult};
use crate::types::PType;
use crate::value::IndexMap;
use crate::value::{Value, ValueMap};
use marionette_syntax::model::ResourceForm;
use std::sync::Arc;

pub(super) const FUNCTIONS: &[Builtin] = &[
    // `include a, b`: declares classes (once each); returns their references.
    builtin!("include", &["Any names+"], declare_classes),
    // `contain a`: like include, and the class is contained in the current one.
    builtin!("contain", &["Any names+"], declare_classes),
    // `require a`: like include, and the current container requires the classes.
    builtin!("require", &["Any names+"], declare_classes),
    // `import 'nodes/*.pp'`: Puppet 3 only. Puppet 7 fails; with the legacy import
    // option the environment already loaded the files, so there is nothing left to do.
    builtin!("import", &["Any files*"], import),
    // `realize(File['/x'], ...)`: makes virtual resources real.
    builtin!("realize", &["Any refs+"], realize),
    // `tag 'a', 'b'`: adds tags to the current container.
    builtin!("tag", &["Any tags+"], tag),
    // `tagged('a', ...)`: whether the catalog or the current container has all tags.
    builtin!("tagged", &["Any tags+"], tagged),
    // `defined('$x')`, `defined('name')`, `defined(File['/x'])`, `defined(Class['a'])`.
    builtin!(
        "defined",
        &["Variant[String, Type[CatalogEntry], Type[Type[CatalogEntry]]] vals+"],
        defined
    ),
    // `create_resources(type, {title => params}, defaults)`.
    builtin!(
        "create_resources",
        &["Any type, Any instances, Any defaults*"],
        create_resources
    ),
];

/// The class names an `include`-like call names (Puppet's
/// `transform_and_assert_classnames`): strings, `Class[x]` and `Resource['class', x]`,
/// in arrays too, with Puppet's errors for anything else.
fn class_names(args: &[Value], out: &mut Vec<String>) -> Result<(), EvalError> {
    let resource_expected = |what: String| {
        EvalError::new(format!(
            "Cannot use {what} where a Resource['class', name] is expected"
        ))
    };
    for a in args {
        match a {
            Value::Array(items) => class_names(items, out)?,
            Value::Undef => return Err(EvalError::new("Cannot use undef as a class name")),
            Value::Str(s) if s.is_empty() => {
                return Err(EvalError::new("Cannot use empty string as a class name"))
            }
            Value::Str(s) => out.push(String::from(&**s)),
            Value::Type(t) => match t.resolved() {
                PType::Class(Some(n)) => out.push(n.clone()),
                PType::Class(None) => {
                    return Err(EvalError::new("Cannot use an unspecific Class[] Type"))
                }
                PType::Resource {
                    type_name: None, ..
                } => return Err(resource_expected("an unspecific Resource[]".into())),
                PType::Resource {
                    type_name: Some(tn),
                    title,
                } if tn.eq_ignore_ascii_case("class") => match title {
                    Some(title) => out.push(title.to_lowercase()),
                    None => {
                        return Err(resource_expected("an unspecific Resource['class']".into()))
                    }
                },
                PType::Resource {
                    type_name: Some(tn),
                    ..
                } => return Err(resource_expected(format!("a Resource[{tn}]"))),
                _ => return Err(not_a_class_name()),
            },
            _ => return Err(not_a_class_name()),
        }
    }
    Ok(())
}

/// What Puppet 7.23 (Ruby 3.1) says of a value that is no class name at all: its
/// `transform_and_assert_classnames` calls `downcase` on nil.
fn not_a_class_name() -> EvalError {
    EvalError::new(
        "undefined method `downcase' for nil:NilClass\n\n      end.downcase\n         ^^^^^^^^^",
    )
}

fn declare_classes(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let mut names = Vec::new();
    class_names(&call.args, &mut names)?;
    let ids = c.include_classes(&names, call.scope, call.name == "contain")?;
    let mut refs = Vec::new();
    for id in ids {
        let r = Value::Type(Arc::new(PType::Class(Some(
            c.resources[id].title.to_lowercase(),
        ))));
        if call.name == "require" {
            if let Some(container) = c.scopes[call.scope].resource {
                let mut items: Vec<Value> = match c.resources[container].params.get("require") {
                    Some(Value::Array(a)) => a.iter().cloned().collect(),
                    Some(v) if !v.is_undef() => vec![v.clone()],
                    _ => Vec::new(),
                };
                items.push(r.clone());
                c.resources[container]
                    .params
                    .insert("require".into(), Value::array(items));
            }
        }
        refs.push(r);
    }
    Ok(Value::array(refs))
}

fn realize(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let mut refs = Vec::new();
    for a in &call.args {
        if !c.refs_of(a, &mut refs) {
            return Err(EvalError::new(format!(
                "realize(): Cannot realize {}",
                article_type(a)
            )));
        }
    }
    for (t, title) in refs {
        match c.find(&t, &title) {
            Some(id) => {
                if !c.resources[id].exported {
                    c.resources[id].virtual_ = false;
                }
            }
            None => c
                .realize_requests
                .push(((t, title), call.file.clone(), call.span)),
        }
    }
    Ok(Value::Undef)
}

fn flat_strings(args: &[Value], out: &mut Vec<String>) {
    for a in args {
        match a {
            Value::Array(items) => flat_strings(items, out),
            other => out.push(other.to_string()),
        }
    }
}

fn tag(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let mut tags = Vec::new();
    flat_strings(&call.args, &mut tags);
    for t in &tags {
        if !crate::compiler::is_valid_tag(t) {
            return Err(EvalError::new(format!("Invalid tag '{t}'")));
        }
    }
    if let Some(r) = c.scopes[call.scope].resource {
        for t in tags {
            tag_with_segments(&t, &mut c.resources[r].tags);
        }
    }
    Ok(Value::Undef)
}

fn tagged(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    let resource_tags = c.scopes[call.scope]
        .resource
        .map(|r| c.resources[r].tags.clone())
        .unwrap_or_default();
    let all = call.args.iter().all(|a| match a {
        // An array is not a tag; Puppet answers false.
        Value::Array(_) => false,
        other => {
            let t = other.to_string().to_lowercase();
            c.catalog_tags.contains(&t) || resource_tags.iter().any(|r| **r == *t)
        }
    });
    Ok(Value::Bool(all))
}

fn defined(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    for a in &call.args {
        let found = match a {
            Value::Str(s) => {
                if let Some(var) = s.strip_prefix('$') {
                    c.find_var(var, call.scope).is_some()
                } else if s.is_empty() {
                    false
                } else if &**s == "main" {
                    true
                } else {
                    type_or_class_exists(c, s)?
                }
            }
            Value::Type(t) => match t.resolved() {
                PType::Resource {
                    type_name: Some(tn),
                    title: Some(title),
                } => c.find(tn, title).is_some(),
                PType::Resource {
                    type_name: Some(tn),
                    title: None,
                } => resource_type_exists(c, tn)?,
                PType::Resource {
                    type_name: None, ..
                } => {
                    return Err(EvalError::new(
                        "The given resource type is a reference to all kind of types",
                    ))
                }
                PType::Class(Some(n)) => c.class_scopes.contains_key(n),
                PType::Class(None) => {
                    return Err(EvalError::new(
                        "The given class type is a reference to all classes",
                    ))
                }
                PType::Type(Some(inner)) => match inner.resolved() {
                    PType::Resource {
                        type_name: Some(tn),
                        title: None,
                    } => resource_type_exists(c, tn)?,
                    PType::Resource {
                        type_name: Some(tn),
                        title: Some(title),
                    } => c.find(tn, title).is_some(),
                    PType::Class(Some(n)) => {
                        c.env.find_class(n).map_err(EvalError::from_load)?.is_some()
                    }
                    _ => false,
                },
                _ => false,
            },
            _ => false,
        };
        if found {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

fn resource_type_exists(c: &Compiler<'_>, name: &str) -> Result<bool, EvalError> {
    let n = name.to_lowercase();
    Ok(c.env.ruby_type(&n).is_some()
        || c.env
            .find_define(&n)
            .map_err(EvalError::from_load)?
            .is_some())
}

fn type_or_class_exists(c: &Compiler<'_>, name: &str) -> Result<bool, EvalError> {
    let n = marionette_syntax::names::trim_root(name).to_lowercase();
    Ok(resource_type_exists(c, &n)?
        || c.env
            .find_class(&n)
            .map_err(EvalError::from_load)?
            .is_some())
}

fn create_resources(c: &mut Compiler<'_>, call: &mut Call<'_>) -> EvalResult {
    if call.args.len() > 3 {
        return Err(EvalError::new(format!(
            "create_resources(): wrong number of arguments ({}; must be 2 or 3)",
            call.args.len()
        )));
    }
    let rtype = call.arg(0).to_string().to_lowercase();
    let Value::Hash(instances) = call.arg(1).clone() else {
        return Err(EvalError::new(
            "create_resources(): second argument must be a hash",
        ));
    };
    let defaults = match call.args.get(2) {
        None => ValueMap::default(),
        Some(Value::Hash(d)) => (**d).clone(),
        Some(_) => {
            return Err(EvalError::new(
                "create_resources(): third argument, if provided, must be a hash",
            ))
        }
    };
    let (rtype, form) = if let Some(t) = rtype.strip_prefix("@@") {
        (t.to_string(), ResourceForm::Exported)
    } else if let Some(t) = rtype.strip_prefix('@') {
        (t.to_string(), ResourceForm::Virtual)
    } else {
        (rtype, ResourceForm::Regular)
    };
    for (title, params) in instances.iter() {
        let mut p: IndexMap<Arc<str>, Value> = IndexMap::default();
        for (k, v) in defaults.iter() {
            p.insert(k.to_name(), v.clone());
        }
        // Puppet merges each instance's parameters into the defaults as a Ruby hash:
        // anything else fails, as Ruby's implicit conversion does.
        let Value::Hash(h) = params else {
            let what = match params {
                Value::Undef => "nil".to_string(),
                Value::Bool(b) => b.to_string(),
                other => other.ruby_class(),
            };
            return Err(EvalError::new(format!(
                "no implicit conversion of {what} into Hash"
            )));
        };
        for (k, v) in h.iter() {
            p.insert(k.to_name(), v.clone());
        }
        if rtype == "class" {
            c.declare_class(
                &title.to_string(),
                p,
                call.scope,
                Some((call.file, call.span)),
            )?;
        } else {
            c.declare_resource(
                &rtype,
                crate::compiler::ResTitle {
                    text: title.to_string(),
                    is_string: matches!(title, Value::Str(_)),
                },
                p,
                call.scope,
                call.file,
                call.span,
                form,
            )?;
        }
    }
    Ok(Value::Undef)
}

fn import(c: &mut Compiler<'_>, _call: &mut Call<'_>) -> EvalResult {
    if c.env.legacy.import {
        return Ok(Value::Undef);
    }
    // Puppet reports this issue as it is, not as "Error while evaluating a Function Call".
    let mut error = EvalError::new(
        "Use of 'import' has been discontinued in favor of a manifest directory. See http://links.puppet.com/puppet-import-deprecation",
    );
    error.labelled = true;
    Err(error)
}
