//! A node classifier that reads an inventory file: groups of nodes, layered like
//! host groups, carrying the classes, parameters and environment an external node
//! classifier (ENC) would print.
//!
//! # Format
//!
//! ```yaml
//! # inventory.yaml
//! groups:
//!   - name: base
//!     classes: [ntp, ssh]            # a list of names...
//!     parameters: {datacenter: ams1}
//!   - name: web
//!     parent: base
//!     classes:                      # ...or a hash of class => parameters
//!       nginx: {port: 80, user: www}
//!     parameters: {role: web}
//!     groups:                       # nested groups: their parent is `web`
//!       - name: web_canary
//!         classes:
//!           nginx: {port: 8080}     # merged with web's: {port: 8080, user: www}
//!         environment: canary
//! nodes:
//!   - name: '*'                     # every node: a default
//!     groups: [base]
//!   - name: 'web*.example.com'      # a glob
//!     groups: [web]
//!   - name: web01.example.com       # an exact name
//!     groups: [web_canary]
//!     parameters: {rack: r12}       # a node entry carries settings too
//!   - name: ['/^db\d+\./', db-old.example.com]   # a regex, or several patterns
//!     classes: [postgresql]
//! ```
//!
//! * `groups`: a list of groups, each with a unique `name` and optional `parent` (the
//!   name of another group, defined anywhere in the file), `groups` (groups nested in
//!   this one, which is their parent), `classes`, `parameters` and `environment`.
//! * `nodes`: a list of entries, each with `name` (a pattern, or a list of patterns),
//!   optional `groups` (names of the groups the matching nodes are in) and its own
//!   `classes`, `parameters` and `environment`.
//! * A pattern is a regular expression between slashes (`/^db\d+/`, matched anywhere
//!   in the certname unless anchored, case-sensitive), a glob if it holds `*`, `?` or
//!   `[` (`*` any characters, dots included; `?` one; `[a-z]`, `[!0-9]` a class), or
//!   else an exact name. Globs and names ignore ASCII case, as host names do.
//!
//! # What a node gets
//!
//! Every node entry that matches the certname counts, in file order. Their groups,
//! each preceded by its ancestors (parent before child; a group counts once), are the
//! first layers, then the matching entries' own settings; layers are applied in that
//! order, so a child group overrides its parent, a later group an earlier one, and a
//! node entry every group:
//!
//! * `classes` are merged: the union of all layers, in first-seen order; a class's
//!   parameters are merged too, later layers winning per parameter. A class that ends
//!   with no parameters is declared include-like, one with parameters resource-like,
//!   as an ENC's `classes` hash does.
//! * `parameters` (top-scope variables; they win over facts): later layers win per name.
//! * `environment`: the last layer that sets one wins.
//!
//! A node that no entry matches is unknown, and the compile fails (as Puppet fails
//! for a node its ENC does not know); an entry named `'*'` gives every node a default.
//!
//! The file is read and checked once, by [`InventoryClassifier::load`]: a YAML error,
//! an unknown key, a duplicate or unknown group, a group that is its own ancestor, a
//! bad regular expression or glob is an error naming the file and the problem.

mod pattern;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use marionette_catalog::ruby::class_name;
use marionette_catalog::Data;
use marionette_nodes::{Classification, ClassifyError, NodeClassifier, Parameters};

use pattern::Pattern;

/// The classifier: an inventory file, read once.
#[derive(Debug)]
pub struct InventoryClassifier {
    path: PathBuf,
    inventory: Inventory,
}

impl InventoryClassifier {
    /// Reads and checks the inventory file at `path`.
    pub fn load(path: impl AsRef<Path>) -> Result<InventoryClassifier, ClassifyError> {
        let path = path.as_ref();
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| ClassifyError::new(format!("cannot read the inventory {shown}: {e}")))?;
        let inventory = Inventory::parse(&text, &shown)?;
        Ok(InventoryClassifier {
            path: path.to_path_buf(),
            inventory,
        })
    }
}

impl NodeClassifier for InventoryClassifier {
    fn describe(&self) -> String {
        format!("the inventory {}", self.path.display())
    }

    fn classify(&self, certname: &str, _facts: &Data) -> Result<Classification, ClassifyError> {
        self.inventory.classify(certname).ok_or_else(|| {
            ClassifyError::new(format!(
                "Could not find node '{certname}': no entry of the inventory {} matches it",
                self.path.display()
            ))
        })
    }
}

/// The environment variable naming the inventory file of the loaded plugin.
pub const INVENTORY_VARIABLE: &str = "MARIONETTE_INVENTORY";

/// The plugin: a classifier over the inventory file that `$MARIONETTE_INVENTORY` names,
/// read when the first node is classified (a missing variable or a bad file is then
/// the classification's error). Loaded with `--plugin` (the `cdylib`); a custom binary
/// can instead register `InventoryClassifier::load(path)` directly.
pub fn plugin() -> marionette_plugin_api::Plugin {
    marionette_plugin_api::Plugin::new("enc-inventory").classifier(FromEnvironment::default())
}

marionette_plugin_api::export_plugin!(plugin);

/// The inventory that [`INVENTORY_VARIABLE`] names, loaded once.
#[derive(Debug, Default)]
struct FromEnvironment {
    loaded: std::sync::OnceLock<Result<InventoryClassifier, ClassifyError>>,
}

impl FromEnvironment {
    fn inventory(&self) -> Result<&InventoryClassifier, ClassifyError> {
        self.loaded
            .get_or_init(|| match std::env::var_os(INVENTORY_VARIABLE) {
                Some(path) => InventoryClassifier::load(PathBuf::from(path)),
                None => Err(ClassifyError::new(format!(
                    "the enc-inventory plugin needs the inventory file in ${INVENTORY_VARIABLE}"
                ))),
            })
            .as_ref()
            .map_err(Clone::clone)
    }
}

impl NodeClassifier for FromEnvironment {
    fn describe(&self) -> String {
        match self.inventory() {
            Ok(inventory) => inventory.describe(),
            Err(_) => format!("the inventory named by ${INVENTORY_VARIABLE}"),
        }
    }

    fn classify(&self, certname: &str, facts: &Data) -> Result<Classification, ClassifyError> {
        self.inventory()?.classify(certname, facts)
    }
}

/// What a group or a node entry sets.
#[derive(Debug, Default)]
struct Layer {
    classes: Vec<(String, Parameters)>,
    parameters: Parameters,
    environment: Option<String>,
}

#[derive(Debug)]
struct Group {
    parent: Option<usize>,
    layer: Layer,
}

#[derive(Debug)]
struct NodeEntry {
    patterns: Vec<Pattern>,
    groups: Vec<usize>,
    layer: Layer,
}

/// An inventory, parsed and checked.
#[derive(Debug)]
pub struct Inventory {
    groups: Vec<Group>,
    nodes: Vec<NodeEntry>,
    /// The node entries of each exact name (lower-cased), so that a large inventory
    /// of names is not scanned for each node.
    exact: HashMap<String, Vec<usize>>,
    /// The node entries with globs or regexes.
    patterned: Vec<usize>,
}

impl Inventory {
    /// Parses inventory text; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<Inventory, ClassifyError> {
        let data = marionette_lookup::parse_yaml(text, file)
            .map_err(|e| ClassifyError::new(format!("cannot read the inventory: {}", e.message)))?;
        Reader { file }.inventory(data)
    }

    /// The classification of `certname`; `None` when no node entry matches it.
    pub fn classify(&self, certname: &str) -> Option<Classification> {
        let lower = certname.to_ascii_lowercase();
        let mut hits = self.exact.get(&lower).cloned().unwrap_or_default();
        hits.extend(self.patterned.iter().copied().filter(|&i| {
            self.nodes[i]
                .patterns
                .iter()
                .any(|p| p.matches(certname, &lower))
        }));
        // In file order, each entry once.
        hits.sort_unstable();
        hits.dedup();
        let matched: Vec<&NodeEntry> = hits.iter().map(|&i| &self.nodes[i]).collect();
        if matched.is_empty() {
            return None;
        }
        let mut order: Vec<usize> = Vec::new();
        for &group in matched.iter().flat_map(|n| &n.groups) {
            // The group after its ancestors, each once.
            let mut chain = Vec::new();
            let mut next = Some(group);
            while let Some(g) = next.filter(|g| !order.contains(g)) {
                chain.push(g);
                next = self.groups[g].parent;
            }
            order.extend(chain.into_iter().rev());
        }
        let layers = order
            .iter()
            .map(|&g| &self.groups[g].layer)
            .chain(matched.iter().map(|n| &n.layer));
        let mut classes: Vec<(String, Parameters)> = Vec::new();
        let mut out = Classification::default();
        for layer in layers {
            for (name, params) in &layer.classes {
                match classes.iter_mut().find(|(n, _)| n == name) {
                    Some((_, merged)) => set_all(merged, params),
                    None => classes.push((name.clone(), params.clone())),
                }
            }
            set_all(&mut out.parameters, &layer.parameters);
            if let Some(env) = &layer.environment {
                out.environment = Some(env.clone());
            }
        }
        out.classes = classes
            .into_iter()
            .map(|(name, params)| (name, Some(params).filter(|p| !p.is_empty())))
            .collect();
        Some(out)
    }
}

/// Sets every value of `from` in `into`: a name already there keeps its place.
fn set_all(into: &mut Parameters, from: &Parameters) {
    for (name, value) in from {
        match into.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => *v = value.clone(),
            None => into.push((name.clone(), value.clone())),
        }
    }
}

/// The `name` of a group or node entry, for messages, before it is checked: a string,
/// or the strings of a list.
fn declared_name(data: &Data) -> Option<String> {
    let Data::Hash(entries) = data else {
        return None;
    };
    let (_, name) = entries
        .iter()
        .find(|(k, _)| matches!(k, Data::String(k) if k == "name"))?;
    let names: Vec<&str> = match name {
        Data::String(s) => vec![s.as_str()],
        Data::Array(items) => items
            .iter()
            .map(|i| match i {
                Data::String(s) => Some(s.as_str()),
                _ => None,
            })
            .collect::<Option<_>>()?,
        _ => return None,
    };
    Some(names.join("', '")).filter(|n| !n.is_empty())
}

/// Reads the YAML document of an inventory.
struct Reader<'f> {
    file: &'f str,
}

/// A group entry before its parent is resolved.
struct GroupEntry {
    name: String,
    parent: Option<String>,
    layer: Layer,
}

impl Reader<'_> {
    fn error(&self, what: impl std::fmt::Display) -> ClassifyError {
        ClassifyError::new(format!("inventory {}: {what}", self.file))
    }

    /// The entries of a hash with string keys, each key one of `allowed`.
    fn hash(
        &self,
        data: Data,
        what: &str,
        allowed: &[&str],
    ) -> Result<Vec<(String, Data)>, ClassifyError> {
        let Data::Hash(entries) = data else {
            return Err(self.error(format!("{what} must be a hash, not {}", class_name(&data))));
        };
        entries
            .into_iter()
            .map(|(k, v)| match k {
                Data::String(k) if allowed.contains(&k.as_str()) => Ok((k, v)),
                Data::String(k) => Err(self.error(format!(
                    "{what}: unknown key '{k}' (known: {})",
                    allowed.join(", ")
                ))),
                other => Err(self.error(format!(
                    "{what}: a key must be a string, not {}",
                    class_name(&other)
                ))),
            })
            .collect()
    }

    fn list(&self, data: Data, what: &str) -> Result<Vec<Data>, ClassifyError> {
        match data {
            Data::Undef => Ok(Vec::new()),
            Data::Array(items) => Ok(items),
            other => Err(self.error(format!("{what} must be a list, not {}", class_name(&other)))),
        }
    }

    fn string(&self, data: Data, what: &str) -> Result<String, ClassifyError> {
        match data {
            Data::String(s) if !s.is_empty() => Ok(s),
            other => Err(self.error(format!(
                "{what} must be a non-empty string, not {}",
                class_name(&other)
            ))),
        }
    }

    fn inventory(&self, data: Data) -> Result<Inventory, ClassifyError> {
        // An empty file is an empty inventory, which knows no node.
        let data = match data {
            Data::Undef | Data::Bool(false) => Data::Hash(Vec::new()),
            d => d,
        };
        let mut entries = Vec::new();
        let mut node_data = Vec::new();
        for (key, value) in self.hash(data, "the document", &["groups", "nodes"])? {
            match key.as_str() {
                "groups" => {
                    for g in self.list(value, "groups")? {
                        self.group(g, None, &mut entries)?;
                    }
                }
                _ => node_data = self.list(value, "nodes")?,
            }
        }
        let mut by_name = HashMap::with_capacity(entries.len());
        for (i, entry) in entries.iter().enumerate() {
            by_name.entry(entry.name.as_str()).or_insert(i);
        }
        let index = |name: &str| by_name.get(name).copied();
        let mut groups = Vec::with_capacity(entries.len());
        for (i, entry) in entries.iter().enumerate() {
            if index(&entry.name) != Some(i) {
                return Err(self.error(format!("group '{}' is defined twice", entry.name)));
            }
            let parent = match &entry.parent {
                None => None,
                Some(p) => Some(index(p).ok_or_else(|| {
                    self.error(format!("group '{}': unknown parent '{p}'", entry.name))
                })?),
            };
            groups.push(parent);
        }
        for start in 0..groups.len() {
            let mut seen = vec![start];
            let mut next = groups[start];
            while let Some(g) = next {
                if g == start {
                    let names: Vec<&str> = seen.iter().map(|&g| entries[g].name.as_str()).collect();
                    return Err(self.error(format!(
                        "groups {} -> '{}' form a cycle of parents",
                        names
                            .iter()
                            .map(|n| format!("'{n}'"))
                            .collect::<Vec<_>>()
                            .join(" -> "),
                        entries[start].name
                    )));
                }
                if seen.contains(&g) {
                    break; // a cycle further up, reported from its own start
                }
                seen.push(g);
                next = groups[g];
            }
        }
        let mut nodes = Vec::new();
        for (i, n) in node_data.into_iter().enumerate() {
            nodes.push(self.node(n, i + 1, &index)?);
        }
        let groups = entries
            .into_iter()
            .zip(groups)
            .map(|(e, parent)| Group {
                parent,
                layer: e.layer,
            })
            .collect();
        let mut exact: HashMap<String, Vec<usize>> = HashMap::new();
        let mut patterned = Vec::new();
        for (i, node) in nodes.iter().enumerate() {
            for pattern in &node.patterns {
                match pattern {
                    Pattern::Exact(name) => exact.entry(name.clone()).or_default().push(i),
                    _ => patterned.push(i),
                }
            }
        }
        patterned.dedup();
        Ok(Inventory {
            groups,
            nodes,
            exact,
            patterned,
        })
    }

    /// A group and the groups nested in it, in file order.
    fn group(
        &self,
        data: Data,
        enclosing: Option<&str>,
        out: &mut Vec<GroupEntry>,
    ) -> Result<(), ClassifyError> {
        const KEYS: &[&str] = &[
            "name",
            "parent",
            "groups",
            "classes",
            "parameters",
            "environment",
        ];
        let mut name = None;
        let mut parent = None;
        let mut nested = Vec::new();
        let mut layer_data = Vec::new();
        let what = match (declared_name(&data), enclosing) {
            (Some(name), _) => format!("group '{name}'"),
            (None, None) => format!("group #{}", out.len() + 1),
            (None, Some(e)) => format!("a group nested in '{e}'"),
        };
        for (key, value) in self.hash(data, &what, KEYS)? {
            match key.as_str() {
                "name" => name = Some(self.string(value, &format!("the name of {what}"))?),
                "parent" => parent = Some(self.string(value, &format!("the parent of {what}"))?),
                "groups" => nested = self.list(value, &format!("the groups of {what}"))?,
                _ => layer_data.push((key, value)),
            }
        }
        let name = name.ok_or_else(|| self.error(format!("{what} has no name")))?;
        let what = format!("group '{name}'");
        if let (Some(e), Some(p)) = (enclosing, &parent) {
            if p != e {
                return Err(self.error(format!(
                    "{what} is nested in '{e}' but names another parent, '{p}'"
                )));
            }
        }
        let layer = self.layer(layer_data, &what)?;
        out.push(GroupEntry {
            name: name.clone(),
            parent: parent.or_else(|| enclosing.map(str::to_string)),
            layer,
        });
        for n in nested {
            self.group(n, Some(&name), out)?;
        }
        Ok(())
    }

    fn node(
        &self,
        data: Data,
        number: usize,
        index: &dyn Fn(&str) -> Option<usize>,
    ) -> Result<NodeEntry, ClassifyError> {
        const KEYS: &[&str] = &["name", "groups", "classes", "parameters", "environment"];
        let what = match declared_name(&data) {
            Some(name) => format!("node entry '{name}'"),
            None => format!("node entry #{number}"),
        };
        let mut patterns = None;
        let mut group_names = Vec::new();
        let mut layer_data = Vec::new();
        for (key, value) in self.hash(data, &what, KEYS)? {
            match key.as_str() {
                "name" => {
                    let names = match value {
                        Data::Array(items) => items,
                        single => vec![single],
                    };
                    let mut list = Vec::new();
                    for n in names {
                        let n = self.string(n, &format!("the name of {what}"))?;
                        list.push(
                            Pattern::new(&n).map_err(|e| self.error(format!("{what}: {e}")))?,
                        );
                    }
                    patterns = Some(list);
                }
                "groups" => group_names = self.list(value, &format!("the groups of {what}"))?,
                _ => layer_data.push((key, value)),
            }
        }
        let patterns = patterns
            .filter(|p| !p.is_empty())
            .ok_or_else(|| self.error(format!("{what} has no name")))?;
        let mut groups = Vec::new();
        for g in group_names {
            let g = self.string(g, &format!("a group of {what}"))?;
            groups
                .push(index(&g).ok_or_else(|| self.error(format!("{what}: unknown group '{g}'")))?);
        }
        Ok(NodeEntry {
            patterns,
            groups,
            layer: self.layer(layer_data, &what)?,
        })
    }

    /// `classes`, `parameters` and `environment`, as an ENC prints them.
    fn layer(&self, entries: Vec<(String, Data)>, what: &str) -> Result<Layer, ClassifyError> {
        let mut layer = Layer::default();
        for (key, value) in entries {
            match key.as_str() {
                "classes" => {
                    let named: Vec<(Data, Data)> = match value {
                        Data::Undef => Vec::new(),
                        Data::Array(items) => items.into_iter().map(|c| (c, Data::Undef)).collect(),
                        Data::Hash(entries) => entries,
                        other => {
                            return Err(self.error(format!(
                                "{what}: classes must be a list or a hash, not {}",
                                class_name(&other)
                            )))
                        }
                    };
                    for (class, params) in named {
                        let class = self.string(class, &format!("{what}: a class name"))?;
                        let params = match params {
                            Data::Undef => Vec::new(),
                            p => self.parameters(
                                p,
                                &format!("{what}: the parameters of class '{class}'"),
                            )?,
                        };
                        layer.classes.push((class, params));
                    }
                }
                "parameters" => {
                    layer.parameters = self.parameters(value, &format!("{what}: parameters"))?
                }
                _ => {
                    layer.environment = match value {
                        Data::Undef => None,
                        v => Some(self.string(v, &format!("{what}: environment"))?),
                    }
                }
            }
        }
        Ok(layer)
    }

    fn parameters(&self, data: Data, what: &str) -> Result<Parameters, ClassifyError> {
        match data {
            Data::Undef => Ok(Vec::new()),
            Data::Hash(entries) => entries
                .into_iter()
                .map(|(k, v)| Ok((self.string(k, &format!("{what}: a name"))?, v)))
                .collect(),
            other => Err(self.error(format!("{what} must be a hash, not {}", class_name(&other)))),
        }
    }
}

#[cfg(test)]
mod tests;
