//! Marionette: a Puppet catalog compiler.
//!
//! This crate is the facade that assembles the workspace crates, and what a team links
//! to build its own compiler binary: parsing and validation with rendered
//! diagnostics, compiling nodes and fleets, plugins, and [`Compiler::builder`] for a
//! compiler with its own backends, classifier and functions linked in.

pub use marionette_catalog as catalog;
pub use marionette_erb as erb;
pub use marionette_eval as eval;
pub use marionette_lookup as lookup;
pub use marionette_nodes as nodes;
pub use marionette_plugin_api as plugin_api;
pub use marionette_syntax as syntax;

mod builder;
mod commands;
pub mod diagnostics;
pub mod enc;
pub mod facts;
pub mod fleet;
pub mod plugins;

pub use builder::{Compiler, CompilerBuilder};
pub use commands::SystemCommands;

use std::path::{Path, PathBuf};

/// How a source file is parsed, chosen by its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceKind {
    /// A manifest (`.pp`).
    Manifest,
    /// An EPP template (`.epp`).
    Epp,
}

impl SourceKind {
    pub fn of(path: &Path) -> SourceKind {
        match path.extension().and_then(|e| e.to_str()) {
            Some("epp") => SourceKind::Epp,
            _ => SourceKind::Manifest,
        }
    }
}

/// A parsed, lowered and validated source file.
#[derive(Clone, Debug)]
pub struct ParsedFile {
    pub path: PathBuf,
    pub text: String,
    pub parse: syntax::Parse,
    pub program: std::sync::Arc<syntax::model::Program>,
    /// Every problem `puppet parser validate` would report, in source order.
    pub errors: Vec<syntax::SyntaxError>,
}

/// Parses, lowers and validates `text` as the kind of source `path` names.
pub fn parse_source(path: impl Into<PathBuf>, text: String) -> ParsedFile {
    let path = path.into();
    let checked = syntax::check(&text, SourceKind::of(&path) == SourceKind::Epp);
    ParsedFile {
        path,
        text,
        parse: checked.parse,
        program: checked.program,
        errors: checked.errors,
    }
}

/// Every `.pp` and `.epp` file under `dir` (following symbolic links, sorted, each real
/// file once).
pub fn source_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    walk_source_files(dir, &mut |path, _| out.push(path))?;
    sort_by_path(&mut out, |path| path);
    Ok(out)
}

/// The files [`source_files`] finds, given to `found` with their sizes in bytes as the
/// walk meets them, before they are sorted: a caller can start on the first files while
/// the walk goes on, the largest first.
pub fn walk_source_files(dir: &Path, found: &mut dyn FnMut(PathBuf, u64)) -> std::io::Result<()> {
    let mut seen = std::collections::HashSet::new();
    let root = std::fs::metadata(dir)?;
    seen.insert(file_id(dir, &root)?);
    let mut stack = vec![(dir.to_path_buf(), device(&root))];
    while let Some((dir, dev)) = stack.pop() {
        let mut entries = std::fs::read_dir(&dir)?
            .map(|e| e.map(|e| (e.file_name(), e)))
            .collect::<Result<Vec<_>, _>>()?;
        entries.sort_unstable_by(|(a, _), (b, _)| a.cmp(b));
        for (_, entry) in entries {
            let path = entry.path();
            let is_source = matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("pp" | "epp")
            );
            let Some(Entry {
                is_dir,
                id,
                dev,
                len,
            }) = entry_id(&entry, &path, dev, is_source)?
            else {
                continue;
            };
            if is_dir {
                if seen.insert(id) {
                    stack.push((path, dev));
                }
            } else if is_source && seen.insert(id) {
                found(path, len);
            }
        }
    }
    Ok(())
}

/// Sorts `items` by their paths, in `Path` order (component by component), each path's
/// key made once: comparing `Path`s splits both into components at every comparison.
pub fn sort_by_path<T>(items: &mut [T], path: impl Fn(&T) -> &Path) {
    items.sort_by_cached_key(|item| path_order_key(path(item)));
}

/// A key whose byte order is the order of paths: the components, each followed by a
/// zero byte (which no component holds), so a component sorts before its extensions.
fn path_order_key(path: &Path) -> Vec<u8> {
    let mut key = Vec::with_capacity(path.as_os_str().len() + 8);
    for component in path.components() {
        key.extend_from_slice(component.as_os_str().as_encoded_bytes());
        key.push(0);
    }
    key
}

/// A directory entry the walk follows: whether it is a directory, its identity, its
/// device and its size in bytes (files only).
struct Entry {
    is_dir: bool,
    id: FileId,
    dev: u64,
    len: u64,
}

/// The entry, or `None` for what the walk skips (a dangling link; on Unix, a plain file
/// that is not a source). A file or directory is known by its device and inode, since
/// symbolic links make the same one appear under several paths; on Unix the entry's
/// own type and inode come with the directory listing, so only links and sources cost
/// a `stat` (relative to the directory, for a source's size).
fn entry_id(
    entry: &std::fs::DirEntry,
    path: &Path,
    parent_dev: u64,
    is_source: bool,
) -> std::io::Result<Option<Entry>> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirEntryExt;
        let kind = entry.file_type()?;
        if !kind.is_symlink() {
            if !kind.is_dir() && !is_source {
                return Ok(None);
            }
            let len = if kind.is_dir() {
                0
            } else {
                entry.metadata().map_or(0, |meta| meta.len())
            };
            return Ok(Some(Entry {
                is_dir: kind.is_dir(),
                id: (parent_dev, entry.ino(), PathBuf::new()),
                dev: parent_dev,
                len,
            }));
        }
    }
    let _ = (entry, parent_dev, is_source);
    match std::fs::metadata(path) {
        Ok(meta) => Ok(Some(Entry {
            is_dir: meta.is_dir(),
            id: file_id(path, &meta)?,
            dev: device(&meta),
            len: meta.len(),
        })),
        Err(_) => Ok(None), // dangling link
    }
}

/// A file's identity: device and inode on Unix, the canonical path elsewhere.
type FileId = (u64, u64, PathBuf);

#[cfg(unix)]
fn file_id(_path: &Path, meta: &std::fs::Metadata) -> std::io::Result<FileId> {
    use std::os::unix::fs::MetadataExt;
    Ok((meta.dev(), meta.ino(), PathBuf::new()))
}

#[cfg(not(unix))]
fn file_id(path: &Path, _meta: &std::fs::Metadata) -> std::io::Result<FileId> {
    Ok((0, 0, std::fs::canonicalize(path)?))
}

#[cfg(unix)]
fn device(meta: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::dev(meta)
}

#[cfg(not(unix))]
fn device(_meta: &std::fs::Metadata) -> u64 {
    0
}

/// A failed compile: Puppet's message (with location and node) and the log so far.
#[derive(Debug)]
pub struct CompileFailure {
    pub message: String,
    pub log: Vec<eval::LogLine>,
}

/// Compiles one node from an environment directory, reading facts and trusted data
/// files. The catalog's `version` and `catalog_uuid` are left for the caller to set.
/// With a node classifier (`options.classifier`), the node is classified first
/// ([`classify_node`]), which may choose another environment.
pub fn compile_node(
    env_dir: &Path,
    env_name: Option<&str>,
    node: &str,
    facts: Option<&Path>,
    trusted: Option<&Path>,
    server_facts: Option<&Path>,
    options: eval::CompileOptions,
) -> Result<(catalog::Catalog, Vec<eval::LogLine>), CompileFailure> {
    let input = node_input(node, facts, trusted, server_facts)?;
    compile_input(env_dir, env_name, input, options, true)
}

/// Compiles the node of `input` (classified first when `options` has a classifier).
/// With `resolve_links`, file paths in the catalog are the environment's real paths;
/// without, they are under `env_dir` as given (Puppet's environmentpath lookup).
pub fn compile_input(
    env_dir: &Path,
    env_name: Option<&str>,
    input: eval::NodeInput,
    options: eval::CompileOptions,
    resolve_links: bool,
) -> Result<(catalog::Catalog, Vec<eval::LogLine>), CompileFailure> {
    compile_in_environment(env_dir, env_name, input, options, resolve_links).0
}

/// [`compile_input`] (links resolved) for a process that ends once the catalog is
/// written: the environment (every manifest and template parsed) is left for the
/// process's end to free. Freeing its hundreds of thousands of allocations one by one
/// took longer than a tenth of the compile.
pub fn compile_input_once(
    env_dir: &Path,
    env_name: Option<&str>,
    input: eval::NodeInput,
    options: eval::CompileOptions,
) -> Result<(catalog::Catalog, Vec<eval::LogLine>), CompileFailure> {
    let (result, environment) = compile_in_environment(env_dir, env_name, input, options, true);
    if let Some(environment) = &environment {
        environment.stop_parse_ahead();
    }
    std::mem::forget(environment);
    result
}

/// [`compile_node`] for a process that ends once the catalog is written, as
/// [`compile_input_once`]. Without a node classifier the environment does not depend
/// on the node's data: it is loaded first, so that its parse-ahead worker lists the
/// modules and parses ahead while the facts are read (about a millisecond). The
/// errors are those of reading the facts first: a bad facts file is reported even when
/// the environment is bad too.
pub fn compile_node_once(
    env_dir: &Path,
    env_name: Option<&str>,
    node: &str,
    facts: Option<&Path>,
    trusted: Option<&Path>,
    server_facts: Option<&Path>,
    options: eval::CompileOptions,
) -> CompileResult {
    if options.classifier.is_some() {
        let input = node_input(node, facts, trusted, server_facts)?;
        return compile_input_once(env_dir, env_name, input, options);
    }
    let environment = load_environment_at(env_dir, env_name, node, &options, true);
    let (input, environment) = match (node_input(node, facts, trusted, server_facts), environment) {
        (Ok(input), Ok(environment)) => (input, environment),
        // Dropping the environment stops its worker.
        (Err(e), _) | (Ok(_), Err(e)) => return Err(e),
    };
    let result = compile_loaded(&environment, input, options);
    environment.stop_parse_ahead();
    // As in `compile_input_once`: the process's end frees the environment.
    std::mem::forget(environment);
    result
}

/// A compile's catalog and log, or its failure.
type CompileResult = Result<(catalog::Catalog, Vec<eval::LogLine>), CompileFailure>;

/// [`compile_input`], and the environment it loaded (`None` when it did not load).
fn compile_in_environment(
    env_dir: &Path,
    env_name: Option<&str>,
    mut input: eval::NodeInput,
    options: eval::CompileOptions,
    resolve_links: bool,
) -> (CompileResult, Option<eval::Environment>) {
    let node = input.name.clone();
    let (env_dir, env_name) = match classify_node(&mut input, env_dir, env_name, &options) {
        Ok(found) => found,
        Err(e) => return (Err(e), None),
    };
    let environment = match load_environment_at(
        &env_dir,
        env_name.as_deref(),
        &node,
        &options,
        resolve_links,
    ) {
        Ok(environment) => environment,
        Err(e) => return (Err(e), None),
    };
    let result = compile_loaded(&environment, input, options);
    (result, Some(environment))
}

/// Compiles `input` in an environment already loaded (and the node classified).
fn compile_loaded(
    environment: &eval::Environment,
    input: eval::NodeInput,
    options: eval::CompileOptions,
) -> CompileResult {
    let node = input.name.clone();
    match eval::compile(environment, input, options) {
        Ok(out) => Ok((out.catalog, out.log)),
        Err((error, log)) => Err(CompileFailure {
            message: {
                let message = if error.names_node() {
                    format!("{error} on node {node}")
                } else {
                    error.to_string()
                };
                match &error.note {
                    Some(note) => format!("{message}\n{note}"),
                    None => message,
                }
            },
            log,
        }),
    }
}

fn failure(message: String) -> CompileFailure {
    CompileFailure {
        message,
        log: Vec::new(),
    }
}

/// Loads an environment directory for compiling `node` (named in errors) with the
/// environment settings of `options` (Puppet 3 behaviours, the global `hiera.yaml`,
/// the Hiera backends).
/// The name defaults to the directory's.
pub fn load_environment(
    env_dir: &Path,
    env_name: Option<&str>,
    node: &str,
    options: &eval::CompileOptions,
) -> Result<eval::Environment, CompileFailure> {
    load_environment_at(env_dir, env_name, node, options, true)
}

fn load_environment_at(
    env_dir: &Path,
    env_name: Option<&str>,
    node: &str,
    options: &eval::CompileOptions,
    resolve_links: bool,
) -> Result<eval::Environment, CompileFailure> {
    let resolved = if resolve_links {
        std::fs::canonicalize(env_dir)
    } else {
        std::path::absolute(env_dir).and_then(|d| d.metadata().map(|_| d))
    };
    let env_dir = resolved.map_err(|e| {
        failure(format!(
            "cannot open environment {}: {e}",
            env_dir.display()
        ))
    })?;
    let name = env_name.map(str::to_string).unwrap_or_else(|| {
        env_dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "production".into())
    });
    let load = eval::LoadOptions {
        legacy: options.legacy,
        strict_error: options.strict_error,
    };
    let mut environment = eval::Environment::load_with_options(
        &name,
        &env_dir,
        std::sync::Arc::new(eval::FsSourceDb),
        load,
    )
    .map_err(|e| CompileFailure {
        message: format!("{} on node {node}", e.describe(&name)),
        log: eval::LogLine::errors(&e.logged).collect(),
    })?;
    environment.hiera_config = options.hiera_config.clone();
    options
        .extensions
        .register(&mut environment)
        .map_err(failure)?;
    if !options.no_bundled_functions {
        register_bundled_functions(&mut environment);
    }
    Ok(environment)
}

/// Registers the function libraries linked into Marionette (puppetlabs-stdlib's
/// functions, `marionette-stdlib`, and those of popular modules,
/// `marionette-module-functions`), after the plugins' (a plugin's function of the same
/// name wins). As in Puppet, a module's function exists where a module on the
/// modulepath ships its Ruby file: a bundled function is callable only there (checked
/// at its first call).
pub fn register_bundled_functions(environment: &mut eval::Environment) {
    let bundled = marionette_stdlib::functions()
        .into_iter()
        .chain(marionette_module_functions::functions());
    for f in bundled {
        environment.functions.register_bundled(f);
    }
}

/// What a node brings to a compile, from its facts, trusted data and server facts
/// files (Puppet's defaults where a file is not given).
pub fn node_input(
    node: &str,
    facts: Option<&Path>,
    trusted: Option<&Path>,
    server_facts: Option<&Path>,
) -> Result<eval::NodeInput, CompileFailure> {
    let load = |p: Option<&Path>| -> Result<Option<eval::ValueMap>, CompileFailure> {
        match p {
            Some(p) => facts::load_hash(p)
                .map(Some)
                .map_err(|e| failure(format!("{e:#}"))),
            None => Ok(None),
        }
    };
    let mut input = eval::NodeInput {
        name: node.to_string(),
        ..Default::default()
    };
    input.facts = facts::sanitize(&load(facts)?.unwrap_or_default());
    input.facts.shift_remove(&eval::Value::str("trusted"));
    if let Some(mut t) = load(trusted)? {
        let mut base = default_trusted(node);
        if t.contains_key(&eval::Value::str("certname"))
            && !t.contains_key(&eval::Value::str("hostname"))
        {
            if let Some(eval::Value::Str(c)) = t.get(&eval::Value::str("certname")).cloned() {
                let (h, d) = c.split_once('.').unwrap_or((&c, ""));
                t.insert(eval::Value::str("hostname"), eval::Value::str(h));
                t.insert(eval::Value::str("domain"), eval::Value::str(d));
            }
        }
        for (k, v) in t {
            base.insert(k, v);
        }
        input.trusted = Some(base);
    }
    input.server_facts = load(server_facts)?;
    if input.server_facts.is_none() {
        input.server_facts = Some(default_server_facts());
    }
    Ok(input)
}

/// `$trusted` outside a server (`puppet lookup`): authenticated `local`, the certname
/// from the `clientcert` fact.
pub fn local_trusted(facts: &eval::ValueMap) -> eval::ValueMap {
    use eval::Value;
    let certname = match facts.get(&Value::str("clientcert")) {
        Some(Value::Str(c)) => c.to_string(),
        _ => String::new(),
    };
    let mut t = default_trusted(&certname);
    t.insert(Value::str("authenticated"), Value::str("local"));
    if certname.is_empty() {
        t.insert(Value::str("certname"), Value::Undef);
        t.insert(Value::str("hostname"), Value::Undef);
        t.insert(Value::str("domain"), Value::Undef);
    }
    t
}

/// Asks the node classifier of `options`, if there is one, about the node of `input`
/// (an ENC script: Puppet's `exec` node terminus) and keeps the answer in `input`.
/// Returns the environment to load: `env_dir` and `env_name`, or the environment the
/// classifier chose, the directory of that name beside `env_dir` (Puppet's
/// environmentpath is `env_dir`'s parent).
pub fn classify_node(
    input: &mut eval::NodeInput,
    env_dir: &Path,
    env_name: Option<&str>,
    options: &eval::CompileOptions,
) -> Result<(PathBuf, Option<String>), CompileFailure> {
    let unchanged = (env_dir.to_path_buf(), env_name.map(str::to_string));
    let Some(classifier) = &options.classifier else {
        return Ok(unchanged);
    };
    let facts = eval::wire::to_data(&eval::Value::hash(input.facts.clone()), false);
    let classification = classifier.classify(&input.name, &facts).map_err(|e| {
        failure(format!(
            "{}\n  (from {}; an ENC failure has no position in the manifests)",
            e.message,
            classifier.describe()
        ))
    })?;
    let wanted = classification.environment.clone();
    input.classification = Some(classification);
    let Some(wanted) = wanted else {
        return Ok(unchanged);
    };
    let current = std::fs::canonicalize(env_dir).map_err(|e| {
        failure(format!(
            "cannot open environment {}: {e}",
            env_dir.display()
        ))
    })?;
    let current_name = env_name.map(str::to_string).unwrap_or_else(|| {
        current
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()
    });
    if wanted == current_name {
        return Ok(unchanged);
    }
    let dir = other_environment(&current, &wanted).map_err(failure)?;
    Ok((dir, Some(wanted)))
}

/// The directory of environment `name` in the environmentpath `current` is in (its
/// parent directory), or Puppet's error.
fn other_environment(current: &Path, name: &str) -> Result<PathBuf, String> {
    let path = current.parent().unwrap_or(current);
    let dir = path.join(name);
    let valid = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if valid && dir.is_dir() {
        return Ok(dir);
    }
    Err(format!(
        "Could not find a directory environment named '{name}' anywhere in the path: {}. Does the directory exist?",
        path.display()
    ))
}

fn default_trusted(node: &str) -> eval::ValueMap {
    use eval::Value;
    let (h, d) = node.split_once('.').unwrap_or((node, ""));
    let mut t = eval::ValueMap::default();
    t.insert(Value::str("authenticated"), Value::str("remote"));
    t.insert(Value::str("certname"), Value::str(node));
    t.insert(Value::str("extensions"), Value::hash(Default::default()));
    t.insert(Value::str("hostname"), Value::str(h));
    t.insert(Value::str("domain"), Value::str(d));
    t.insert(Value::str("external"), Value::hash(Default::default()));
    t
}

/// The server facts of a compile outside a server (Puppet's defaults for a local
/// compile, as the oracle uses them).
fn default_server_facts() -> eval::ValueMap {
    use eval::Value;
    let mut t = eval::ValueMap::default();
    t.insert(Value::str("serverversion"), Value::str("7.23.0"));
    t.insert(Value::str("servername"), Value::str("puppet.oracle.test"));
    t.insert(Value::str("serverip"), Value::str("127.0.0.1"));
    t
}

/// Prints a compile's log on stderr as Puppet prints it (`Notice: ...`, `Warning: ...`;
/// info and debug lines are left out; like Puppet's console, one trailing newline of a
/// message is not printed).
pub fn print_log(log: &[eval::LogLine]) {
    eprint!("{}", render_log(log));
}

/// The log lines as [`print_log`] prints them, each ending with a newline.
pub fn render_log(log: &[eval::LogLine]) -> String {
    let mut out = String::new();
    for line in log {
        let level = match line.level {
            "notice" => "Notice",
            "warning" => "Warning",
            "err" => "Error",
            "crit" => "Critical",
            "alert" => "Alert",
            "emerg" => "Emergency",
            "info" | "debug" => continue,
            other => other,
        };
        let message = line.message.strip_suffix('\n').unwrap_or(&line.message);
        out.push_str(&format!("{level}: {message}\n"));
    }
    out
}

/// Sets a catalog's `catalog_uuid` and `version` as Puppet does (a random UUID; the
/// time unless the environment's `config_version` gave the version), or to zeros and
/// 0 when `stable` (reproducible output).
pub fn stamp_catalog(catalog: &mut catalog::Catalog, stable: bool) {
    let from_config = matches!(catalog.version, catalog::Version::String(_));
    if stable {
        catalog.catalog_uuid = "00000000-0000-0000-0000-000000000000".into();
        if !from_config {
            catalog.version = catalog::Version::Integer(0);
        }
    } else {
        catalog.catalog_uuid = random_uuid();
        if !from_config {
            catalog.version = catalog::Version::Integer(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_secs() as i64)
                    .unwrap_or(0),
            );
        }
    }
}

/// A random version-4 UUID (for `catalog_uuid`).
pub fn random_uuid() -> String {
    let mut bytes = [0u8; 16];
    if let Ok(mut f) = std::fs::File::open("/dev/urandom") {
        use std::io::Read;
        let _ = f.read_exact(&mut bytes);
    }
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let h: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

/// Whether `path` lies in `/proc` or among `/dev`'s device files (`/dev/shm` is an
/// ordinary file system).
pub(crate) fn is_special(path: &Path) -> bool {
    path.starts_with("/proc") || (path.starts_with("/dev") && !path.starts_with("/dev/shm"))
}

/// Whether `path` is a symbolic link whose chain of links passes through `/dev` or
/// `/proc` (a link to `/dev/stdout`).
fn links_to_special(path: &Path) -> bool {
    let mut at = path.to_path_buf();
    // As many hops as the kernel follows (then it is a loop: nothing to write).
    for _ in 0..40 {
        let Ok(to) = std::fs::read_link(&at) else {
            return false;
        };
        at = match at.parent() {
            Some(dir) if to.is_relative() => dir.join(to),
            _ => to,
        };
        if is_special(&at) {
            return true;
        }
    }
    false
}

/// Writes a file so that readers see the old content or the new, never a part: a
/// temporary file in the same directory, then a rename. A symbolic link is kept: the
/// file it leads to is the one replaced. Anything that is not a regular file (a
/// device, a pipe), and any path among `/dev`'s devices or in `/proc` (`/dev/stdout`
/// leads to the process's own standard output), is written to in place, never
/// replaced.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    match begin_atomic_write(path, bytes)? {
        Some(pending) => pending.finish(),
        None => Ok(()),
    }
}

/// A file written whole to a temporary file beside its destination, not yet synced
/// nor renamed into place: the second half of [`write_atomically`], which the fleet
/// leaves to a thread of its own.
#[derive(Debug)]
pub struct PendingWrite {
    file: std::fs::File,
    tmp: PathBuf,
    target: PathBuf,
}

impl PendingWrite {
    /// Where the file goes.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Syncs the file to disk, then renames it into place; on an error the temporary
    /// file is removed.
    pub fn finish(self) -> std::io::Result<()> {
        let result = self
            .file
            .sync_all()
            .and_then(|()| std::fs::rename(&self.tmp, &self.target));
        if result.is_err() {
            let _ = std::fs::remove_file(&self.tmp);
        }
        result
    }
}

/// The first half of [`write_atomically`]: the bytes in a temporary file beside `path`,
/// or, where it writes in place (devices, `/dev`, `/proc`), written already (`None`).
pub fn begin_atomic_write(path: &Path, bytes: &[u8]) -> std::io::Result<Option<PendingWrite>> {
    let parent = parent_dir(path);
    // `/dev/stdout` is a link into `/proc` in `/dev`: replacing it would put a regular
    // file in the system's place (and the output where no one reads it).
    if std::fs::canonicalize(parent).is_ok_and(|dir| is_special(&dir)) {
        return write_in_place(path, bytes);
    }
    begin_write_beside(path, parent, bytes)
}

/// The directory a path names a file of (`.` for a bare name).
fn parent_dir(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// `bytes` written to `path` itself. Not truncated: a device or pipe has nothing to
/// truncate, and standard output redirected with `>>` keeps what it had.
fn write_in_place(path: &Path, bytes: &[u8]) -> std::io::Result<Option<PendingWrite>> {
    use std::io::Write;
    std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?
        .write_all(bytes)
        .map(|()| None)
}

/// [`begin_atomic_write`] in `parent`, a directory known to be an ordinary one (the
/// fleet checks its output directory once, not for every node).
pub(crate) fn begin_write_beside(
    path: &Path,
    parent: &Path,
    bytes: &[u8],
) -> std::io::Result<Option<PendingWrite>> {
    use std::io::Write;
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            if links_to_special(path) {
                return write_in_place(path, bytes);
            }
            return match std::fs::canonicalize(path) {
                Ok(real) if std::fs::metadata(&real).is_ok_and(|m| m.is_file()) => {
                    begin_atomic_write(&real, bytes)
                }
                // A dangling link, or one to a device, a pipe: written through.
                _ => write_in_place(path, bytes),
            };
        }
        Ok(m) if !m.is_file() && !m.is_dir() => return write_in_place(path, bytes),
        _ => {}
    }
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = parent.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = std::fs::File::create(&tmp).and_then(|mut file| {
        file.write_all(bytes)?;
        Ok(file)
    });
    match written {
        Ok(file) => Ok(Some(PendingWrite {
            file,
            tmp,
            target: path.to_path_buf(),
        })),
        Err(e) => {
            let _ = std::fs::remove_file(&tmp);
            Err(e)
        }
    }
}

#[cfg(test)]
mod bundled_tests {
    /// Bundled functions are registered without parsing their signatures
    /// (`register_bundled`): every one must pass `register`'s checks.
    #[test]
    fn bundled_signatures_parse() {
        let mut checked = crate::eval::ExternalFunctions::default();
        let bundled = marionette_stdlib::functions()
            .into_iter()
            .chain(marionette_module_functions::functions());
        let mut count = 0;
        for f in bundled {
            if !checked.contains(f.name()) {
                checked.register(f).unwrap_or_else(|e| panic!("{e}"));
                count += 1;
            }
        }
        assert!(count > 150, "only {count} bundled functions");
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::source_files;
    use std::os::unix::fs::symlink;

    /// The walk follows links, sees each real file once (a loop of links ends), skips
    /// dangling links and files that are not sources, and sorts what it finds.
    #[test]
    fn source_files_follows_links_once() {
        let root = std::env::temp_dir().join(format!("marionette-walk-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let m = root.join("modules/a/manifests");
        std::fs::create_dir_all(&m).unwrap();
        std::fs::write(m.join("init.pp"), "class a {}").unwrap();
        std::fs::write(m.join("b.epp"), "").unwrap();
        std::fs::write(m.join("notes.txt"), "").unwrap();
        symlink(&m, root.join("modules/a/again")).unwrap(); // the same directory
        symlink(&root, root.join("modules/loop")).unwrap(); // a cycle
        symlink(m.join("init.pp"), root.join("alias.pp")).unwrap(); // the same file
        symlink(root.join("missing"), root.join("dangling.pp")).unwrap();
        let found = source_files(&root).unwrap();
        let mut real: Vec<_> = found
            .iter()
            .map(|p| std::fs::canonicalize(p).unwrap())
            .collect();
        real.sort();
        let root = std::fs::canonicalize(&root).unwrap();
        let m = root.join("modules/a/manifests");
        std::fs::remove_dir_all(&root).unwrap();
        assert_eq!(real, [m.join("b.epp"), m.join("init.pp")], "{found:?}");
        assert!(found.windows(2).all(|w| w[0] < w[1]), "{found:?}");
    }

    /// Writing through a symbolic link replaces the file it leads to and keeps the
    /// link; a regular file is replaced whole; no temporary file is left.
    #[test]
    fn atomic_writes_keep_links() {
        let root = std::env::temp_dir().join(format!("marionette-write-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("real")).unwrap();
        let file = root.join("real/catalog.json");
        std::fs::write(&file, "old").unwrap();
        let link = root.join("catalog.json");
        symlink(&file, &link).unwrap();
        super::write_atomically(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "new");
        super::write_atomically(&file, b"newer").unwrap();
        assert_eq!(std::fs::read_to_string(&link).unwrap(), "newer");
        let left: Vec<_> = std::fs::read_dir(&root)
            .unwrap()
            .chain(std::fs::read_dir(root.join("real")).unwrap())
            .map(|e| e.unwrap().file_name())
            .collect();
        std::fs::remove_dir_all(&root).unwrap();
        assert_eq!(left.len(), 3, "{left:?}"); // real/, the link, real/catalog.json
    }

    /// `sort_by_path` sorts as `Path`'s order does: `a/b` before `a.pp` and `a-b`,
    /// though `/` is a greater byte than `.` and `-`.
    #[test]
    fn path_order_keys_sort_as_paths() {
        use std::path::PathBuf;
        let names = [
            "m/a.pp",
            "m/a/b.pp",
            "m/a-b.pp",
            "m/a/b/c.pp",
            "m/ab.pp",
            "m/a",
            "m/é.pp",
        ];
        let mut by_path: Vec<PathBuf> = names.iter().map(PathBuf::from).collect();
        let mut by_key = by_path.clone();
        by_path.sort();
        super::sort_by_path(&mut by_key, PathBuf::as_path);
        assert_eq!(by_key, by_path);
    }
}
