//! The modules of the modulepath, found by listing its directories once. A compile
//! asks where a module is for every autoload, template and module file, and which
//! module ships a Ruby type or its providers for every resource type: a path test per
//! question and module cost thousands of `stat` calls per compile. The environment
//! does not change during a run, so what a listing found stays true.

use super::SourceDb;
use foldhash::{HashMap, HashMapExt};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

pub(crate) struct Modules {
    sources: Arc<dyn SourceDb>,
    modulepath: Vec<PathBuf>,
    /// Each modulepath directory's entries, sorted.
    entries: OnceLock<Vec<Vec<PathBuf>>>,
    /// The first directory of each module name, as autoloading finds them.
    dirs: OnceLock<HashMap<String, PathBuf>>,
    /// `<module>/lib/puppet/type/<name>.rb` by name, in modulepath order.
    type_files: OnceLock<HashMap<String, Vec<PathBuf>>>,
    /// `<module>/lib/puppet/provider/<name>` directories by name.
    provider_dirs: OnceLock<HashMap<String, Vec<PathBuf>>>,
}

impl Modules {
    pub(crate) fn new(sources: Arc<dyn SourceDb>, modulepath: Vec<PathBuf>) -> Modules {
        Modules {
            sources,
            modulepath,
            entries: OnceLock::new(),
            dirs: OnceLock::new(),
            type_files: OnceLock::new(),
            provider_dirs: OnceLock::new(),
        }
    }

    /// The entries of each modulepath directory (modules, and whatever else is
    /// there), sorted, in modulepath order.
    pub(crate) fn entries(&self) -> &[Vec<PathBuf>] {
        self.entries.get_or_init(|| {
            self.modulepath
                .iter()
                .map(|dir| {
                    let mut entries = self.sources.list(dir).unwrap_or_default();
                    entries.sort();
                    entries
                })
                .collect()
        })
    }

    /// The directory of a module: the first modulepath directory that has a
    /// directory of that name.
    pub(crate) fn dir(&self, module: &str) -> Option<PathBuf> {
        let plain = !module.is_empty() && module != "." && module != ".." && !module.contains('/');
        if !plain {
            // Not a name a listing has: the path test, as it always was.
            return self
                .modulepath
                .iter()
                .map(|dir| dir.join(module))
                .find(|dir| self.sources.is_dir(dir));
        }
        self.dirs().get(module).cloned()
    }

    /// Every module by name (the first directory of a name wins).
    pub(crate) fn dirs(&self) -> &HashMap<String, PathBuf> {
        self.dirs.get_or_init(|| {
            let mut dirs = HashMap::new();
            for entry in self.entries().iter().flatten() {
                let Some(name) = entry.file_name().and_then(|n| n.to_str()) else {
                    continue;
                };
                if !dirs.contains_key(name) && self.sources.is_dir(entry) {
                    dirs.insert(name.to_string(), entry.clone());
                }
            }
            dirs
        })
    }

    /// `lib/puppet/type/<name>.rb` of the first module that has it (modules in name
    /// order within each modulepath directory).
    pub(crate) fn type_file(&self, name: &str) -> Option<PathBuf> {
        let index = self.type_files.get_or_init(|| {
            self.index_subdirs("lib/puppet/type", |entry| {
                super::ruby_file_stem(entry).map(str::to_string)
            })
        });
        index
            .get(name)?
            .iter()
            .find(|path| self.sources.is_file(path))
            .cloned()
    }

    /// Whether a module has a provider for the type (`lib/puppet/provider/<name>/*.rb`).
    pub(crate) fn has_providers(&self, name: &str) -> bool {
        let index = self.provider_dirs.get_or_init(|| {
            self.index_subdirs("lib/puppet/provider", |entry| {
                entry
                    .file_name()
                    .and_then(|n| n.to_str())
                    .map(str::to_string)
            })
        });
        index.get(name).is_some_and(|dirs| {
            dirs.iter().any(|dir| {
                self.sources
                    .list(dir)
                    .unwrap_or_default()
                    .iter()
                    .any(|p| p.extension().is_some_and(|e| e == "rb"))
            })
        })
    }

    /// The entries of `<module>/<subdir>` of every module, by the key `key` gives them,
    /// in modulepath order.
    fn index_subdirs(
        &self,
        subdir: &str,
        key: impl Fn(&Path) -> Option<String>,
    ) -> HashMap<String, Vec<PathBuf>> {
        let mut index: HashMap<String, Vec<PathBuf>> = HashMap::new();
        for module in self.entries().iter().flatten() {
            for entry in self.sources.list(&module.join(subdir)).unwrap_or_default() {
                if let Some(k) = key(&entry) {
                    index.entry(k).or_default().push(entry);
                }
            }
        }
        index
    }
}
