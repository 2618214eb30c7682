//! End-to-end tests of `citadel bestmove`, `selfplay` and `match` (fixed depths only, so the
//! output is deterministic).

mod common;
use common::citadel;

#[test]
fn bestmove_json_has_every_field() {
    let (code, out, err) = citadel(&[
        "bestmove",
        "--variant",
        "chess",
        "--fen",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        "--depth",
        "3",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["bestmove"], "Qxf7#");
    assert_eq!(v["coordinate"], "h5f7");
    assert_eq!(v["score"]["mate"], 1);
    assert_eq!(v["depth"], 3);
    assert!(v["nodes"].as_u64().is_some_and(|n| n > 0));
    assert!(v["nps"].is_u64());
    assert_eq!(v["pv"][0], "Qxf7#");
}

#[test]
fn bestmove_text_after_moves() {
    let (code, out, err) = citadel(&[
        "bestmove",
        "--variant",
        "persian-princess",
        "--moves",
        "f3f5",
        "f9f7",
        "--depth",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("bestmove "), "{out}");
    for key in ["score    cp ", "depth    2", "nodes    ", "pv       "] {
        assert!(out.contains(key), "{key} missing in\n{out}");
    }
}

#[test]
fn bestmove_errors() {
    // no limit is a usage error
    let (code, _, _) = citadel(&["bestmove", "--variant", "chess"]);
    assert_eq!(code, 2);
    // an illegal move is invalid input
    let (code, _, err) = citadel(&[
        "bestmove",
        "--variant",
        "chess",
        "--moves",
        "e2e5",
        "--depth",
        "1",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("no legal move from e2 to e5"), "{err}");
    // a finished game has no move
    let (code, out, _) = citadel(&[
        "bestmove",
        "--variant",
        "chess",
        "--fen",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "--depth",
        "2",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("bestmove (none)") && out.contains("draw by stalemate"),
        "{out}"
    );
}

#[test]
fn selfplay_writes_pgn_records() {
    let dir = std::env::temp_dir().join(format!("citadel-selfplay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.pgn");
    let (code, _, err) = citadel(&[
        "selfplay",
        "--variant",
        "celtic-citadel",
        "--games",
        "2",
        "--depth",
        "1",
        "--max-plies",
        "40",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("[2/2] celtic-citadel"), "progress: {err}");
    let pgn = std::fs::read_to_string(&file).unwrap();
    assert_eq!(pgn.matches("[Variant \"celtic-citadel\"]").count(), 2);
    assert_eq!(pgn.matches("[Round ").count(), 2);
    assert!(pgn.contains("1. "), "{pgn}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `selfplay --data`: training data of every board, the same file on one thread and two, a
/// part of a run equal to the same games of the whole run, and usage errors.
#[test]
fn selfplay_writes_training_data() {
    let dir = std::env::temp_dir().join(format!("citadel-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |variant: &str, name: &str, extra: &[&str]| {
        let file = dir.join(name);
        let mut args = vec![
            "selfplay",
            "--variant",
            variant,
            "--nodes",
            "200",
            "--data",
            file.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let (code, out, err) = citadel(&args);
        assert_eq!(code, 0, "{err}");
        (std::fs::read(&file).unwrap(), out)
    };
    let (one, out) = run("chess", "one.cdata", &["--games", "3", "--threads", "1"]);
    assert!(out.contains("positions from 3 games"), "{out}");
    assert!(out.contains("positions per second per thread"), "{out}");
    let (two, _) = run("chess", "two.cdata", &["--games", "3", "--threads", "2"]);
    assert_eq!(one, two, "the file depends on the number of threads");
    assert!(one.starts_with(b"CITDATA1"));
    let header_len = u32::from_le_bytes(one[8..12].try_into().unwrap()) as usize;
    let header: serde_json::Value = serde_json::from_slice(&one[12..12 + header_len]).unwrap();
    assert_eq!(header["variant"], "chess");
    assert_eq!(header["generator"]["nodes"], 200);
    assert!(one.len() > 12 + header_len, "no positions");
    // game 2 alone is the end of the run of three (after its own header)
    let (part, _) = run(
        "chess",
        "part.cdata",
        &["--games", "1", "--first-game", "2"],
    );
    let part_header = 12 + u32::from_le_bytes(part[8..12].try_into().unwrap()) as usize;
    assert!(one.ends_with(&part[part_header..]));
    for variant in ["tamerlane", "byzantine", "persian-princess"] {
        let (bytes, out) = run(
            variant,
            "board.cdata",
            &["--games", "1", "--max-plies", "60"],
        );
        assert!(
            bytes.starts_with(b"CITDATA1") && out.contains("from 1 games"),
            "{variant}: {out}"
        );
    }
    let (code, _, err) = citadel(&["selfplay", "--variant", "chess", "--nodes", "10"]);
    assert_eq!(code, 2, "--nodes without --data: {err}");
    let bad = dir.join("no-such-dir").join("x.cdata");
    let (code, _, err) = citadel(&[
        "selfplay",
        "--variant",
        "chess",
        "--data",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("x.cdata"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn match_prints_the_score_and_each_players_effort() {
    let (code, out, err) = citadel(&[
        "match",
        "--variant",
        "chess",
        "--games",
        "2",
        "--engine",
        "depth:2",
        "--opponent",
        "random",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].starts_with("chess: depth 2 vs random: 2 games +2 =0 -0 score 100.0%"),
        "{out}"
    );
    // the engine's mean depth and nodes; the random mover reports only its time
    assert!(lines[1].starts_with("  depth 2: depth 2.0, "), "{out}");
    assert!(lines[1].ends_with(" ms per move"), "{out}");
    assert!(
        lines[2].starts_with("  random: ") && lines[2].ends_with(" ms per move"),
        "{out}"
    );
    // a player that is none is a usage error
    let (code, _, err) = citadel(&["match", "--variant", "chess", "--opponent", "strong"]);
    assert_eq!(code, 2);
    assert!(err.contains("bad player `strong`"), "{err}");
}

#[test]
fn match_parts_play_the_whole_matchs_games() {
    let dir = common::scratch("engine", "match-parts");
    let run = |name: &str, extra: &[&str]| {
        let file = dir.join(name);
        let mut args = vec![
            "match",
            "--variant",
            "shatranj",
            "--engine",
            "nodes:400",
            "--opponent",
            "depth:1",
            "--seed",
            "7",
            "--max-plies",
            "80",
            "--out",
        ];
        args.push(file.to_str().unwrap());
        args.extend_from_slice(extra);
        let (code, out, err) = citadel(&args);
        assert_eq!(code, 0, "{err}");
        (std::fs::read_to_string(&file).unwrap(), out)
    };
    let (whole, out) = run("whole.pgn", &["--games", "4"]);
    assert!(out.contains(": 4 games "), "{out}");
    let (head, _) = run("head.pgn", &["--games", "1"]);
    let (tail, out) = run("tail.pgn", &["--games", "3", "--first-game", "1"]);
    assert!(out.contains(": 3 games "), "{out}");
    assert!(tail.contains("[Round \"2\"]") && !tail.contains("[Round \"1\"]"));
    assert_eq!(head + &tail, whole);
    // a part's verdict would be the part's alone
    let (code, _, err) = citadel(&[
        "match",
        "--variant",
        "shatranj",
        "--first-game",
        "2",
        "--sprt",
        "0,10",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--first-game"), "{err}");
}

#[test]
fn tune_fits_values_to_self_play_and_refuses_bad_games() {
    let dir = common::scratch("engine", "tune");
    let file = dir.join("shatranj.pgn");
    let file = file.to_str().unwrap();
    let (code, _, err) = citadel(&[
        "selfplay",
        "--variant",
        "shatranj",
        "--games",
        "6",
        "--depth",
        "1",
        "--seed",
        "3",
        "--out",
        file,
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = citadel(&["tune", "--variant", "shatranj", file, "--json"]);
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    assert_eq!(j["variant"], "shatranj");
    assert_eq!(j["games"], 6);
    assert!(j["samples"].as_u64().unwrap() > 0, "{j}");
    assert!(
        j["error_after"].as_f64() <= j["error_before"].as_f64(),
        "{j}"
    );
    // every non-pawn, non-royal piece is either fitted or kept as too rare
    let named = |k: &str| j[k].as_str().unwrap_or("").to_string();
    let listed = format!("{},{}", named("values"), j["rare"]);
    for piece in ["knight", "rook", "ferz", "alfil"] {
        assert!(listed.contains(piece), "{piece}: {j}");
    }
    assert!(!named("values").contains("king"), "{j}");
    // the same games give the same values
    let (_, again, _) = citadel(&["tune", "--variant", "shatranj", file, "--json"]);
    assert_eq!(again, out);
    // with --weights (and no piece) the positional weights are fitted, within their ranges
    let (code, out, err) = citadel(&[
        "tune",
        "--variant",
        "shatranj",
        "--pieces",
        "",
        "--weights",
        file,
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
    let fitted = j["values"].as_str().unwrap_or("").to_string();
    assert_eq!(fitted.split(',').count(), 11, "{j}");
    for pair in fitted.split(',') {
        let (name, v) = pair.split_once('=').expect("name=value");
        let v: i32 = v.parse().expect("a number");
        let (lo, hi) = citadel_rules::EvalWeights::range(name).expect(name);
        assert!((lo..=hi).contains(&v), "{pair}: {j}");
    }
    // and a match plays with them
    let (code, out, err) = citadel(&[
        "match",
        "--variant",
        "shatranj",
        "--games",
        "2",
        "--engine",
        "depth:1",
        "--opponent",
        "depth:1",
        "--engine-values",
        &fitted,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("shatranj: depth 1 vs depth 1: 2 games"),
        "{out}"
    );
    let (code, _, err) = citadel(&[
        "match",
        "--variant",
        "shatranj",
        "--engine-values",
        "mobility=3",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "shatranj has no piece or weight with the key `mobility` (its pieces: king, ferz, \
             rook, alfil, knight, pawn; weights: mobility-mg,"
        ),
        "{err}"
    );
    // games of another variant, or an unknown piece, are refused with the reason
    let (code, _, err) = citadel(&["tune", "--variant", "chess", file]);
    assert_eq!(code, 1);
    assert!(
        err.contains("game 1: a game of shatranj, not chess"),
        "{err}"
    );
    assert!(err.contains("6 game(s) cannot be learnt from"), "{err}");
    let (code, _, err) = citadel(&["tune", "--variant", "shatranj", "--pieces", "queen", file]);
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "--pieces: shatranj has no piece with the key `queen` (its pieces: king, ferz, rook, \
             alfil, knight, pawn)"
        ),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `citadel bestmove` at depth 6 with `--search-off off`: (exit code, nodes or stderr).
fn nodes_with_search_off(off: &str) -> (i32, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_citadel"))
        .args(["bestmove", "--variant", "chess", "--depth", "6", "--json"])
        .args(["--search-off", off])
        .output()
        .expect("the binary runs");
    let code = out.status.code().unwrap_or(-1);
    if code != 0 {
        return (code, String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    (code, v["nodes"].to_string())
}

#[test]
fn search_off_switches_techniques_off() {
    let (code, full) = nodes_with_search_off("");
    assert_eq!(code, 0, "{full}");
    assert_eq!(nodes_with_search_off("none"), (0, full.clone()));
    let (code, other) = nodes_with_search_off("null,lmr");
    assert_eq!(code, 0, "{other}");
    assert_ne!(other, full);
    let (code, err) = nodes_with_search_off("null,bogus");
    assert_eq!(code, 2);
    assert!(
        err.contains("--search-off") && err.contains("`bogus`"),
        "{err}"
    );
}

#[test]
fn a_match_with_a_test_stops_at_its_verdict() {
    let (code, out, err) = citadel(&[
        "match",
        "--variant",
        "chess",
        "--games",
        "100",
        "--engine",
        "depth:2",
        "--opponent",
        "random",
        "--sprt",
        "0,50",
    ]);
    assert_eq!(code, 0, "{err}");
    // a sweep: the test accepts H1 after a few pairs of games, long before 100
    let first = out.lines().next().unwrap_or("");
    let games: u32 = first
        .split(" games ")
        .next()
        .and_then(|s| s.rsplit(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!((2..100).contains(&games) && games % 2 == 0, "{out}");
    assert!(out.contains("H1 accepted (keep the change)"), "{out}");
    let (code, _, err) = citadel(&["match", "--variant", "chess", "--sprt", "5,0"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("bad SPRT `5,0`"), "{err}");
    // non-regression bounds start with a minus, written as the value, not as a flag
    let (code, out, err) = citadel(&[
        "match",
        "--variant",
        "chess",
        "--games",
        "2",
        "--engine",
        "depth:1",
        "--sprt",
        "-10,0",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("SPRT [-10, 0]"), "{out}");
}

#[test]
fn tune_learns_a_table_from_the_evals_a_match_records() {
    let dir = common::scratch("engine", "tune-evals");
    let games = dir.join("chess.pgn");
    let games = games.to_str().unwrap();
    let table = dir.join("chess.json");
    let table = table.to_str().unwrap();
    // ten short depth-2 games, each searched move's score kept as `[%eval ...]`
    let (code, _, err) = citadel(&[
        "match",
        "--variant",
        "chess",
        "--engine",
        "depth:2",
        "--opponent",
        "depth:1",
        "--games",
        "10",
        "--max-plies",
        "40",
        "--evals",
        "--out",
        games,
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(games).expect("the records");
    assert!(text.matches("[%eval").count() >= 10 * 30, "{text}");
    // from results the unfinished games (most of them, at 40 plies) are left out; from the
    // evals they are not
    let (_, _, err) = citadel(&["tune", "--variant", "chess", "--psq", table, games]);
    assert!(err.contains("unfinished game(s) (`*`) left out"), "{err}");
    let (code, out, err) = citadel(&[
        "tune",
        "--variant",
        "chess",
        "--evals",
        "--skip-plies",
        "4",
        "--psq",
        table,
        games,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("chess: 10 games, "), "{out}");
    assert!(out.contains(" held out"), "{out}");
    let t: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(table).expect("the table")).expect("JSON");
    assert_eq!(
        (t["game"].as_str(), t["files"].as_u64()),
        (Some("chess"), Some(8))
    );
    let pv = &t["provenance"];
    assert_eq!(pv["games"], 10);
    assert!(pv["commands"][0]
        .as_str()
        .unwrap()
        .starts_with("citadel tune --variant chess"));
    // its own engine's scores are what its evaluation predicts: the fit can only lower the
    // training error
    let (before, after) = (pv["train_error"][0].as_f64(), pv["train_error"][1].as_f64());
    assert!(after <= before, "{pv}");
}
