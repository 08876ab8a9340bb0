//! A compiler assembled in code: what a team links to build its own binary, with its
//! own Hiera backends, node classifier and functions linked statically (no plugin
//! library to ship).
//!
//! ```no_run
//! # fn main() -> Result<(), marionette::CompileFailure> {
//! let compiler = marionette::Compiler::builder()
//!     .environment("examples/env")
//!     .facts_dir("examples/facts")
//!     .build()?;
//! let (catalog, _log) = compiler.compile("web01.example.com")?;
//! # Ok(()) }
//! ```

use crate::plugin_api::{Backend, ExternalFunction, NodeClassifier, Plugin};
use crate::{classify_node, eval, failure, load_environment, node_input, CompileFailure};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Settings of a [`Compiler`], set one by one.
#[derive(Default)]
pub struct CompilerBuilder {
    env_dir: Option<PathBuf>,
    env_name: Option<String>,
    facts_dir: Option<PathBuf>,
    options: eval::CompileOptions,
    plugins: Vec<Plugin>,
}

impl CompilerBuilder {
    /// The environment directory (required).
    pub fn environment(mut self, dir: impl Into<PathBuf>) -> Self {
        self.env_dir = Some(dir.into());
        self
    }

    /// The environment's name (default: the directory's name).
    pub fn environment_name(mut self, name: impl Into<String>) -> Self {
        self.env_name = Some(name.into());
        self
    }

    /// Where nodes' facts are: `<certname>.yaml`, `.yml` or `.json`. Without it (or
    /// without a file for a node), nodes compile without facts.
    pub fn facts_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.facts_dir = Some(dir.into());
        self
    }

    /// The compile settings (strictness, Puppet 3 behaviours, the global
    /// `hiera.yaml`...); what the other methods add is added to these.
    pub fn options(mut self, options: eval::CompileOptions) -> Self {
        self.options = options;
        self
    }

    /// The node classifier (an ENC).
    pub fn classifier(mut self, classifier: Arc<dyn NodeClassifier>) -> Self {
        self.options.classifier = Some(classifier);
        self
    }

    /// A Hiera backend, under the function name `hiera.yaml` uses.
    pub fn backend(mut self, name: impl Into<String>, backend: Arc<dyn Backend>) -> Self {
        self.options
            .extensions
            .backends
            .push((name.into(), backend));
        self
    }

    /// A Puppet function.
    pub fn function(mut self, function: Arc<dyn ExternalFunction>) -> Self {
        self.options.extensions.functions.push(function);
        self
    }

    /// Everything a plugin provides (a plugin crate's `plugin()`, linked statically, or
    /// a library loaded with `plugin_api::load`).
    pub fn plugin(mut self, plugin: Plugin) -> Self {
        self.plugins.push(plugin);
        self
    }

    /// Checks the settings and loads the environment (once for all compiles).
    pub fn build(self) -> Result<Compiler, CompileFailure> {
        let env_dir = self
            .env_dir
            .ok_or_else(|| failure("no environment directory was given".into()))?;
        let mut options = self.options;
        crate::plugins::install(self.plugins, &mut options).map_err(failure)?;
        let main = load_environment(&env_dir, self.env_name.as_deref(), "", &options)?;
        let mut environments = HashMap::new();
        environments.insert(env_dir.clone(), Arc::new(main));
        Ok(Compiler {
            env_dir,
            env_name: self.env_name,
            facts_dir: self.facts_dir,
            options,
            environments: Mutex::new(environments),
        })
    }
}

/// A compiler for many nodes of one environment (and those its classifier chooses),
/// loaded once. `Sync`: compile nodes from several threads.
pub struct Compiler {
    env_dir: PathBuf,
    env_name: Option<String>,
    facts_dir: Option<PathBuf>,
    options: eval::CompileOptions,
    environments: Mutex<HashMap<PathBuf, Arc<eval::Environment>>>,
}

impl Compiler {
    pub fn builder() -> CompilerBuilder {
        CompilerBuilder::default()
    }

    /// The nodes that have a facts file in the facts directory, sorted.
    pub fn nodes(&self) -> Vec<String> {
        let Some(dir) = &self.facts_dir else {
            return Vec::new();
        };
        crate::fleet::fleet_nodes(dir)
            .map(|nodes| nodes.into_iter().map(|(n, _)| n).collect())
            .unwrap_or_default()
    }

    /// Compiles a node's catalog (`catalog_uuid` and `version` are left for the caller:
    /// see [`crate::stamp_catalog`]), with its log.
    pub fn compile(
        &self,
        node: &str,
    ) -> Result<(crate::catalog::Catalog, Vec<eval::LogLine>), CompileFailure> {
        let facts = self.facts_file(node);
        let mut input = node_input(node, facts.as_deref(), None, None)?;
        let (dir, name) = classify_node(
            &mut input,
            &self.env_dir,
            self.env_name.as_deref(),
            &self.options,
        )?;
        let env = self.environment(&dir, name.as_deref(), node)?;
        eval::compile(&env, input, self.options.clone())
            .map(|out| (out.catalog, out.log))
            .map_err(|(error, log)| CompileFailure {
                message: format!("{error} on node {node}"),
                log,
            })
    }

    fn facts_file(&self, node: &str) -> Option<PathBuf> {
        let dir = self.facts_dir.as_ref()?;
        ["yaml", "yml", "json"]
            .iter()
            .map(|ext| dir.join(format!("{node}.{ext}")))
            .find(|p| p.is_file())
    }

    fn environment(
        &self,
        dir: &Path,
        name: Option<&str>,
        node: &str,
    ) -> Result<Arc<eval::Environment>, CompileFailure> {
        let mut envs = self.environments.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(env) = envs.get(dir) {
            return Ok(env.clone());
        }
        let env = Arc::new(load_environment(dir, name, node, &self.options)?);
        envs.insert(dir.to_path_buf(), env.clone());
        Ok(env)
    }
}
