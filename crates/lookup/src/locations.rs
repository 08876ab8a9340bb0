//! Turning a hierarchy level's declared locations into concrete ones for one node
//! (`Puppet::Pops::Lookup::LocationResolver`): interpolate, join to the datadir, ask the
//! file system whether they exist.

use std::path::{Path, PathBuf};

use marionette_catalog::Data;

use crate::config::{ConfigV5, Level, Locations};
use crate::error::LookupError;
use crate::interpolate::{interpolate, InterpolationContext};

/// The file-system questions lookup asks. The binary answers them from disk, tests from
/// a table; this crate never touches the file system itself.
pub trait DataFiles {
    /// Whether `path` is an existing file.
    fn exists(&self, path: &Path) -> bool;
    /// The files (not directories) matching a glob pattern, in the order Ruby's
    /// `Pathname.glob` gives them.
    fn glob(&self, pattern: &Path) -> Vec<PathBuf>;
    /// The text of a file.
    fn read(&self, path: &Path) -> std::io::Result<String>;
}

/// One concrete location of a level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolvedLocation {
    /// As declared (uninterpolated): `nodes/%{trusted.certname}.yaml`; for globs the
    /// interpolated pattern, for mapped paths the template.
    pub original: String,
    pub location: Target,
    pub exists: bool,
}

/// A path in the data directory, or a URI passed to the backend as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Path(PathBuf),
    Uri(String),
}

/// The locations of `level` for the node `cx` describes. `config_dir` is the directory of
/// the `hiera.yaml` (paths are relative to `<config_dir>/<datadir>`); `is_default_config`
/// is true when the layer has no `hiera.yaml`, where paths that do not exist are dropped.
/// `None` when the level declares no location.
pub fn resolve_locations(
    config: &ConfigV5,
    level: &Level,
    config_dir: &Path,
    is_default_config: bool,
    cx: &mut dyn InterpolationContext,
    files: &dyn DataFiles,
) -> Result<Option<Vec<ResolvedLocation>>, LookupError> {
    let Some(locations) = &level.locations else {
        return Ok(None);
    };
    let datadir = config_dir.join(config.datadir_of(level));
    let datadir = PathBuf::from(text(&datadir.to_string_lossy(), cx)?);
    let mut out = Vec::new();
    match locations {
        Locations::Paths(paths) => {
            for declared in paths {
                let path = datadir.join(text(declared, cx)?);
                let exists = files.exists(&path);
                if exists || !is_default_config {
                    out.push(ResolvedLocation {
                        original: declared.clone(),
                        location: Target::Path(path),
                        exists,
                    });
                }
            }
        }
        Locations::Globs(globs) => {
            for declared in globs {
                let pattern = datadir.join(text(declared, cx)?);
                let original = pattern.to_string_lossy().into_owned();
                for path in files.glob(&pattern) {
                    out.push(ResolvedLocation {
                        original: original.clone(),
                        location: Target::Path(path),
                        exists: true,
                    });
                }
            }
        }
        Locations::Uris(uris) => {
            for declared in uris {
                // FIXME: Puppet parses the URI (Ruby's `URI()`) and fails on a bad one.
                let uri = text(declared, cx)?;
                out.push(ResolvedLocation {
                    original: declared.clone(),
                    location: Target::Uri(uri),
                    exists: true,
                });
            }
        }
        Locations::MappedPaths {
            variable,
            key,
            template,
        } => {
            // The variable's value itself (an array or a string), not its text.
            let value = crate::interpolate::scope_lookup(variable, "mapped_path[0]", cx)?;
            let values = match value {
                None | Some(Data::Undef) => Vec::new(),
                Some(Data::String(s)) if s.is_empty() => Vec::new(),
                Some(Data::String(s)) => vec![Data::String(s)],
                Some(Data::Array(items)) => items,
                Some(Data::Hash(h)) if h.is_empty() => Vec::new(),
                // FIXME: Puppet maps over a hash's pairs; not supported.
                Some(other) => vec![other],
            };
            for value in values {
                let mut bound = Bound {
                    inner: cx,
                    name: key,
                    value,
                };
                let path = datadir.join(text(template, &mut bound)?);
                let exists = files.exists(&path);
                out.push(ResolvedLocation {
                    original: template.clone(),
                    location: Target::Path(path),
                    exists,
                });
            }
        }
    }
    Ok(Some(out))
}

/// The text of `s` with its `%{...}` interpolated (no method calls).
pub(crate) fn text(s: &str, cx: &mut dyn InterpolationContext) -> Result<String, LookupError> {
    match interpolate(&Data::String(s.to_owned()), cx, false)? {
        Data::String(s) => Ok(s),
        other => Ok(format!("{other:?}")),
    }
}

/// A context with one extra local variable (`mapped_paths`' key).
struct Bound<'a> {
    inner: &'a mut dyn InterpolationContext,
    name: &'a str,
    value: Data,
}

impl InterpolationContext for Bound<'_> {
    fn variable(&mut self, name: &str) -> Option<Data> {
        if name == self.name {
            return Some(self.value.clone());
        }
        self.inner.variable(name)
    }
    fn lookup(&mut self, key: &str) -> Result<Option<Data>, LookupError> {
        self.inner.lookup(key)
    }
    fn name_stack(&mut self) -> &mut Vec<String> {
        self.inner.name_stack()
    }
}

#[cfg(test)]
mod tests;
