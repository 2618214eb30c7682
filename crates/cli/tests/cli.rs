//! End-to-end tests of the `citadel` binary; output and error messages pinned by insta.

mod common;
use common::{citadel, citadel_at_root, root};

#[test]
fn variants_lists_every_game() {
    let (code, out, _) = citadel(&["variants"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!(out);
}

#[test]
fn show_start_positions() {
    for v in [
        "celtic-citadel",
        "persian-princess",
        "egyptian-eye",
        "oriental-omega",
        "byzantine",
        "chess",
        "shatranj",
    ] {
        let (code, out, err) = citadel(&["show", "--variant", v]);
        assert_eq!(code, 0, "{err}");
        insta::assert_snapshot!(format!("show_{v}"), out);
    }
}

#[test]
fn show_decided_position() {
    let (code, out, _) = citadel(&[
        "show",
        "--variant",
        "celtic-citadel",
        "--fen",
        "11/11/11/11/11/5K5/11/2P8/11/11/k10 w - - 0 1",
    ]);
    assert_eq!(code, 0);
    insta::assert_snapshot!(out);
}

#[test]
fn show_byzantine_outcomes() {
    // stalemate wins for the stalemating side
    let (code, out, _) = citadel(&[
        "show",
        "--variant",
        "byzantine",
        "--fen",
        "K15/7r8/2n11n1/10P>k4 w - - 0 1",
    ]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("show_byzantine_stalemate", out);
    // Black bared White's rook with its reply: both kings bare, a draw
    let (code, out, _) = citadel(&[
        "show",
        "--variant",
        "byzantine",
        "--fen",
        "16/12K3/5k10/16 w - - 0 2",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Outcome: draw by bare king (1/2-1/2)"),
        "{out}"
    );
}

#[test]
fn perft_divide_prints_removals() {
    let (code, out, _) = citadel(&[
        "perft",
        "--variant",
        "byzantine",
        "--fen",
        "8k3n3/4K11/3p>p<11/R15 w - - 0 1",
        "--depth",
        "1",
        "--divide",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("a1b1/xd2e2: 1"), "{out}");
    assert!(!out.contains("a1b1: 1"), "{out}");
    assert!(out.contains("perft 1: 33"), "{out}");
}

#[test]
fn perft_divide_prints_coordinate_moves() {
    let (code, out, _) = citadel(&[
        "perft",
        "--variant",
        "persian-princess",
        "--depth",
        "2",
        "--divide",
    ]);
    assert_eq!(code, 0);
    let without_time: String = out
        .lines()
        .filter(|l| !l.starts_with("time:"))
        .map(|l| format!("{l}\n"))
        .collect();
    insta::assert_snapshot!(without_time);
}

#[test]
fn perft_json_has_the_promised_fields() {
    let (code, out, _) = citadel(&[
        "perft",
        "--variant",
        "oriental-omega",
        "--depth",
        "3",
        "--json",
        "--threads",
        "2",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["nodes"], 19314);
    assert_eq!(v["depth"], 3);
    assert!(v["seconds"].is_number());
    assert!(v["nps"].is_number());
}

#[test]
fn errors_exit_1_with_a_message() {
    let cases: &[(&str, &[&str])] = &[
        ("unknown_variant", &["perft", "--variant", "persia", "--depth", "2"]),
        ("bad_fen_piece", &["show", "--variant", "chess", "--fen", "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]),
        ("nonexistent_cell", &["show", "--variant", "celtic-citadel", "--fen", "f9f/1rnbqkbsnr1/1ppppppppp1/11/11/11/11/11/PPPPPPPPPP1/1RNBQKBSNR1/F9F w KQkq - 0 1"]),
        ("eye_king_on_diagonal", &["perft", "--variant", "egyptian-eye", "--depth", "1", "--fen", "11/5k5/11/11/11/11/11/11/11/1K9/11 w - - 0 1"]),
        ("bad_rights", &["perft", "--variant", "celtic-citadel", "--depth", "1", "--fen", "f9f/1rnbqkbsnr1/1ppppppppp1/11/11/11/11/11/1PPPPPPPPP1/1RNBQKBSNR1/F9F w KQZkqz - 0 1"]),
        // three impossible positions
        ("en_passant_wrong_rank", &["perft", "--variant", "chess", "--depth", "1", "--divide", "--fen", "4k3/8/8/8/2Pp4/8/8/4K3 w - d5 0 1"]),
        ("castling_without_rooks", &["show", "--variant", "chess", "--fen", "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1"]),
        ("pawns_on_promotion_ranks", &["show", "--variant", "chess", "--fen", "P6k/8/8/8/8/8/8/K6p w - - 0 1"]),
    ];
    for (name, args) in cases {
        let (code, out, err) = citadel(args);
        assert_eq!(code, 1, "{name}: {out}{err}");
        assert!(out.is_empty(), "{name}: {out}");
        insta::assert_snapshot!(format!("error_{name}"), err);
    }
}

#[test]
fn usage_errors_exit_2() {
    let (code, _, err) = citadel(&["perft", "--variant", "chess"]);
    assert_eq!(code, 2);
    assert!(err.contains("--depth"), "{err}");
}

#[test]
fn mini_citadel_show_and_perft() {
    let (code, out, err) = citadel(&["show", "--variant", "mini-citadel"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("show_mini-citadel", out);
    // a guard has just entered Black's citadel a10: White has won
    let (code, out, err) = citadel(&[
        "show",
        "--variant",
        "mini-citadel",
        "--fen",
        "G8g/10/7G2/10/10/10/4k5/10/1K8/10 b - - 0 1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("Outcome: White wins by citadel (1-0)"),
        "{out}"
    );
    insta::assert_snapshot!("show_mini-citadel_citadel_win", out);
    let (code, out, err) = citadel(&[
        "perft",
        "--variant",
        "mini-citadel",
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["nodes"], 71639);
}

#[test]
fn mini_citadel_fen_errors_exit_1() {
    let start_board = "g8g/1rnbqkbnr1/1pppppppp1/10/10/10/10/1PPPPPPPP1";
    let cases = [
        (
            "plus_unknown_letter",
            format!("{start_board}/1R+XBQKBNR1/G8G w - - 0 1"),
        ),
        (
            "right_for_empty_file",
            format!("{start_board}/2NBQKBNR1/G8G w ABCDEFGHIJabcdefghij - 0 1"),
        ),
        (
            "right_for_moved_piece",
            format!("{start_board}/1NRBQKBNR1/G8G w B - 0 1"),
        ),
        (
            "piece_on_missing_cell",
            format!("{start_board}/1RNBQKBNR1/GG7G w - - 0 1"),
        ),
    ];
    for (name, fen) in &cases {
        let (code, out, err) = citadel(&["show", "--variant", "mini-citadel", "--fen", fen]);
        assert_eq!(code, 1, "{name}: {out}{err}");
        insta::assert_snapshot!(format!("error_mini-citadel_{name}"), err);
    }
}

/// The `.pgn` files of a fixture directory, relative to the root, sorted.
fn pgn_files(dir: &str) -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(root().join(dir))
        .expect("fixture dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".pgn"))
        .map(|n| format!("{dir}/{n}"))
        .collect();
    files.sort();
    files
}

const GAME_DIRS: [&str; 9] = [
    "chess",
    "celtic-citadel",
    "persian-princess",
    "egyptian-eye",
    "oriental-omega",
    "mini-citadel",
    "tamerlane",
    "byzantine",
    "shatranj",
];

#[test]
fn replay_json_of_every_fixture_game() {
    for v in GAME_DIRS {
        let files = pgn_files(&format!("fixtures/games/{v}"));
        let mut args = vec!["replay", "--json"];
        args.extend(files.iter().map(String::as_str));
        let (code, out, err) = citadel_at_root(&args);
        assert_eq!(code, 0, "{err}");
        assert!(
            err.is_empty(),
            "no progress bar when stderr is not a terminal: {err}"
        );
        for line in out.lines() {
            let j: serde_json::Value = serde_json::from_str(line).expect("one object per line");
            for key in [
                "game",
                "variant",
                "plies",
                "declared_result",
                "result",
                "termination",
                "final_fen",
            ] {
                assert!(!j[key].is_null(), "{key} missing in {line}");
            }
            assert_eq!(j["variant"], v);
        }
        insta::assert_snapshot!(format!("replay_json_{v}"), out);
    }
}

#[test]
fn replay_text() {
    let (code, out, _) = citadel_at_root(&["replay", "fixtures/games/chess/classics.pgn"]);
    assert_eq!(code, 0);
    insta::assert_snapshot!(out);
}

#[test]
fn validate_accepts_every_fixture_game() {
    let mut files = Vec::new();
    for v in GAME_DIRS {
        files.extend(pgn_files(&format!("fixtures/games/{v}")));
    }
    let mut args = vec!["validate"];
    args.extend(files.iter().map(String::as_str));
    let (code, out, err) = citadel_at_root(&args);
    assert_eq!(code, 0, "{err}");
    assert!(err.is_empty(), "{err}");
    assert!(out.ends_with(", 0 invalid\n"), "{out}");
}

#[test]
fn validate_reports_every_invalid_record() {
    for file in pgn_files("fixtures/games/invalid") {
        let (code, out, err) = citadel_at_root(&["validate", &file]);
        assert_eq!(code, 1, "{file}: {out}{err}");
        let lines: Vec<&str> = err.lines().collect();
        let (last, reports) = lines.split_last().expect("messages");
        assert!(last.starts_with("error: "), "{last}");
        assert!(!reports.is_empty(), "{file}");
        for l in reports {
            // file:line:col: game N[, move ...]: reason
            let rest = l
                .strip_prefix(&format!("{file}:"))
                .unwrap_or_else(|| panic!("{l}"));
            let mut parts = rest.splitn(3, ':');
            let line: usize = parts.next().and_then(|s| s.parse().ok()).expect("line");
            let col: usize = parts.next().and_then(|s| s.parse().ok()).expect("column");
            assert!(line > 0 && col > 0);
            assert!(parts.next().is_some_and(|r| r.starts_with(" game ")), "{l}");
        }
        let name = file
            .trim_start_matches("fixtures/games/invalid/")
            .trim_end_matches(".pgn");
        insta::assert_snapshot!(format!("validate_invalid_{name}"), format!("{out}{err}"));
    }
}

#[test]
fn convert_and_pack_round_trip() {
    let dir = std::env::temp_dir().join(format!("citadel-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let src = "fixtures/games/persian-princess/app-export.pgn";
    let bin = dir.join("games.bin");
    let packed = dir.join("packed.bin");
    let bin_s = bin.to_string_lossy().into_owned();
    let packed_s = packed.to_string_lossy().into_owned();
    let (code, canon, err) = citadel_at_root(&["convert", src, "--to", "pgn"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("convert_app_export_to_pgn", canon);
    let (code, _, err) = citadel_at_root(&["convert", src, "--to", "bin", "-o", &bin_s]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = citadel_at_root(&["pack", src, "-o", &packed_s]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("packed 1 game(s) into "), "{out}");
    // both archives read back: canonical PGN identical, the packed one verbatim
    for b in [&bin_s, &packed_s] {
        let (code, again, err) = citadel_at_root(&["convert", b, "--to", "pgn"]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(again, canon);
        let (code, _, err) = citadel_at_root(&["validate", b]);
        assert_eq!(code, 0, "{err}");
    }
    let (_, from_text, _) = citadel_at_root(&["replay", "--json", src]);
    let (_, from_bin, _) = citadel_at_root(&["replay", "--json", &packed_s]);
    let strip = |s: &str| {
        let mut v: serde_json::Value = serde_json::from_str(s.trim()).expect("json");
        v.as_object_mut().expect("object").remove("file");
        v
    };
    assert_eq!(strip(&from_text), strip(&from_bin));
    // JSON output is the serde data model
    let (code, json, _) = citadel_at_root(&["convert", src, "--to", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(v[0]["main"]["moves"][0]["san"], "Sh2");
    assert_eq!(v[0]["result"], "1-0");
    // invalid input to a file: nothing written, exit 1
    let bad_out = dir.join("bad.pgn");
    let bad_out_s = bad_out.to_str().expect("utf-8 path").to_string();
    let (code, _, err) = citadel_at_root(&[
        "convert",
        "fixtures/games/invalid/illegal-move.pgn",
        "--to",
        "pgn",
        "-o",
        &bad_out_s,
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("nothing written"), "{err}");
    assert!(!bad_out.exists());
    // to stdout (streamed): the games that convert are written, the others reported, exit 1
    let (code, out, err) = citadel_at_root(&[
        "convert",
        "fixtures/games/invalid/illegal-move.pgn",
        "--to",
        "pgn",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("no knight can move to f9"), "{err}");
    let written = citadel_notation::pgn::parse(&out).expect("valid PGN");
    assert_eq!(written.len() + err.lines().count() - 1, 4, "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
