//! Plugins for a compile: loading their libraries (`--plugin PATH`, the directories of
//! `MARIONETTE_PLUGIN_PATH`) and installing what they provide into the compile's
//! options. A plugin linked statically is installed the same way.

use crate::eval::CompileOptions;
use crate::plugin_api::{load, LoadError, Plugin};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// The environment variable naming plugin directories (`:`-separated).
pub const PLUGIN_PATH_VAR: &str = "MARIONETTE_PLUGIN_PATH";

/// Plugins loaded from libraries, and what was skipped.
#[derive(Debug, Default)]
pub struct Loaded {
    pub plugins: Vec<Plugin>,
    /// Libraries of the plugin directories that are not plugins, each with why.
    pub skipped: Vec<String>,
}

/// Loads the plugin libraries given explicitly (`--plugin`: any failure is an error),
/// then every library (`*.so`, `*.dylib`) of the directories in `search_path`
/// (`MARIONETTE_PLUGIN_PATH`), in name order. In a directory, a library that is not a
/// Marionette plugin is skipped (and listed in `skipped`); a plugin that cannot be
/// loaded (another ABI version, a failing constructor) is an error.
pub fn load_plugins(explicit: &[PathBuf], search_path: Option<&OsStr>) -> Result<Loaded, String> {
    let mut out = Loaded::default();
    for path in explicit {
        out.plugins.push(load(path).map_err(|e| e.to_string())?);
    }
    for dir in search_path.map(std::env::split_paths).into_iter().flatten() {
        if dir.as_os_str().is_empty() {
            continue;
        }
        for path in libraries(&dir)? {
            match load(&path) {
                Ok(p) => out.plugins.push(p),
                Err(e @ LoadError::NotAPlugin { .. }) => out.skipped.push(e.to_string()),
                Err(e) => return Err(e.to_string()),
            }
        }
    }
    Ok(out)
}

/// The shared libraries in a plugin directory, sorted.
fn libraries(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| {
        format!(
            "cannot read plugin directory {} ({PLUGIN_PATH_VAR}): {e}",
            dir.display()
        )
    })?;
    let mut out: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.is_file() && matches!(p.extension().and_then(|e| e.to_str()), Some("so" | "dylib"))
        })
        .collect();
    out.sort();
    Ok(out)
}

/// Loads the plugins a command uses, `explicit` ones (`--plugin`) and those of the
/// directories `MARIONETTE_PLUGIN_PATH` names, and installs them into `options`.
/// Returns the warnings about libraries that were skipped.
pub fn load_and_install(
    explicit: &[PathBuf],
    options: &mut CompileOptions,
) -> Result<Vec<String>, String> {
    let search = std::env::var_os(PLUGIN_PATH_VAR);
    let loaded = load_plugins(explicit, search.as_deref())?;
    install(loaded.plugins, options)?;
    Ok(loaded
        .skipped
        .into_iter()
        .map(|s| format!("{s}; skipped"))
        .collect())
}

/// Installs plugins into a compile's options: their Hiera backends and functions (as
/// extensions the environment registers when it is loaded) and their node classifier.
/// At most one node classifier may be in use: two plugins' classifiers, or a plugin's
/// and `--enc`, are an error.
pub fn install(plugins: Vec<Plugin>, options: &mut CompileOptions) -> Result<(), String> {
    for p in plugins {
        options.extensions.backends.extend(p.backends);
        options.extensions.functions.extend(p.functions);
        for c in p.classifiers {
            if let Some(existing) = &options.classifier {
                return Err(format!(
                    "only one node classifier can be used, but plugin {} provides {} and {} is in use",
                    p.name,
                    c.describe(),
                    existing.describe()
                ));
            }
            options.classifier = Some(c);
        }
    }
    Ok(())
}
