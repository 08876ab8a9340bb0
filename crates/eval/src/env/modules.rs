//! The modules of the modulepath, found by listing its directories once. A compile
//! asks where a module is for every autoload, template and module file, and which
//! module ships a Ruby type or its providers for every resource type: a path test per
//! question and module cost thousands of `stat` calls per compile. The environment
//! does not change during a run, so what a listing found stays true.
//!
//! The modules' Ruby resource types are read here too (statically, as
//! [`ResourceType::from_ruby_with`] reads them): with the files they `require`, they
//! are module files found through these listings.

use super::SourceDb;
use crate::restype::ResourceType;
use foldhash::{HashMap, HashMapExt};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

pub(crate) struct Modules {
    sources: Arc<dyn SourceDb>,
    modulepath: Vec<PathBuf>,
    /// Each modulepath directory's entries, sorted, each with whether it is a
    /// directory if the listing told.
    entries: OnceLock<Vec<Vec<Entry>>>,
    /// The names in each module's `lib/puppet` (by module directory), each with
    /// whether it is a directory if the listing told; none for a module without one.
    lib_puppet: OnceLock<HashMap<PathBuf, Vec<LibEntry>>>,
    /// The entries that are directories, with their names, in modulepath order.
    all_dirs: OnceLock<Vec<(String, PathBuf)>>,
    /// The first directory of each module name, as autoloading finds them.
    dirs: OnceLock<HashMap<String, PathBuf>>,
    /// `<module>/lib/puppet/type/<name>.rb` by name, in modulepath order.
    type_files: OnceLock<HashMap<String, Vec<PathBuf>>>,
    /// `<module>/lib/puppet/provider/<name>` directories by name.
    provider_dirs: OnceLock<HashMap<String, Vec<PathBuf>>>,
    /// The modules' Ruby functions: the module and file of each name.
    function_files: OnceLock<HashMap<String, (String, PathBuf)>>,
    /// The environment's directory, whose `types` and `functions` autoload as a
    /// module's do.
    root: PathBuf,
    /// The `.pp` files under each code directory (`<module>/manifests`, `types`,
    /// `functions`) listed so far, by directory.
    code_trees: Mutex<HashMap<PathBuf, Arc<OnceLock<Option<CodeTree>>>>>,
    /// The directories of `all_dirs`, as a set.
    module_dirs: OnceLock<foldhash::HashSet<PathBuf>>,
}

/// A directory entry, and whether it is a directory if its listing told.
type Entry = (PathBuf, Option<bool>);

/// A name in a module's `lib/puppet`, and whether it is a directory if the listing
/// told.
type LibEntry = (String, Option<bool>);

/// The `.pp` files of one code directory and its subdirectories.
type CodeTree = foldhash::HashSet<PathBuf>;

/// The directories of a module, and of the environment, that autoloading looks in.
const CODE_DIRS: [&str; 3] = ["manifests", "types", "functions"];

/// How deep [`Modules::has_manifest`] lists a code directory: names nest no deeper in
/// practice (`a::b::c::d::e::f::g::h` is 7 directories down).
const MAX_CODE_DEPTH: usize = 10;

impl Modules {
    pub(crate) fn new(
        sources: Arc<dyn SourceDb>,
        root: PathBuf,
        modulepath: Vec<PathBuf>,
    ) -> Modules {
        Modules {
            sources,
            root,
            code_trees: Mutex::default(),
            module_dirs: OnceLock::new(),
            modulepath,
            entries: OnceLock::new(),
            lib_puppet: OnceLock::new(),
            all_dirs: OnceLock::new(),
            dirs: OnceLock::new(),
            type_files: OnceLock::new(),
            provider_dirs: OnceLock::new(),
            function_files: OnceLock::new(),
        }
    }

    /// The module directories, in the order they are searched.
    pub(crate) fn modulepath(&self) -> &[PathBuf] {
        &self.modulepath
    }

    /// The entries of each modulepath directory (modules, and whatever else is
    /// there), sorted, in modulepath order.
    pub(crate) fn entries(&self) -> &[Vec<Entry>] {
        self.entries.get_or_init(|| {
            self.modulepath
                .iter()
                .map(|dir| {
                    let mut entries = self.sources.list_typed(dir).unwrap_or_default();
                    entries.sort();
                    entries
                })
                .collect()
        })
    }

    /// Whether a listed entry is a directory.
    fn is_dir(&self, (path, dir): &Entry) -> bool {
        dir.unwrap_or_else(|| self.sources.is_dir(path))
    }

    /// Whether `<module>/lib/puppet/<name>` may be a directory, from one listing of
    /// each module's `lib/puppet`: most modules have no functions, or no `lib` at
    /// all, and a failed open of each directory the indexes look in cost more.
    fn has_lib_dir(&self, module: &Path, name: &str) -> bool {
        let lib_puppet = self.lib_puppet.get_or_init(|| {
            let mut lib_puppet = HashMap::new();
            for entry in self.entries().iter().flatten() {
                if entry.1 == Some(false) {
                    continue;
                }
                let Ok(names) = self.sources.list_typed(&entry.0.join("lib/puppet")) else {
                    continue;
                };
                let names = names
                    .into_iter()
                    .filter_map(|(path, dir)| Some((path.file_name()?.to_str()?.to_string(), dir)))
                    .collect();
                lib_puppet.insert(entry.0.clone(), names);
            }
            lib_puppet
        });
        lib_puppet.get(module).is_some_and(|names| {
            names
                .iter()
                .any(|(n, dir)| n == name && *dir != Some(false))
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

    /// Builds the indexes the compile asks for first (the modules, their Ruby
    /// functions, type files and providers), as the parse-ahead worker does before
    /// it parses. The providers' index had waited for the first Ruby type read,
    /// which was the compile's more often than not (`anchor`, early in most
    /// catalogs): 0.7-3 ms of its thread.
    pub(crate) fn index(&self) {
        self.dirs();
        self.function_files();
        self.type_files();
        self.provider_dirs();
    }

    /// Every Ruby function the modules ship, by name, with its module and file
    /// (`<module>/lib/puppet/functions/<ns>/<name>.rb` for `ns::name`, in the module
    /// named `ns`; for a plain name `lib/puppet/functions/<name>.rb` or the 3.x
    /// `lib/puppet/parser/functions/<name>.rb` of any module), first module first.
    /// Found by listing each module's function directories once: bundled functions
    /// are callable only where a module has their Ruby, and a path test per name and
    /// module cost tens of thousands of `stat` calls on a large modulepath.
    pub(crate) fn function_files(&self) -> &HashMap<String, (String, PathBuf)> {
        self.function_files.get_or_init(|| {
            let mut index = HashMap::new();
            let mut seen_modules = std::collections::HashSet::new();
            for (module_name, module) in self.all_dirs() {
                // The first module of a name hides later ones (`dir`).
                let first = seen_modules.insert(module_name.as_str());
                // `ns::name` lives in the module named `ns`, under its namespace.
                let mut ns_dir = None;
                for (top, sub) in [("functions", "functions"), ("parser", "parser/functions")] {
                    if !self.has_lib_dir(module, top) {
                        continue;
                    }
                    let dir = module.join("lib/puppet").join(sub);
                    for entry in self.sources.list_typed(&dir).unwrap_or_default() {
                        if let Some(stem) = super::ruby_file_stem(&entry.0) {
                            index
                                .entry(stem.to_string())
                                .or_insert_with(|| (module_name.clone(), entry.0.clone()));
                        } else if top == "functions"
                            && first
                            && entry.0.file_name().is_some_and(|n| *n == **module_name)
                            && self.is_dir(&entry)
                        {
                            ns_dir = Some(entry.0);
                        }
                    }
                }
                if let Some(ns_dir) = ns_dir {
                    self.index_namespace(&ns_dir, module_name, module_name, &mut index);
                }
            }
            index
        })
    }

    fn index_namespace(
        &self,
        dir: &Path,
        prefix: &str,
        module: &str,
        index: &mut HashMap<String, (String, PathBuf)>,
    ) {
        for entry in self.sources.list(dir).unwrap_or_default() {
            if let Some(stem) = super::ruby_file_stem(&entry) {
                index
                    .entry(format!("{prefix}::{stem}"))
                    .or_insert_with(|| (module.to_string(), entry.clone()));
            } else if self.sources.is_dir(&entry) {
                if let Some(sub) = entry.file_name().and_then(|n| n.to_str()) {
                    self.index_namespace(&entry, &format!("{prefix}::{sub}"), module, index);
                }
            }
        }
    }

    /// Every directory of the modulepath directories (each module, including those
    /// a module of the same name earlier on the modulepath hides), with its name, in
    /// modulepath order and name order within each directory.
    pub(crate) fn all_dirs(&self) -> &[(String, PathBuf)] {
        self.all_dirs.get_or_init(|| {
            self.entries()
                .iter()
                .flatten()
                .filter_map(|entry| {
                    let name = entry.0.file_name()?.to_str()?;
                    self.is_dir(entry)
                        .then(|| (name.to_string(), entry.0.clone()))
                })
                .collect()
        })
    }

    /// Whether a manifest a name autoloads from (`<module>/manifests/a/b.pp`, or in
    /// `types` or `functions`, of a module or of the environment) exists, from a
    /// listing of its code directory made once; `None` for any other path. Most of
    /// the files autoloading and the parse-ahead worker look for do not exist (a name
    /// is looked for in three directories, a nested class in its parent's files too):
    /// a failed open each cost more than listing the directories they would be in.
    pub(crate) fn has_manifest(&self, path: &Path) -> Option<bool> {
        let code_dir = path.ancestors().skip(1).find(|dir| {
            dir.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| CODE_DIRS.contains(&n))
        })?;
        let owner = code_dir.parent()?;
        if owner != self.root && !self.module_dirs().contains(owner) {
            return None;
        }
        let tree = self
            .code_trees
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(code_dir.to_path_buf())
            .or_default()
            .clone();
        let tree = tree.get_or_init(|| {
            let mut files = CodeTree::default();
            // A tree too deep to list whole tells nothing.
            self.list_code(code_dir, 0, &mut files).then_some(files)
        });
        Some(tree.as_ref()?.contains(path))
    }

    /// The directories of [`all_dirs`](Modules::all_dirs), as a set.
    fn module_dirs(&self) -> &foldhash::HashSet<PathBuf> {
        self.module_dirs
            .get_or_init(|| self.all_dirs().iter().map(|(_, d)| d.clone()).collect())
    }

    /// Adds the `.pp` files under `dir` to `files`: a listed name that does not end
    /// in `.pp` is listed in turn (which fails for a file), so that telling files
    /// from directories costs no call per entry. `false` when the listing is not
    /// whole: a directory could not be read, or the tree is deeper than
    /// [`MAX_CODE_DEPTH`] (or loops through a link).
    fn list_code(&self, dir: &Path, depth: usize, files: &mut CodeTree) -> bool {
        use std::io::ErrorKind;
        let entries = match self.sources.list(dir) {
            Ok(entries) => entries,
            // Nothing there (most modules have no `types`), or a file.
            Err(e) if matches!(e.kind(), ErrorKind::NotFound | ErrorKind::NotADirectory) => {
                return true
            }
            Err(_) => return false,
        };
        if depth >= MAX_CODE_DEPTH {
            return false;
        }
        for entry in entries {
            if entry.extension().is_some_and(|e| e == "pp") {
                files.insert(entry);
            } else if !self.list_code(&entry, depth + 1, files) {
                return false;
            }
        }
        true
    }

    /// Every module by name (the first directory of a name wins).
    pub(crate) fn dirs(&self) -> &HashMap<String, PathBuf> {
        self.dirs.get_or_init(|| {
            let mut dirs = HashMap::new();
            for (name, dir) in self.all_dirs() {
                dirs.entry(name.clone()).or_insert_with(|| dir.clone());
            }
            dirs
        })
    }

    /// `lib/puppet/type/<name>.rb` files of every module, by name, in modulepath order.
    pub(crate) fn type_files(&self) -> &HashMap<String, Vec<PathBuf>> {
        self.type_files.get_or_init(|| {
            self.index_subdirs("type", |entry| {
                super::ruby_file_stem(entry).map(str::to_string)
            })
        })
    }

    /// `lib/puppet/provider/<name>` directories of every module, by name.
    fn provider_dirs(&self) -> &HashMap<String, Vec<PathBuf>> {
        self.provider_dirs.get_or_init(|| {
            self.index_subdirs("provider", |entry| {
                entry
                    .file_name()
                    .and_then(|n| n.to_str())
                    .map(str::to_string)
            })
        })
    }

    /// `lib/puppet/type/<name>.rb` of the first module that has it (modules in name
    /// order within each modulepath directory).
    fn type_file(&self, name: &str) -> Option<PathBuf> {
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return None;
        }
        self.type_files()
            .get(name)?
            .iter()
            .find(|path| self.sources.is_file(path))
            .cloned()
    }

    /// Whether a module has a provider for the type (`lib/puppet/provider/<name>/*.rb`).
    fn has_providers(&self, name: &str) -> bool {
        self.provider_dirs().get(name).is_some_and(|dirs| {
            dirs.iter().any(|dir| {
                self.sources
                    .list(dir)
                    .unwrap_or_default()
                    .iter()
                    .any(|p| p.extension().is_some_and(|e| e == "rb"))
            })
        })
    }

    /// The Ruby resource type of this (lower-case) name that the first module with
    /// `lib/puppet/type/<name>.rb` ships, read statically; `None` if none does.
    pub(crate) fn ruby_type(&self, name: &str) -> Option<ResourceType> {
        let path = self.type_file(name)?;
        let text = self.sources.read(&path).unwrap_or_default();
        // `<module>/lib`, which the type's own requires look in first.
        let own_lib = path.ancestors().nth(3).map(Path::to_path_buf);
        let require = |required: &str| self.ruby_lib_file(own_lib.as_deref(), required);
        let has_providers = self.has_providers(name);
        Some(ResourceType::from_ruby_with(name, &text, has_providers, &require).0)
    }

    /// The text of a Ruby file a type `require`s (`puppet_x/keystone/composite_namevar`):
    /// from the type's own `lib` directory, else the first module's on the modulepath
    /// (Puppet puts every module's `lib` on Ruby's load path).
    fn ruby_lib_file(&self, own_lib: Option<&Path>, required: &str) -> Option<String> {
        let safe = !required.is_empty()
            && required.split('/').all(|part| {
                !part.is_empty()
                    && part != ".."
                    && part != "."
                    && part
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
            });
        if !safe {
            return None;
        }
        let file = if required.ends_with(".rb") {
            required.to_string()
        } else {
            format!("{required}.rb")
        };
        let mut libs: Vec<PathBuf> = own_lib.into_iter().map(Path::to_path_buf).collect();
        for modules in self.entries() {
            libs.extend(modules.iter().map(|m| m.0.join("lib")));
        }
        libs.iter()
            .map(|lib| lib.join(&file))
            .find(|path| self.sources.is_file(path))
            .and_then(|path| self.sources.read(&path).ok())
    }

    /// The entries of `<module>/lib/puppet/<subdir>` of every module, by the key `key`
    /// gives them, in modulepath order.
    fn index_subdirs(
        &self,
        subdir: &str,
        key: impl Fn(&Path) -> Option<String>,
    ) -> HashMap<String, Vec<PathBuf>> {
        let mut index: HashMap<String, Vec<PathBuf>> = HashMap::new();
        for (module, _) in self.entries().iter().flatten() {
            if !self.has_lib_dir(module, subdir) {
                continue;
            }
            let dir = module.join("lib/puppet").join(subdir);
            for entry in self.sources.list(&dir).unwrap_or_default() {
                if let Some(k) = key(&entry) {
                    index.entry(k).or_default().push(entry);
                }
            }
        }
        index
    }
}

#[cfg(test)]
mod tests {
    use super::Modules;
    use std::path::Path;
    use std::sync::Arc;

    /// An empty directory of this name (and process) under the system's temporary one.
    fn fresh_dir(name: &str) -> std::path::PathBuf {
        let root = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        root
    }

    #[test]
    fn manifests_known_from_listings() {
        let root = fresh_dir("marionette-code-trees");
        let module = root.join("modules/m");
        for dir in ["manifests/a/b", "templates"] {
            std::fs::create_dir_all(module.join(dir)).unwrap();
        }
        std::fs::create_dir_all(root.join("types")).unwrap();
        for file in [
            "manifests/init.pp",
            "manifests/a/b/c.pp",
            "manifests/README",
        ] {
            std::fs::write(module.join(file), "").unwrap();
        }
        std::fs::write(root.join("types/t.pp"), "").unwrap();
        let modules = Modules::new(
            Arc::new(crate::FsSourceDb),
            root.clone(),
            vec![root.join("modules")],
        );
        let has = |path: &Path| modules.has_manifest(path);
        assert_eq!(has(&module.join("manifests/init.pp")), Some(true));
        assert_eq!(has(&module.join("manifests/a/b/c.pp")), Some(true));
        assert_eq!(has(&module.join("manifests/a/b.pp")), Some(false));
        // No `types` directory: nothing in it.
        assert_eq!(has(&module.join("types/a.pp")), Some(false));
        assert_eq!(has(&root.join("types/t.pp")), Some(true));
        assert_eq!(has(&root.join("functions/f.pp")), Some(false));
        // Not a code directory of a module or of the environment: not known.
        assert_eq!(has(&module.join("templates/x.pp")), None);
        assert_eq!(has(&root.join("modules/manifests/x.pp")), None);
        assert_eq!(has(Path::new("/x/manifests/init.pp")), None);
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn ruby_code_indexed_from_listings() {
        let root = fresh_dir("marionette-lib-index");
        let modules_dir = root.join("modules");
        let files = [
            "a/lib/puppet/functions/plain.rb",
            "a/lib/puppet/functions/a/nested/deep.rb",
            "a/lib/puppet/functions/a/top.rb",
            "a/lib/puppet/parser/functions/legacy.rb",
            "a/lib/puppet/type/thing.rb",
            "a/lib/puppet/provider/thing/posix.rb",
            "b/manifests/init.pp",
            "elsewhere/c/lib/puppet/type/linked.rb",
        ];
        for file in files {
            let path = root.join(if file.starts_with("elsewhere") {
                file.to_string()
            } else {
                format!("modules/{file}")
            });
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
        std::fs::write(modules_dir.join("README"), "").unwrap();
        // A module that is a link to a directory elsewhere.
        #[cfg(unix)]
        std::os::unix::fs::symlink(root.join("elsewhere/c"), modules_dir.join("c")).unwrap();
        let modules = Modules::new(Arc::new(crate::FsSourceDb), root.clone(), vec![modules_dir]);
        let dirs: Vec<&str> = modules.all_dirs().iter().map(|(n, _)| n.as_str()).collect();
        let mut functions: Vec<&str> = modules
            .function_files()
            .keys()
            .map(String::as_str)
            .collect();
        functions.sort_unstable();
        assert_eq!(functions, ["a::nested::deep", "a::top", "legacy", "plain"]);
        assert!(modules.type_files().contains_key("thing"));
        assert!(modules.has_providers("thing"));
        assert!(!modules.has_providers("linked"));
        #[cfg(unix)]
        {
            assert_eq!(dirs, ["a", "b", "c"]);
            assert!(modules.type_files().contains_key("linked"));
        }
        #[cfg(not(unix))]
        let _ = dirs;
        std::fs::remove_dir_all(&root).unwrap();
    }
}
