//! The `marionette` command.

use marionette::{diagnostics, parse_source, sort_by_path, walk_source_files};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

mod puppet_cli;

#[global_allocator]
static ALLOCATOR: Allocator = Allocator;

/// mimalloc, asked for an alignment only when a layout needs more than `malloc`'s.
/// `mimalloc::MiMalloc` passes every layout's alignment to `mi_malloc_aligned`, whose
/// extra checks, and generic path for blocks over 1 KiB, cost a few percent of a
/// compile made of small allocations. Like Rust's `System` allocator, this calls
/// plain `mi_malloc` when the alignment is at most 16 bytes (what `mi_malloc`
/// guarantees on 64-bit targets) and not larger than the size.
struct Allocator;

/// The alignment every `mi_malloc` block of at least that size has.
const MALLOC_ALIGN: usize = 16;

/// Whether a block of `size` bytes aligned to `align` can come from plain `mi_malloc`.
fn plain(align: usize, size: usize) -> bool {
    align <= MALLOC_ALIGN && align <= size
}

#[allow(unsafe_code)]
mod mi {
    use std::ffi::c_void;
    extern "C" {
        pub fn mi_malloc(size: usize) -> *mut c_void;
        pub fn mi_zalloc(size: usize) -> *mut c_void;
        pub fn mi_realloc(p: *mut c_void, newsize: usize) -> *mut c_void;
    }
}

// SAFETY: every block comes from mimalloc (`mi_malloc`/`mi_zalloc`/`mi_realloc` for
// plain layouts, `MiMalloc` otherwise) and is freed with `mi_free` (through
// `MiMalloc::dealloc`), which takes blocks of either kind. A plain layout's alignment
// is one `mi_malloc` guarantees for its size.
#[allow(unsafe_code)]
unsafe impl std::alloc::GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        if plain(layout.align(), layout.size()) {
            mi::mi_malloc(layout.size()).cast()
        } else {
            mimalloc::MiMalloc.alloc(layout)
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        if plain(layout.align(), layout.size()) {
            mi::mi_zalloc(layout.size()).cast()
        } else {
            mimalloc::MiMalloc.alloc_zeroed(layout)
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        mimalloc::MiMalloc.dealloc(ptr, layout)
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        if plain(layout.align(), new_size) {
            mi::mi_realloc(ptr.cast(), new_size).cast()
        } else {
            mimalloc::MiMalloc.realloc(ptr, layout, new_size)
        }
    }
}

/// Keeps the memory the process frees for its next allocations. mimalloc gives freed
/// memory back to the OS a second later (its `purge_delay`), and takes it back at the
/// next compile: a fleet's compiles then page-faulted and zeroed pages thousands of
/// times a second (a tenth of their CPU time). Peak memory is unchanged.
#[allow(unsafe_code)]
fn keep_freed_memory() {
    // `mi_option_purge_delay` in the `mi_option_e` of the mimalloc that
    // libmimalloc-sys 0.1.49 builds with its `v2` feature (`v2/include/mimalloc.h`;
    // v3 numbers it the same); -1: never purge.
    const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;
    extern "C" {
        fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
    }
    // SAFETY: `mi_option_set` stores an option's value (an atomic store); it is
    // linked in with the allocator, and called before any other thread exists.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, -1) }
}

/// Starts the parse-ahead worker on another CPU than the compile's (Linux; see
/// [`marionette_eval::env::set_thread_placement`] for why). The worker is moved there
/// by its creator as soon as it exists, and may run on any CPU again once it runs.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
mod placement {
    use std::ffi::{c_int, c_ulong};
    use std::os::unix::thread::JoinHandleExt;
    use std::sync::Mutex;
    use std::thread::{JoinHandle, ThreadId};

    /// glibc's `cpu_set_t`: a bit for each of 1024 CPUs.
    #[repr(C)]
    #[derive(Clone, Copy, PartialEq)]
    struct CpuSet([u64; 16]);

    extern "C" {
        fn sched_getcpu() -> c_int;
        fn sched_getaffinity(pid: c_int, size: usize, set: *mut CpuSet) -> c_int;
        fn sched_setaffinity(pid: c_int, size: usize, set: *const CpuSet) -> c_int;
        fn pthread_setaffinity_np(thread: c_ulong, size: usize, set: *const CpuSet) -> c_int;
    }

    struct State {
        /// The CPUs of the thread that created the workers (which they inherit).
        allowed: Option<CpuSet>,
        /// Workers that ran before their creator moved them: left where they are.
        early: Vec<ThreadId>,
    }

    static STATE: Mutex<State> = Mutex::new(State {
        allowed: None,
        early: Vec::new(),
    });

    /// The calling thread's CPUs.
    fn own_cpus() -> Option<CpuSet> {
        let mut set = CpuSet([0; 16]);
        // SAFETY: `set` is a `cpu_set_t` of the size given, which the call fills.
        let ok = unsafe { sched_getaffinity(0, size_of::<CpuSet>(), &mut set) } == 0;
        ok.then_some(set)
    }

    /// By the creator: moves the new worker to the creator's CPUs but its current one.
    fn place(worker: &JoinHandle<()>) {
        let mut state = STATE.lock().unwrap_or_else(|p| p.into_inner());
        let id = worker.thread().id();
        if let Some(at) = state.early.iter().position(|&early| early == id) {
            state.early.swap_remove(at);
            return;
        }
        let Some(allowed) = own_cpus() else { return };
        // SAFETY: no arguments; returns -1 when unknown.
        let Ok(cpu) = usize::try_from(unsafe { sched_getcpu() }) else {
            return;
        };
        let mut others = allowed;
        if let Some(word) = others.0.get_mut(cpu / 64) {
            *word &= !(1 << (cpu % 64));
        }
        if others.0.iter().all(|&w| w == 0) {
            return;
        }
        state.allowed = Some(allowed);
        // SAFETY: the worker's thread is alive (its handle is not joined) and `others`
        // is a `cpu_set_t` of the size given; a failure leaves it where it is.
        unsafe { pthread_setaffinity_np(worker.as_pthread_t(), size_of::<CpuSet>(), &others) };
    }

    /// By the worker, first: gives it back its creator's CPUs, if it was moved.
    fn started() {
        let mut state = STATE.lock().unwrap_or_else(|p| p.into_inner());
        let own = own_cpus();
        match state.allowed {
            Some(allowed) if own.is_some_and(|own| own != allowed) => {
                // SAFETY: `allowed` is a `cpu_set_t` of the size given; a failure
                // leaves the worker on the CPUs it was moved to.
                unsafe { sched_setaffinity(0, size_of::<CpuSet>(), &allowed) };
            }
            _ => {
                state.early.push(std::thread::current().id());
            }
        }
    }

    pub fn install() {
        marionette_eval::env::set_thread_placement(marionette_eval::env::ThreadPlacement {
            place,
            started,
        });
    }
}

/// Transparent huge pages, off for a single compile and on for a fleet (Linux).
/// mimalloc asks for huge pages on its arenas; a compile touches some 35 MB once, and
/// the kernel zeroing whole 2 MiB pages for it doubled the resident memory and cost
/// more system time than the fewer page faults saved (measured: 30 cold compiles of
/// the role scenario, 0.8-1.0 s of system time with huge pages, 0.75 s without). A
/// fleet keeps them: its memory is faulted in once and reused for every node.
///
/// They are turned off before anything runs (see [`THP_OFF_AT_START`]): Rust's start-up
/// allocates before `main`, and that first allocation alone faulted in, and zeroed, a
/// huge page.
#[allow(unsafe_code)]
fn huge_pages(on: bool) {
    #[cfg(target_os = "linux")]
    {
        // <linux/prctl.h>: PR_SET_THP_DISABLE. The flag is checked when a page
        // faults in, so it also covers the arenas mimalloc mapped before.
        const PR_SET_THP_DISABLE: std::ffi::c_int = 41;
        extern "C" {
            fn prctl(option: std::ffi::c_int, ...) -> std::ffi::c_int;
        }
        // SAFETY: PR_SET_THP_DISABLE takes one integer argument (the other three are
        // passed as zero, as prctl(2) asks) and touches no memory of ours; a failure
        // (an old kernel) leaves the default, which is only slower.
        unsafe {
            prctl(
                PR_SET_THP_DISABLE,
                std::ffi::c_ulong::from(!on),
                0 as std::ffi::c_ulong,
                0 as std::ffi::c_ulong,
                0 as std::ffi::c_ulong,
            );
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = on;
}

/// Runs [`huge_pages`]`(false)` as an ELF constructor, before Rust's runtime starts
/// and allocates. Measured on the role scenario's cold compile: the 2 MiB page that
/// start-up allocation faulted in took 3% of the process's CPU time to zero.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
#[used]
#[link_section = ".init_array"]
static THP_OFF_AT_START: extern "C" fn() = {
    extern "C" fn thp_off() {
        huge_pages(false);
    }
    thp_off
};

const USAGE: &str = "\
usage: marionette <command> [options]

commands:
  parse [--dump-tree] [--pretty] FILE|DIR...
      Parse and validate Puppet manifests (.pp) and EPP templates (.epp), like
      `puppet parser validate`. Directories are searched for .pp and .epp files.
      Prints `file:line:col: error: message` for every problem (with --pretty, also
      the source line) and exits 1 if any file has errors.
      --dump-tree  print each file's syntax tree
  compile --env DIR --node NAME [--env-name NAME] [--facts FILE] [--trusted FILE]
          [--server-facts FILE] [--output FILE] [--stable-ids]
          [--legacy-node-matching] [--legacy-node-inheritance] [--legacy-import]
          [--strict-variables] [--strict-error] [--hiera-config FILE]
          [--enc SCRIPT [--enc-timeout SECONDS]] [--plugin LIBRARY]... [--no-stdlib]
      Compile NAME's catalog from the environment in DIR (its manifests/, modules/
      and environment.conf) and print it as Puppet 7 catalog JSON, or write it to
      FILE atomically. Notices and warnings go to stderr as Puppet prints them. On
      an error: `Error: ...` on stderr, nothing on stdout, exit 1.
      --stable-ids            catalog_uuid of zeros and version 0 (reproducible)
      --facts-dir DIR         compile every node with a facts file in DIR
                              (<certname>.yaml/.yml/.json) in parallel, the
                              environment loaded once; catalogs go to
                              --output-dir as <certname>.json (atomically); a
                              failing node never stops the others; a summary
                              and, on a terminal, a progress bar on stderr
      --jobs N                parallel compiles (default: one per CPU)
      --shard K/N             only the K-th of N stable parts of the fleet
      --legacy-node-matching  Puppet <= 6 node matching (strict_hostname_checking
                              off): also try the certname with its domain parts
                              chopped off, and the fqdn fact
      --legacy-node-inheritance  Puppet 3 `node 'a' inherits 'b'`
      --legacy-import         Puppet 3 `import 'nodes/*.pp'` in main manifests
      --strict-error          Puppet's strict=error (duplicate hash keys, Hiera's
                              version 3 files outside the global layer and non-hash
                              data files fail)
      --hiera-config FILE     the global hiera.yaml (Puppet's hiera_config); without
                              it there is no global Hiera layer
      --enc SCRIPT            classify the node with an external node classifier,
                              run as `SCRIPT NAME` (Puppet's exec node terminus)
      --enc-timeout SECONDS   give up on the ENC after SECONDS (default 60)
      --plugin LIBRARY        load a plugin library (Hiera backends, a node
                              classifier, functions); repeatable. Every library
                              in the directories of MARIONETTE_PLUGIN_PATH
                              (':'-separated) is loaded too
      --no-stdlib             leave out the bundled module functions
                              (pick, merge, mysql::password, ...)
  lookup KEY... --env DIR --node NAME [--facts FILE] [--trusted FILE]
          [--hiera-config FILE] [--merge first|unique|hash|deep]
          [--knock-out-prefix P] [--sort-merged-arrays] [--merge-hash-arrays]
          [--default VALUE] [--type TYPE] [--explain] [--plugin LIBRARY]...
      Look KEY up in Hiera for NAME as `puppet lookup --render-as json` does (the
      first KEY found wins) and print the value as JSON. Not found, or a Hiera
      error: exit 1 without output, as Puppet does. --explain prints every layer,
      hierarchy level and location searched, and what was found there.
  catalog compile NODE --environmentpath=DIRS [--environment=NAME] --vardir=DIR
          [--node_terminus=exec --external_nodes=SCRIPT] [--hiera_config=FILE] ...
      Puppet's `puppet catalog compile` command line, for tools that run Puppet
      (octocatalog-diff): facts from $vardir/yaml/facts/NODE.yaml, the catalog JSON
      on stdout. Other Puppet settings are accepted and ignored. Run through a
      link named `puppet`, marionette also answers `puppet --version`.
  help
      Show this text.
";

fn main() -> ExitCode {
    keep_freed_memory();
    #[cfg(target_os = "linux")]
    placement::install();
    let mut argv = std::env::args();
    let invoked_as = argv.next().unwrap_or_default();
    let args: Vec<String> = argv.collect();
    // Run through a link named `puppet`: a stand-in for `puppet catalog compile`.
    if Path::new(&invoked_as)
        .file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with("puppet"))
    {
        return puppet_cli::puppet_main(&args);
    }
    match args.first().map(String::as_str) {
        Some("catalog") => puppet_cli::catalog_command(&args[1..]),
        Some("--version" | "-V") => {
            println!(
                "marionette {} (Puppet {} catalogs)",
                env!("CARGO_PKG_VERSION"),
                puppet_cli::PUPPET_VERSION
            );
            ExitCode::SUCCESS
        }
        Some("parse") => parse_command(&args[1..]),
        Some("compile") => compile_command(&args[1..]),
        Some("lookup") => lookup_command(&args[1..]),
        Some("help" | "--help" | "-h") => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("marionette: unknown command '{other}'\n\n{USAGE}");
            ExitCode::from(2)
        }
        None => {
            eprint!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn parse_command(args: &[String]) -> ExitCode {
    let mut dump_tree = false;
    let mut pretty = false;
    let mut inputs = Vec::new();
    for arg in args {
        match arg.as_str() {
            "--dump-tree" => dump_tree = true,
            "--pretty" => pretty = true,
            flag if flag.starts_with("--") => {
                eprintln!("marionette parse: unknown option '{flag}'");
                return ExitCode::from(2);
            }
            path => inputs.push(PathBuf::from(path)),
        }
    }
    if inputs.is_empty() {
        eprintln!("marionette parse: no files given\n\n{USAGE}");
        return ExitCode::from(2);
    }
    // Files are independent: parse them on every core, starting while the directories
    // are still being walked (on Debian's module corpus the walk is a tenth of the
    // work). The files found wait in a queue, largest first: a job takes the largest
    // one waiting, so that no large file is left for one core at the end while the
    // others have nothing to do (the corpus's largest file is a twentieth of it). Each
    // job renders its report (and drops its tree); the reports are printed in the
    // order given, a directory's files sorted.
    use std::io::{IsTerminal, Write};
    use std::sync::Mutex;
    let color = std::io::stderr().is_terminal();
    let check = |path: PathBuf, len: Option<u64>| check_file(path, len, dump_tree, pretty, color);
    let found: Vec<Mutex<Vec<FileReport>>> = inputs.iter().map(|_| Mutex::default()).collect();
    // (size, input, path); a given file's size is unknown (0), it is read all the same.
    let waiting: Mutex<std::collections::BinaryHeap<(u64, usize, PathBuf)>> = Mutex::default();
    let walked: Result<(), (PathBuf, std::io::Error)> = rayon::scope(|scope| {
        for (index, input) in inputs.iter().enumerate() {
            let (waiting, found) = (&waiting, &found);
            let mut spawn = |path: PathBuf, len: u64| {
                let mut queue = waiting.lock().unwrap_or_else(|e| e.into_inner());
                queue.push((len, index, path));
                drop(queue);
                // One job per file queued: there is always a file for it to take.
                scope.spawn(move |_| {
                    let next = waiting.lock().unwrap_or_else(|e| e.into_inner()).pop();
                    if let Some((len, index, path)) = next {
                        let report = check(path, (len > 0).then_some(len));
                        found[index]
                            .lock()
                            .unwrap_or_else(|e| e.into_inner())
                            .push(report);
                    }
                })
            };
            if input.is_dir() {
                walk_source_files(input, &mut spawn).map_err(|e| (input.clone(), e))?;
            } else {
                spawn(input.clone(), 0);
            }
        }
        Ok(())
    });
    if let Err((input, e)) = walked {
        eprintln!("{}: error: {e}", input.display());
        return ExitCode::from(2);
    }
    let mut reports: Vec<FileReport> = Vec::new();
    for found in found {
        let mut found = found.into_inner().unwrap_or_else(|e| e.into_inner());
        sort_by_path(&mut found, |report| &report.path);
        reports.extend(found);
    }
    let mut failed = false;
    let mut stdout = std::io::stdout().lock();
    let mut stderr = std::io::stderr().lock();
    for report in reports {
        failed |= report.failed;
        let _ = stdout.write_all(report.tree.as_bytes());
        let _ = stderr.write_all(&report.errors);
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// What `marionette parse` prints for one file.
struct FileReport {
    path: PathBuf,
    failed: bool,
    /// `--dump-tree`'s output.
    tree: String,
    /// The errors, rendered.
    errors: Vec<u8>,
}

/// Reads, parses, lowers and validates one file (of `len` bytes, if the walk saw it)
/// and renders what `marionette parse` prints for it.
fn check_file(
    path: PathBuf,
    len: Option<u64>,
    dump_tree: bool,
    pretty: bool,
    color: bool,
) -> FileReport {
    use codespan_reporting::term::termcolor::Buffer;
    use std::io::Write;
    let mut err = if color {
        Buffer::ansi()
    } else {
        Buffer::no_color()
    };
    let text = match read_file(&path, len).map(String::from_utf8) {
        Ok(Ok(text)) => text,
        unreadable => {
            let _ = match unreadable {
                Err(e) => writeln!(err, "{}: error: cannot read: {e}", path.display()),
                _ => writeln!(
                    err,
                    "{}:1:1: error: the file is not valid UTF-8",
                    path.display()
                ),
            };
            return FileReport {
                path,
                failed: true,
                tree: String::new(),
                errors: err.into_inner(),
            };
        }
    };
    let file = parse_source(path, text);
    let tree = if dump_tree {
        format!("# {}\n{}", file.path.display(), file.parse.debug_tree())
    } else {
        String::new()
    };
    for error in &file.errors {
        if pretty {
            let _ = diagnostics::rich(&file, error, &mut err);
        } else {
            let _ = writeln!(err, "{}", diagnostics::short(&file, error));
        }
    }
    FileReport {
        failed: !file.errors.is_empty(),
        path: file.path,
        tree,
        errors: err.into_inner(),
    }
}

/// `std::fs::read`, without its `stat` when the size is known (a larger or smaller
/// file is read all the same).
fn read_file(path: &Path, len: Option<u64>) -> std::io::Result<Vec<u8>> {
    let Some(len) = len else {
        return std::fs::read(path);
    };
    use std::io::Read;
    let mut file = std::fs::File::open(path)?;
    // One byte more than the file: the read that finds its end needs no other buffer.
    let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0).saturating_add(1));
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

struct CompileArgs {
    env: PathBuf,
    node: String,
    env_name: Option<String>,
    facts: Option<PathBuf>,
    trusted: Option<PathBuf>,
    server_facts: Option<PathBuf>,
    output: Option<PathBuf>,
    stable_ids: bool,
    options: marionette::eval::CompileOptions,
    /// `lookup` only: the keys, and its own options (`--merge`, `--explain`...) as
    /// `(flag, value)`.
    keys: Vec<String>,
    lookup_options: Vec<(String, Option<String>)>,
    /// Fleet compiles: `--facts-dir`, `--output-dir`, `--jobs`, `--shard K/N`.
    facts_dir: Option<PathBuf>,
    output_dir: Option<PathBuf>,
    jobs: usize,
    shard: Option<(usize, usize)>,
    /// `--plugin` libraries, loaded by [`setup_plugins`].
    plugins: Vec<PathBuf>,
}

fn compile_args(args: &[String], lookup: bool) -> Result<CompileArgs, String> {
    let mut env = None;
    let mut node = None;
    let mut out = CompileArgs {
        env: PathBuf::new(),
        node: String::new(),
        env_name: None,
        facts: None,
        trusted: None,
        server_facts: None,
        output: None,
        stable_ids: false,
        // The binary runs `generate()`'s commands, as a Puppet server does.
        options: marionette::eval::CompileOptions {
            commands: Some(std::sync::Arc::new(marionette::SystemCommands)),
            ..Default::default()
        },
        keys: Vec::new(),
        lookup_options: Vec::new(),
        facts_dir: None,
        output_dir: None,
        jobs: 0,
        shard: None,
        plugins: Vec::new(),
    };
    let (mut enc, mut enc_timeout) = (None, None);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = || {
            inline
                .clone()
                .or_else(|| it.next().cloned())
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match flag {
            "--env" => env = Some(PathBuf::from(value()?)),
            "--node" => node = Some(value()?),
            "--env-name" => out.env_name = Some(value()?),
            "--facts" => out.facts = Some(PathBuf::from(value()?)),
            "--trusted" => out.trusted = Some(PathBuf::from(value()?)),
            "--server-facts" => out.server_facts = Some(PathBuf::from(value()?)),
            "--output" | "-o" => out.output = Some(PathBuf::from(value()?)),
            "--facts-dir" if !lookup => out.facts_dir = Some(PathBuf::from(value()?)),
            "--output-dir" if !lookup => out.output_dir = Some(PathBuf::from(value()?)),
            "--jobs" | "-j" if !lookup => {
                out.jobs = value()?
                    .parse()
                    .map_err(|_| "--jobs needs a number".to_string())?
            }
            "--shard" if !lookup => {
                let v = value()?;
                let parsed = v
                    .split_once('/')
                    .and_then(|(k, n)| Some((k.parse().ok()?, n.parse().ok()?)))
                    .filter(|&(k, n): &(usize, usize)| k >= 1 && k <= n);
                out.shard = Some(
                    parsed
                        .ok_or_else(|| format!("--shard needs K/N with 1 <= K <= N, got '{v}'"))?,
                );
            }
            "--plugin" => out.plugins.push(PathBuf::from(value()?)),
            "--stable-ids" => out.stable_ids = true,
            "--legacy-node-matching" | "--no-strict-hostname" => {
                out.options.legacy_node_matching = true
            }
            "--strict-hostname" => out.options.legacy_node_matching = false,
            "--strict-variables" => out.options.strict_variables = true,
            "--strict-error" => out.options.strict_error = true,
            "--no-stdlib" => out.options.no_bundled_functions = true,
            "--legacy-node-inheritance" => out.options.legacy.node_inheritance = true,
            "--legacy-import" => out.options.legacy.import = true,
            "--merge" | "--default" | "--type" | "--knock-out-prefix" if lookup => {
                out.lookup_options.push((flag.to_string(), Some(value()?)))
            }
            "--explain" | "--sort-merged-arrays" | "--merge-hash-arrays" if lookup => {
                out.lookup_options.push((flag.to_string(), None))
            }
            "--hiera-config" | "--hiera_config" => {
                out.options.hiera_config = Some(PathBuf::from(value()?))
            }
            // `puppet lookup` asks the plain node terminus (unless --compile).
            "--enc" if !lookup => enc = Some(PathBuf::from(value()?)),
            "--enc-timeout" if !lookup => {
                let v = value()?;
                let timeout = v
                    .parse()
                    .ok()
                    .and_then(|s: f64| std::time::Duration::try_from_secs_f64(s).ok())
                    .filter(|d| !d.is_zero())
                    .ok_or_else(|| {
                        format!("--enc-timeout expects a number of seconds, not '{v}'")
                    })?;
                enc_timeout = Some(timeout);
            }
            key if lookup && !key.starts_with('-') => out.keys.push(key.to_string()),
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    out.env = env.ok_or("--env DIR is required")?;
    if lookup && out.keys.is_empty() {
        return Err("a KEY is required".into());
    }
    out.node = match (node, &out.facts_dir) {
        (Some(n), _) => n,
        (None, Some(_)) => String::new(),
        (None, None) => return Err("--node NAME (or --facts-dir DIR) is required".into()),
    };
    if let Some(script) = enc {
        let mut classifier = marionette::enc::ExecClassifier::new(script);
        if let Some(timeout) = enc_timeout {
            classifier = classifier.with_timeout(timeout);
        }
        out.options.classifier = Some(std::sync::Arc::new(classifier));
    } else if enc_timeout.is_some() {
        return Err("--enc-timeout needs --enc".into());
    }
    Ok(out)
}

/// Loads the plugins (`--plugin`, `MARIONETTE_PLUGIN_PATH`) into the compile options.
/// Libraries of the plugin directories that are not plugins are skipped with a warning.
fn setup_plugins(args: &mut CompileArgs) -> Result<(), String> {
    for warning in marionette::plugins::load_and_install(&args.plugins, &mut args.options)? {
        eprintln!("Warning: {warning}");
    }
    Ok(())
}

fn compile_command(args: &[String]) -> ExitCode {
    let mut args = match compile_args(args, false) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("marionette compile: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = setup_plugins(&mut args) {
        eprintln!("Error: {e}");
        return ExitCode::FAILURE;
    }
    if args.facts_dir.is_some() {
        return fleet_command(&args);
    }
    let compiled = marionette::compile_node_once(
        &args.env,
        args.env_name.as_deref(),
        &args.node,
        args.facts.as_deref(),
        args.trusted.as_deref(),
        args.server_facts.as_deref(),
        args.options.clone(),
    );
    match compiled {
        Ok((mut catalog, log)) => {
            marionette::print_log(&log);
            marionette::stamp_catalog(&mut catalog, args.stable_ids);
            let json = marionette::catalog::wire::to_json_parallel(&catalog);
            // The process ends here: freeing the catalog is work for nothing.
            std::mem::forget(catalog);
            match &args.output {
                Some(path) => {
                    if let Err(e) = marionette::write_atomically(path, json.as_bytes()) {
                        eprintln!("Error: cannot write {}: {e}", path.display());
                        return ExitCode::FAILURE;
                    }
                }
                None => print!("{json}"),
            }
            ExitCode::SUCCESS
        }
        Err(marionette::CompileFailure { message, log }) => {
            marionette::print_log(&log);
            eprintln!("Error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn fleet_command(args: &CompileArgs) -> ExitCode {
    huge_pages(true);
    use std::io::IsTerminal;
    let (Some(facts_dir), Some(output_dir)) = (&args.facts_dir, &args.output_dir) else {
        eprintln!("marionette compile: --facts-dir needs --output-dir\n\n{USAGE}");
        return ExitCode::from(2);
    };
    let opts = marionette::fleet::FleetOptions {
        env_dir: args.env.clone(),
        env_name: args.env_name.clone(),
        facts_dir: facts_dir.clone(),
        output_dir: output_dir.clone(),
        jobs: args.jobs,
        shard: args.shard,
        stable_ids: args.stable_ids,
        options: args.options.clone(),
    };
    let terminal = std::io::stderr().is_terminal();
    let progress = |done: usize, total: usize, failed: usize| {
        if terminal {
            let width = 30;
            let filled = (done * width).checked_div(total).unwrap_or(width);
            eprint!(
                "\r[{}{}] {done}/{total} nodes, {failed} failed",
                "#".repeat(filled),
                " ".repeat(width - filled)
            );
        }
    };
    let report = match marionette::fleet::compile_fleet(&opts, &progress) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("Error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if terminal {
        eprintln!();
    }
    for (node, message) in &report.failures {
        eprintln!(
            "Error: {node}: {}",
            message.lines().next().unwrap_or_default()
        );
    }
    eprintln!(
        "{} nodes compiled in {:.2} s ({:.1} catalogs/s), {} failed",
        report.nodes,
        report.elapsed.as_secs_f64(),
        report.rate(),
        report.failures.len()
    );
    if report.failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn lookup_command(args: &[String]) -> ExitCode {
    let mut args = match compile_args(args, true) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("marionette lookup: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = setup_plugins(&mut args) {
        eprintln!("Error: Could not run: {e}");
        return ExitCode::FAILURE;
    }
    let option = |name: &str| {
        args.lookup_options
            .iter()
            .rev()
            .find(|(f, _)| f == name)
            .map(|(_, v)| v.clone().unwrap_or_default())
    };
    let could_not_run = |message: &str| {
        eprintln!("Error: Could not run: {message}");
        ExitCode::FAILURE
    };
    let merge = option("--merge");
    if let Some(m) = &merge {
        if !matches!(m.as_str(), "first" | "hash" | "unique" | "deep") {
            return could_not_run(
                "The --merge option only accepts 'first', 'hash', 'unique', or 'deep'",
            );
        }
    }
    let knockout = option("--knock-out-prefix");
    let sort = option("--sort-merged-arrays").is_some();
    let hash_arrays = option("--merge-hash-arrays").is_some();
    if (knockout.is_some() || sort || hash_arrays) && merge.as_deref() != Some("deep") {
        return could_not_run("The options --knock-out-prefix, --sort-merged-arrays, and --merge-hash-arrays are only available with '--merge deep'");
    }
    let merge = merge.map(|m| {
        use marionette::catalog::Data;
        if m != "deep" || (knockout.is_none() && !sort && !hash_arrays) {
            return Data::String(m);
        }
        let mut h = vec![(Data::String("strategy".into()), Data::String(m))];
        if let Some(k) = &knockout {
            h.push((
                Data::String("knockout_prefix".into()),
                Data::String(k.clone()),
            ));
        }
        if sort {
            h.push((Data::String("sort_merged_arrays".into()), Data::Bool(true)));
        }
        if hash_arrays {
            h.push((Data::String("merge_hash_arrays".into()), Data::Bool(true)));
        }
        Data::Hash(h)
    });
    let value_type = match option("--type") {
        None => None,
        Some(t) => match marionette::eval::types::parse(&t) {
            Ok(t) => Some(t),
            Err(e) => return could_not_run(&e),
        },
    };
    let explain = option("--explain").is_some();
    let prepared = marionette::load_environment(
        &args.env,
        args.env_name.as_deref(),
        &args.node,
        &args.options,
    )
    .and_then(|env| {
        let mut input = marionette::node_input(
            &args.node,
            args.facts.as_deref(),
            args.trusted.as_deref(),
            args.server_facts.as_deref(),
        )?;
        if input.trusted.is_none() {
            input.trusted = Some(marionette::local_trusted(&input.facts));
        }
        Ok((env, input))
    });
    let (env, input) = match prepared {
        Ok(p) => p,
        Err(marionette::CompileFailure { message, .. }) => return could_not_run(&message),
    };
    let outcome = marionette::eval::lookup_for_node(
        &env,
        input,
        args.options.clone(),
        &args.keys,
        merge.as_ref(),
        explain,
    );
    let outcome = match outcome {
        Ok(o) => o,
        // Like `puppet lookup`, a Hiera error ends the command without a value.
        Err(_) => return ExitCode::FAILURE,
    };
    marionette::print_log(&outcome.log);
    if explain {
        print!("{}", outcome.explanation);
    }
    let value = match outcome.value {
        Some(v) => marionette::eval::value_from_data(&v),
        None => match option("--default") {
            Some(d) => marionette::eval::Value::str(d.as_str()),
            None => return ExitCode::FAILURE,
        },
    };
    if let Some(t) = &value_type {
        if !t.is_instance(&value) {
            return could_not_run(&marionette::eval::describe::value_mismatch(
                "Found value has wrong type,",
                t,
                &value,
            ));
        }
    }
    if !explain {
        let data = match marionette::eval::wire::to_data(&value, false) {
            marionette::catalog::Data::Sensitive(_) => {
                marionette::catalog::Data::String("Sensitive [value redacted]".into())
            }
            other => other,
        };
        println!("{}", marionette::catalog::wire::compact_json(&data));
    }
    ExitCode::SUCCESS
}
