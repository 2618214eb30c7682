//! Games from a variants file, end to end: `--variant-path` on the commands, the file's games
//! listed, a record's `[Variant]` tag resolved through the file, an archive that reads back
//! without the file, the UCI server's `VariantPath`, and the errors that name file, line and
//! key.

use std::io::Write;
use std::process::{Command, Stdio};

mod common;
use common::{citadel_at_root, scratch};

const FILE: &str = "fixtures/variants/variants.ini";

#[test]
fn the_files_games_are_listed_and_counted() {
    let (code, out, err) = citadel_at_root(&["--variant-path", FILE, "variants"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 14, "{out}");
    assert!(out.lines().any(|l| l.starts_with("carrera-ten ")), "{out}");
    let (code, out, err) = citadel_at_root(&[
        "--variant-path",
        FILE,
        "perft",
        "--variant",
        "carrera-ten",
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    // the fixture's count, Fairy-Stockfish's
    assert_eq!(v["nodes"], 24_944);
    assert_eq!(v["variant"], "carrera-ten");
}

#[test]
fn a_record_names_its_game_and_its_archive_carries_it() {
    let dir = scratch("variants", "archive");
    let pgn = dir.join("game.pgn");
    std::fs::write(
        &pgn,
        "[Variant \"carrera-ten\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ch3 Ch6 *\n",
    )
    .expect("writes");
    let pgn = pgn.to_str().expect("utf-8");
    let archive = dir.join("game.cga");
    let archive = archive.to_str().expect("utf-8");
    let (code, replayed, err) = citadel_at_root(&["--variant-path", FILE, "replay", pgn]);
    assert_eq!(code, 0, "{err}");
    assert!(replayed.contains("carrera-ten, 4 plies"), "{replayed}");
    // without the file the record names no game
    let (code, _, _) = citadel_at_root(&["replay", pgn]);
    assert_ne!(code, 0);
    let (code, _, err) = citadel_at_root(&["--variant-path", FILE, "pack", pgn, "-o", archive]);
    assert_eq!(code, 0, "{err}");
    // the archive reads back, and replays to the same position, without the file
    let (code, from_archive, err) = citadel_at_root(&["replay", archive]);
    assert_eq!(code, 0, "{err}");
    let fen = |out: &str| {
        out.lines()
            .find_map(|l| l.trim().strip_prefix("final FEN: ").map(str::to_string))
            .expect("a final FEN")
    };
    assert_eq!(fen(&from_archive), fen(&replayed));
    assert_eq!(
        fen(&replayed),
        "ranbqkbn1r/pppp1ppppp/7c2/4p5/4P5/7C2/PPPP1PPPPP/RANBQKBN1R w KQkq - 2 3"
    );
}

#[test]
fn errors_name_the_file_the_line_and_the_key() {
    let dir = scratch("variants", "errors");
    let bad = dir.join("bad.ini");
    std::fs::write(&bad, "[mine:chess]\nmaxFile = 10\npieceDrops = true\n").expect("writes");
    let bad = bad.to_str().expect("utf-8");
    let (code, _, err) = citadel_at_root(&["--variant-path", bad, "variants"]);
    assert_eq!(code, 1);
    assert_eq!(
        err.trim(),
        format!("error: {bad}:3: `pieceDrops`: not supported: drops (pieces in hand)")
    );
    let (code, _, err) = citadel_at_root(&["--variant-path", "no/such.ini", "variants"]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("error: no/such.ini:0: cannot read the file"),
        "{err}"
    );
}

#[test]
fn the_uci_server_reads_a_variants_file() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_citadel"))
        .current_dir(common::root())
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let input = "uci\nsetoption name VariantPath value fixtures/variants/variants.ini\n\
                 setoption name UCI_Variant value grand-ten\nisready\nposition startpos\n\
                 go perft 2\nuci\nquit\n";
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("writes");
    let out = child.wait_with_output().expect("ends");
    let out = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.contains("info string VariantPath: 14 games read: shatranj-ini, courier-ini"),
        "{out}"
    );
    // the fixture's count for grand-ten's start at depth 2
    let nodes = out
        .lines()
        .find_map(|l| l.strip_prefix("Nodes searched: "))
        .expect("perft answered");
    assert_eq!(nodes.trim(), "2304");
    // the second `uci` offers the file's games
    let last_combo = out
        .lines()
        .rfind(|l| l.starts_with("option name UCI_Variant "))
        .expect("UCI_Variant");
    assert!(last_combo.contains(" var grand-ten"), "{last_combo}");
}
