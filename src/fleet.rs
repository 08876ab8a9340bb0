//! Compiling many nodes at once: every node that has a facts file, in parallel, the
//! environment parsed and loaded once and shared by all compiles (its Hiera data files
//! too). One failing node never stops the others; each catalog is written atomically.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::{
    begin_atomic_write, begin_write_beside, classify_node, eval, load_environment, node_input,
    PendingWrite,
};

/// What to compile and where to put it.
#[derive(Clone, Debug)]
pub struct FleetOptions {
    pub env_dir: PathBuf,
    pub env_name: Option<String>,
    /// One facts file per node (`<certname>.yaml`, `.yml` or `.json`).
    pub facts_dir: PathBuf,
    /// Where `<certname>.json` is written.
    pub output_dir: PathBuf,
    /// Parallel compiles; 0: one per CPU.
    pub jobs: usize,
    /// `(k, n)`: only the k-th (1-based) of n stable parts of the fleet.
    pub shard: Option<(usize, usize)>,
    pub stable_ids: bool,
    pub options: eval::CompileOptions,
}

/// Removes what an interrupted run (killed, or stopped with Ctrl-C) left in the output
/// directory: the temporary files of catalogs it was writing ([`crate::write_atomically`]'s
/// `.<node>.json.<pid>.tmp`), unless the process that writes them still runs. The
/// catalogs themselves are always whole: each appears by a rename.
fn remove_stale_temporaries(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(pid) = name
            .strip_prefix('.')
            .and_then(|n| n.strip_suffix(".tmp"))
            .and_then(|n| n.rsplit_once(".json."))
            .map(|(_, pid)| pid)
            .filter(|pid| pid.bytes().all(|b| b.is_ascii_digit()))
        else {
            continue;
        };
        let running =
            pid != std::process::id().to_string() && Path::new("/proc").join(pid).exists();
        if !running {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// The outcome of a fleet compile.
#[derive(Debug)]
pub struct FleetReport {
    /// Nodes compiled (this shard's).
    pub nodes: usize,
    /// Nodes that failed, with Puppet's message, by node name.
    pub failures: Vec<(String, String)>,
    pub elapsed: Duration,
}

impl FleetReport {
    /// Catalogs per second.
    pub fn rate(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            (self.nodes - self.failures.len()) as f64 / secs
        } else {
            0.0
        }
    }
}

thread_local! {
    /// Each job's buffer for the catalogs it writes (hundreds of kilobytes each):
    /// reused from node to node, where a new string each time had the allocator
    /// return the memory and the kernel zero fresh pages for the next.
    static JSON: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// The nodes of a facts directory, by name (the file name without its extension),
/// sorted, each with its facts file.
pub fn fleet_nodes(facts_dir: &Path) -> std::io::Result<Vec<(String, PathBuf)>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(facts_dir)? {
        let path = entry?.path();
        let ext = path.extension().and_then(|e| e.to_str());
        if !matches!(ext, Some("yaml" | "yml" | "json")) || !path.is_file() {
            continue;
        }
        if let Some(name) = path.file_stem().and_then(|s| s.to_str()) {
            out.push((name.to_string(), path.clone()));
        }
    }
    out.sort();
    out.dedup_by(|a, b| a.0 == b.0);
    Ok(out)
}

/// Whether `node` is in shard `k` of `n` (1-based): by a hash of the name, so that a
/// node stays in its shard when others come and go.
pub fn in_shard(node: &str, k: usize, n: usize) -> bool {
    // FNV-1a: stable across runs, platforms and Rust versions.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in node.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    n > 0 && (h % n as u64) as usize == k - 1
}

/// Compiles every node of the fleet. `progress(done, total, failed)` is called after
/// each node.
pub fn compile_fleet(
    opts: &FleetOptions,
    progress: &(dyn Fn(usize, usize, usize) + Sync),
) -> Result<FleetReport, String> {
    let start = Instant::now();
    let mut nodes = fleet_nodes(&opts.facts_dir)
        .map_err(|e| format!("cannot read {}: {e}", opts.facts_dir.display()))?;
    if let Some((k, n)) = opts.shard {
        nodes.retain(|(name, _)| in_shard(name, k, n));
    }
    std::fs::create_dir_all(&opts.output_dir)
        .map_err(|e| format!("cannot create {}: {e}", opts.output_dir.display()))?;
    remove_stale_temporaries(&opts.output_dir);
    // Checked once: an ordinary directory has its catalogs written beside their names.
    let ordinary_dir =
        std::fs::canonicalize(&opts.output_dir).is_ok_and(|dir| !crate::is_special(&dir));
    // Environments by directory, loaded once (an ENC may send nodes elsewhere).
    let environments: Mutex<HashMap<PathBuf, Arc<Result<eval::Environment, String>>>> =
        Mutex::new(HashMap::new());
    let environment = |dir: &Path, name: Option<&str>, node: &str| {
        let mut envs = environments.lock().unwrap_or_else(|e| e.into_inner());
        envs.entry(dir.to_path_buf())
            .or_insert_with(|| {
                Arc::new(load_environment(dir, name, node, &opts.options).map_err(|f| f.message))
            })
            .clone()
    };
    let total = nodes.len();
    let done = AtomicUsize::new(0);
    let failed = AtomicUsize::new(0);
    // The compiling threads write each catalog to a temporary file; this thread syncs
    // it to disk and renames it into place, so that they never wait for the disk.
    let (to_flusher, written) = std::sync::mpsc::sync_channel::<(String, PendingWrite)>(64);
    let flusher = std::thread::Builder::new()
        .name("flush".into())
        .spawn(move || {
            let mut failures = Vec::new();
            for (node, pending) in written {
                let path = pending.target().to_path_buf();
                if let Err(e) = pending.finish() {
                    // No stale catalog stays behind for a node that failed.
                    let _ = std::fs::remove_file(&path);
                    failures.push((node, format!("cannot write {}: {e}", path.display())));
                }
            }
            failures
        })
        .map_err(|e| format!("cannot start a thread: {e}"))?;
    let compile_one = |(node, facts): &(String, PathBuf)| -> Result<(), String> {
        let mut input = node_input(node, Some(facts), None, None).map_err(|f| f.message)?;
        let (dir, name) = classify_node(
            &mut input,
            &opts.env_dir,
            opts.env_name.as_deref(),
            &opts.options,
        )
        .map_err(|f| f.message)?;
        let env = environment(&dir, name.as_deref(), node);
        let env = env.as_ref().as_ref().map_err(|m| m.clone())?;
        let mut catalog = eval::compile(env, input, opts.options.clone())
            .map_err(|(e, _)| format!("{e} on node {node}"))?
            .catalog;
        crate::stamp_catalog(&mut catalog, opts.stable_ids);
        let path = opts.output_dir.join(format!("{node}.json"));
        let pending = JSON
            .with_borrow_mut(|json| {
                crate::catalog::wire::to_json_into(&catalog, json);
                if ordinary_dir {
                    begin_write_beside(&path, &opts.output_dir, json.as_bytes())
                } else {
                    begin_atomic_write(&path, json.as_bytes())
                }
            })
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        match pending {
            Some(pending) => to_flusher.send((node.clone(), pending)).map_err(|_| {
                format!(
                    "cannot write {}: the writing thread stopped",
                    path.display()
                )
            }),
            None => Ok(()),
        }
    };
    let run = || {
        nodes
            .par_iter()
            .filter_map(|entry| {
                let result = compile_one(entry);
                let failure = result.err().map(|message| {
                    // No stale catalog stays behind for a node that failed.
                    let _ = std::fs::remove_file(opts.output_dir.join(format!("{}.json", entry.0)));
                    failed.fetch_add(1, Ordering::Relaxed);
                    (entry.0.clone(), message)
                });
                let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                progress(d, total, failed.load(Ordering::Relaxed));
                failure
            })
            .collect::<Vec<_>>()
    };
    let mut failures = if opts.jobs > 0 {
        rayon::ThreadPoolBuilder::new()
            .num_threads(opts.jobs)
            .build()
            .map_err(|e| format!("cannot start {} jobs: {e}", opts.jobs))?
            .install(run)
    } else {
        run()
    };
    drop(to_flusher);
    match flusher.join() {
        Ok(unwritten) => failures.extend(unwritten),
        Err(_) => return Err("the thread writing the catalogs failed".to_string()),
    }
    failures.sort();
    Ok(FleetReport {
        nodes: total,
        failures,
        elapsed: start.elapsed(),
    })
}
