//! Games from variants files: every fixture game of `fixtures/variants` against its counts
//! (Fairy-Stockfish's for the files it reads), Shatranj and Courier chess from files against
//! their modules' fixtures, and the reader's errors.

use citadel_notation::fen;
use citadel_rules::{variants_ini, PerftFile, Variant, VariantPosition};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Loads the `*.ini` files of `dir` and returns its fixture files.
fn fixtures(dir: &str) -> Vec<PerftFile> {
    let dir = root().join(dir);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("fixture directory")
        .map(|e| e.expect("entry").path())
        .collect();
    paths.sort();
    for p in paths
        .iter()
        .filter(|p| p.extension().is_some_and(|x| x == "ini"))
    {
        variants_ini::load(p).unwrap_or_else(|e| panic!("{e}"));
    }
    paths
        .iter()
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| serde_json::from_str(&std::fs::read_to_string(p).expect("read")).expect("json"))
        .collect()
}

/// Checks every position of `file` as game `game` to its test depth.
fn check(file: &PerftFile, game: &str) -> usize {
    let v = Variant::from_name(game).unwrap_or_else(|| panic!("{game} is not registered"));
    assert!(v.is_defined(), "{game}");
    let mut checked = 0;
    for case in &file.positions {
        let mut pos =
            fen::read_variant(v, &case.fen).unwrap_or_else(|e| panic!("{game} {}: {e}", case.name));
        for depth in 1..=case.test_depth.min(case.perft.len() as u32) {
            assert_eq!(
                pos.perft(depth),
                case.perft[depth as usize - 1],
                "{game} {} depth {depth}",
                case.name
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn fixture_games_agree_with_their_counts() {
    for dir in [
        "fixtures/variants",
        "fixtures/variants/betza",
        "fixtures/variants/citadel",
        "fixtures/variants/rules",
        "fixtures/variants/seeds",
    ] {
        let files = fixtures(dir);
        assert!(!files.is_empty(), "{dir}");
        for f in &files {
            assert!(check(f, &f.variant) > 0, "{}", f.variant);
        }
    }
}

#[test]
fn shatranj_and_courier_from_files_equal_their_modules() {
    fixtures("fixtures/variants");
    fixtures("fixtures/variants/citadel");
    for (module, game) in [("shatranj", "shatranj-rules"), ("courier", "courier-ini")] {
        let path = root().join(format!("fixtures/perft/{module}.json"));
        let file: PerftFile =
            serde_json::from_str(&std::fs::read_to_string(path).expect("read")).expect("json");
        assert!(check(&file, game) >= file.positions.len(), "{game}");
    }
}

#[test]
fn a_defined_game_is_played_as_the_built_in_ones() {
    variants_ini::load_str(
        "[mini-courier:courier]\nstartFen = 4k2m4/12/12/12/12/12/12/4K2M4 w - - 0 1\n",
        "mini.ini",
    )
    .unwrap();
    let v: Variant = "mini-courier".parse().unwrap();
    assert_eq!(v.id(), "mini-courier");
    let mut pos = VariantPosition::start(v);
    assert_eq!(pos.variant(), v);
    let moves = pos.legal_moves();
    let m = moves[0];
    pos.try_play(m).unwrap();
    assert_eq!(pos.undo(), Some(m));
    assert_eq!(pos.fen(), "4k2m4/12/12/12/12/12/12/4K2M4 w - - 0 1");
    // the position keeps its game after the scope that made it
    let mut copy = pos.clone();
    assert_eq!(copy.perft(2), pos.perft(2));
}

/// The message of loading `text` as `t.ini`.
fn error(text: &str) -> String {
    variants_ini::load_str(text, "t.ini")
        .unwrap_err()
        .to_string()
}

#[test]
fn errors_name_the_file_the_line_and_the_key() {
    assert_eq!(
        error("[a]\nking = k\nrook = k\n"),
        "t.ini:3: `rook`: the letter `k` is used twice (also by `king` on line 2)"
    );
    assert_eq!(
        error("[a:chess]\nmaxRank = 8\nfoo = 1\n"),
        "t.ini:3: `foo`: unknown key"
    );
    assert_eq!(
        error("[a:chess]\npieceDrops = true\n"),
        "t.ini:2: `pieceDrops`: not supported: drops (pieces in hand)"
    );
    assert_eq!(
        error("[a:chess]\ncastling = yes\n"),
        "t.ini:2: `castling`: `yes` is not `true` or `false`"
    );
    assert_eq!(
        error("[a:xiangqi]\n"),
        "t.ini:1: unknown base `xiangqi` (an earlier section of this file, or one of chess, shatranj, courier)"
    );
    assert_eq!(
        error("[courier]\n"),
        "t.ini:1: `courier` names the built-in game `courier`: give the section another name"
    );
    assert_eq!(
        error("[a:chess]\ncannon = c\n"),
        "t.ini:2: `cannon`: this piece is not supported: a hopper (captures by jumping a screen)"
    );
    assert_eq!(
        error("[a:chess]\ncustomPiece1 = x:nN\n"),
        "t.ini:2: `customPiece1`: Betza `nN`, at character 1: lame leaps (`n`) are not supported"
    );
    assert_eq!(
        error("[a:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w - - 0 1\n"),
        "t.ini:2: `startFen`: not a start position of this game: wrong number of ranks"
    );
    assert_eq!(
        error("king = k\n"),
        "t.ini:1: `king`: a key before the first section"
    );
    assert_eq!(
        error("[a:chess]\nmaxRank = 8\nmaxRank = 9\n"),
        "t.ini:3: `maxRank`: given twice in [a] (first on line 2)"
    );
    // nothing of a file with an error is registered
    assert!(Variant::from_name("good-one").is_none());
    let _ = error("[good-one:chess]\n[bad-one:chess]\nfoo = 1\n");
    assert!(Variant::from_name("good-one").is_none());
}

#[test]
fn citadel_keys_decide_and_restrict() {
    fixtures("fixtures/variants/citadel");
    let v: Variant = "citadel-race".parse().unwrap();
    // a king in the other side's citadel has won
    let pos = fen::read_variant(
        v,
        "K10/1r1bqknbnr1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1RNBQ1NBNR1/11 b - - 0 1",
    )
    .unwrap();
    let o = pos.outcome(citadel_rules::Claims::None).expect("decided");
    assert_eq!(o.to_string(), "White wins by citadel");
    // only kings enter a citadel: the knight on c2 may not leap to a1, as it may in the game
    // without the key
    let start = VariantPosition::start(v);
    let knight_to_a1 =
        |p: &VariantPosition| p.legal_moves().iter().any(|m| p.square_name(m.to) == "a1");
    assert!(!knight_to_a1(&start));
    assert!(knight_to_a1(&VariantPosition::start(
        "corner-citadels".parse().unwrap()
    )));
}
