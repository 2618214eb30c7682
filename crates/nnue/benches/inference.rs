//! The net's costs per node: the accumulators' update for a move, the output layer, and a
//! full refresh, with the vector loops the processor offers and the portable ones.
//!
//! `cargo bench -p citadel-nnue`.
#![allow(missing_docs)] // criterion_group! generates undocumented items

use citadel_nnue::simd::Kernel;
use citadel_nnue::{Accumulator, Layout, NetHeader, Network};
use citadel_rules::{Game, Position, Shatranj, Tamerlane};
use criterion::{criterion_group, criterion_main, Criterion};
use rand::{Rng, SeedableRng};
use std::hint::black_box;

fn random_net<G: Game>() -> Network {
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let layout = Layout::of::<G>();
    let rows = (0..layout.features)
        .map(|_| std::array::from_fn(|_| rng.gen_range(-40..=40)))
        .collect();
    let header = NetHeader::new(layout);
    Network::from_parts(
        header,
        rows,
        std::array::from_fn(|_| rng.gen_range(0..=200)),
        std::array::from_fn(|_| rng.gen_range(-2000..=2000)),
        0,
    )
    .expect("a net that fits")
}

fn bench_game<G: Game>(c: &mut Criterion, name: &str) {
    let net = random_net::<G>();
    let pos = Position::<G>::start();
    let m = pos.legal_moves()[0];
    let changes = citadel_nnue::changes(&pos, &m);
    let mut after = pos.clone();
    after.play_unchecked(m);
    let mut acc = Accumulator::default();
    net.refresh(&pos, &mut acc);
    for kernel in [Kernel::detect(), Kernel::Portable] {
        let mut net = net.clone();
        net.set_kernel(kernel);
        let k = kernel.name();
        c.bench_function(&format!("nnue/{name}/update/{k}"), |b| {
            let mut out = Accumulator::default();
            b.iter(|| {
                net.update(
                    black_box(&acc),
                    changes.as_slice(),
                    black_box(&after),
                    &mut out,
                );
                black_box(&out);
            })
        });
        c.bench_function(&format!("nnue/{name}/evaluate/{k}"), |b| {
            b.iter(|| net.evaluate(black_box(&acc), pos.turn()))
        });
        c.bench_function(&format!("nnue/{name}/refresh/{k}"), |b| {
            let mut out = Accumulator::default();
            b.iter(|| {
                net.refresh(black_box(&pos), &mut out);
                black_box(&out);
            })
        });
    }
}

fn inference(c: &mut Criterion) {
    bench_game::<Shatranj>(c, "shatranj");
    bench_game::<Tamerlane>(c, "tamerlane");
}

criterion_group!(benches, inference);
criterion_main!(benches);
