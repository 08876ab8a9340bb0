//! The Hiera environment the lookup benches share: a deep hierarchy (12 levels, paths
//! interpolated from facts and trusted data) over many keys (2,000 in common.yaml, some
//! at every level), generated in memory (no disk I/O is timed).
// Each bench uses its part.
#![allow(dead_code)]

use marionette::catalog::Data;
use marionette::lookup::{
    Backends, DataFiles, Hiera, HieraSources, LookupError, LookupFlags, LookupHost, Session,
};
use std::collections::HashMap;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub const KEYS: usize = 2_000;
const LEVELS: usize = 12;

struct MemFiles(HashMap<PathBuf, String>);

impl DataFiles for MemFiles {
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
            .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "no file"))
    }
}

struct Node;

impl LookupHost for Node {
    fn variable(&mut self, name: &str) -> Option<Data> {
        let s = |v: &str| Data::String(v.into());
        match name.trim_start_matches("::") {
            "trusted" => Some(Data::Hash(vec![(s("certname"), s("web01.example.com"))])),
            "facts" => Some(Data::Hash(vec![
                (
                    s("os"),
                    Data::Hash(vec![
                        (s("family"), s("Debian")),
                        (s("release"), Data::Hash(vec![(s("major"), s("12"))])),
                    ]),
                ),
                (s("datacenter"), s("ams1")),
            ])),
            "role" => Some(s("web")),
            "environment" => Some(s("production")),
            _ => None,
        }
    }
    fn convert(&mut self, value: Data, _: &[Data]) -> Result<Data, LookupError> {
        Ok(value)
    }
    fn warning(&mut self, _: String) {}
}

/// The environment, with `backends` (`Backends::default()`: Puppet's own).
pub fn environment(backends: Backends) -> Hiera {
    let root = PathBuf::from("/env");
    let mut files = HashMap::new();
    let mut hierarchy = String::from(
        "---\nversion: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\nhierarchy:\n",
    );
    let paths = [
        "nodes/%{trusted.certname}.yaml",
        "dc/%{facts.datacenter}/%{::role}.yaml",
        "dc/%{facts.datacenter}.yaml",
        "roles/%{::role}.yaml",
        "os/%{facts.os.family}-%{facts.os.release.major}.yaml",
        "os/%{facts.os.family}.yaml",
        "env/%{::environment}.yaml",
        "missing/a.yaml",
        "missing/b.yaml",
        "missing/c.yaml",
        "teams/web.yaml",
        "common.yaml",
    ];
    assert_eq!(paths.len(), LEVELS);
    let resolved = [
        "nodes/web01.example.com.yaml",
        "dc/ams1/web.yaml",
        "dc/ams1.yaml",
        "roles/web.yaml",
        "os/Debian-12.yaml",
        "os/Debian.yaml",
        "env/production.yaml",
        "",
        "",
        "",
        "teams/web.yaml",
        "common.yaml",
    ];
    for (i, p) in paths.iter().enumerate() {
        hierarchy.push_str(&format!("  - name: level{i}\n    path: \"{p}\"\n"));
    }
    files.insert(root.join("hiera.yaml"), hierarchy);
    for (level, path) in resolved.iter().enumerate() {
        if path.is_empty() {
            continue;
        }
        let mut text = String::from("---\n");
        if level == 0 {
            text.push_str("lookup_options:\n  profile::merged::list:\n    merge: unique\n  '^profile::deep::':\n    merge: deep\n");
        }
        for k in 0..KEYS {
            // Every level answers some keys; common.yaml answers all of them.
            if path == &"common.yaml" || k % (level + 2) == 0 {
                text.push_str(&format!(
                    "profile::key{k}: \"level {level} %{{facts.os.family}} value {k}\"\n"
                ));
            }
        }
        text.push_str(&format!(
            "profile::merged::list: [a{level}, b{level}]\nprofile::deep::hash:\n  level{level}:\n    x: {level}\n  shared: {level}\n"
        ));
        files.insert(root.join("data").join(path), text);
    }
    load(files, backends)
}

fn load(files: HashMap<PathBuf, String>, backends: Backends) -> Hiera {
    Hiera::load(
        &HieraSources {
            environment: PathBuf::from("/env"),
            ..Default::default()
        },
        backends,
        Arc::new(MemFiles(files)),
    )
}

/// An environment with only a `hiera.yaml` (backends that read no files).
pub fn with_config(hiera_yaml: &str, backends: Backends) -> Hiera {
    let mut files = HashMap::new();
    files.insert(PathBuf::from("/env/hiera.yaml"), hiera_yaml.to_string());
    load(files, backends)
}

/// Looks `keys` up in one session (one compile); how many were found.
pub fn keys(hiera: &Hiera, keys: impl Iterator<Item = String>) -> usize {
    let mut session = Session::new(hiera);
    let flags = LookupFlags::default();
    let mut found = 0;
    for key in keys {
        if let Ok(Some(v)) = session.lookup(&key, None, &flags, &mut Node) {
            black_box(v);
            found += 1;
        }
    }
    found
}

/// One compile's lookups (a new session): every fourth key and two merged keys.
pub fn lookups(hiera: &Hiera) -> usize {
    let names = (0..KEYS)
        .step_by(4)
        .map(|k| format!("profile::key{k}"))
        .chain(["profile::merged::list", "profile::deep::hash"].map(String::from));
    keys(hiera, names)
}
