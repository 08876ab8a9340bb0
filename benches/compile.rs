//! Compiling catalogs: loading an environment, evaluating a node, writing the JSON, and
//! a whole fleet.
//!
//! Input: a scenario directory with `env/` (an environment) and `facts/` (one
//! `<certname>.yaml` per node): `$MARIONETTE_BENCH_SCENARIO`, by default the bundled
//! example (`examples/`). Benchmarks, per node of the scenario:
//!
//! * `whole/NODE`: load the environment and compile (a cold compile, in process);
//! * `evaluate/NODE`: compile with the environment loaded and its code autoloaded (a
//!   warm compile, what a server does for every agent run);
//! * `serialize/NODE`: the catalog to Puppet's JSON;
//!
//! and `fleet/N`: `N` nodes (the scenario's facts under new certnames) compiled in
//! parallel, catalogs written to a temporary directory, as `compile --facts-dir` does.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use marionette::eval;
use std::hint::black_box;
use std::path::{Path, PathBuf};

fn scenario() -> PathBuf {
    std::env::var_os("MARIONETTE_BENCH_SCENARIO")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("examples"))
}

fn nodes(scenario: &Path) -> Vec<(String, PathBuf)> {
    let mut nodes = marionette::fleet::fleet_nodes(&scenario.join("facts"))
        .expect("the scenario has a facts/ directory");
    nodes.sort();
    nodes
}

fn bench(c: &mut Criterion) {
    let scenario = scenario();
    let env_dir = scenario.join("env");
    let options = eval::CompileOptions::default();
    let mut group = c.benchmark_group("compile");
    group.sample_size(20);
    for (node, facts) in nodes(&scenario) {
        let input = marionette::node_input(&node, Some(&facts), None, None)
            .unwrap_or_else(|f| panic!("{}", f.message));
        group.bench_function(format!("whole/{node}"), |b| {
            b.iter(|| {
                let env = marionette::load_environment(&env_dir, None, &node, &options)
                    .unwrap_or_else(|f| panic!("{}", f.message));
                black_box(eval::compile(&env, input.clone(), options.clone()).is_ok())
            })
        });
        let env = marionette::load_environment(&env_dir, None, &node, &options)
            .unwrap_or_else(|f| panic!("{}", f.message));
        let catalog = match eval::compile(&env, input.clone(), options.clone()) {
            Ok(out) => out.catalog,
            Err((e, _)) => panic!("{node}: {e}"),
        };
        group.bench_function(format!("evaluate/{node}"), |b| {
            b.iter(|| black_box(eval::compile(&env, input.clone(), options.clone()).is_ok()))
        });
        group.bench_function(format!("serialize/{node}"), |b| {
            b.iter(|| black_box(marionette::catalog::wire::to_json(&catalog)))
        });
    }
    group.finish();

    let fleet_size = 200;
    let work = std::env::temp_dir().join(format!("marionette-bench-fleet-{}", std::process::id()));
    let facts_dir = work.join("facts");
    std::fs::create_dir_all(&facts_dir).unwrap();
    let templates = nodes(&scenario);
    for i in 0..fleet_size {
        let (node, facts) = &templates[i % templates.len()];
        let (host, domain) = node.split_once('.').unwrap_or((node, ""));
        let name = format!("{host}{i:04}.{domain}");
        std::fs::copy(facts, facts_dir.join(format!("{name}.yaml"))).unwrap();
    }
    let fleet = marionette::fleet::FleetOptions {
        env_dir: env_dir.clone(),
        env_name: None,
        facts_dir,
        output_dir: work.join("catalogs"),
        jobs: 0,
        shard: None,
        stable_ids: true,
        options,
    };
    std::fs::create_dir_all(&fleet.output_dir).unwrap();
    let mut group = c.benchmark_group("fleet");
    group.sample_size(10);
    group.throughput(Throughput::Elements(fleet_size as u64));
    group.bench_function(format!("{fleet_size}"), |b| {
        b.iter(|| {
            let report = marionette::fleet::compile_fleet(&fleet, &|_, _, _| {}).unwrap();
            assert!(report.failures.is_empty(), "{:?}", report.failures);
        })
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&work);
}

criterion_group!(benches, bench);
criterion_main!(benches);
