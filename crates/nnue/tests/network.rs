//! The net's inference: incremental accumulators equal fresh ones along random games of
//! every game, the file round-trips, and bad files are refused with their reason.

use citadel_nnue::{Check, Layout, NetError, NetHeader, Network};
use citadel_rules::{with_game, Game, Position, Variant};
use rand::{Rng, SeedableRng};

/// A net of game `G` with random weights (small enough for the `i16` accumulators).
fn random_net<G: Game>(seed: u64) -> Network {
    random_net_checked::<G>(seed, Vec::new())
}

/// As [`random_net`], with `checks` in its header.
fn random_net_checked<G: Game>(seed: u64, checks: Vec<Check>) -> Network {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let layout = Layout::of::<G>();
    let rows = (0..layout.features)
        .map(|_| std::array::from_fn(|_| rng.gen_range(-40..=40)))
        .collect();
    let header = NetHeader {
        checks,
        ..NetHeader::new(layout)
    };
    Network::from_parts(
        header,
        rows,
        std::array::from_fn(|_| rng.gen_range(0..=200)),
        std::array::from_fn(|_| rng.gen_range(-127..=127)),
        rng.gen_range(-5000..=5000),
    )
    .expect("a net that fits its layout")
}

#[test]
fn incremental_accumulators_equal_fresh_ones_in_every_game() {
    for (i, v) in Variant::ALL.into_iter().enumerate() {
        with_game!(v, G => {
            let net = random_net::<G>(i as u64);
            let mut portable = net.clone();
            portable.set_kernel(citadel_nnue::simd::Kernel::Portable);
            let mut rng = rand::rngs::StdRng::seed_from_u64(11);
            for game in 0..4 {
                let mut pos = Position::<G>::start();
                let mut acc = Default::default();
                net.refresh(&pos, &mut acc);
                for ply in 0..160 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[rng.gen_range(0..moves.len())];
                    let ch = citadel_nnue::changes(&pos, &m);
                    pos.play_unchecked(m);
                    let mut next = Default::default();
                    net.update(&acc, ch.as_slice(), &pos, &mut next);
                    let mut fresh = Default::default();
                    net.refresh(&pos, &mut fresh);
                    assert_eq!(next, fresh, "{v:?} game {game} ply {ply}");
                    let e = net.evaluate(&next, pos.turn());
                    assert_eq!(e, portable.evaluate(&fresh, pos.turn()), "{v:?}");
                    assert_eq!(e, net.evaluate_position(&pos), "{v:?}");
                    let pieces: Vec<_> = G::config()
                        .geometry()
                        .all()
                        .iter()
                        .filter_map(|sq| {
                            pos.piece_at(sq)
                                .map(|p| (sq.index(), usize::from(p.kind), p.color))
                        })
                        .collect();
                    assert_eq!(net.evaluate_pieces(pos.turn(), &pieces), Some(e), "{v:?}");
                    acc = next;
                }
            }
        });
    }
}

#[test]
fn a_net_file_round_trips_and_checks_its_evaluations() {
    use citadel_rules::Shatranj;
    let net = random_net::<Shatranj>(3);
    let pos = Position::<Shatranj>::start();
    let e = net.evaluate_position(&pos);
    let bytes = net.to_bytes();
    let read = Network::from_bytes(&bytes).expect("reads back");
    assert_eq!(read.evaluate_position(&pos), e);
    assert_eq!(read.to_bytes(), bytes);
    let pieces: Vec<[u16; 3]> = Shatranj::config()
        .geometry()
        .all()
        .iter()
        .filter_map(|sq| {
            pos.piece_at(sq)
                .map(|p| [sq.index() as u16, u16::from(p.kind), p.color as u16])
        })
        .collect();
    let check = |eval| Check {
        side: 0,
        pieces: pieces.clone(),
        eval,
    };
    let good = random_net_checked::<Shatranj>(3, vec![check(e)]);
    assert!(good.failed_checks().is_empty());
    let bad = random_net_checked::<Shatranj>(3, vec![check(e), check(e + 1)]);
    assert_eq!(bad.failed_checks(), [(1, e + 1, Some(e))]);
    let dir = std::env::temp_dir().join(format!("citadel-nnue-checks-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join("bad.nnue");
    std::fs::write(&path, bad.to_bytes()).expect("written");
    let err = Network::load_for::<Shatranj>(&path).expect_err("a failed check");
    assert_eq!(
        err.to_string(),
        format!(
            "check 1: the trainer evaluated {}, this build Some({e})",
            e + 1
        )
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_files_are_refused_with_their_reason() {
    use citadel_rules::{Chess, Shatranj};
    let net = random_net::<Shatranj>(5);
    let bytes = net.to_bytes();
    let err = |b: &[u8]| Network::from_bytes(b).expect_err("refused").to_string();
    assert_eq!(
        err(b"CITDATA1...."),
        "not a Citadel net (it does not start with `CITNNUE1`)"
    );
    assert!(err(&bytes[..bytes.len() - 1]).contains("bytes of weights where the layout needs"));
    assert!(err(&bytes[..12]).starts_with("the header"));
    let mut other = bytes.clone();
    let at = other
        .windows(10)
        .position(|w| w == b"\"format\":1")
        .expect("format");
    other[at + 9] = b'7';
    assert_eq!(err(&other), "format 7 (this reader knows format 1)");
    assert!(matches!(net.fits::<Shatranj>(), Ok(())));
    assert!(matches!(net.fits::<Chess>(), Err(NetError::Game { .. })));
    let dir = std::env::temp_dir().join(format!("citadel-nnue-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join("net.nnue");
    std::fs::write(&path, &bytes).expect("written");
    let e = Network::load_for::<Chess>(&path).expect_err("not chess");
    assert_eq!(
        e.to_string(),
        "a net for shatranj, not for chess (or made for another form of chess's features)"
    );
    assert!(Network::load_for::<Shatranj>(&path).is_ok());
    std::fs::remove_dir_all(&dir).ok();
}
