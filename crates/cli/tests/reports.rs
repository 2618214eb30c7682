//! `--format json|junit|github` of `validate`, `replay` and `suite`, pinned by insta; the
//! GitHub annotations checked against the workflow-command syntax; `suite --engine` with
//! `citadel uci` itself as the other engine, and with engines that cannot or will not count.

mod common;
use common::{citadel, citadel_at_root, scratch};

const MARKUP: &str = "tests/inputs/markup.pgn";
const WRONG_RESULT: &str = "fixtures/games/invalid/wrong-result.pgn";

/// Output with its timings (`time="…"`, `"seconds":…`) replaced by `T`, for snapshots.
fn untimed(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    loop {
        let next = ["time=\"", "\"seconds\":"]
            .iter()
            .filter_map(|k| rest.find(k).map(|i| (i, *k)))
            .min();
        let Some((i, key)) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..i + key.len()]);
        rest = &rest[i + key.len()..];
        let end = rest
            .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | 'e' | '-')))
            .unwrap_or(rest.len());
        out.push('T');
        rest = &rest[end..];
    }
}

/// A GitHub workflow command (`::error file=…,line=…::message`) checked against the
/// documented syntax: a known command, `key=value` properties whose values have `%`, CR,
/// LF, `:` and `,` escaped, data with `%`, CR and LF escaped; returns the decoded
/// (command, properties, message).
fn parse_annotation(line: &str) -> (String, Vec<(String, String)>, String) {
    let body = line.strip_prefix("::").unwrap_or_else(|| panic!("{line}"));
    let (head, data) = body.split_once("::").unwrap_or_else(|| panic!("{line}"));
    let (command, props) = head.split_once(' ').unwrap_or((head, ""));
    assert!(["error", "warning", "notice"].contains(&command), "{line}");
    let decode = |v: &str, property: bool| {
        let mut out = String::new();
        let mut chars = v.chars();
        while let Some(c) = chars.next() {
            assert!(c != '\r' && c != '\n', "raw line break in {line}");
            if property {
                assert!(
                    c != ':' && c != ',',
                    "unescaped `{c}` in a property: {line}"
                );
            }
            if c == '%' {
                let code: String = chars.by_ref().take(2).collect();
                out.push(match code.as_str() {
                    "25" => '%',
                    "0D" => '\r',
                    "0A" => '\n',
                    "3A" if property => ':',
                    "2C" if property => ',',
                    _ => panic!("bad escape %{code} in {line}"),
                });
            } else {
                out.push(c);
            }
        }
        out
    };
    let props = props
        .split(',')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or_else(|| panic!("{line}"));
            assert!(["file", "line", "col", "title"].contains(&k), "{line}");
            (k.to_string(), decode(v, true))
        })
        .collect();
    (command.to_string(), props, decode(data, false))
}

#[test]
fn validate_reports_as_junit_json_and_github() {
    let (code, junit, err) = citadel(&["validate", "--format", "junit", MARKUP]);
    assert_eq!(code, 1, "the exit code is the verdict: {err}");
    assert!(err.ends_with("error: 2 invalid game(s)\n"), "{err}");
    insta::assert_snapshot!("junit_markup", junit);
    let (code, json, _) = citadel(&["validate", "--format", "json", MARKUP]);
    assert_eq!(code, 1);
    insta::assert_snapshot!("json_markup", json);
    for line in json.lines() {
        serde_json::from_str::<serde_json::Value>(line).expect("one object per line");
    }
    let (code, github, _) = citadel(&["validate", "--format", "github", MARKUP]);
    assert_eq!(code, 1);
    insta::assert_snapshot!("github_markup", github);
    let decoded: Vec<_> = github.lines().map(parse_annotation).collect();
    assert_eq!(
        decoded.len(),
        2,
        "one annotation per invalid game: {github}"
    );
    assert_eq!(decoded[0].1[0], ("file".into(), MARKUP.into()));
    assert_eq!(decoded[0].1[1], ("line".into(), "2".into()));
    assert!(decoded[0]
        .2
        .starts_with("game 1: unknown variant `x]]>\"<y>`"));
    // a control character is shown, never sent to the log's terminal
    assert_eq!(decoded[1].2, "game 2: unexpected character `\\u{1}`");
    // every game passes: exit 0 in every format
    for format in ["text", "json", "junit", "github"] {
        let (code, _, err) = citadel_at_root(&[
            "validate",
            "--format",
            format,
            "fixtures/games/chess/classics.pgn",
        ]);
        assert_eq!(code, 0, "{format}: {err}");
    }
    let (code, _, err) = citadel(&["validate", "--format", "xml", MARKUP]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown report format `xml`"), "{err}");
}

#[test]
fn github_properties_escape_commas_and_colons_in_file_names() {
    let dir = scratch("reports", "names");
    let file = dir.join("a,b:c%.pgn");
    std::fs::copy(common::root().join(WRONG_RESULT), &file).expect("copy");
    let name = file.to_str().expect("utf-8");
    let (code, out, _) = citadel(&["validate", "--format", "github", name]);
    assert_eq!(code, 1);
    for line in out.lines() {
        let (command, props, _) = parse_annotation(line);
        assert_eq!(command, "error");
        assert_eq!(props[0], ("file".into(), name.to_string()), "{line}");
    }
    assert!(out.contains("a%2Cb%3Ac%25.pgn"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn replay_reports_in_every_format_and_json_keeps_its_form() {
    let (code, junit, _) = citadel_at_root(&["replay", "--format", "junit", WRONG_RESULT]);
    assert_eq!(code, 1);
    insta::assert_snapshot!("junit_replay_wrong_result", junit);
    let (_, old, _) = citadel_at_root(&["replay", "--json", WRONG_RESULT]);
    let (_, new, _) = citadel_at_root(&["replay", "--format", "json", WRONG_RESULT]);
    assert_eq!(old, new);
    let (code, _, err) = citadel_at_root(&["replay", "--json", "--format", "junit", WRONG_RESULT]);
    assert_eq!(code, 2, "{err}");
}

/// A fixture directory with one good and one wrong chess position.
fn fixtures(kind: &str) -> std::path::PathBuf {
    let dir = scratch("reports", kind);
    std::fs::write(
        dir.join("mixed.json"),
        r#"{"variant": "chess", "positions": [
  {"name": "kings", "fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "perft": [5, 25]},
  {"name": "wrong", "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "perft": [15, 999]}]}"#,
    )
    .expect("fixture");
    std::fs::write(
        dir.join("shatranj.json"),
        r#"{"variant": "shatranj", "positions": [
  {"name": "kings", "fen": "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "perft": [5]}]}"#,
    )
    .expect("fixture");
    dir
}

#[test]
fn suite_reports_each_position() {
    let dir = fixtures("suite");
    let d = dir.to_str().expect("utf-8");
    let shown = |out: &str| untimed(&out.replace(d, "DIR"));
    let (code, junit, err) = citadel(&["suite", "--format", "junit", d]);
    assert_eq!(code, 1, "{err}");
    insta::assert_snapshot!("junit_suite", shown(&junit));
    let (code, json, _) = citadel(&["suite", "--format", "json", d]);
    assert_eq!(code, 1);
    insta::assert_snapshot!("json_suite", shown(&json));
    let (code, github, _) = citadel(&["suite", "--format", "github", d]);
    assert_eq!(code, 1);
    insta::assert_snapshot!("github_suite", shown(&github));
    for line in github.lines() {
        parse_annotation(line);
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn suite_checks_another_engine_with_citadel_uci_as_the_engine() {
    let engine = format!("uci:{} uci", env!("CARGO_BIN_EXE_citadel"));
    let (code, out, err) = citadel_at_root(&[
        "suite",
        "fixtures/perft",
        "--max-depth",
        "2",
        "--engine",
        &engine,
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let (_, own, _) = citadel_at_root(&["suite", "fixtures/perft", "--max-depth", "2"]);
    let total = |summary: &str| summary.split(" nodes").next().map(str::to_string);
    let theirs = err.lines().last().unwrap_or_default();
    let ours = own.lines().last().unwrap_or_default();
    assert_eq!(total(theirs), total(ours), "{theirs} / {ours}");
    let positions: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert!(
        positions.len() > 100,
        "every game's positions: {}",
        positions.len()
    );
    assert!(positions
        .iter()
        .all(|p| p["error"].is_null() && p["skipped"].is_null()));
    // a wrong count is a failure at its depth, as with Citadel's own perft
    let dir = fixtures("engine");
    let d = dir.to_str().expect("utf-8");
    let (code, out, _) = citadel(&["suite", d, "--engine", &engine]);
    assert_eq!(code, 1);
    assert!(
        out.contains("FAIL chess              wrong (4k3/8/8/8/8/8/8/R3K3 w - - 0 1): perft 2 = 68, fixture says 999"),
        "{out}"
    );
    // a FEN the engine refuses (`info string error`) is skipped, not failed
    std::fs::write(
        dir.join("mixed.json"),
        r#"{"variant": "chess", "positions": [{"name": "cut", "fen": "4k3/8 w - - 0 1", "perft": [5]}]}"#,
    )
    .expect("fixture");
    let (code, out, err) = citadel(&["suite", d, "--engine", &engine]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("skip chess              cut: skipped: the engine refused the position: info string error: position not changed: bad FEN"),
        "{out}"
    );
    assert!(out.ends_with(", 0 failed, 1 skipped\n"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn engines_that_cannot_count_are_skipped_or_timed_out() {
    let dir = fixtures("hung");
    // answers the handshake, offers no variants, never counts
    let script = dir.join("hung.sh");
    std::fs::write(
        &script,
        "#!/bin/sh\nwhile read l; do case \"$l\" in uci) echo uciok;; isready) echo readyok;; esac; done\n",
    )
    .expect("script");
    let engine = format!("uci:sh {}", script.to_str().expect("utf-8"));
    let d = dir.to_str().expect("utf-8");
    let (code, out, err) = citadel(&["suite", d, "--engine", &engine, "--engine-timeout", "1"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("skip shatranj           kings: skipped: sh has no UCI_Variant option (it plays chess only)"),
        "{out}"
    );
    assert!(
        out.contains("FAIL chess              kings: go perft 1: sh: no answer within 1s"),
        "{out}"
    );
    assert!(out.ends_with(", 2 failed, 1 skipped\n"), "{out}");
    // an engine that is none is a usage error
    let (code, _, err) = citadel(&["suite", d, "--engine", "stockfish"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("`stockfish` is not an engine (uci:PATH)"),
        "{err}"
    );
    let (code, _, err) = citadel(&["suite", d, "--engine", "xboard:/bin/true"]);
    assert_eq!(code, 1);
    assert!(err.contains("perft needs a UCI engine"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
