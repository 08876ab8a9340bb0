//! Parse-ahead: while the compile evaluates, a second thread parses the module
//! manifests it is likely to load next, so that a single compile uses both cores.
//!
//! Every manifest parsed (by either thread) is scanned, by the worker, for the
//! qualified names it mentions (`apache::vhost`, `Apache::Mod['ssl']`,
//! `$apache::params::user`), the bare names of modules (`include ntp`) and of the
//! modules' Ruby resource types (`firewall { ... }`); the files those names autoload
//! from, and the Ruby types, are jobs for the worker, and so are the ERB templates
//! named in string literals (`template('apache/httpd.conf.erb')`, or
//! `"${module_name}/sshd_config.erb"` for the manifest's own module), and the templates
//! those templates name in turn. The compile asks for a file through
//! [`ParseAhead::parse`] (a template through [`ParseAhead::parse_erb`], a Ruby type
//! through [`ParseAhead::ruby_type`]): done already, it is taken as is; under way, the
//! compile waits for it; not started, the compile does it itself. Either way a file is
//! parsed once, and the result does not depend on which thread parsed it: the catalog
//! is the same with or without the worker. What the worker parses that the compile
//! never asks for is simply unused (an error in such a file is never reported, as
//! Puppet never loads it).
//!
//! The worker takes its jobs in the order the compile is likely to need them. A file
//! mentions many names the compile never loads (the classes of every branch of a
//! `case`, the types of a module's other defines), and what those files mention in turn
//! even more: taken first come first served, they kept the worker busy while the
//! compile parsed what it needed itself. So each job has a depth: the names of a file
//! the compile asked for are at depth 1, those of a file only the worker parsed one
//! deeper, and the worker goes no deeper than [`MAX_DEPTH`]. Lower depths come first;
//! within a depth, the jobs of the file the compile asked for last (the compile goes
//! depth first: it evaluates a class it includes before the rest of the includer), in
//! the order they are written. When the compile asks for a file the worker parsed
//! ahead, its jobs move up to depth 1. The compile thread only hands the files it asks
//! for over ([`ParseAhead::parse`] queues a request); scanning them and queueing their
//! jobs is the worker's, which takes requests before its queue.
//!
//! The worker starts as the environment loads, and first lists the modules (the
//! indexes of [`Modules`]), which the compile would otherwise do itself when it loads
//! its first module file.

use super::modules::Modules;
use super::{load_error, LoadError, SourceDb, SourceFile};
use crate::restype::ResourceType;
use foldhash::{HashMap, HashSet};
use marionette_syntax::validate::ValidateOptions;
use marionette_syntax::LineIndex;
use std::collections::BinaryHeap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, OnceLock};

/// How a process places the worker on its CPUs, set once by the program
/// ([`set_thread_placement`]); without one, the system's scheduler alone does.
pub struct ThreadPlacement {
    /// Called by the compile's thread on the worker just spawned (before it may have
    /// run): to start it on another CPU than the compile's own.
    pub place: fn(&std::thread::JoinHandle<()>),
    /// Called by the worker first: to undo what `place` did, once it runs.
    pub started: fn(),
}

static THREAD_PLACEMENT: OnceLock<ThreadPlacement> = OnceLock::new();

/// Sets how the parse-ahead worker is placed, for the whole process; `false` if it was
/// set already.
///
/// Why: Linux often queues a new thread on its creator's CPU, where it waits for the
/// busy compile to be preempted, while the other CPU idles: on the 2-CPU machine
/// measured, half the workers started 1.4-4.2 ms late, in the middle of a 45 ms
/// compile whose first files they were meant to parse. A program that moves the new
/// thread to another CPU (the binary does, where the code for it may be unsafe) starts
/// it within 0.2 ms.
pub fn set_thread_placement(placement: ThreadPlacement) -> bool {
    THREAD_PLACEMENT.set(placement).is_ok()
}

/// How far the worker follows names from files the compile has not asked for: the
/// names of a requested file are at depth 1, those of the files they lead to at 2...
const MAX_DEPTH: u32 = 2;

/// A manifest parsed, lowered and validated; `error` is its first problem.
pub(super) struct Parsed {
    pub file: Arc<SourceFile>,
    pub error: Option<LoadError>,
    /// The jobs its names lead to, found by the worker (the compile thread only
    /// parses: the worker scans what it parsed too).
    follows: OnceLock<Vec<Follow>>,
}

/// A file's parse, done once by whichever thread gets to it first; `None` when the
/// file cannot be read.
type Slot = Arc<OnceLock<Option<Arc<Parsed>>>>;

/// An ERB template's parse, likewise.
pub(super) type ErbParse = Result<Arc<marionette_erb::Template>, marionette_erb::ErbError>;
type ErbSlot = Arc<OnceLock<Option<ErbParse>>>;

/// A module's Ruby resource type, read once; `None` when no module has it.
type TypeSlot = Arc<OnceLock<Option<Arc<ResourceType>>>>;

/// A job a file leads to, and how many levels deeper than the file's own names it
/// goes: 1 for what the file names only in a branch (of an `if`, `unless`, `case` or
/// selector), which the compile may never take.
type Follow = (Job, u32);

/// What the worker is asked to do.
#[derive(Clone)]
enum Job {
    Manifest(PathBuf),
    Erb(PathBuf),
    RubyType(String),
}

impl Job {
    /// The kind of job, and the bytes that tell jobs of a kind apart.
    fn key(&self) -> (u8, &[u8]) {
        match self {
            Job::Manifest(path) => (0, key(path)),
            Job::Erb(path) => (1, key(path)),
            Job::RubyType(name) => (2, name.as_bytes()),
        }
    }
}

// As bytes: hashing a `Path` goes through its components, which cost more than the
// rest of queueing a job.
impl PartialEq for Job {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Job {}

impl std::hash::Hash for Job {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

/// The bytes of a path, by which the slots are found.
fn key(path: &Path) -> &[u8] {
    path.as_os_str().as_encoded_bytes()
}

/// A job in the worker's queue, with its priority.
#[derive(PartialEq, Eq)]
struct Pending {
    /// How many files only the worker parsed lie between the job and a file the
    /// compile asked for, plus one: lower first.
    depth: u32,
    /// When the compile asked for the file the job comes from (a count): later first.
    generation: u64,
    /// When the job was queued: earlier first.
    order: u64,
    job: Job,
}

impl Ord for Pending {
    /// The more urgent job is the greater ([`BinaryHeap`] pops the greatest).
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        other
            .depth
            .cmp(&self.depth)
            .then(self.generation.cmp(&other.generation))
            .then(other.order.cmp(&self.order))
    }
}

impl PartialOrd for Pending {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

pub(super) struct ParseAhead {
    shared: Arc<Shared>,
}

struct Shared {
    sources: Arc<dyn SourceDb>,
    modules: Arc<Modules>,
    options: ValidateOptions,
    /// The environment's main manifest (a file or a directory): Puppet does not
    /// check the names its files define.
    manifest: String,
    /// Whether a worker thread runs (more than one CPU, and it could be started).
    threaded: std::sync::atomic::AtomicBool,
    state: Mutex<State>,
    wake: Condvar,
    /// The names of the modules and of their Ruby types: the first segments of the
    /// names a file mentions that may lead to a job.
    roots: OnceLock<Roots>,
}

#[derive(Default)]
struct State {
    /// Keyed by path (as bytes, see [`key`]).
    slots: HashMap<Box<[u8]>, Slot>,
    erb_slots: HashMap<Box<[u8]>, ErbSlot>,
    type_slots: HashMap<String, TypeSlot>,
    /// The worker's jobs, the most urgent first; a job may be in it more than once (it
    /// moved up), and already done (by the compile): both are skipped.
    queue: BinaryHeap<Pending>,
    /// The best (depth, generation) each job was queued with, so that it is queued
    /// again only to move up.
    queued: HashMap<Job, (u32, u64)>,
    /// The files the compile asked for, each with its generation, that the worker
    /// has not yet queued the names of.
    requests: Vec<(Arc<Parsed>, u64)>,
    /// The files the compile asked for so far.
    generation: u64,
    /// The jobs queued so far.
    order: u64,
    stopped: bool,
}

impl State {
    /// Whether a thread has started the job (it is done or under way).
    fn started(&self, job: &Job) -> bool {
        match job {
            Job::Manifest(path) => self.slots.contains_key(key(path)),
            Job::Erb(path) => self.erb_slots.contains_key(key(path)),
            Job::RubyType(name) => self.type_slots.contains_key(name),
        }
    }
}

impl ParseAhead {
    pub(super) fn new(
        sources: Arc<dyn SourceDb>,
        modules: Arc<Modules>,
        options: ValidateOptions,
        manifest: &Path,
    ) -> ParseAhead {
        let threaded = std::thread::available_parallelism().is_ok_and(|n| n.get() > 1)
            && std::env::var_os("MARIONETTE_NO_PARSE_AHEAD").is_none();
        let shared = Arc::new(Shared {
            sources,
            modules,
            options,
            manifest: manifest.to_string_lossy().into_owned(),
            threaded: threaded.into(),
            state: Mutex::new(State::default()),
            wake: Condvar::new(),
            roots: OnceLock::new(),
        });
        if threaded {
            let worker = shared.clone();
            let placement = THREAD_PLACEMENT.get();
            let spawned = std::thread::Builder::new()
                .name("parse-ahead".into())
                .spawn(move || {
                    if let Some(placement) = placement {
                        (placement.started)();
                    }
                    worker.work()
                });
            match spawned {
                Ok(handle) => {
                    if let Some(placement) = placement {
                        (placement.place)(&handle);
                    }
                }
                // No thread: the compile parses everything itself, as without one.
                Err(_) => shared
                    .threaded
                    .store(false, std::sync::atomic::Ordering::Relaxed),
            }
        }
        ParseAhead { shared }
    }

    /// The parse of the manifest at `path`, for the compile; `None` if it cannot be
    /// read. What it mentions becomes the worker's most urgent work.
    pub(super) fn parse(&self, path: &Path) -> Option<Arc<Parsed>> {
        let (parsed, _) = self.shared.parse(path);
        let parsed = parsed?;
        self.shared.requested(&parsed);
        Some(parsed)
    }

    /// The parse of the ERB template at `path`; `None` if it cannot be read.
    pub(super) fn parse_erb(&self, path: &Path) -> Option<ErbParse> {
        self.shared.parse_erb(path)
    }

    /// The Ruby resource type `name` of a module (not one of Puppet's own types).
    pub(super) fn ruby_type(&self, name: &str) -> Option<Arc<ResourceType>> {
        self.shared.ruby_type(name)
    }
}

impl ParseAhead {
    /// Stops the worker after the job it is doing: nothing is parsed ahead from then
    /// on (what the compile asks for is parsed when it asks).
    pub(super) fn stop(&self) {
        self.shared.lock().stopped = true;
        self.shared.wake.notify_all();
    }
}

impl Drop for ParseAhead {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn threaded(&self) -> bool {
        self.threaded.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The parse of the manifest at `path`, and whether this call made it.
    fn parse(&self, path: &Path) -> (Option<Arc<Parsed>>, bool) {
        if self.modules.has_manifest(path) == Some(false) {
            return (None, false);
        }
        let slot = self
            .lock()
            .slots
            .entry(key(path).into())
            .or_default()
            .clone();
        let mut here = false;
        let parsed = slot.get_or_init(|| {
            here = true;
            self.parse_now(path)
        });
        (parsed.clone(), here)
    }

    fn parse_now(&self, path: &Path) -> Option<Arc<Parsed>> {
        let text = self.sources.read(path).ok()?;
        let module_file = self.module_file(path);
        let path = path.to_string_lossy().into_owned();
        let file = module_file
            .as_ref()
            .map(|namespace| marionette_syntax::validate::ModuleFile {
                path: &path,
                namespace: namespace.as_deref(),
            });
        let checked = marionette_syntax::check_file(&text, false, self.options, file);
        let lines = LineIndex::new(&text);
        let error = load_error(&path, &text, &lines, &checked, true);
        Some(Arc::new(Parsed {
            file: Arc::new(SourceFile::new(path, text, lines, checked.program)),
            error,
            follows: OnceLock::new(),
        }))
    }

    /// For a file under a modulepath directory (and not in the main manifest, as
    /// Puppet compares their paths, as strings), the namespace its definitions must
    /// be in ([`marionette_syntax::validate::module_namespace`]).
    fn module_file(&self, path: &Path) -> Option<Option<String>> {
        if path.to_string_lossy().starts_with(&self.manifest) {
            return None;
        }
        let relative = self
            .modules
            .modulepath()
            .iter()
            .find_map(|dir| path.strip_prefix(dir).ok())?;
        Some(marionette_syntax::validate::module_namespace(
            &relative.to_string_lossy(),
        ))
    }

    fn parse_erb(&self, path: &Path) -> Option<ErbParse> {
        self.parse_erb_here(path).0
    }

    /// [`Shared::parse_erb`], and the template's text if this call parsed it.
    fn parse_erb_here(&self, path: &Path) -> (Option<ErbParse>, Option<String>) {
        let slot = self
            .lock()
            .erb_slots
            .entry(key(path).into())
            .or_default()
            .clone();
        let mut text = None;
        let parsed = slot
            .get_or_init(|| {
                let read = self.sources.read(path).ok()?;
                let parsed = parse_erb(&read);
                text = Some(read);
                Some(parsed)
            })
            .clone();
        (parsed, text)
    }

    fn ruby_type(&self, name: &str) -> Option<Arc<ResourceType>> {
        let slot = self
            .lock()
            .type_slots
            .entry(name.to_string())
            .or_default()
            .clone();
        slot.get_or_init(|| self.modules.ruby_type(name).map(Arc::new))
            .clone()
    }

    /// The compile asked for a file: the jobs of its names are the most urgent. The
    /// worker finds and queues them (the compile only hands the file over).
    fn requested(&self, parsed: &Arc<Parsed>) {
        if !self.threaded() {
            return;
        }
        let mut state = self.lock();
        if state.stopped {
            return;
        }
        state.generation += 1;
        let generation = state.generation;
        state.requests.push((parsed.clone(), generation));
        drop(state);
        self.wake.notify_one();
    }

    /// The jobs the names and templates of a parsed file lead to; `memo` keeps the
    /// jobs of each name found so far (the worker's own).
    fn follows_of<'p>(&self, parsed: &'p Parsed, memo: &mut Memo) -> &'p [Follow] {
        parsed.follows.get_or_init(|| {
            let module = &parsed.file.module_of(self.modules.modulepath()).name;
            let branches = branches(&parsed.file.program);
            self.follows(&parsed.file.text, module, &branches, memo)
        })
    }

    /// Queues `jobs` (those not started, nor queued as urgently) at `depth` (plus
    /// each one's own).
    fn queue(
        &self,
        mut state: std::sync::MutexGuard<'_, State>,
        jobs: &[Follow],
        depth: u32,
        generation: u64,
    ) {
        let mut added = false;
        for (job, deeper) in jobs {
            let depth = depth + deeper;
            if depth > MAX_DEPTH || state.started(job) {
                continue;
            }
            let urgent = match state.queued.get(job) {
                Some(&(d, g)) => depth < d || (depth == d && generation > g),
                None => true,
            };
            if !urgent {
                continue;
            }
            state.queued.insert(job.clone(), (depth, generation));
            state.order += 1;
            let order = state.order;
            state.queue.push(Pending {
                depth,
                generation,
                order,
                job: job.clone(),
            });
            added = true;
        }
        drop(state);
        if added {
            self.wake.notify_one();
        }
    }

    /// The jobs the names and templates that `text` (a manifest of `module`, or of
    /// none when empty) mentions lead to: the files those names autoload from, their
    /// Ruby types, the templates; one level deeper for those it mentions only within
    /// `branches` ([`branches`]).
    fn follows(
        &self,
        text: &str,
        module: &str,
        branches: &[(u32, u32)],
        memo: &mut Memo,
    ) -> Vec<Follow> {
        let modules = self.modules.dirs();
        let roots = self.roots.get_or_init(|| {
            Roots::new(
                modules
                    .keys()
                    .chain(self.modules.type_files().keys())
                    .cloned(),
            )
        });
        let mut buf = String::new();
        let names = mentioned_names(
            text,
            |first| roots.contains_any_case(first, &mut buf),
            |at| within(branches, at),
        );
        let mut jobs = Vec::new();
        for Mention {
            name,
            as_type,
            in_branch,
        } in names
        {
            let deeper = u32::from(in_branch);
            let name = marionette_syntax::names::lowercase(name);
            let found = match memo.get(&*name) {
                Some(found) => found,
                None => {
                    let found = self.jobs_of_name(&name);
                    memo.entry(name.into_owned()).or_insert(found)
                }
            };
            if as_type {
                jobs.extend(found.ruby_type.clone().map(|job| (job, deeper)));
            }
            jobs.extend(found.manifests.iter().map(|job| (job.clone(), deeper)));
        }
        jobs.extend(self.template_jobs(text, module, &|at| within(branches, offset_in(text, at))));
        jobs
    }

    /// The jobs of the templates `text` (of `module`, or of none when empty) names,
    /// one level deeper where `in_branch` says so of the name.
    fn template_jobs(
        &self,
        text: &str,
        module: &str,
        in_branch: &dyn Fn(&str) -> bool,
    ) -> Vec<Follow> {
        let modules = self.modules.dirs();
        let mut jobs = Vec::new();
        for template in mentioned_templates(text) {
            let (first, rest) = match template {
                Template::Named(name) => match name.split_once('/') {
                    Some(parts) => parts,
                    None => continue,
                },
                Template::OfModule(rest) => (module, rest),
            };
            if let Some(dir) = modules.get(first) {
                let job = Job::Erb(dir.join("templates").join(rest));
                jobs.push((job, u32::from(in_branch(rest))));
            }
        }
        jobs
    }

    /// The jobs a name (in lower case) leads to, whichever file mentions it.
    fn jobs_of_name(&self, name: &str) -> NameJobs {
        let modules = self.modules.dirs();
        let mut segments = marionette_syntax::names::segments(name);
        let module = segments.next().unwrap_or_default();
        let rest: Vec<&str> = segments.collect();
        let ruby_type = (rest.is_empty()
            && self.modules.type_files().contains_key(module)
            && crate::restype::builtin(module).is_none())
        .then(|| Job::RubyType(module.to_string()));
        let mut manifests = Vec::new();
        if let Some(dir) = modules.get(module) {
            // Only files that exist: most names do not lead to a file in each of
            // the three directories, and a failed read was most of the jobs.
            let mut manifest = |path: PathBuf| {
                if self.modules.has_manifest(&path) != Some(false) {
                    manifests.push(Job::Manifest(path));
                }
            };
            if rest.is_empty() {
                manifest(dir.join("manifests").join("init.pp"));
            } else {
                let file = format!("{}.pp", rest.join("/"));
                for sub in ["manifests", "types", "functions"] {
                    manifest(dir.join(sub).join(&file));
                }
            }
        }
        NameJobs {
            ruby_type,
            manifests,
        }
    }

    /// The worker: lists the modules, then does the queued jobs, most urgent first,
    /// until the environment is dropped.
    fn work(self: Arc<Self>) {
        self.modules.index();
        let mut memo = Memo::default();
        loop {
            // The compile's requests first: their names are the most urgent jobs.
            let requests = std::mem::take(&mut self.lock().requests);
            for (parsed, generation) in &requests {
                let follows = self.follows_of(parsed, &mut memo);
                self.queue(self.lock(), follows, 1, *generation);
            }
            let next = {
                let mut state = self.lock();
                loop {
                    if state.stopped {
                        return;
                    }
                    if !state.requests.is_empty() {
                        break None;
                    }
                    match state.queue.pop() {
                        Some(pending) if state.started(&pending.job) => {}
                        Some(pending) => break Some(pending),
                        None => {
                            state = self.wake.wait(state).unwrap_or_else(|p| p.into_inner());
                        }
                    }
                }
            };
            let Some(Pending {
                depth,
                generation,
                job,
                ..
            }) = next
            else {
                continue;
            };
            match job {
                Job::Manifest(path) => {
                    if let (Some(parsed), true) = self.parse(&path) {
                        let follows = self.follows_of(&parsed, &mut memo);
                        self.queue(self.lock(), follows, depth + 1, generation);
                    }
                }
                Job::Erb(path) => {
                    // A template may name others (`scope.function_template(['m/x.erb'])`).
                    if let (_, Some(text)) = self.parse_erb_here(&path) {
                        let jobs = self.template_jobs(&text, "", &|_| false);
                        self.queue(self.lock(), &jobs, depth + 1, generation);
                    }
                }
                Job::RubyType(name) => {
                    self.ruby_type(&name);
                }
            }
        }
    }
}

/// The byte ranges of `program` that run only if a condition holds: the branches of
/// `if`, `unless`, `case` and selectors (sorted, overlaps merged). Lambdas' bodies are
/// not looked into (as not in a branch).
fn branches(program: &marionette_syntax::model::Program) -> Vec<(u32, u32)> {
    use marionette_syntax::model::{Expr, ExprKind};
    fn walk(e: &Expr, out: &mut Vec<(u32, u32)>) {
        let span = |s: marionette_syntax::model::Span| (s.start, s.end);
        match &e.kind {
            ExprKind::If {
                then, otherwise, ..
            }
            | ExprKind::Unless {
                then, otherwise, ..
            } => {
                out.push(span(then.span));
                out.extend(otherwise.as_ref().map(|o| span(o.span)));
            }
            ExprKind::Case { options, .. } => {
                out.extend(options.iter().map(|o| span(o.body.span)));
            }
            ExprKind::Selector { entries, .. } => {
                out.extend(entries.iter().map(|e| span(e.value.span)));
            }
            _ => {}
        }
        marionette_syntax::validate::for_each_child(e, &mut |child| walk(child, out));
    }
    let mut out = Vec::new();
    for e in &program.body {
        walk(e, &mut out);
    }
    out.sort_unstable();
    let mut merged: Vec<(u32, u32)> = Vec::with_capacity(out.len());
    for (start, end) in out {
        match merged.last_mut() {
            Some(last) if start <= last.1 => last.1 = last.1.max(end),
            _ => merged.push((start, end)),
        }
    }
    merged
}

/// Whether `offset` lies in one of `ranges` (sorted, disjoint).
fn within(ranges: &[(u32, u32)], offset: usize) -> bool {
    let Ok(offset) = u32::try_from(offset) else {
        return false;
    };
    let after = ranges.partition_point(|&(start, _)| start <= offset);
    after > 0 && offset < ranges[after - 1].1
}

/// Where `part` (a slice of `text`) starts in it.
fn offset_in(text: &str, part: &str) -> usize {
    (part.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize)
}

fn parse_erb(source: &str) -> ErbParse {
    marionette_erb::Template::parse(source).map(Arc::new)
}

/// A template a manifest names in a string literal.
#[derive(Debug, PartialEq)]
enum Template<'t> {
    /// `'module/path.erb'`.
    Named(&'t str),
    /// `"${module_name}/path.erb"` (or `$module_name`): the path in the module of the
    /// manifest.
    OfModule(&'t str),
}

/// The `module/path.erb` template names in the string literals of `text`, and those
/// of the manifest's own module (`"${module_name}/path.erb"`), once each.
fn mentioned_templates(text: &str) -> Vec<Template<'_>> {
    let mut out = Vec::new();
    for at in memchr::memmem::find_iter(text.as_bytes(), ".erb") {
        let end = at + 4;
        let closes = text[end..].starts_with(['\'', '"']);
        let start = text[..end]
            .rfind(|c: char| matches!(c, '\'' | '"') || c.is_whitespace())
            .map_or(0, |i| i + 1);
        if !closes || start == 0 {
            continue;
        }
        let name = &text[start..end];
        let template = match ["${module_name}/", "$module_name/"]
            .iter()
            .find_map(|prefix| name.strip_prefix(prefix))
        {
            Some(rest) => Template::OfModule(rest),
            None if name.contains('/') => Template::Named(name),
            None => continue,
        };
        let (Template::Named(path) | Template::OfModule(path)) = template;
        if !path.contains(['$', '{']) && !out.contains(&template) {
            out.push(template);
        }
    }
    out
}

/// The first segments of the names that may lead to a job (module names and the
/// names of the modules' Ruby types), in lower case, with a filter that turns most
/// other words down without hashing them: whether any root has a word's first two
/// characters and length. Most words of a manifest are keywords, attribute names and
/// values, and a hash lookup each was most of the time scanning took.
struct Roots {
    names: HashSet<String>,
    /// A bit per (first character, second character, length), see [`Roots::slot`].
    filter: Vec<u64>,
}

/// The characters a name is made of, a-z, 0-9 and `_`, and one for none (a
/// one-character name's second): [`Roots::slot`] counts in these.
const NAME_CHARS: usize = 38;

/// Lengths from this on share one slot of [`Roots::filter`].
const LONG_NAME: usize = 31;

impl Roots {
    fn new(names: impl Iterator<Item = String>) -> Roots {
        let mut roots = Roots {
            names: HashSet::default(),
            filter: vec![0; (NAME_CHARS * NAME_CHARS * (LONG_NAME + 1)).div_ceil(64)],
        };
        for name in names {
            if let Some(slot) = Roots::slot(&name) {
                roots.filter[slot / 64] |= 1 << (slot % 64);
            }
            roots.names.insert(name);
        }
        roots
    }

    /// The filter's bit for a word, by its first two characters in any case and its
    /// length; `None` for a word that is no name (a root that is not a name is only
    /// found by its hash).
    fn slot(word: &str) -> Option<usize> {
        fn class(b: u8) -> Option<usize> {
            match b.to_ascii_lowercase() {
                c @ b'a'..=b'z' => Some(usize::from(c - b'a')),
                c @ b'0'..=b'9' => Some(26 + usize::from(c - b'0')),
                b'_' => Some(36),
                _ => None,
            }
        }
        let bytes = word.as_bytes();
        let first = class(*bytes.first()?)?;
        let second = match bytes.get(1) {
            Some(&b) => class(b)?,
            None => NAME_CHARS - 1,
        };
        Some((first * NAME_CHARS + second) * (LONG_NAME + 1) + bytes.len().min(LONG_NAME))
    }

    /// Whether `word`, in any case, is a root; `buf` is scratch space, kept between
    /// calls.
    fn contains_any_case(&self, word: &str, buf: &mut String) -> bool {
        if let Some(slot) = Roots::slot(word) {
            if self.filter[slot / 64] & (1 << (slot % 64)) == 0 {
                return false;
            }
        }
        if !word.bytes().any(|b| b.is_ascii_uppercase()) {
            return self.names.contains(word);
        }
        buf.clear();
        buf.push_str(word);
        buf.make_ascii_lowercase();
        self.names.contains(buf.as_str())
    }
}

/// The jobs a name leads to, whichever file mentions it.
struct NameJobs {
    /// Its module's Ruby type, read ahead when the name is written as a type.
    ruby_type: Option<Job>,
    manifests: Vec<Job>,
}

/// The worker's [`NameJobs`] of the names found so far, by name in lower case: most
/// names (`stdlib`, `apache::params`) are mentioned by many files.
type Memo = HashMap<String, NameJobs>;

/// A name a manifest mentions.
#[derive(Debug, PartialEq)]
struct Mention<'t> {
    name: &'t str,
    /// Written somewhere as a resource type is: capitalized (`Firewall['x']`,
    /// `Firewall <| |>`) or before a brace (`firewall { 'x': }`). A module's Ruby
    /// type is read ahead only for such a mention: type names are common words
    /// (`host`, `mount`, `file_line`) in parameter names and values.
    as_type: bool,
    /// Written only within branches (see [`branches`]).
    in_branch: bool,
}

/// The names in `text` that may name a class, define, type alias or function:
/// every word (or variable, less its last segment) with `::` in it, and every plain
/// word (possibly a module's main class), whose first segment `in_module` accepts,
/// in order, once each, as written, outside `#` comments (a module's documentation
/// is much of its text, and names many classes as examples; a word's `#` is not one). Filtering before
/// remembering what was seen keeps the set of seen names small: most words of a
/// manifest are keywords, attributes and values, not names of modules.
/// [`BYTE_CLASS`]: a letter, `:`, `$` or `#` (what [`mentioned_names`] stops at).
const STARTS: u8 = 1;
/// [`BYTE_CLASS`]: a letter, digit, `_` or `:` (what a name goes on with).
const IN_NAME: u8 = 2;

/// The classes of each byte for [`mentioned_names`]: a table lookup per byte of a
/// manifest instead of a few comparisons.
static BYTE_CLASS: [u8; 256] = {
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if c.is_ascii_alphabetic() || c == b':' || c == b'$' || c == b'#' {
            table[b] |= STARTS;
        }
        if c.is_ascii_alphanumeric() || c == b'_' || c == b':' {
            table[b] |= IN_NAME;
        }
        b += 1;
    }
    table
};

fn mentioned_names(
    text: &str,
    mut in_module: impl FnMut(&str) -> bool,
    in_branch: impl Fn(usize) -> bool,
) -> Vec<Mention<'_>> {
    let bytes = text.as_bytes();
    // Each name seen, with its place in `out`.
    let mut seen: HashMap<&str, usize> = HashMap::default();
    let mut out: Vec<Mention<'_>> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if BYTE_CLASS[usize::from(b)] & STARTS == 0 {
            i += 1;
            continue;
        }
        // A `#` after a space or at a line's start: a comment (or, in a string, text
        // whose names are just not followed).
        if b == b'#' {
            if i == 0 || bytes[i - 1].is_ascii_whitespace() {
                i = memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |n| i + n);
            } else {
                i += 1;
            }
            continue;
        }
        let start = i;
        let variable = b == b'$';
        if variable {
            i += 1;
        }
        while i < bytes.len() && BYTE_CLASS[usize::from(bytes[i])] & IN_NAME != 0 {
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
        {
            let as_type = !variable
                && (name.as_bytes()[0].is_ascii_uppercase() || {
                    let after = bytes[i..].iter().position(|b| !b.is_ascii_whitespace());
                    after.is_some_and(|n| bytes[i + n] == b'{')
                });
            let in_branch = in_branch(start);
            match seen.entry(name) {
                std::collections::hash_map::Entry::Occupied(at) => {
                    let mention = &mut out[*at.get()];
                    mention.as_type |= as_type;
                    mention.in_branch &= in_branch;
                }
                std::collections::hash_map::Entry::Vacant(slot) => {
                    slot.insert(out.len());
                    out.push(Mention {
                        name,
                        as_type,
                        in_branch,
                    });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    fn names(mentions: Vec<super::Mention<'_>>) -> Vec<&str> {
        mentions.into_iter().map(|m| m.name).collect()
    }

    #[test]
    fn names_written_as_types() {
        let text =
            "host { 'a': }\n$x = { host => mount }\nMount <| |>\nfile_line{ 'b': }\n$sshkey = 1";
        let mentions = super::mentioned_names(text, |_| true, |_| false);
        let as_type: Vec<(&str, bool)> = mentions.iter().map(|m| (m.name, m.as_type)).collect();
        assert_eq!(
            as_type,
            [
                ("host", true),
                ("a", false),
                ("mount", false),
                ("Mount", true),
                ("file_line", true),
                ("b", false),
            ]
        );
    }
    #[test]
    fn templates_named_in_strings() {
        let text = "content => template('apache/httpd.conf.erb', \"apache/mod/${m}.erb\"),\n x => \"ntp/ntp.conf.erb\", y => 'a.erb', z => template('ntp/ntp.conf.erb')";
        assert_eq!(
            super::mentioned_templates(text),
            [
                super::Template::Named("apache/httpd.conf.erb"),
                super::Template::Named("ntp/ntp.conf.erb")
            ]
        );
        let text = "content => template(\"${module_name}/sshd_config.erb\"), x => \"$module_name/a/b.erb\", y => \"${module_name}/${x}.erb\"";
        assert_eq!(
            super::mentioned_templates(text),
            [
                super::Template::OfModule("sshd_config.erb"),
                super::Template::OfModule("a/b.erb")
            ]
        );
        // In a template, naming another.
        let text = "<%= scope.function_template(['haproxy/fragments/_bind.erb']) -%>\n<%= scope.call_function('template', [\"apache/mod/_require.erb\"]) %>";
        assert_eq!(
            super::mentioned_templates(text),
            [
                super::Template::Named("haproxy/fragments/_bind.erb"),
                super::Template::Named("apache/mod/_require.erb")
            ]
        );
    }

    #[test]
    fn names_that_may_autoload() {
        let text = "class a::b { include ntp\n $x = $apache::params::user\n Apache::Vhost['v'] -> Class['::c::d'] $y = 1 }";
        assert_eq!(
            names(super::mentioned_names(text, |_| true, |_| false)),
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
            names(super::mentioned_names(
                text,
                |module| ["ntp", "apache", "c"].contains(&module),
                |_| false
            )),
            ["ntp", "apache::params", "c::d"]
        );
    }

    #[test]
    fn names_written_only_in_branches() {
        let text = "class a {\n  include ntp\n  if $x { include apache::mod::ssl include ntp }\n  else { include b }\n  case $os { 'a': { include c } default: {} }\n  $y = $z ? { 'q' => d::e, default => f }\n  unless $u { include g }\n  [1].each |$i| { include h }\n}\n";
        let checked = marionette_syntax::check_file(
            text,
            false,
            marionette_syntax::validate::ValidateOptions::default(),
            None,
        );
        assert!(checked.errors.is_empty(), "{:?}", checked.errors);
        let branches = super::branches(&checked.program);
        let mentions = super::mentioned_names(
            text,
            |module| ["ntp", "apache", "b", "c", "d", "f", "g", "h"].contains(&module),
            |at| super::within(&branches, at),
        );
        let in_branch: Vec<(&str, bool)> = mentions.iter().map(|m| (m.name, m.in_branch)).collect();
        // `ntp` is also included outside the `if`; a lambda's body is not a branch.
        assert_eq!(
            in_branch,
            [
                ("ntp", false),
                ("apache::mod::ssl", true),
                ("b", true),
                ("c", true),
                ("d::e", true),
                ("f", true),
                ("g", true),
                ("h", false),
            ]
        );
    }

    #[test]
    fn names_found_in_any_case() {
        let long = "a".repeat(40);
        let roots = super::Roots::new(
            ["apache", "a", "x_1", "a-b", &long]
                .into_iter()
                .map(String::from),
        );
        let mut buf = String::new();
        let mut has = |word: &str| roots.contains_any_case(word, &mut buf);
        for word in [
            "apache", "Apache", "APACHE", "a", "A", "x_1", "X_1", "a-b", &long,
        ] {
            assert!(has(word), "{word}");
        }
        for word in [
            "apachf",
            "apach",
            "Vhost",
            "b",
            "x_2",
            &"A".repeat(100),
            &"a".repeat(39),
            "",
        ] {
            assert!(!has(word), "{word}");
        }
    }

    #[test]
    fn names_in_comments_left_out() {
        let text =
            "# include apache::mod::ssl\ninclude ntp # and apache\n$x = 'a#b' apache::vhost { }";
        assert_eq!(
            names(super::mentioned_names(text, |_| true, |_| false)),
            ["include", "ntp", "a", "b", "apache::vhost"]
        );
    }
}
