//! The lookup over layers with backends of every kind (in memory): `lookup_key` and
//! `data_dig` backends, answers cached per compile, merges across levels.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use marionette_catalog::Data;

use crate::backend::{Backend, BackendCall, BackendContext, Backends};
use crate::interpolate::Segment;
use crate::{
    BackendKind, DataFiles, Hiera, HieraSources, LookupError, LookupFlags, LookupHost, Session,
};

struct Files(HashMap<PathBuf, String>);

impl DataFiles for Files {
    fn exists(&self, path: &Path) -> bool {
        self.0.contains_key(path)
    }
    fn glob(&self, _: &Path) -> Vec<PathBuf> {
        Vec::new()
    }
    fn read(&self, path: &Path) -> std::io::Result<String> {
        self.0
            .get(path)
            .cloned()
            .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "absent"))
    }
}

struct Host;

impl LookupHost for Host {
    fn variable(&mut self, name: &str) -> Option<Data> {
        (name == "role").then(|| Data::String("web".into()))
    }
    fn convert(&mut self, value: Data, _: &[Data]) -> Result<Data, LookupError> {
        Ok(value)
    }
    fn warning(&mut self, _: String) {}
}

/// `lookup_key`: answers `<option prefix>-<key>` for keys starting with `k`, counting calls.
struct KeyBackend(Arc<AtomicUsize>);

impl Backend for KeyBackend {
    fn kind(&self) -> BackendKind {
        BackendKind::LookupKey
    }
    fn lookup_key(
        &self,
        key: &str,
        call: &BackendCall<'_>,
        cx: &mut dyn BackendContext,
    ) -> Result<Option<Data>, LookupError> {
        self.0.fetch_add(1, Ordering::SeqCst);
        let Some(Data::String(prefix)) = call.option("prefix") else {
            return Ok(None);
        };
        if key == "list" {
            return Ok(Some(Data::Array(vec![Data::String(prefix.clone())])));
        }
        if key == "symbol" {
            return Ok(Some(crate::lookup_value::ruby_object("Symbol", "sym")));
        }
        if !key.starts_with('k') {
            return Ok(None);
        }
        // Backends interpolate through their context.
        cx.interpolate(&Data::String(format!("{prefix}-{key}-%{{role}}")))
            .map(Some)
    }
}

/// `data_dig`: knows `app.port` only.
struct DigBackend;

impl Backend for DigBackend {
    fn kind(&self) -> BackendKind {
        BackendKind::DataDig
    }
    fn data_dig(
        &self,
        key: &[Segment],
        _: &BackendCall<'_>,
        _: &mut dyn BackendContext,
    ) -> Result<Option<Data>, LookupError> {
        Ok(match key {
            [Segment::Key(a), Segment::Key(b)] if a == "app" && b == "port" => {
                Some(Data::Integer(8080))
            }
            _ => None,
        })
    }
}

fn hiera(calls: Arc<AtomicUsize>) -> Hiera {
    let config = "---
version: 5
hierarchy:
  - name: first keys
    lookup_key: mem_key
    options: {prefix: one}
  - name: dig
    data_dig: mem_dig
  - name: yaml
    data_hash: yaml_data
    path: common.yaml
  - name: second keys
    lookup_key: mem_key
    options: {prefix: two}
";
    let mut files = HashMap::new();
    files.insert(PathBuf::from("/env/hiera.yaml"), config.to_string());
    files.insert(
        PathBuf::from("/env/data/common.yaml"),
        "plain: from yaml\nlist: [yaml]\n".to_string(),
    );
    let mut backends = Backends::default();
    backends.register("mem_key", Arc::new(KeyBackend(calls)));
    backends.register("mem_dig", Arc::new(DigBackend));
    Hiera::load(
        &HieraSources {
            environment: PathBuf::from("/env"),
            ..Default::default()
        },
        backends,
        Arc::new(Files(files)),
    )
}

fn s(v: &str) -> Data {
    Data::String(v.into())
}

#[test]
fn backends_of_every_kind() {
    let calls = Arc::new(AtomicUsize::new(0));
    let h = hiera(calls.clone());
    let mut session = Session::new(&h);
    let flags = LookupFlags::default();
    let mut get = |key: &str, merge: Option<Data>| {
        session
            .lookup(key, merge.as_ref(), &flags, &mut Host)
            .unwrap()
    };
    assert_eq!(get("kx", None), Some(s("one-kx-web")));
    assert_eq!(get("plain", None), Some(s("from yaml")));
    assert_eq!(get("app.port", None), Some(Data::Integer(8080)));
    assert_eq!(get("missing", None), None);
    assert_eq!(
        get("list", Some(s("unique"))),
        Some(Data::Array(vec![s("one"), s("yaml"), s("two")]))
    );
    // Answers are cached per compile: asking again calls no backend.
    let before = calls.load(Ordering::SeqCst);
    assert_eq!(get("kx", None), Some(s("one-kx-web")));
    assert_eq!(calls.load(Ordering::SeqCst), before);
}

#[test]
fn a_backend_answer_that_is_not_puppet_data_fails() {
    let h = hiera(Arc::new(AtomicUsize::new(0)));
    let e = Session::new(&h)
        .lookup("symbol", None, &LookupFlags::default(), &mut Host)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Value for key 'symbol', returned from lookup_key function 'mem_key' has wrong type, expects Puppet::LookupValue, got Runtime[ruby, 'Symbol']"
    );
}

#[test]
fn an_unknown_backend_names_itself() {
    let mut files = HashMap::new();
    files.insert(
        PathBuf::from("/env/hiera.yaml"),
        "---\nversion: 5\nhierarchy:\n  - name: x\n    lookup_key: nope\n".to_string(),
    );
    let h = Hiera::load(
        &HieraSources {
            environment: PathBuf::from("/env"),
            ..Default::default()
        },
        Backends::default(),
        Arc::new(Files(files)),
    );
    let e = Session::new(&h)
        .lookup("a", None, &LookupFlags::default(), &mut Host)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Unable to find 'lookup_key' function named 'nope' (file: /env/hiera.yaml)"
    );
}

/// `lookup_key` over one document that costs a fetch: the document is kept in the
/// compile's backend cache, and each fetch is counted.
struct DocBackend(Arc<AtomicUsize>);

impl Backend for DocBackend {
    fn kind(&self) -> BackendKind {
        BackendKind::LookupKey
    }
    fn lookup_key(
        &self,
        key: &str,
        _: &BackendCall<'_>,
        cx: &mut dyn BackendContext,
    ) -> Result<Option<Data>, LookupError> {
        let doc = match cx.cached_value("mem_doc|doc") {
            Some(doc) => doc,
            None => {
                self.0.fetch_add(1, Ordering::SeqCst);
                let doc = Arc::new(Data::Hash(vec![(s("a"), s("1")), (s("b"), s("2"))]));
                cx.cache_value("mem_doc|doc".into(), doc.clone());
                doc
            }
        };
        let Data::Hash(entries) = &*doc else {
            return Ok(None);
        };
        Ok(entries
            .iter()
            .find(|(k, _)| *k == s(key))
            .map(|(_, v)| v.clone()))
    }
}

#[test]
fn backends_keep_values_for_the_compile() {
    let mut files = HashMap::new();
    files.insert(
        PathBuf::from("/env/hiera.yaml"),
        "---\nversion: 5\nhierarchy:\n  - name: doc\n    lookup_key: mem_doc\n".to_string(),
    );
    let fetches = Arc::new(AtomicUsize::new(0));
    let mut backends = Backends::default();
    backends.register("mem_doc", Arc::new(DocBackend(fetches.clone())));
    let h = Hiera::load(
        &HieraSources {
            environment: PathBuf::from("/env"),
            ..Default::default()
        },
        backends,
        Arc::new(Files(files)),
    );
    let flags = LookupFlags::default();
    let mut session = Session::new(&h);
    for (key, value) in [("a", Some(s("1"))), ("b", Some(s("2"))), ("c", None)] {
        assert_eq!(session.lookup(key, None, &flags, &mut Host).unwrap(), value);
    }
    assert_eq!(fetches.load(Ordering::SeqCst), 1);
    // The next compile starts afresh.
    let mut next = Session::new(&h);
    assert_eq!(
        next.lookup("a", None, &flags, &mut Host).unwrap(),
        Some(s("1"))
    );
    assert_eq!(fetches.load(Ordering::SeqCst), 2);
}
