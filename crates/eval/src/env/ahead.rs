//! Parse-ahead: while the compile evaluates, a second thread parses the module
//! manifests it is likely to load next, so that a single compile uses both cores.
//!
//! Every manifest parsed (by either thread) is scanned for the qualified names it
//! mentions (`apache::vhost`, `Apache::Mod['ssl']`, `$apache::params::user`) and the
//! bare names of modules (`include ntp`); the files those names autoload from are
//! queued for the worker, and so are the ERB templates named in string literals
//! (`template('apache/httpd.conf.erb')`). The compile asks for a file through [`ParseAhead::parse`]:
//! parsed already, it is taken as is; being parsed, the compile waits for it; not
//! started, the compile parses it itself. Either way a file is parsed once, and the
//! result does not depend on which thread parsed it: the catalog is the same with or
//! without the worker. What the worker parses that the compile never asks for is
//! simply unused (an error in such a file is never reported, as Puppet never loads it).

use super::modules::Modules;
use super::{load_error, LoadError, SourceDb};
use foldhash::{HashMap, HashSet};
use marionette_syntax::model::Program;
use marionette_syntax::validate::ValidateOptions;
use marionette_syntax::LineIndex;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, OnceLock};

/// A manifest parsed, lowered and validated; `error` is its first problem.
pub(super) struct Parsed {
    pub text: String,
    pub lines: LineIndex,
    pub program: Arc<Program>,
    pub error: Option<LoadError>,
}

/// A file's parse, done once by whichever thread gets to it first; `None` when the
/// file cannot be read.
type Slot = Arc<OnceLock<Option<Arc<Parsed>>>>;

/// An ERB template's parse, likewise.
pub(super) type ErbParse = Result<Arc<marionette_erb::Template>, marionette_erb::ErbError>;
type ErbSlot = Arc<OnceLock<Option<ErbParse>>>;

/// What the worker is asked to parse.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Job {
    Manifest(PathBuf),
    Erb(PathBuf),
}

pub(super) struct ParseAhead {
    shared: Arc<Shared>,
}

struct Shared {
    sources: Arc<dyn SourceDb>,
    modules: Arc<Modules>,
    options: ValidateOptions,
    /// Whether a worker thread may run (more than one CPU).
    threaded: bool,
    state: Mutex<State>,
    wake: Condvar,
}

#[derive(Default)]
struct State {
    slots: HashMap<PathBuf, Slot>,
    erb_slots: HashMap<PathBuf, ErbSlot>,
    queue: VecDeque<Job>,
    /// Every job ever queued, so that none is queued twice.
    queued: HashSet<Job>,
    started: bool,
    stopped: bool,
}

impl ParseAhead {
    pub(super) fn new(
        sources: Arc<dyn SourceDb>,
        modules: Arc<Modules>,
        options: ValidateOptions,
    ) -> ParseAhead {
        let threaded = std::thread::available_parallelism().is_ok_and(|n| n.get() > 1)
            && std::env::var_os("MARIONETTE_NO_PARSE_AHEAD").is_none();
        ParseAhead {
            shared: Arc::new(Shared {
                sources,
                modules,
                options,
                threaded,
                state: Mutex::new(State::default()),
                wake: Condvar::new(),
            }),
        }
    }

    /// The parse of the manifest at `path`; `None` if it cannot be read.
    pub(super) fn parse(&self, path: &Path) -> Option<Arc<Parsed>> {
        self.shared.parse(path)
    }

    /// The parse of the ERB template at `path`, whose text is `source`.
    pub(super) fn parse_erb(&self, path: &Path, source: &str) -> ErbParse {
        let slot = self
            .shared
            .lock()
            .erb_slots
            .entry(path.to_path_buf())
            .or_default()
            .clone();
        let parsed = slot.get_or_init(|| Some(parse_erb(source)));
        match parsed {
            Some(parsed) => parsed.clone(),
            // The worker could not read it; the caller could.
            None => parse_erb(source),
        }
    }
}

impl Drop for ParseAhead {
    fn drop(&mut self) {
        self.shared.lock().stopped = true;
        self.shared.wake.notify_all();
    }
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn parse(self: &Arc<Self>, path: &Path) -> Option<Arc<Parsed>> {
        let slot = self
            .lock()
            .slots
            .entry(path.to_path_buf())
            .or_default()
            .clone();
        slot.get_or_init(|| self.parse_now(path)).clone()
    }

    fn parse_now(self: &Arc<Self>, path: &Path) -> Option<Arc<Parsed>> {
        let text = self.sources.read(path).ok()?;
        let checked = marionette_syntax::check_with(&text, false, self.options);
        let lines = LineIndex::new(&text);
        let error = load_error(&path.to_string_lossy(), &text, &lines, &checked);
        let parsed = Arc::new(Parsed {
            program: checked.program,
            lines,
            error,
            text,
        });
        if self.threaded {
            self.follow(&parsed.text);
        }
        Some(parsed)
    }

    /// Queues the files that the names `text` mentions autoload from and the
    /// templates it names, and starts the worker if it is not running.
    fn follow(self: &Arc<Self>, text: &str) {
        let modules = self.modules.dirs();
        let names = mentioned_names(text, |module| is_module(modules, module));
        let templates = mentioned_templates(text);
        if names.is_empty() && templates.is_empty() {
            return;
        }
        let mut jobs = Vec::new();
        for template in templates {
            let Some((module, rest)) = template.split_once('/') else {
                continue;
            };
            if let Some(dir) = modules.get(module) {
                jobs.push(Job::Erb(dir.join("templates").join(rest)));
            }
        }
        for name in names {
            let name = if name.bytes().any(|b| b.is_ascii_uppercase()) {
                std::borrow::Cow::Owned(name.to_ascii_lowercase())
            } else {
                std::borrow::Cow::Borrowed(name)
            };
            let mut segments = marionette_syntax::names::segments(&name);
            let module = segments.next().unwrap_or_default();
            let Some(dir) = modules.get(module) else {
                continue;
            };
            let rest: Vec<&str> = segments.collect();
            let candidates: Vec<PathBuf> = if rest.is_empty() {
                vec![dir.join("manifests").join("init.pp")]
            } else {
                let file = format!("{}.pp", rest.join("/"));
                ["manifests", "types", "functions"]
                    .iter()
                    .map(|sub| dir.join(sub).join(&file))
                    .collect()
            };
            jobs.extend(candidates.into_iter().map(Job::Manifest));
        }
        let mut state = self.lock();
        let mut added = false;
        for job in jobs {
            let done = match &job {
                Job::Manifest(path) => state.slots.contains_key(path),
                Job::Erb(path) => state.erb_slots.contains_key(path),
            };
            if !done && state.queued.insert(job.clone()) {
                state.queue.push_back(job);
                added = true;
            }
        }
        if !added {
            return;
        }
        if !state.started {
            state.started = true;
            let shared = self.clone();
            let spawned = std::thread::Builder::new()
                .name("parse-ahead".into())
                .spawn(move || shared.work());
            if spawned.is_err() {
                // No thread: the compile parses everything itself, as without one.
                state.queue.clear();
            }
        }
        drop(state);
        self.wake.notify_one();
    }

    /// The worker: parses queued files until the environment is dropped.
    fn work(self: Arc<Self>) {
        loop {
            let job = {
                let mut state = self.lock();
                loop {
                    if state.stopped {
                        return;
                    }
                    if let Some(job) = state.queue.pop_front() {
                        break job;
                    }
                    state = self.wake.wait(state).unwrap_or_else(|p| p.into_inner());
                }
            };
            match job {
                Job::Manifest(path) => {
                    if self.sources.is_file(&path) {
                        self.parse(&path);
                    }
                }
                Job::Erb(path) => {
                    let slot = self
                        .lock()
                        .erb_slots
                        .entry(path.clone())
                        .or_default()
                        .clone();
                    slot.get_or_init(|| self.sources.read(&path).ok().map(|t| parse_erb(&t)));
                }
            }
        }
    }
}

fn parse_erb(source: &str) -> ErbParse {
    marionette_erb::Template::parse(source).map(Arc::new)
}

/// The `module/path.erb` template names in the string literals of `text`.
fn mentioned_templates(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find(".erb") {
        let end = from + at + 4;
        from = end;
        let closes = text[end..].starts_with(['\'', '"']);
        let start = text[..end]
            .rfind(|c: char| matches!(c, '\'' | '"') || c.is_whitespace())
            .map_or(0, |i| i + 1);
        let name = &text[start..end];
        if closes
            && start > 0
            && name.contains('/')
            && !name.contains(['$', '{'])
            && !out.contains(&name)
        {
            out.push(name);
        }
    }
    out
}

/// Whether `name`, in any case, is the name of a module in `modules`.
fn is_module(modules: &HashMap<String, PathBuf>, name: &str) -> bool {
    if !name.bytes().any(|b| b.is_ascii_uppercase()) {
        return modules.contains_key(name);
    }
    let mut buf = [0u8; 64];
    match buf.get_mut(..name.len()) {
        Some(lower) => {
            lower.copy_from_slice(name.as_bytes());
            lower.make_ascii_lowercase();
            // ASCII case changes keep the bytes UTF-8.
            std::str::from_utf8(lower).is_ok_and(|lower| modules.contains_key(lower))
        }
        None => modules.contains_key(&name.to_ascii_lowercase()),
    }
}

/// The names in `text` that may name a class, define, type alias or function:
/// every word (or variable, less its last segment) with `::` in it, and every plain
/// word (possibly a module's main class), whose first segment `in_module` accepts,
/// in order, once each, as written. Filtering before remembering what was seen keeps
/// the set of seen names small: most words of a manifest are keywords, attributes
/// and values, not names of modules.
fn mentioned_names(text: &str, in_module: impl Fn(&str) -> bool) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut seen: HashSet<&str> = HashSet::default();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if !(b.is_ascii_alphabetic() || b == b':' || b == b'$') {
            i += 1;
            continue;
        }
        let start = i;
        let variable = b == b'$';
        if variable {
            i += 1;
        }
        while i < bytes.len()
            && (bytes[i].is_ascii_alphanumeric() || matches!(bytes[i], b'_' | b':'))
        {
            i += 1;
        }
        let word = marionette_syntax::names::trim_root(&text[start + usize::from(variable)..i]);
        let name = if variable {
            match marionette_syntax::names::rsplit(word) {
                Some((class, _)) => class,
                None => continue,
            }
        } else {
            word
        };
        if name.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
            && in_module(
                marionette_syntax::names::segments(name)
                    .next()
                    .unwrap_or_default(),
            )
            && seen.insert(name)
        {
            out.push(name);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn templates_named_in_strings() {
        let text = "content => template('apache/httpd.conf.erb', \"apache/mod/${m}.erb\"),\n x => \"ntp/ntp.conf.erb\", y => 'a.erb', z => template('ntp/ntp.conf.erb')";
        assert_eq!(
            super::mentioned_templates(text),
            ["apache/httpd.conf.erb", "ntp/ntp.conf.erb"]
        );
    }

    #[test]
    fn names_that_may_autoload() {
        let text = "class a::b { include ntp\n $x = $apache::params::user\n Apache::Vhost['v'] -> Class['::c::d'] $y = 1 }";
        assert_eq!(
            super::mentioned_names(text, |_| true),
            [
                "class",
                "a::b",
                "include",
                "ntp",
                "apache::params",
                "Apache::Vhost",
                "v",
                "Class",
                "c::d"
            ]
        );
        assert_eq!(
            super::mentioned_names(text, |module| ["ntp", "apache", "c"].contains(&module)),
            ["ntp", "apache::params", "c::d"]
        );
    }

    #[test]
    fn modules_found_in_any_case() {
        let modules: foldhash::HashMap<String, std::path::PathBuf> =
            [("apache".to_string(), std::path::PathBuf::from("/m/apache"))]
                .into_iter()
                .collect();
        assert!(super::is_module(&modules, "apache"));
        assert!(super::is_module(&modules, "Apache"));
        assert!(!super::is_module(&modules, "Vhost"));
        assert!(!super::is_module(&modules, &"A".repeat(100)));
    }
}
