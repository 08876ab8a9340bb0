//! Marionette: a Puppet catalog compiler.
//!
//! This crate is the facade that assembles the workspace crates, and what a team links
//! to build its own compiler binary. Today it offers parsing and validation of files
//! with rendered diagnostics; compiling catalogs is being built (see ARCHITECTURE.md).

pub use marionette_syntax as syntax;

pub mod diagnostics;

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
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let mut entries: Vec<_> = std::fs::read_dir(&dir)?.collect::<Result<_, _>>()?;
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let path = entry.path();
            let meta = match std::fs::metadata(&path) {
                Ok(meta) => meta,
                Err(_) => continue, // dangling link
            };
            if meta.is_dir() {
                if seen.insert(std::fs::canonicalize(&path)?) {
                    stack.push(path);
                }
            } else if matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("pp" | "epp")
            ) && seen.insert(std::fs::canonicalize(&path)?)
            {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}
