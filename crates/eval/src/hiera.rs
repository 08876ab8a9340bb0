//! Hiera in the compile: the environment's [`Hiera`] (built on first use, shared by
//! every compile of the environment), lookups from a scope (`lookup()`, `hiera*()`,
//! automatic class parameter lookup), and the conversions between values and data.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use marionette_catalog::Data;
use marionette_lookup::{
    dig_path, DataFiles, ErrorKind, Hiera, HieraSources, LookupError, LookupFlags, LookupHost,
    Segment, Session,
};

use crate::compiler::{Compiler, ScopeId};
use crate::env::{Environment, SourceDb};
use crate::error::EvalError;
use crate::value::{Value, ValueMap};
use crate::wire::to_data;

/// Data files read through the environment's [`SourceDb`].
struct SourceFiles {
    db: Arc<dyn SourceDb>,
    /// Which data files exist: asked at every lookup of every compile, and the answer
    /// does not change during a run.
    exists: std::sync::Mutex<foldhash::HashMap<PathBuf, bool>>,
}

impl DataFiles for SourceFiles {
    fn exists(&self, path: &Path) -> bool {
        let mut known = self.exists.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(&exists) = known.get(path) {
            return exists;
        }
        let exists = self.db.is_file(path);
        known.insert(path.to_path_buf(), exists);
        exists
    }

    fn glob(&self, pattern: &Path) -> Vec<PathBuf> {
        let pattern = pattern.to_string_lossy();
        let mut out = Vec::new();
        for alternative in expand_braces(&pattern) {
            glob_into(self.db.as_ref(), &alternative, &mut out);
        }
        out.retain(|p| self.db.is_file(p));
        let mut seen = std::collections::HashSet::new();
        out.retain(|p| seen.insert(p.clone()));
        out
    }

    fn read(&self, path: &Path) -> std::io::Result<String> {
        self.db.read(path)
    }
}

/// `a{b,c}d` → `abd`, `acd` (nested braces too).
fn expand_braces(pattern: &str) -> Vec<String> {
    let Some(open) = pattern.find('{') else {
        return vec![pattern.to_string()];
    };
    let bytes = pattern.as_bytes();
    let mut depth = 0;
    let mut close = None;
    let mut commas = Vec::new();
    for (i, &b) in bytes.iter().enumerate().skip(open) {
        match b {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(i);
                    break;
                }
            }
            b',' if depth == 1 => commas.push(i),
            _ => {}
        }
    }
    let Some(close) = close else {
        return vec![pattern.to_string()];
    };
    let mut out = Vec::new();
    let mut start = open + 1;
    for end in commas.into_iter().chain([close]) {
        let combined = format!(
            "{}{}{}",
            &pattern[..open],
            &pattern[start..end],
            &pattern[close + 1..]
        );
        out.extend(expand_braces(&combined));
        start = end + 1;
    }
    out
}

/// Expands one brace-free pattern (`*`, `?`, `[...]` within a name; `**` for any
/// number of directories), in Ruby's order (each directory sorted).
fn glob_into(db: &dyn SourceDb, pattern: &str, out: &mut Vec<PathBuf>) {
    let absolute = pattern.starts_with('/');
    let parts: Vec<&str> = pattern.split('/').filter(|p| !p.is_empty()).collect();
    let base = if absolute {
        PathBuf::from("/")
    } else {
        PathBuf::from(".")
    };
    walk(db, &base, &parts, out);
}

fn walk(db: &dyn SourceDb, dir: &Path, parts: &[&str], out: &mut Vec<PathBuf>) {
    let Some((first, rest)) = parts.split_first() else {
        out.push(dir.to_path_buf());
        return;
    };
    if *first == "**" {
        // Zero directories, then each subdirectory (not hidden) recursively.
        walk(db, dir, rest, out);
        for entry in sorted_entries(db, dir) {
            let hidden = entry
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'));
            if !hidden && db.is_dir(&entry) {
                walk(db, &entry, parts, out);
            }
        }
        return;
    }
    if !first.contains(['*', '?', '[']) {
        let next = dir.join(first);
        if rest.is_empty() || db.is_dir(&next) {
            walk(db, &next, rest, out);
        }
        return;
    }
    for entry in sorted_entries(db, dir) {
        let Some(name) = entry.file_name().map(|n| n.to_string_lossy().into_owned()) else {
            continue;
        };
        if name.starts_with('.') && !first.starts_with('.') {
            continue;
        }
        if fnmatch(first.as_bytes(), name.as_bytes()) && (rest.is_empty() || db.is_dir(&entry)) {
            walk(db, &entry, rest, out);
        }
    }
}

fn sorted_entries(db: &dyn SourceDb, dir: &Path) -> Vec<PathBuf> {
    let mut entries = db.list(dir).unwrap_or_default();
    entries.sort();
    entries
}

/// Shell-style matching of one name: `*`, `?`, `[abc]`, `[a-z]`, `[!a]`, `\x`.
fn fnmatch(p: &[u8], s: &[u8]) -> bool {
    match p.first() {
        None => s.is_empty(),
        Some(b'*') => (0..=s.len()).any(|i| fnmatch(&p[1..], &s[i..])),
        Some(b'?') => !s.is_empty() && fnmatch(&p[1..], &s[1..]),
        Some(b'[') => {
            let Some(c) = s.first() else { return false };
            let mut i = 1;
            let negate = matches!(p.get(1), Some(b'!' | b'^'));
            if negate {
                i += 1;
            }
            let mut matched = false;
            let mut first = true;
            while i < p.len() && (p[i] != b']' || first) {
                first = false;
                if i + 2 < p.len() && p[i + 1] == b'-' && p[i + 2] != b']' {
                    if (p[i]..=p[i + 2]).contains(c) {
                        matched = true;
                    }
                    i += 3;
                } else {
                    if p[i] == *c {
                        matched = true;
                    }
                    i += 1;
                }
            }
            if i >= p.len() {
                return p[0] == *c && fnmatch(&p[1..], &s[1..]);
            }
            matched != negate && fnmatch(&p[i + 1..], &s[1..])
        }
        Some(b'\\') if p.len() > 1 => s.first() == Some(&p[1]) && fnmatch(&p[2..], &s[1..]),
        Some(c) => s.first() == Some(c) && fnmatch(&p[1..], &s[1..]),
    }
}

impl Environment {
    /// The environment's Hiera, read on first use.
    pub fn hiera(&self) -> &Hiera {
        self.hiera.get_or_init(|| {
            let modules = self.modules.all_dirs().to_vec();
            let conf = self
                .sources
                .read(&self.root.join("environment.conf"))
                .unwrap_or_default();
            let environment_default = conf.lines().any(|line| {
                line.split_once('=').is_some_and(|(k, v)| {
                    k.trim() == "environment_data_provider" && v.trim().trim_matches('"') == "hiera"
                })
            });
            let sources = HieraSources {
                global: self.hiera_config.clone(),
                environment: self.root.clone(),
                modules,
                environment_default,
                strict_error: self.strict_error,
            };
            Hiera::load(
                &sources,
                self.hiera_backends.clone(),
                Arc::new(SourceFiles {
                    db: self.sources.clone(),
                    exists: Default::default(),
                }),
            )
        })
    }
}

/// Data (from Hiera, facts files, classifiers) as a value.
pub fn value_from_data(d: &Data) -> Value {
    match d {
        Data::Undef => Value::Undef,
        Data::Default => Value::Default,
        Data::Bool(b) => Value::Bool(*b),
        Data::Integer(i) => Value::Int(*i),
        Data::BigInteger(i) => Value::BigInt(Arc::new(*i)),
        Data::Float(f) => Value::Float(*f),
        Data::String(s) => Value::str(s.as_str()),
        Data::Array(items) => Value::array(items.iter().map(value_from_data).collect()),
        Data::Hash(entries) => {
            let mut map = ValueMap::with_capacity_and_hasher(entries.len(), Default::default());
            for (k, v) in entries {
                map.insert(value_from_data(k), value_from_data(v));
            }
            Value::hash(map)
        }
        Data::Sensitive(inner) => Value::Sensitive(Arc::new(value_from_data(inner))),
        Data::Regexp(source) => match crate::value::Regex::new(source) {
            Ok(r) => Value::Regex(Arc::new(r)),
            Err(_) => Value::str(source.as_str()),
        },
        Data::Timestamp(t) => match crate::value::Timestamp::parse(t) {
            Some(t) => Value::Timestamp(Arc::new(t)),
            None => Value::str(t.as_str()),
        },
        Data::Deferred { name, arguments } => Value::Deferred(Arc::new(crate::value::Deferred {
            name: name.clone(),
            arguments: arguments
                .as_ref()
                .map(|a| a.iter().map(value_from_data).collect()),
        })),
        // A Binary in its rich-data form (a plugin's answer: Ruby strings that are not
        // UTF-8 come back as Binary values).
        Data::Type { ptype, attributes } if ptype == "Binary" => match attributes.as_slice() {
            [(k, Data::String(b64))] if k == "__pvalue" => {
                match marionette_catalog::base64::decode(b64, true) {
                    Some(bytes) => Value::Binary(Arc::new(bytes)),
                    None => Value::str(b64.as_str()),
                }
            }
            _ => Value::str(format!("{d:?}")),
        },
        other => Value::str(format!("{other:?}")),
    }
}

/// A lookup error as Puppet reports it: a runtime error is wrapped by the call that
/// made the lookup; a `LookupError` is printed as it is, with its own location.
fn lookup_error(e: LookupError) -> EvalError {
    if e.runtime {
        return EvalError::new(e.message);
    }
    match &e.location {
        Some(loc) => EvalError::located(e.message.clone(), &loc.file, loc.line.map(|l| l as u32)),
        None => EvalError::preformatted(e.message),
    }
}

/// A lookup's view of the compile: the scope it runs in.
struct Host<'c, 'e> {
    c: &'c mut Compiler<'e>,
    scope: ScopeId,
}

impl Host<'_, '_> {
    /// A variable that interpolation reads (Puppet's `scope[name]`, a `lookupvar`,
    /// which warns of a variable that is not set).
    fn scope_value(&mut self, name: &str) -> Option<Value> {
        let found = self.c.find_var(name, self.scope);
        if found.is_none() {
            self.c.variable_not_found(name);
        }
        found
    }
}

impl LookupHost for Host<'_, '_> {
    fn variable(&mut self, name: &str) -> Option<Data> {
        self.scope_value(name).map(|v| to_data(&v, false))
    }

    /// Digs in the values themselves, so that `%{facts.os.family}` converts one
    /// string, not the whole facts hash (paths are interpolated at every lookup).
    fn variable_at(
        &mut self,
        name: &str,
        path: &[Segment],
        key: &str,
    ) -> Result<Option<Data>, LookupError> {
        let Some(mut value) = self.scope_value(name) else {
            return Ok(None);
        };
        for (i, segment) in path.iter().enumerate() {
            let next = match (&value, segment) {
                (Value::Undef, _) => None,
                (Value::Array(items), Segment::Index(n)) => {
                    usize::try_from(*n).ok().and_then(|n| items.get(n)).cloned()
                }
                (Value::Hash(h), Segment::Key(k)) => h.get(&Value::str(k.as_str())).cloned(),
                (Value::Hash(h), Segment::Index(n)) => h.get(&Value::Int(*n)).cloned(),
                // Not something to dig into: Puppet's error, as data.
                _ => return dig_path(to_data(&value, false), &path[i..], key),
            };
            match next {
                Some(v) => value = v,
                None => return Ok(None),
            }
        }
        Ok(Some(to_data(&value, false)))
    }

    fn convert(&mut self, value: Data, convert_to: &[Data]) -> Result<Data, LookupError> {
        let Some(first) = convert_to.first() else {
            return Ok(value);
        };
        let ty = match first {
            Data::String(s) => crate::types::parse(s).map_err(|e| {
                LookupError::new(
                    ErrorKind::Merge,
                    format!(
                        "Invalid data type in lookup_options could not parse '{s}', error: '{e}"
                    ),
                )
            })?,
            other => {
                return Err(LookupError::new(
                    ErrorKind::Merge,
                    format!("Invalid data type in lookup_options: {other:?}"),
                ))
            }
        };
        let mut args = vec![value_from_data(&value)];
        args.extend(convert_to[1..].iter().map(value_from_data));
        match crate::functions::new_value(self.c, &ty, args) {
            Ok(v) => Ok(to_data(&v, false)),
            // As the `new` function reports it.
            Err(e) => Err(LookupError::new(ErrorKind::Merge, e.message)),
        }
    }

    fn warning(&mut self, message: String) {
        self.c.log("warning", message);
    }
}

impl<'e> Compiler<'e> {
    /// Looks `key` up in Hiera from `scope`. `Ok(None)` is "not found".
    pub(crate) fn hiera_lookup(
        &mut self,
        key: &str,
        merge: Option<&Data>,
        flags: &LookupFlags,
        scope: ScopeId,
    ) -> Result<Option<Value>, EvalError> {
        let env: &'e Environment = self.env;
        let mut session = self
            .lookup_session
            .take()
            .unwrap_or_else(|| Session::new(env.hiera()));
        let result = {
            let mut host = Host { c: self, scope };
            session.lookup(key, merge, flags, &mut host)
        };
        self.lookup_session = Some(session);
        result
            .map(|found| found.map(|d| value_from_data(&d)))
            .map_err(lookup_error)
    }

    /// Whether the environment has a version 5 environment layer.
    pub(crate) fn has_environment_hiera(&self) -> bool {
        self.env.hiera().has_environment_layer()
    }
}

/// What `marionette lookup` prints: the value found (`None`: not found) and, when
/// asked for, the explanation.
pub struct LookupOutcome {
    pub value: Option<Data>,
    pub explanation: String,
    pub log: Vec<crate::LogLine>,
}

/// Looks a key up for a node outside a catalog compile, as `puppet lookup` does: the
/// node's facts, trusted data and server facts are the top scope.
pub fn lookup_for_node(
    env: &Environment,
    node: crate::NodeInput,
    options: crate::CompileOptions,
    keys: &[String],
    merge: Option<&Data>,
    explain: bool,
) -> Result<LookupOutcome, EvalError> {
    let mut c = Compiler::new(env, node, options);
    c.set_top_variables()?;
    let mut session = Session::new(env.hiera());
    if explain {
        session.start_explaining();
    }
    let top = c.top;
    let mut result = Ok(None);
    for key in keys {
        let mut host = Host {
            c: &mut c,
            scope: top,
        };
        result = session.lookup(key, merge, &LookupFlags::default(), &mut host);
        if !matches!(result, Ok(None)) {
            break;
        }
    }
    let explanation = session.take_explanation();
    let value = result.map_err(lookup_error)?;
    Ok(LookupOutcome {
        value,
        explanation,
        log: std::mem::take(&mut c.log),
    })
}
