//! Hiera lookups: a deep hierarchy (12 levels, paths interpolated from facts and
//! trusted data) over many keys (2,000 in common.yaml, some at every level).
//!
//! `cargo bench --bench lookup`. Two numbers: the first compile's lookups (data files
//! read and parsed once, then cached for the run) and a warm compile's (cache full,
//! a new per-compile session). Inputs are generated in memory; no disk I/O is timed.

mod hiera_env;

use criterion::{criterion_group, criterion_main, Criterion};
use hiera_env::{environment, lookups, KEYS};
use marionette::lookup::Backends;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("lookup");
    group.bench_function("cold (parse data, 502 keys)", |b| {
        b.iter_batched(
            || environment(Backends::default()),
            |h| lookups(&h),
            criterion::BatchSize::LargeInput,
        )
    });
    let hiera = environment(Backends::default());
    assert_eq!(lookups(&hiera), KEYS / 4 + 2);
    group.bench_function("warm (cached data, 502 keys)", |b| {
        b.iter(|| lookups(&hiera))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
