//! Resources entering the catalog (Puppet's `Puppet::Parser::Resource.new` and
//! `Compiler#add_resource`), resource defaults, and overrides (`File['x'] { ... }`,
//! collector attribute blocks) with Puppet's rules about who may change what.

use super::{
    is_valid_tag, ref_string, tag_with_segments, AttrOp, Compiler, DefaultParam, ParamLines,
    RefKey, Res, ResId, ResKind, ScopeId, Source,
};
use crate::env::SourceFile;
use crate::error::EvalError;
use crate::restype::ResourceType;
use crate::types::capitalize_segments;
use crate::value::IndexMap;
use crate::value::Value;
use foldhash::{HashMap, HashMapExt};
use marionette_catalog as cat;
use marionette_syntax::model::{ResourceForm, Span};
use std::sync::Arc;

/// One attribute of an override.
#[derive(Clone, Debug)]
pub(crate) struct OverrideParam {
    pub name: Arc<str>,
    pub value: Value,
    /// `+>`
    pub append: bool,
    pub source: Source,
    pub line: u32,
}

/// An override (`File['/x'] { ... }` or a collector's attribute block) waiting for its
/// resource, or being merged into it.
#[derive(Clone, Debug)]
pub(crate) struct PendingOverride {
    pub rtype: String,
    pub title: String,
    pub params: Vec<OverrideParam>,
    pub source: Source,
    pub file: Arc<SourceFile>,
    pub line: u32,
}

/// A resource's title as declared: its text, and whether it was a String (titles
/// from resource expressions are; `create_resources` keys may be Integers).
pub(crate) struct ResTitle {
    pub text: String,
    pub is_string: bool,
}

impl From<String> for ResTitle {
    fn from(text: String) -> ResTitle {
        ResTitle {
            text,
            is_string: true,
        }
    }
}

impl<'e> Compiler<'e> {
    /// Declares one instance of a built-in or defined resource type.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn declare_resource(
        &mut self,
        rtype: &str,
        title: impl Into<ResTitle>,
        params: IndexMap<Arc<str>, Value>,
        scope: ScopeId,
        file: &Arc<SourceFile>,
        span: Span,
        form: ResourceForm,
    ) -> Result<ResId, EvalError> {
        let title: ResTitle = title.into();
        let lower = marionette_syntax::names::trim_root(rtype).to_lowercase();
        let type_name = capitalize_segments(&lower);
        let (kind, wire_kind) = if let Some(t) = crate::restype::builtin(&lower) {
            (ResKind::Builtin(t), cat::ResourceKind::CompilableType)
        } else if let Some(def) = self.env.find_define(&lower).map_err(EvalError::from_load)? {
            self.instantiate_definitions(&def.file)?;
            (
                ResKind::Define(def.def.clone(), def.file.clone()),
                cat::ResourceKind::DefinedType,
            )
        } else if let Some(t) = self.env.ruby_type(&lower) {
            (ResKind::Builtin(t), cat::ResourceKind::CompilableType)
        } else {
            return Err(EvalError::new(format!("Unknown resource type: '{lower}'")));
        };
        let is_define = matches!(kind, ResKind::Define(..));
        let mut res = Res {
            rtype: type_name,
            title: title.text,
            params,
            param_sources: HashMap::new(),
            param_lines: ParamLines::default(),
            source: self.scopes[scope].source.clone(),
            tags: Vec::new(),
            file: Some(file.clone()),
            line: Some(file.line(span.start)),
            exported: form == ResourceForm::Exported,
            virtual_: form != ResourceForm::Regular,
            evaluated: !is_define,
            kind,
            wire_kind,
            scope,
            container: None,
            class_scope: None,
            title_is_string: title.is_string,
        };
        self.add_defaults_and_tags(&mut res, scope)?;
        if is_define {
            // What the define's body declares sees the tags it has from its scope.
            self.add_includer_tags(&mut res, scope);
        }
        self.add_to_catalog(res, scope)
    }

    /// Adds the resource defaults visible from `scope` for the resource's type
    /// (the nearest scope wins) to the attributes it does not set itself.
    fn add_defaults(&self, res: &mut Res, scope: ScopeId) {
        for (name, param) in self.lookup_defaults(&res.rtype, scope) {
            if !res.params.contains_key(&*name) {
                let (i, _) = res.params.insert_full(name.clone(), param.value);
                res.param_lines
                    .set(i, Some((param.file.clone(), param.line)));
                if param.source != res.source {
                    res.param_sources.insert(name, param.source);
                }
            }
        }
    }

    /// Puppet's `Scope#lookupdefaults`: the parents' defaults, overridden by nearer ones.
    pub(crate) fn lookup_defaults(
        &self,
        rtype: &str,
        scope: ScopeId,
    ) -> IndexMap<Arc<str>, DefaultParam> {
        // The tables along the chain, nearest first (mostly none: no allocation).
        let mut tables = Vec::new();
        let mut s = Some(scope);
        while let Some(cur) = s {
            if let Some(table) = self.scopes[cur].defaults.get(rtype) {
                tables.push(table);
            }
            s = self.scopes[cur].parent;
        }
        let mut values: IndexMap<Arc<str>, DefaultParam> = IndexMap::default();
        for table in tables.into_iter().rev() {
            for (k, v) in table {
                values.insert(k.clone(), v.clone());
            }
        }
        values
    }

    /// Puppet's `Scope#is_default?`: whether `value` is the default for the attribute
    /// seen from `scope`.
    fn is_default(&self, rtype: &str, name: &str, value: &Value, scope: ScopeId) -> bool {
        let mut s = Some(scope);
        while let Some(cur) = s {
            if let Some(p) = self.scopes[cur]
                .defaults
                .get(rtype)
                .and_then(|t| t.get(name))
            {
                if p.value == *value {
                    return true;
                }
            }
            s = self.scopes[cur].parent;
        }
        false
    }

    /// `File { ... }`: records resource defaults in the scope (a lambda's defaults go
    /// to the scope it runs in). Each attribute may be defaulted once per scope.
    pub(crate) fn define_defaults(
        &mut self,
        scope: ScopeId,
        rtype: &str,
        ops: Vec<AttrOp>,
        file: &Arc<SourceFile>,
    ) -> Result<(), EvalError> {
        let scope = self.named_scope(scope);
        let source = self.scopes[scope].source.clone();
        let table = self.scopes[scope]
            .defaults
            .entry(rtype.to_string())
            .or_default();
        for op in ops {
            if table.contains_key(&op.name) {
                return Err(EvalError::located(
                    format!(
                        "Default already defined for {rtype} {{ {} }}; cannot redefine",
                        op.name
                    ),
                    &file.path,
                    Some(op.line),
                ));
            }
            table.insert(
                op.name,
                DefaultParam {
                    value: op.value,
                    source: source.clone(),
                    file: file.clone(),
                    line: op.line,
                },
            );
        }
        Ok(())
    }

    /// The resource defaults visible from `scope` and the tags of a new resource, in
    /// Puppet's order: the values of its own `tag` attribute, its type and its title
    /// (`Puppet::Resource#initialize`), then a `tag` that a resource default gives it
    /// (`Parser::Resource#initialize`), each with its `::` segments.
    pub(crate) fn add_defaults_and_tags(
        &self,
        res: &mut Res,
        scope: ScopeId,
    ) -> Result<(), EvalError> {
        let own = res.params.get("tag").cloned();
        Self::tag_values(res, own.as_ref())?;
        tag_with_segments(&res.rtype, &mut res.tags);
        if res.title_is_string && is_valid_tag(&res.title) {
            tag_with_segments(&res.title, &mut res.tags);
        }
        self.add_defaults(res, scope);
        if own.is_none() {
            let default = res.params.get("tag").cloned();
            Self::tag_values(res, default.as_ref())?;
        }
        Ok(())
    }

    /// A class, node or defined resource has the tags its includer has now, which
    /// its body's classes inherit (other resources take their scope's tags when the
    /// catalog is finished; there all but classes get those `tag()` added later).
    pub(crate) fn add_includer_tags(&self, res: &mut Res, scope: ScopeId) {
        if let Some(container) = self.scopes[scope].resource {
            for tag in &self.resources[container].tags {
                if !res.tags.iter().any(|t| **t == **tag) {
                    res.tags.push(tag.clone());
                }
            }
        }
    }

    /// Tags a resource with the value of a `tag` attribute (a tag or an array of
    /// them); an invalid tag is Puppet's error.
    fn tag_values(res: &mut Res, tag: Option<&Value>) -> Result<(), EvalError> {
        let values: Vec<Value> = match tag {
            Some(Value::Array(items)) => items.iter().cloned().collect(),
            Some(Value::Undef) | None => Vec::new(),
            Some(other) => vec![other.clone()],
        };
        for v in values {
            let t = v.to_string();
            if !is_valid_tag(&t) {
                return Err(EvalError::located(
                    format!("Invalid tag '{t}'"),
                    res.file.as_ref().map(|f| f.path.as_str()).unwrap_or(""),
                    res.line,
                ));
            }
            tag_with_segments(&t, &mut res.tags);
        }
        Ok(())
    }

    /// The key a resource is also known by (Puppet's `uniqueness_key`, for isomorphic
    /// resources), when it is not just its title: (index key, as Ruby shows it).
    fn alias_of_key(res: &Res) -> Result<Option<(String, String)>, EvalError> {
        let ty = match &res.kind {
            ResKind::Class | ResKind::Node => return Ok(None),
            ResKind::Define(..) => None,
            ResKind::Builtin(t) if !t.isomorphic => return Ok(None),
            ResKind::Builtin(t) => Some(&**t),
        };
        let key = uniqueness_key(ty, &res.title, &res.params).map_err(|message| {
            EvalError::located(
                message,
                res.file.as_ref().map(|f| f.path.as_str()).unwrap_or(""),
                res.line,
            )
        })?;
        let Some(key) = key else {
            return Ok(None);
        };
        if key.iter().all(Option::is_none)
            || matches!(key.as_slice(), [Some(Value::Str(s))] if **s == *res.title)
        {
            return Ok(None);
        }
        Ok(Some(key_index(&key)))
    }

    /// Puppet's `Compiler#add_resource`: the resource joins the catalog (unique by
    /// title and namevar), is checked for `stage`, and is contained by the resource
    /// of the scope that declared it (classes are placed in stages when evaluated).
    pub(crate) fn add_to_catalog(&mut self, res: Res, scope: ScopeId) -> Result<ResId, EvalError> {
        let reference = || format!("{}[{}]", res.rtype, res.title);
        if let Some(&existing) = self.index.get(&RefKey(&res.rtype, &res.title)) {
            let here = match (&res.file, res.line) {
                (Some(f), Some(l)) => format!(" (file: {}, line: {l})", f.path),
                _ => String::new(),
            };
            return Err(EvalError::new(format!(
                "Duplicate declaration: {} is already declared{}; cannot redeclare{here}",
                reference(),
                self.declared_at(existing)
            )));
        }
        let mut aliases: Vec<(String, String)> = Vec::new();
        if let Some(alias) = res.params.get("alias") {
            let values: Vec<Value> = match alias {
                Value::Array(items) => items.iter().cloned().collect(),
                Value::Undef => Vec::new(),
                other => vec![other.clone()],
            };
            for v in values {
                let a = v.to_string();
                if a != res.title {
                    aliases.push((ruby_inspect(Some(&v)), a));
                }
            }
        }
        if let Some((index, shown)) = Self::alias_of_key(&res)? {
            aliases.push((shown, index));
        }
        for (shown, alias) in &aliases {
            if let Some(&existing) = self.index.get(&RefKey(&res.rtype, alias)) {
                let at = match (&res.file, res.line) {
                    (Some(f), Some(l)) => format!(" at (file: {}, line: {l})", f.path),
                    _ => String::new(),
                };
                let there = match (
                    &self.resources[existing].file,
                    self.resources[existing].line,
                ) {
                    (Some(f), Some(l)) => format!(" (file: {}, line: {l})", f.path),
                    _ => String::new(),
                };
                let mut newref = String::new();
                cat::ruby::inspect_str(&res.rtype, &mut newref);
                match shown.strip_prefix('[') {
                    Some(rest) => newref = format!("[{newref}, {rest}"),
                    None => newref = format!("[{newref}, {shown}]"),
                }
                return Err(EvalError::new(format!(
                    "Cannot alias {} to {shown}{at}; resource {newref} already declared{there}",
                    reference()
                )));
            }
        }
        let is_class = matches!(res.kind, ResKind::Class);
        let is_stage = res.rtype == "Stage";
        let has_stage = !is_class && res.params.get("stage").is_some_and(|v| !v.is_undef());
        let reference = has_stage.then(reference);
        let rtype = (!aliases.is_empty()).then(|| res.rtype.clone());
        let id = self.add_resource(res);
        for (_, alias) in aliases {
            self.index
                .insert((rtype.clone().unwrap_or_default(), alias), id);
        }
        if let Some(reference) = reference {
            return Err(EvalError::new(format!(
                "Only classes can set 'stage'; normal resources like {reference} cannot change run stage"
            )));
        }
        if !is_class && !is_stage {
            if let Some(container) = self.scopes[scope].resource {
                self.add_edge(container, id);
            }
        }
        Ok(id)
    }

    // ------------------------------------------------------------------ overrides

    /// Whether definition `a` may override what `b` set: `a` inherits `b` (or ran a
    /// collector with an override block, which Puppet turns into a licence to
    /// override anything).
    pub(crate) fn child_of(&self, a: &Source, b: &Source) -> bool {
        if self.override_sources.contains(a) {
            return true;
        }
        let mut current = a.clone();
        for _ in 0..100 {
            if let Source::Node(name) = &current {
                // Puppet 3 node inheritance: a node is a child of its parent nodes.
                let Some(parent) = self.node_parents.get(name) else {
                    return false;
                };
                if Source::Node(parent.clone()) == *b {
                    return true;
                }
                current = Source::Node(parent.clone());
                continue;
            }
            let Source::Class(name) = &current else {
                return false;
            };
            let Ok(Some(def)) = self.env.find_class(name) else {
                return false;
            };
            let Some(parent) = &def.def.parent else {
                return false;
            };
            let parent = marionette_syntax::names::trim_root(parent).to_lowercase();
            let parent = match self.env.find_class(&parent) {
                Ok(Some(p)) => p.def.name.to_lowercase(),
                _ => parent,
            };
            if Source::Class(parent.clone()) == *b {
                return true;
            }
            current = Source::Class(parent);
        }
        false
    }

    /// Puppet's `Compiler#add_override`: merged now if the resource exists, else kept
    /// for the end of the compile.
    pub(crate) fn add_override(&mut self, o: PendingOverride) -> Result<(), EvalError> {
        match self.find(&o.rtype, &o.title) {
            Some(id) => self.merge_override(id, &o),
            None => {
                self.overrides.push(o);
                Ok(())
            }
        }
    }

    /// Puppet's `Resource#merge`: only the resource's own source or a class inheriting
    /// it may override; a parameter already set may be replaced only from a subclass.
    pub(crate) fn merge_override(
        &mut self,
        id: ResId,
        o: &PendingOverride,
    ) -> Result<(), EvalError> {
        let source = self.resources[id].source.clone();
        if !(o.source == source || self.child_of(&o.source, &source)) {
            return Err(EvalError::located(
                "Only subclasses can override parameters",
                &o.file.path,
                Some(o.line),
            ));
        }
        for p in &o.params {
            self.override_parameter(id, p, o)?;
        }
        Ok(())
    }

    fn override_parameter(
        &mut self,
        id: ResId,
        p: &OverrideParam,
        o: &PendingOverride,
    ) -> Result<(), EvalError> {
        let Some(current) = self.resources[id].params.get(&*p.name).cloned() else {
            self.set_override_param(id, p, p.value.clone(), o.file.clone());
            return Ok(());
        };
        let (rtype, scope) = (self.resources[id].rtype.clone(), self.resources[id].scope);
        if self.is_default(&rtype, &p.name, &p.value, scope) {
            return Ok(());
        }
        let current_source = self.resources[id]
            .param_sources
            .get(&*p.name)
            .cloned()
            .unwrap_or_else(|| self.resources[id].source.clone());
        let allowed = self.child_of(&p.source, &current_source)
            || (p.source == current_source && self.is_default(&rtype, &p.name, &current, scope));
        if !allowed {
            let r = &self.resources[id];
            let at = match (r.param_lines.get(&r.params, &p.name), &r.file, r.line) {
                (Some((f, l)), _, _) => format!(" at (file: {}, line: {l})", f.path),
                (None, Some(f), Some(l)) => format!(" at (file: {}, line: {l})", f.path),
                _ => String::new(),
            };
            return Err(EvalError::located(
                format!(
                    "Parameter '{}' is already set on {} by #<Puppet::Resource::Type>{at}; cannot redefine",
                    p.name,
                    ref_string(&r.rtype, &r.title)
                ),
                &o.file.path,
                Some(o.line),
            ));
        }
        let value = if p.append {
            let mut items = Vec::new();
            flatten_into(&current, &mut items);
            flatten_into(&p.value, &mut items);
            Value::array(items)
        } else {
            p.value.clone()
        };
        self.set_override_param(id, p, value, o.file.clone());
        Ok(())
    }

    fn set_override_param(
        &mut self,
        id: ResId,
        p: &OverrideParam,
        value: Value,
        file: Arc<SourceFile>,
    ) {
        let res = &mut self.resources[id];
        if &*p.name == "tag" {
            let values: Vec<Value> = match &value {
                Value::Array(items) => items.iter().cloned().collect(),
                Value::Undef => Vec::new(),
                other => vec![other.clone()],
            };
            for v in values {
                let t = v.to_string();
                if is_valid_tag(&t) {
                    tag_with_segments(&t, &mut res.tags);
                }
            }
        }
        let (i, _) = res.params.insert_full(p.name.clone(), value);
        res.param_sources.insert(p.name.clone(), p.source.clone());
        res.param_lines.set(i, Some((file, p.line)));
    }
}

/// Ruby's `Array#flatten` of one value into `out`.
fn flatten_into(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| flatten_into(i, out)),
        other => out.push(other.clone()),
    }
}

/// Puppet's `Resource#uniqueness_key`: the values of the type's key attributes (sorted
/// by name), from the title parsed by its title patterns, then the parameters. `ty` is
/// `None` for a defined type (its key is `name`). `Ok(None)` when the title patterns
/// are unknown.
pub(crate) fn uniqueness_key(
    ty: Option<&ResourceType>,
    title: &str,
    params: &IndexMap<Arc<str>, Value>,
) -> Result<Option<Vec<Option<Value>>>, String> {
    let (parsed, namevar, mut keys) = match ty {
        None => (
            vec![("name".to_string(), title.to_string())],
            "name",
            vec!["name".to_string()],
        ),
        Some(t) => match t.parse_title(title) {
            None => return Ok(None),
            Some(parsed) => (parsed?, t.namevar(), t.key_attributes.clone()),
        },
    };
    let get = |k: &str| -> Option<Value> {
        match params.get(k) {
            Some(v) if !v.is_undef() => Some(v.clone()),
            _ => parsed
                .iter()
                .find(|(p, _)| p == k)
                .map(|(_, v)| Value::str(v.as_str())),
        }
    };
    let name = get(namevar)
        .or_else(|| get("name"))
        .unwrap_or_else(|| Value::str(title));
    keys.sort();
    Ok(Some(
        keys.iter()
            .map(|k| match get(k) {
                None if k == namevar || k == "name" => Some(name.clone()),
                v => v,
            })
            .collect(),
    ))
}

/// A uniqueness key as the catalog's index knows it (one value: that value, as a title
/// would be; several: a form no title has) and as Ruby's `inspect` shows it.
pub(crate) fn key_index(key: &[Option<Value>]) -> (String, String) {
    let mut shown = String::from("[");
    for (i, v) in key.iter().enumerate() {
        if i > 0 {
            shown.push_str(", ");
        }
        shown.push_str(&ruby_inspect(v.as_ref()));
    }
    shown.push(']');
    match key {
        [Some(Value::Str(s))] => (String::from(&**s), shown),
        [Some(v)] => (v.to_string(), shown),
        _ => (["\0", shown.as_str()].concat(), shown),
    }
}

/// Ruby's `inspect` of a resource attribute's value, as messages show it.
fn ruby_inspect(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Undef) => "nil".to_string(),
        Some(Value::Str(s)) => {
            let mut out = String::new();
            cat::ruby::inspect_str(s, &mut out);
            out
        }
        Some(other) => other.to_string(),
    }
}
