//! The lazy and final parts of a compile: collectors, relationships, the merging of
//! overrides still pending, tags and metaparameters flowing through containment, the
//! checks Puppet makes at the end, and the catalog itself.

use super::{
    inherit_tags, is_unset, is_valid_tag, push_unique, ref_string, tag_with_segments, Compiler,
    OverrideParam, PendingOverride, Query, RelItem, RelSide, Res, ResId, ResKind,
    INHERITED_METAPARAMS, METAPARAMS,
};
use crate::error::EvalError;
use crate::types::{capitalize_segments, PType};
use crate::value::Value;
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use marionette_catalog as cat;
use marionette_syntax::model::EdgeOp;
use std::sync::Arc;

impl<'e> Compiler<'e> {
    // ------------------------------------------------------------------ collectors

    /// Runs every collector once; returns whether any collected something new.
    pub(crate) fn evaluate_collections(&mut self) -> Result<bool, EvalError> {
        let mut progress = false;
        for c in 0..self.collectors.len() {
            let rtype = self.collectors[c].rtype.clone();
            let query = self.collectors[c].query.clone();
            let found: Vec<ResId> = (0..self.resources.len())
                .filter(|&i| self.resources[i].rtype == rtype)
                .filter(|&i| query.as_ref().is_none_or(|q| self.query_matches(q, i)))
                .collect();
            for &id in &found {
                self.resources[id].virtual_ = false;
            }
            if found.is_empty() {
                continue;
            }
            let fresh: Vec<ResId> = found
                .into_iter()
                .filter(|id| !self.collectors[c].collected.contains(id))
                .collect();
            if !self.collectors[c].ops.is_empty() {
                let scope = self.collectors[c].scope;
                let source = self.scopes[scope].source.clone();
                self.override_sources.insert(source.clone());
                for &id in &fresh {
                    // The override is a resource of its own: it gets the collector
                    // scope's defaults too.
                    let mut params: Vec<OverrideParam> = self.collectors[c]
                        .ops
                        .iter()
                        .map(|op| OverrideParam {
                            name: op.name.clone(),
                            value: op.value.clone(),
                            append: op.append,
                            source: source.clone(),
                            line: op.line,
                        })
                        .collect();
                    let rtype = self.resources[id].rtype.clone();
                    for (name, d) in self.lookup_defaults(&rtype, scope) {
                        if !params.iter().any(|p| p.name == name) {
                            params.push(OverrideParam {
                                name,
                                value: d.value,
                                append: false,
                                source: d.source,
                                line: d.line,
                            });
                        }
                    }
                    let o = PendingOverride {
                        rtype,
                        title: self.resources[id].title.clone(),
                        params,
                        source: source.clone(),
                        file: self.collectors[c].file.clone(),
                        line: self.collectors[c].line,
                    };
                    self.merge_override(id, &o)?;
                }
            }
            if !fresh.is_empty() {
                self.collectors[c].collected.extend(fresh);
                progress = true;
            }
        }
        Ok(progress)
    }

    /// Puppet's `raw_tagged?`: the resource's tags, or those of the resources whose
    /// scopes it was declared in.
    fn raw_tagged(&self, id: ResId, tags: &[String]) -> bool {
        let mut current = Some(id);
        let mut hops = 0;
        while let Some(r) = current {
            if self.resources[r]
                .tags
                .iter()
                .any(|t| tags.iter().any(|q| **t == **q))
            {
                return true;
            }
            let next = self.scopes[self.resources[r].scope].resource;
            current = next.filter(|&n| n != r);
            hops += 1;
            if hops > 1000 {
                break;
            }
        }
        false
    }

    fn query_matches(&self, query: &Query, id: ResId) -> bool {
        let res = &self.resources[id];
        let value_of = |attr: &str| -> Value {
            if attr == "title" {
                Value::str(res.title.as_str())
            } else {
                res.params.get(attr).cloned().unwrap_or(Value::Undef)
            }
        };
        match query {
            Query::And(a, b) => self.query_matches(a, id) && self.query_matches(b, id),
            Query::Or(a, b) => self.query_matches(a, id) || self.query_matches(b, id),
            Query::Tag(tags) => self.raw_tagged(id, tags),
            Query::Eq(attr, want) => match value_of(attr) {
                Value::Array(items) => items.iter().any(|v| v.puppet_eq(want)),
                v => v.puppet_eq(want),
            },
            Query::Ne(attr, want) => !value_of(attr).puppet_eq(want),
        }
    }

    // ------------------------------------------------------------------ finish

    /// Puppet's `Compiler#finish`: relationships, pending overrides, tags and checks of
    /// each resource, then metaparameters down the containment graph.
    pub(crate) fn finish(&mut self) -> Result<(), EvalError> {
        self.evaluate_relationships()?;
        let mut pending: HashMap<(String, String), Vec<PendingOverride>> = HashMap::new();
        for o in std::mem::take(&mut self.overrides) {
            let key = (
                crate::types::capitalize_segments(&o.rtype),
                if o.rtype.eq_ignore_ascii_case("class") {
                    crate::types::capitalize_segments(&o.title)
                } else {
                    o.title.clone()
                },
            );
            pending.entry(key).or_default().push(o);
        }
        for id in 0..self.resources.len() {
            if !pending.is_empty() {
                let key = (
                    self.resources[id].rtype.clone(),
                    self.resources[id].title.clone(),
                );
                if let Some(list) = pending.remove(&key) {
                    for o in &list {
                        self.merge_override(id, o)?;
                    }
                }
            }
            // The tags of the resource the declaring scope evaluates (Stage[main] and
            // Class[Settings] are not finished). A class has its includer's tags from
            // when it was declared only: `tag()` called there later does not reach it.
            if id < self.main_class {
                continue;
            }
            if let Some(container) = self.scopes[self.resources[id].scope].resource {
                if !matches!(self.resources[id].kind, ResKind::Class) {
                    inherit_tags(&mut self.resources, container, id);
                }
            }
            self.validate_define_params(id)?;
            self.validate_builtin_params(id)?;
        }
        // Left over: overrides of resources that never appeared.
        let mut left: Vec<PendingOverride> = pending.into_values().flatten().collect();
        left.sort_by_key(|o| (o.file.path.clone(), o.line));
        self.overrides = left;
        self.add_resource_metaparams();
        Ok(())
    }

    /// A defined type's final parameters must still be its own (an override may have
    /// added others after it was evaluated).
    fn validate_define_params(&mut self, id: ResId) -> Result<(), EvalError> {
        let r = &self.resources[id];
        let ResKind::Define(def, _) = &r.kind else {
            return Ok(());
        };
        if !r.evaluated {
            return Ok(());
        }
        let names = self
            .define_params
            .entry(Arc::as_ptr(def) as usize)
            .or_insert_with(|| def.params.iter().map(|p| p.name.clone()).collect());
        for key in r.params.keys() {
            if &**key != "name" && !names.contains(key) && !METAPARAMS.contains(&&**key) {
                return Err(EvalError::new(format!(
                    "{}: has no parameter named '{key}'",
                    ref_string(&r.rtype, &r.title)
                )));
            }
        }
        Ok(())
    }

    /// A Ruby type's resource may only have that type's attributes (Puppet's
    /// `Resource#validate_parameter` when the resource is finished).
    fn validate_builtin_params(&self, id: ResId) -> Result<(), EvalError> {
        let r = &self.resources[id];
        let ResKind::Builtin(ty) = &r.kind else {
            return Ok(());
        };
        if r.file.is_none() {
            return Ok(());
        }
        for key in r.params.keys() {
            if !ty.valid_attribute(key) {
                let file = r.file.as_ref().map(|f| f.path.as_str()).unwrap_or("");
                let line = r.line.unwrap_or(0);
                return Err(EvalError::located(
                    format!(
                        "no parameter named '{key}' (file: {file}, line: {line}) on {}",
                        ref_string(&r.rtype, &r.title)
                    ),
                    file,
                    r.line,
                ));
            }
        }
        Ok(())
    }

    /// Puppet's `add_resource_metaparams`: walking containment from `Class[main]`,
    /// what a container sets of `noop`, `loglevel`, `schedule`, `audit`, `alias`, `tag`
    /// and `stage` goes to what it contains (unless set there), and so do its tags.
    fn add_resource_metaparams(&mut self) {
        let mut children: HashMap<ResId, Vec<ResId>> = HashMap::new();
        for &(s, t) in &self.edges {
            children.entry(s).or_default().push(t);
        }
        let mut data: HashMap<ResId, Vec<(Arc<str>, Value)>> = HashMap::new();
        let mut visited = HashSet::new();
        let main = self.main_class;
        self.walk_metaparams(main, &children, &mut data, &mut visited);
    }

    /// The inheritable metaparameters a resource sets itself.
    fn own_metaparams(&self, r: ResId) -> Vec<(Arc<str>, Value)> {
        INHERITED_METAPARAMS
            .iter()
            .filter_map(|m| {
                self.resources[r]
                    .params
                    .get_key_value(*m)
                    .filter(|(_, v)| !v.is_undef())
                    .map(|(k, v)| (k.clone(), v.clone()))
            })
            .collect()
    }

    /// Depth first, in edge order, as Puppet's `catalog.walk` does.
    fn walk_metaparams(
        &mut self,
        source: ResId,
        children: &HashMap<ResId, Vec<ResId>>,
        data: &mut HashMap<ResId, Vec<(Arc<str>, Value)>>,
        visited: &mut HashSet<(ResId, ResId)>,
    ) {
        for &target in children.get(&source).map(|v| v.as_slice()).unwrap_or(&[]) {
            if !visited.insert((source, target)) {
                continue;
            }
            let source_data = data
                .get(&source)
                .cloned()
                .unwrap_or_else(|| self.own_metaparams(source));
            if !source_data.is_empty() {
                data.entry(source).or_insert_with(|| source_data.clone());
                for (param, value) in &source_data {
                    if is_unset(self.resources[target].params.get(&**param)) {
                        self.resources[target]
                            .params
                            .insert(param.clone(), value.clone());
                    }
                }
                let mut merged = source_data.clone();
                for (k, v) in self.own_metaparams(target) {
                    merged.retain(|(mk, _)| *mk != k);
                    merged.push((k, v));
                }
                data.insert(target, merged);
            }
            inherit_tags(&mut self.resources, source, target);
            self.walk_metaparams(target, children, data, visited);
        }
    }

    /// Puppet's `fail_on_unevaluated`: overrides whose resource never appeared, then
    /// resources that `realize` could not find.
    pub(crate) fn fail_on_unevaluated(&mut self) -> Result<(), EvalError> {
        if !self.overrides.is_empty() {
            let refs: Vec<String> = self
                .overrides
                .iter()
                .map(|o| ref_string(&o.rtype, &o.title))
                .collect();
            return Err(EvalError::new(format!(
                "Could not find resource(s) {} for overriding",
                refs.join(", ")
            )));
        }
        let requests = std::mem::take(&mut self.realize_requests);
        let mut missing = Vec::new();
        for ((t, title), _, _) in &requests {
            match self.find(t, title) {
                Some(id) => self.resources[id].virtual_ = false,
                None => missing.push(ref_string(t, title)),
            }
        }
        if !missing.is_empty() {
            return Err(EvalError::new(format!(
                "Failed to realize virtual resources {}",
                missing.join(", ")
            )));
        }
        Ok(())
    }

    /// Puppet's `RelationshipValidator`: every reference in `before`, `require`,
    /// `notify` and `subscribe` of a resource that is not virtual must exist.
    pub(crate) fn validate_relationships(&self) -> Result<(), EvalError> {
        for r in &self.resources {
            if r.virtual_ {
                continue;
            }
            for (name, value) in &r.params {
                if !matches!(&**name, "before" | "require" | "notify" | "subscribe") {
                    continue;
                }
                let mut refs = Vec::new();
                flatten_refs(value, &mut refs);
                for v in refs {
                    // The reference as the error shows it is written only for that.
                    let found = match &v {
                        Value::Undef => continue,
                        Value::Type(t) => match t.resolved() {
                            PType::Resource {
                                type_name: Some(tn),
                                title: Some(title),
                            } => self.find(tn, title).is_some(),
                            PType::Class(Some(c)) => self.find("Class", c).is_some(),
                            _ => false,
                        },
                        Value::Str(s) => match s
                            .split_once('[')
                            .and_then(|(t, rest)| rest.strip_suffix(']').map(|title| (t, title)))
                        {
                            Some((t, title)) if !title.is_empty() => {
                                let title = title.trim_matches(|c| c == '\'' || c == '"');
                                self.find(t, title).is_some()
                            }
                            _ => {
                                return Err(self.param_error(
                                    r,
                                    name,
                                    format!(
                                    "No title provided and {s:?} is not a valid resource reference"
                                ),
                                ))
                            }
                        },
                        _ => false,
                    };
                    if !found {
                        let shown = match &v {
                            Value::Type(t) => match t.resolved() {
                                PType::Resource {
                                    type_name: Some(tn),
                                    title: Some(title),
                                } => ref_string(tn, title),
                                PType::Class(Some(c)) => {
                                    ref_string("Class", &capitalize_segments(c))
                                }
                                other => other.to_string(),
                            },
                            Value::Str(s) => String::from(&**s),
                            other => other.to_string(),
                        };
                        return Err(self.param_error(
                            r,
                            name,
                            format!("Could not find resource '{shown}' in parameter '{name}'"),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// An error about a parameter, at the place it was set when that is known.
    fn param_error(&self, r: &Res, name: &str, message: String) -> EvalError {
        match r.param_lines.get(&r.params, name) {
            Some((file, line)) => EvalError::located(message, &file.path, Some(*line)),
            None => EvalError::new(message),
        }
    }

    // ------------------------------------------------------------------ relationships

    /// The resources one side of a relationship stands for; `left` sides fall back to
    /// a collector's alternative when it collected nothing.
    fn rel_items(&self, side: &RelSide, left: bool) -> Vec<RelItem> {
        let mut out = Vec::new();
        for item in side {
            match item {
                RelItem::Ref(..) => out.push(item.clone()),
                RelItem::Collector(c) => {
                    let collected = &self.collectors[*c].collected;
                    if !collected.is_empty() || !left {
                        out.extend(collected.iter().map(|&id| {
                            RelItem::Ref(
                                self.resources[id].rtype.clone(),
                                self.resources[id].title.clone(),
                            )
                        }));
                    } else if let Some(alt) = &self.collectors[*c].alternative {
                        out.extend(self.rel_items(alt, true));
                    }
                }
            }
        }
        out
    }

    fn evaluate_relationships(&mut self) -> Result<(), EvalError> {
        let relationships = std::mem::take(&mut self.relationships);
        for rel in &relationships {
            let (source, target, param) = match rel.op {
                EdgeOp::Before => (&rel.lhs, &rel.rhs, "before"),
                EdgeOp::Notify => (&rel.lhs, &rel.rhs, "notify"),
                EdgeOp::Require => (&rel.rhs, &rel.lhs, "before"),
                EdgeOp::Subscribe => (&rel.rhs, &rel.lhs, "notify"),
            };
            let sources = self.rel_items(source, true);
            let targets = self.rel_items(target, false);
            for s in &sources {
                for t in &targets {
                    let (RelItem::Ref(st, stitle), RelItem::Ref(tt, ttitle)) = (s, t) else {
                        continue;
                    };
                    let (s_ref, t_ref) = (ref_string(st, stitle), ref_string(tt, ttitle));
                    let Some(sid) = self.find(st, stitle) else {
                        return Err(EvalError::new(format!(
                            "Could not find resource '{s_ref}' for relationship on '{t_ref}'"
                        )));
                    };
                    let Some(tid) = self.find(tt, ttitle) else {
                        return Err(EvalError::new(format!(
                            "Could not find resource '{t_ref}' for relationship from '{s_ref}'"
                        )));
                    };
                    let target = Value::Type(Arc::new(PType::Resource {
                        type_name: Some(self.resources[tid].rtype.clone()),
                        title: Some(self.resources[tid].title.clone()),
                    }));
                    let mut items: Vec<Value> = match self.resources[sid].params.get(param) {
                        Some(Value::Array(a)) => a.iter().cloned().collect(),
                        Some(Value::Undef) | None => Vec::new(),
                        Some(other) => vec![other.clone()],
                    };
                    items.push(target);
                    let (i, _) = self.resources[sid]
                        .params
                        .insert_full(Arc::from(param), Value::array(items));
                    // Puppet sets a new parameter here, which forgets where the old
                    // value came from.
                    self.resources[sid].param_lines.set(i, None);
                }
            }
        }
        Ok(())
    }

    // ------------------------------------------------------------------ the catalog

    /// The catalog, the compile's last step: the resources' names and tags move into
    /// it.
    pub(crate) fn build_catalog(&mut self) -> Result<cat::Catalog, EvalError> {
        self.env.saw_resources(self.resources.len());
        let included = |r: &Res| !r.virtual_ || r.exported;
        // One shared copy of each resource's type and title, whatever its edges.
        let mut names: Vec<Option<cat::ResourceRef>> = vec![None; self.resources.len()];
        let mut rref = |id: ResId| {
            names[id]
                .get_or_insert_with(|| {
                    let r = &self.resources[id];
                    cat::ResourceRef {
                        type_name: Arc::from(r.rtype.as_str()),
                        title: Arc::from(r.title.as_str()),
                    }
                })
                .clone()
        };
        // Puppet writes its graph's edges target by target, the targets in the order
        // they joined the catalog, and each target's sources in the order they were
        // added (a stable sort of the edges by target).
        let mut edges: Vec<(ResId, ResId)> = self
            .edges
            .iter()
            .filter(|&&(s, t)| included(&self.resources[s]) && included(&self.resources[t]))
            .copied()
            .collect();
        edges.sort_by_key(|&(_, t)| t);
        let edges = edges
            .into_iter()
            .map(|(s, t)| cat::Edge {
                source: rref(s),
                target: rref(t),
            })
            .collect();
        // The catalog Puppet sends is a copy (`to_resource`): its `add_class` tags it
        // with the class list first, then the compile's own tags are merged in.
        let mut tags = Vec::new();
        for class in &self.classes {
            if is_valid_tag(class) {
                tag_with_segments(class, &mut tags);
            }
        }
        for tag in &self.catalog_tags {
            push_unique(&mut tags, tag);
        }
        let mut resources = Vec::with_capacity(self.resources.len());
        for id in 0..self.resources.len() {
            let r = &self.resources[id];
            if !included(r) {
                continue;
            }
            let mut sensitive = Vec::new();
            // The parameters move into the catalog (their names with them).
            let params = std::mem::take(&mut self.resources[id].params);
            let r = &self.resources[id];
            let params = catalog_params(r, params);
            let mut parameters = Vec::with_capacity(params.len());
            for (k, v) in params {
                if matches!(v, Value::Sensitive(_)) {
                    sensitive.push(k.to_string());
                }
                if crate::wire::has_recursive_alias(&v) {
                    return Err(EvalError::serialization(
                        "Endless recursion detected when attempting to serialize value of \
                         class Puppet::Pops::Types::PTypeAliasType",
                        r.file.as_ref().map_or("", |f| f.path.as_str()),
                        r.line.unwrap_or(0),
                    ));
                }
                parameters.push((k, crate::wire::to_data(&v, true)));
            }
            let r = &mut self.resources[id];
            resources.push(cat::Resource {
                type_name: std::mem::take(&mut r.rtype),
                title: std::mem::take(&mut r.title),
                tags: std::mem::take(&mut r.tags),
                file: r.file.as_ref().map(|f| f.path.clone()),
                line: r.line,
                exported: r.exported,
                kind: r.wire_kind,
                parameters,
                sensitive_parameters: sensitive,
            });
        }
        Ok(cat::Catalog {
            name: self.node.name.clone(),
            environment: self.env.name.clone(),
            version: match self
                .env
                .config_version_output(self.options.commands.as_deref())
            {
                Some(Ok(v)) => cat::Version::String(v),
                _ => cat::Version::Integer(0),
            },
            catalog_uuid: String::new(),
            tags,
            classes: std::mem::take(&mut self.classes),
            resources,
            edges,
        })
    }
}

/// The parameters the catalog writes for a resource, as Puppet's copy of it
/// (`Puppet::Resource.new(resource)`) and its `to_data_hash` make them: the title
/// parsed by the type's title patterns first, then the parameters (undef ones left
/// out, `name` written as the namevar of a type with one key attribute), without
/// the namevar when it equals the title. (The scaffolding, `Stage[main]` and
/// `Class[main]`, keeps its `name`: Puppet compares it with a title symbol.)
/// `params` are the resource's own, taken out of it.
fn catalog_params(
    r: &Res,
    params: crate::value::IndexMap<Arc<str>, Value>,
) -> Vec<(Arc<str>, Value)> {
    let given = params.len();
    let own = params
        .into_iter()
        .filter(|(_, v)| !v.is_undef())
        .map(|(k, v)| {
            let v = flatten_for_catalog(&k, v);
            (k, v)
        });
    if r.file.is_none() {
        return own.collect();
    }
    let (parsed, namevar, rename) = match &r.kind {
        ResKind::Builtin(t) => {
            let parsed = t.parse_title(&r.title).and_then(Result::ok);
            let rename = t.key_attributes.len() == 1;
            (parsed.unwrap_or_default(), t.namevar(), rename)
        }
        _ => (vec![("name".to_string(), r.title.clone())], "name", false),
    };
    // The title's attributes, then the parameters (which replace them in place):
    // the parameters' names are unique, and so are the title's.
    let mut out: Vec<(Arc<str>, Value)> = Vec::with_capacity(parsed.len() + given);
    for (k, v) in parsed {
        let v = Value::str(v.as_str());
        match out.iter_mut().find(|(t, _)| **t == *k) {
            Some(entry) => entry.1 = v,
            None => out.push((Arc::from(k), v)),
        }
    }
    let from_title = out.len();
    for (k, v) in own {
        match out[..from_title].iter_mut().find(|(t, _)| *t == k) {
            Some(entry) => entry.1 = v,
            None => out.push((k, v)),
        }
    }
    if rename {
        // `name` becomes the namevar: where the first of the two was, with the
        // value of the later (a hash's insert of a key it has).
        let name = out.iter().position(|(k, _)| &**k == "name");
        let var = out.iter().position(|(k, _)| &**k == namevar);
        match (name, var) {
            (Some(n), None) => out[n].0 = Arc::from(namevar),
            (Some(n), Some(v)) if n != v => {
                let (first, later) = (n.min(v), n.max(v));
                let value = out.remove(later).1;
                out[first] = (Arc::from(namevar), value);
            }
            _ => {}
        }
    }
    out.retain(|(k, v)| {
        !(r.title_is_string && &**k == namevar && matches!(v, Value::Str(s) if **s == *r.title))
    });
    out
}

/// A parameter's value as Puppet's copy of the resource has it: a relationship
/// metaparameter's Array flattened without undef (`Parser::Resource#to_hash`), and any
/// Array holding a resource reference at any depth flattened (`Puppet::Resource.new`).
fn flatten_for_catalog(name: &str, v: Value) -> Value {
    let Value::Array(items) = &v else {
        return v;
    };
    let relationship = matches!(name, "before" | "require" | "notify" | "subscribe");
    if !relationship && !items.iter().any(holds_reference) {
        return v;
    }
    let mut flat = Vec::new();
    items.iter().for_each(|i| flatten_refs(i, &mut flat));
    if relationship {
        flat.retain(|i| !i.is_undef());
    }
    Value::array(flat)
}

/// Whether `v` is a resource or class reference, or an Array holding one at any depth.
fn holds_reference(v: &Value) -> bool {
    match v {
        Value::Array(items) => items.iter().any(holds_reference),
        Value::Type(t) => matches!(
            t.resolved(),
            PType::Resource { title: Some(_), .. } | PType::Class(Some(_))
        ),
        _ => false,
    }
}

/// A relationship parameter's references, nested arrays flattened.
fn flatten_refs(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Array(items) => items.iter().for_each(|i| flatten_refs(i, out)),
        other => out.push(other.clone()),
    }
}
