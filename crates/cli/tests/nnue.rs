//! The learnt evaluation from the command line: the layout for the trainer, a net's check,
//! and a net in `bestmove` and `match`, with the refusals of files that are no net for the
//! game.

mod common;
use citadel_nnue::{Layout, NetHeader, Network};
use citadel_rules::Shatranj;
use common::{citadel, scratch};
use rand::{Rng, SeedableRng};

/// A shatranj net with random weights, written to a scratch file.
fn shatranj_net(name: &str) -> String {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let layout = Layout::of::<Shatranj>();
    let rows = (0..layout.features)
        .map(|_| std::array::from_fn(|_| rng.gen_range(-30..=30)))
        .collect();
    let header = NetHeader {
        training: serde_json::json!({"data_sha256": "0123"}),
        ..NetHeader::new(layout)
    };
    let net = Network::from_parts(
        header,
        rows,
        std::array::from_fn(|_| rng.gen_range(0..=150)),
        std::array::from_fn(|_| rng.gen_range(-900..=900)),
        0,
    )
    .expect("a net that fits");
    let path = scratch("nnue", name).join(name);
    std::fs::write(&path, net.to_bytes()).expect("written");
    path.display().to_string()
}

#[test]
fn the_layout_is_the_games_as_json() {
    let (code, out, err) = citadel(&["nnue", "layout", "--variant", "shatranj"]);
    assert_eq!(code, 0, "{err}");
    let read: Layout = serde_json::from_str(out.trim()).expect("a layout");
    assert_eq!(read, Layout::of::<Shatranj>());
    assert_eq!(read.features, 1536);
    let (code, _, err) = citadel(&["nnue", "layout", "--variant", "nope"]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("error: unknown variant `nope` (known: "),
        "{err}"
    );
}

#[test]
fn a_net_is_checked_for_its_game() {
    let net = shatranj_net("check.nnue");
    let (code, out, err) = citadel(&["nnue", "check", "--variant", "shatranj", &net]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("a net for shatranj (1536 features in 2 bucket(s), 128 hidden"),
        "{out}"
    );
    assert!(out.contains("data_sha256: \"0123\""), "{out}");
    assert!(out.contains("a full evaluation"), "{out}");
    let (code, _, err) = citadel(&["nnue", "check", "--variant", "chess", &net]);
    assert_eq!(code, 1);
    assert_eq!(
        err.trim(),
        format!("error: {net}: a net for shatranj, not for chess (or made for another form of chess's features)")
    );
}

#[test]
fn bestmove_and_match_play_with_a_net() {
    let net = shatranj_net("play.nnue");
    let (code, out, err) = citadel(&[
        "bestmove",
        "--variant",
        "shatranj",
        "--depth",
        "4",
        "--net",
        &net,
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["depth"], 4);
    // the net changes the search: not the hand-written evaluation's node count
    let (_, plain, _) = citadel(&[
        "bestmove",
        "--variant",
        "shatranj",
        "--depth",
        "4",
        "--json",
    ]);
    let p: serde_json::Value = serde_json::from_str(plain.trim()).expect("json");
    assert_ne!((&v["nodes"], &v["score"]), (&p["nodes"], &p["score"]));
    let (code, out, err) = citadel(&[
        "match",
        "--variant",
        "shatranj",
        "--games",
        "2",
        "--engine",
        "depth:2",
        "--opponent",
        "depth:2",
        "--engine-net",
        &net,
        "--max-plies",
        "40",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("2 games") || err.contains("2 games"),
        "{out}{err}"
    );
}

#[test]
fn files_that_are_no_net_for_the_game_are_refused_with_the_reason() {
    let not_a_net = scratch("nnue", "not-a-net").join("not-a-net.nnue");
    std::fs::write(&not_a_net, b"CITDATA1 and more").expect("written");
    let not_a_net = not_a_net.display().to_string();
    let (code, _, err) = citadel(&[
        "bestmove",
        "--variant",
        "shatranj",
        "--depth",
        "2",
        "--net",
        &not_a_net,
    ]);
    assert_eq!(code, 1);
    assert_eq!(
        err.trim(),
        format!("error: {not_a_net}: not a Citadel net (it does not start with `CITNNUE1`)")
    );
    let net = shatranj_net("wrong-game.nnue");
    let (code, _, err) = citadel(&[
        "match",
        "--variant",
        "chess",
        "--games",
        "2",
        "--engine",
        "depth:1",
        "--opponent",
        "depth:1",
        "--opponent-net",
        &net,
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains(&format!("{net}: a net for shatranj, not for chess")),
        "{err}"
    );
    let (code, _, err) = citadel(&[
        "nnue",
        "check",
        "--variant",
        "shatranj",
        "/nonexistent/net.nnue",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("/nonexistent/net.nnue: No such file"), "{err}");
}
