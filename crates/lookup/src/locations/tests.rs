use std::path::{Path, PathBuf};

use super::*;
use crate::config::{parse_hiera_config, HieraConfig};
use crate::Layer;

struct Files(Vec<&'static str>);

impl DataFiles for Files {
    fn read(&self, path: &Path) -> std::io::Result<String> {
        Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            path.display().to_string(),
        ))
    }
    fn exists(&self, path: &Path) -> bool {
        self.0.iter().any(|f| Path::new(f) == path)
    }
    fn glob(&self, pattern: &Path) -> Vec<PathBuf> {
        // Enough for the tests: `*` in the file name only.
        let pattern = pattern.to_string_lossy();
        let (prefix, suffix) = pattern.split_once('*').unwrap_or((&pattern, ""));
        let mut out: Vec<PathBuf> = self
            .0
            .iter()
            .filter(|f| {
                f.starts_with(prefix) && f.ends_with(suffix) && !f[prefix.len()..].contains('/')
            })
            .map(PathBuf::from)
            .collect();
        out.sort();
        out
    }
}

struct Node {
    stack: Vec<String>,
}

impl InterpolationContext for Node {
    fn variable(&mut self, name: &str) -> Option<Data> {
        let s = |v: &str| Data::String(v.into());
        match name.trim_start_matches("::") {
            "trusted" => Some(Data::Hash(vec![(s("certname"), s("web1.example.com"))])),
            "facts" => Some(Data::Hash(vec![(
                s("os"),
                Data::Hash(vec![(s("family"), s("Debian"))]),
            )])),
            "services" => Some(Data::Array(vec![s("ntp"), s("ssh")])),
            "env" => Some(s("prod")),
            _ => None,
        }
    }
    fn lookup(&mut self, _: &str) -> Result<Option<Data>, LookupError> {
        Ok(None)
    }
    fn name_stack(&mut self) -> &mut Vec<String> {
        &mut self.stack
    }
}

const CONFIG: &str = "\
version: 5
defaults:
  datadir: 'data_%{env}'
  data_hash: yaml_data
hierarchy:
  - name: node
    path: 'nodes/%{trusted.certname}.yaml'
  - name: os
    paths: ['os/%{facts.os.family}.yaml', 'os/other.yaml']
  - name: globs
    glob: 'conf.d/*.yaml'
  - name: services
    mapped_paths: [services, service, 'svc/%{service}.yaml']
  - name: uri
    lookup_key: my_backend
    uri: 'http://db/%{trusted.certname}'
  - name: absolute
    path: common.yaml
    datadir: /etc/data
  - name: methods
    path: \"%{lookup('x')}.yaml\"
";

/// (original, location, exists) per resolved location.
type Resolved = Option<Vec<(String, Target, bool)>>;

fn resolve(level: usize, is_default: bool) -> Result<Resolved, String> {
    let HieraConfig::V5(config) =
        parse_hiera_config(CONFIG, "/env/hiera.yaml", &Layer::Environment)
            .unwrap()
            .config
    else {
        panic!()
    };
    let files = Files(vec![
        "/env/data_prod/nodes/web1.example.com.yaml",
        "/env/data_prod/os/Debian.yaml",
        "/env/data_prod/conf.d/b.yaml",
        "/env/data_prod/conf.d/a.yaml",
        "/env/data_prod/svc/ssh.yaml",
    ]);
    let mut node = Node { stack: Vec::new() };
    let level = &config.hierarchy[level];
    resolve_locations(
        &config,
        level,
        Path::new("/env"),
        is_default,
        &mut node,
        &files,
    )
    .map(|r| {
        r.map(|v| {
            v.into_iter()
                .map(|l| (l.original, l.location, l.exists))
                .collect()
        })
    })
    .map_err(|e| e.message)
}

fn p(s: &str) -> Target {
    Target::Path(PathBuf::from(s))
}

#[test]
fn paths_are_interpolated_and_joined_to_the_datadir() {
    assert_eq!(
        resolve(0, false),
        Ok(Some(vec![(
            "nodes/%{trusted.certname}.yaml".into(),
            p("/env/data_prod/nodes/web1.example.com.yaml"),
            true
        )]))
    );
    assert_eq!(
        resolve(1, false),
        Ok(Some(vec![
            (
                "os/%{facts.os.family}.yaml".into(),
                p("/env/data_prod/os/Debian.yaml"),
                true
            ),
            (
                "os/other.yaml".into(),
                p("/env/data_prod/os/other.yaml"),
                false
            ),
        ]))
    );
    // Without a hiera.yaml, missing files are left out.
    assert_eq!(
        resolve(1, true),
        Ok(Some(vec![(
            "os/%{facts.os.family}.yaml".into(),
            p("/env/data_prod/os/Debian.yaml"),
            true
        )]))
    );
    assert_eq!(
        resolve(5, false),
        Ok(Some(vec![(
            "common.yaml".into(),
            p("/etc/data/common.yaml"),
            false
        )]))
    );
}

#[test]
fn globs_mapped_paths_and_uris() {
    assert_eq!(
        resolve(2, false),
        Ok(Some(vec![
            (
                "/env/data_prod/conf.d/*.yaml".into(),
                p("/env/data_prod/conf.d/a.yaml"),
                true
            ),
            (
                "/env/data_prod/conf.d/*.yaml".into(),
                p("/env/data_prod/conf.d/b.yaml"),
                true
            ),
        ]))
    );
    assert_eq!(
        resolve(3, false),
        Ok(Some(vec![
            (
                "svc/%{service}.yaml".into(),
                p("/env/data_prod/svc/ntp.yaml"),
                false
            ),
            (
                "svc/%{service}.yaml".into(),
                p("/env/data_prod/svc/ssh.yaml"),
                true
            ),
        ]))
    );
    assert_eq!(
        resolve(4, false),
        Ok(Some(vec![(
            "http://db/%{trusted.certname}".into(),
            Target::Uri("http://db/web1.example.com".into()),
            true
        )]))
    );
}

#[test]
fn no_method_calls_in_hiera_yaml() {
    assert_eq!(
        resolve(6, false),
        Err("Interpolation using method syntax is not allowed in this context".into())
    );
}
