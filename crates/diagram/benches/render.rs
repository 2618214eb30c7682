//! Diagram speed: building the SVG of a position and rendering it to PNG with resvg.
#![allow(missing_docs)] // criterion_group! generates undocumented items
use citadel_diagram::{png, svg, Options};
use criterion::{criterion_group, criterion_main, Criterion};

fn bench(c: &mut Criterion) {
    let tamerlane = citadel_notation::fen::start::<citadel_rules::Tamerlane>();
    let byzantine = citadel_notation::fen::start::<citadel_rules::Byzantine>();
    c.bench_function("svg tamerlane start", |b| {
        b.iter(|| svg(&tamerlane, &Options::default()))
    });
    c.bench_function("svg byzantine start", |b| {
        b.iter(|| svg(&byzantine, &Options::default()))
    });
    let picture = svg(&tamerlane, &Options::default());
    let mut g = c.benchmark_group("png");
    g.sample_size(20);
    g.bench_function("png tamerlane start", |b| {
        b.iter(|| png(&picture, 1.0).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
