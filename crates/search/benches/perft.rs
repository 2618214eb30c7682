//! Perft speed per game (criterion).
#![allow(missing_docs)] // criterion_group! generates undocumented items

use citadel_notation::fen;
use citadel_rules::{
    Byzantine, CelticCitadel, Chess, EgyptianEye, MiniCitadel, OrientalOmega, PersianPrincess,
    Shatranj, Tamerlane,
};
use criterion::{criterion_group, criterion_main, Criterion};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    macro_rules! game {
        ($name:expr, $G:ty, $depth:expr) => {
            g.bench_function($name, |b| {
                let mut pos = fen::start::<$G>();
                b.iter(|| citadel_search::perft(&mut pos, $depth))
            });
        };
    }
    game!("chess/4", Chess, 4);
    game!("celtic-citadel/3", CelticCitadel, 3);
    game!("persian-princess/3", PersianPrincess, 3);
    game!("egyptian-eye/3", EgyptianEye, 3);
    game!("oriental-omega/3", OrientalOmega, 3);
    game!("mini-citadel/4", MiniCitadel, 4);
    game!("tamerlane/5", Tamerlane, 5);
    game!("byzantine/5", Byzantine, 5);
    game!("shatranj/6", Shatranj, 6);
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default();
    targets = bench
}
criterion_main!(benches);
