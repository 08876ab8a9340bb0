//! Lexing, parsing, lowering and validation throughput over real Puppet code.
//!
//! Input: every `.pp`/`.epp` file under `$MARIONETTE_CORPUS` (default
//! `/usr/share/puppet/modules`, the Debian-packaged modules), or, if that directory is
//! absent, the repository's own example environment and parser test data.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use marionette::{source_files, SourceKind};
use std::hint::black_box;
use std::path::{Path, PathBuf};

fn corpus() -> Vec<(SourceKind, String)> {
    let dir = std::env::var_os("MARIONETTE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/share/puppet/modules"));
    let dirs: Vec<PathBuf> = if dir.is_dir() {
        vec![dir]
    } else {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        vec![root.join("examples"), root.join("crates/syntax/test_data")]
    };
    let mut files = Vec::new();
    for dir in dirs {
        for path in source_files(&dir).unwrap_or_default() {
            if let Ok(text) = std::fs::read_to_string(&path) {
                files.push((SourceKind::of(&path), text));
            }
        }
    }
    files
}

fn bench(c: &mut Criterion) {
    let files = corpus();
    let bytes: usize = files.iter().map(|(_, t)| t.len()).sum();
    let mut group = c.benchmark_group("corpus");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.sample_size(10);
    group.bench_function("lex", |b| {
        b.iter(|| {
            for (kind, text) in &files {
                let lexed = match kind {
                    SourceKind::Manifest => marionette::syntax::lexer::lex(text),
                    SourceKind::Epp => marionette::syntax::lexer::lex_epp(text),
                };
                black_box(lexed);
            }
        })
    });
    group.bench_function("parse", |b| {
        b.iter(|| {
            for (kind, text) in &files {
                let parse = match kind {
                    SourceKind::Manifest => marionette::syntax::parse(text),
                    SourceKind::Epp => marionette::syntax::parse_epp(text),
                };
                black_box(parse);
            }
        })
    });
    // Lowering and validation start from parsed trees, made once.
    let parsed: Vec<(&str, marionette::syntax::Parse)> = files
        .iter()
        .map(|(kind, text)| {
            let parse = match kind {
                SourceKind::Manifest => marionette::syntax::parse(text),
                SourceKind::Epp => marionette::syntax::parse_epp(text),
            };
            (text.as_str(), parse)
        })
        .collect();
    group.bench_function("lower", |b| {
        b.iter(|| {
            for (text, parse) in &parsed {
                black_box(marionette::syntax::lower::lower(parse, text));
            }
        })
    });
    let lowered: Vec<(&str, marionette::syntax::model::Program)> = parsed
        .iter()
        .map(|(text, parse)| (*text, marionette::syntax::lower::lower(parse, text).0))
        .collect();
    group.bench_function("validate", |b| {
        b.iter(|| {
            let mut errors = Vec::new();
            for (text, program) in &lowered {
                marionette::syntax::validate::validate(program, text, &mut errors);
            }
            black_box(errors);
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
