//! What the node brings besides its code: node parameters (ENC parameters, facts and
//! server facts, merged into top-scope variables) and the classes a node classifier
//! (ENC) declares. The rules are Puppet 7's:
//!
//! * `Puppet::Node`: the ENC's `parameters` come first; facts, then server facts, are
//!   merged in without replacing a name already set (`Warning: The node parameter 'x'
//!   for node 'n' was already set to 'a'. It could not be set to 'b'`); the
//!   `environment` parameter is always the node's environment; a `trusted` parameter
//!   is dropped (`sanitize`).
//! * `Compiler#set_node_parameters`: every node parameter becomes a top-scope variable
//!   (`$facts` keeps the facts alone), `facts` and `server_facts` are reserved; then
//!   `Class[main]` sets `$module_name`, `$title` and `$name`, which fails when a node
//!   parameter took one of those names.
//! * `Compiler#initvars`: the ENC's class names join the catalog's class list and tags
//!   before anything is evaluated (an invalid tag fails the compile).
//! * `Compiler#evaluate_node_classes`, after the node definition: the ENC's classes
//!   are declared in the node's scope (top scope without node definitions), those with
//!   parameters first, resource-like (a class already declared is a duplicate), then
//!   the others include-like; they are *not* evaluated then, but with the defined
//!   types, in catalog order (`evaluate_generators`).

use super::{is_valid_tag, tag_with_segments, Compiler, ResKind, ScopeId};
use crate::error::EvalError;
use crate::types::capitalize_segments;
use crate::value::IndexMap;
use crate::value::{Value, ValueMap};
use marionette_catalog as cat;
use std::sync::Arc;

impl Compiler<'_> {
    /// Puppet's `initvars`: the ENC's classes, as the ENC names them, are the first
    /// entries of the catalog's class list, and tag the catalog.
    pub(super) fn register_enc_classes(&mut self) -> Result<(), EvalError> {
        let Some(classification) = &self.node.classification else {
            return Ok(());
        };
        let names: Vec<String> = classification
            .classes
            .iter()
            .map(|(name, _)| name.clone())
            .collect();
        for name in names {
            self.classes.push(name.clone());
            let tag = name.to_lowercase();
            if !is_valid_tag(&tag) {
                return Err(EvalError::new(format!("Invalid tag '{tag}'")));
            }
            tag_with_segments(&tag, &mut self.catalog_tags);
        }
        Ok(())
    }

    /// The node parameters as top-scope variables, with `$facts`, `$trusted`,
    /// `$server_facts` and `$environment`.
    pub(crate) fn set_top_variables(&mut self) -> Result<(), EvalError> {
        let environment = Value::str(self.env.name.as_str());
        let mut params: IndexMap<Arc<str>, Value> = IndexMap::default();
        if let Some(classification) = &self.node.classification {
            for (name, value) in &classification.parameters {
                params.insert(
                    Arc::from(name.as_str()),
                    crate::hiera::value_from_data(value),
                );
            }
        }
        params.insert("environment".into(), environment.clone());
        let facts = self.node.facts.clone();
        let server_facts = self.node.server_facts.clone().unwrap_or_default();
        for source in [&facts, &server_facts] {
            for (name, value) in source.iter() {
                let Value::Str(name) = name else { continue };
                match params.get(name.as_ref()) {
                    Some(set) => {
                        let message = format!(
                            "The node parameter '{name}' for node '{}' was already set to '{}'. It could not be set to '{}'",
                            self.node.name,
                            set.ruby_to_s(),
                            value.ruby_to_s()
                        );
                        // `warnonce`
                        if !self.log.iter().any(|l| l.message == message) {
                            self.log("warning", message);
                        }
                    }
                    None => {
                        params.insert(name.clone(), value.clone());
                    }
                }
            }
        }
        params.shift_remove("trusted");
        let top = self.top;
        for (name, value) in params {
            if &*name == "environment" {
                continue;
            }
            if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
                return Err(EvalError::new(format!(
                    "Cannot assign to a numeric match result variable '${name}'"
                )));
            }
            if &*name == "facts" || &*name == "server_facts" {
                return Err(EvalError::new(format!(
                    "Attempt to assign to a reserved variable name: '{name}'"
                )));
            }
            self.scopes[top].vars.insert(name, value);
        }
        let trusted = self
            .node
            .trusted
            .clone()
            .unwrap_or_else(|| default_trusted(&self.node.name));
        let mut server_facts = server_facts;
        server_facts.insert(Value::str("environment"), environment.clone());
        let vars = &mut self.scopes[top].vars;
        vars.insert("environment".into(), environment);
        vars.insert("trusted".into(), Value::hash(trusted));
        vars.insert("server_facts".into(), Value::hash(server_facts));
        vars.insert("facts".into(), Value::hash(facts));
        // What evaluating `Class[main]` sets.
        for name in ["module_name", "title", "name"] {
            if vars.contains_key(name) {
                return Err(EvalError::new(format!(
                    "Cannot reassign variable '${name}'"
                )));
            }
        }
        vars.insert("name".into(), Value::str("main"));
        vars.insert("title".into(), Value::str("main"));
        Ok(())
    }

    /// Puppet's `evaluate_node_classes`: declares the ENC's classes in the node's scope,
    /// those with parameters first. They are evaluated later, with the defined types.
    pub(super) fn declare_enc_classes(&mut self) -> Result<(), EvalError> {
        let Some(classification) = self.node.classification.clone() else {
            return Ok(());
        };
        let scope = self
            .node_resource
            .and_then(|id| self.class_scopes.get(&self.resources[id].title).copied())
            .unwrap_or(self.top);
        let (with_params, without_params): (Vec<_>, Vec<_>) = classification
            .classes
            .iter()
            .partition(|(_, params)| params.is_some());
        // All of a group's classes must exist before any is declared.
        let find = |c: &Compiler, names: &[&(String, Option<marionette_nodes::Parameters>)]| {
            names
                .iter()
                .map(|(name, _)| {
                    c.env
                        .find_class(marionette_syntax::names::trim_root(name))
                        .map_err(EvalError::from_load)?
                        .ok_or_else(|| {
                            EvalError::new(format!(
                                "Could not find class {name} for {}",
                                c.node.name
                            ))
                        })
                })
                .collect::<Result<Vec<_>, EvalError>>()
        };
        for def in find(self, &with_params)? {
            // The parameters are looked up by the class's own name: an entry that
            // names it otherwise (`Foo`) declares it with none.
            let canonical = def.def.name.to_lowercase();
            let params: IndexMap<Arc<str>, Value> = with_params
                .iter()
                .find(|(name, _)| *name == canonical)
                .and_then(|(_, params)| params.as_ref())
                .map(|params| {
                    params
                        .iter()
                        .map(|(k, v)| (Arc::from(k.as_str()), crate::hiera::value_from_data(v)))
                        .collect()
                })
                .unwrap_or_default();
            self.declare_enc_class(&def, params, scope)?;
        }
        for def in find(self, &without_params)? {
            if self.class_scopes.contains_key(&def.def.name.to_lowercase()) {
                continue;
            }
            self.ensure_class_in_catalog(&def, scope)?;
        }
        Ok(())
    }

    /// `ensure_in_catalog` with parameters: a new, unevaluated Class resource (a
    /// second declaration of the class is a duplicate).
    fn declare_enc_class(
        &mut self,
        def: &crate::env::Def<marionette_syntax::model::ClassDef>,
        params: IndexMap<Arc<str>, Value>,
        scope: ScopeId,
    ) -> Result<(), EvalError> {
        let title = capitalize_segments(&def.def.name);
        let mut res = self.simple_res("Class", &title, cat::ResourceKind::Unknown, ResKind::Class);
        res.evaluated = false;
        res.scope = scope;
        res.source = self.scopes[scope].source.clone();
        res.params = params;
        self.add_defaults_and_tags(&mut res, scope)?;
        self.instantiate_class(def, scope)?;
        for tag in &res.tags {
            super::push_unique(&mut self.catalog_tags, tag);
        }
        self.add_includer_tags(&mut res, scope);
        self.add_to_catalog(res, scope)?;
        Ok(())
    }
}

/// Puppet's `$trusted` for a node with a certificate and no extensions.
fn default_trusted(certname: &str) -> ValueMap {
    let (hostname, domain) = certname.split_once('.').unwrap_or((certname, ""));
    let mut t = ValueMap::default();
    t.insert(Value::str("authenticated"), Value::str("remote"));
    t.insert(Value::str("certname"), Value::str(certname));
    t.insert(Value::str("extensions"), Value::hash(ValueMap::default()));
    t.insert(Value::str("hostname"), Value::str(hostname));
    t.insert(Value::str("domain"), Value::str(domain));
    t.insert(Value::str("external"), Value::hash(ValueMap::default()));
    t
}
