//! The cost of the plugin boundary: the same lookups through a built-in backend and
//! through the same backend seen through the plugin ABI (`Plugin::through_ffi`: its
//! objects wrapped into their stable form and back, in-process, which is what a loaded
//! library costs per call; the library load itself happens once).
//!
//! `cargo bench --bench plugin`. Two backends over `benches/hiera_env`'s hierarchy
//! (12 levels, 2,000 keys, 502 lookups per compile):
//!
//! * `yaml_data` (`data_hash`): called once per location per compile; through the ABI
//!   each location's whole hash crosses the boundary (converted twice).
//! * an in-memory `lookup_key` backend: called for every key at every level.

mod hiera_env;

use criterion::{criterion_group, criterion_main, Criterion};
use hiera_env::{environment, lookups, KEYS};
use marionette::catalog::Data;
use marionette::lookup::{
    Backend, BackendCall, BackendContext, BackendKind, Backends, LookupError, YamlData,
};
use marionette::plugin_api::Plugin;
use std::sync::Arc;

/// `lookup_key` over a fixed table: key `profile::keyN` is found at the levels that
/// answer it in `hiera_env` (every level for the last one).
struct Table;

impl Backend for Table {
    fn kind(&self) -> BackendKind {
        BackendKind::LookupKey
    }

    fn lookup_key(
        &self,
        key: &str,
        call: &BackendCall<'_>,
        _: &mut dyn BackendContext,
    ) -> Result<Option<Data>, LookupError> {
        let level: usize = call
            .option("level")
            .and_then(|d| match d {
                Data::Integer(i) => Some(*i as usize),
                _ => None,
            })
            .unwrap_or(0);
        let Some(k) = key
            .strip_prefix("profile::key")
            .and_then(|k| k.parse::<usize>().ok())
        else {
            return Ok(None);
        };
        Ok((level == 11 || k % (level + 2) == 0)
            .then(|| Data::String(format!("level {level} value {k}"))))
    }
}

/// `Backends` with `yaml_data` replaced by `backend` and `table_key` added.
fn backends(yaml: Arc<dyn Backend>, table: Arc<dyn Backend>) -> Backends {
    let mut b = Backends::default();
    b.register("yaml_data", yaml);
    b.register("table_key", table);
    b
}

fn through_ffi(name: &str, backend: impl Backend + 'static) -> Arc<dyn Backend> {
    let mut p = Plugin::new("bench").backend(name, backend).through_ffi();
    p.backends.remove(0).1
}

fn bench(c: &mut Criterion) {
    let direct = environment(backends(Arc::new(YamlData), Arc::new(Table)));
    let ffi = environment(backends(
        through_ffi("yaml_data", YamlData),
        through_ffi("table_key", Table),
    ));
    assert_eq!(lookups(&direct), KEYS / 4 + 2);
    assert_eq!(lookups(&ffi), KEYS / 4 + 2);
    let mut group = c.benchmark_group("plugin boundary");
    group.bench_function("yaml_data built-in (warm, 502 keys)", |b| {
        b.iter(|| lookups(&direct))
    });
    group.bench_function("yaml_data through the ABI (warm, 502 keys)", |b| {
        b.iter(|| lookups(&ffi))
    });
    let table = table_hiera(Arc::new(Table));
    let table_ffi = table_hiera(through_ffi("table_key", Table));
    assert_eq!(table_keys(&table), table_keys(&table_ffi));
    group.bench_function("lookup_key built-in (12 levels, 500 keys)", |b| {
        b.iter(|| table_keys(&table))
    });
    group.bench_function("lookup_key through the ABI (12 levels, 500 keys)", |b| {
        b.iter(|| table_keys(&table_ffi))
    });
    group.finish();
}

/// A 12-level hierarchy of the `table_key` backend (`options: {level: N}`).
fn table_hiera(table: Arc<dyn Backend>) -> marionette::lookup::Hiera {
    hiera_env::with_config(&table_config(), backends(Arc::new(YamlData), table))
}

fn table_config() -> String {
    let mut text = String::from("---\nversion: 5\nhierarchy:\n");
    for level in 0..12 {
        text.push_str(&format!(
            "  - name: table{level}\n    lookup_key: table_key\n    options:\n      level: {level}\n"
        ));
    }
    text
}

fn table_keys(hiera: &marionette::lookup::Hiera) -> usize {
    hiera_env::keys(
        hiera,
        (0..KEYS).step_by(4).map(|k| format!("profile::key{k}")),
    )
}

criterion_group!(benches, bench);
criterion_main!(benches);
