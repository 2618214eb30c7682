//! Inputs every command refuses alike: a record whose `Result` tag contradicts its movetext,
//! set-ups no game reaches, rights out of their fixed order.

mod common;
use common::citadel_at_root as run;

const WRONG_RESULT: &str = "fixtures/games/invalid/wrong-result.pgn";

#[test]
fn a_result_tag_that_contradicts_the_movetext_is_refused_everywhere() {
    let line = "fixtures/games/invalid/wrong-result.pgn:13:1: game 3: the Result tag says 1-0 \
                but the movetext ends with 0-1";
    for args in [
        &["validate", WRONG_RESULT][..],
        &["replay", WRONG_RESULT],
        &["replay", "--json", WRONG_RESULT],
        &["convert", WRONG_RESULT, "--to", "pgn"],
        &["convert", WRONG_RESULT, "--to", "json"],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 1, "{args:?}: {out}{err}");
        assert!(err.lines().any(|l| l == line), "{args:?}: {err}");
        assert!(
            !out.contains("Result tag and movetext disagree"),
            "{args:?}: {out}"
        );
    }
}

#[test]
fn set_ups_no_game_reaches_are_refused() {
    for (variant, fen, reason) in [
        (
            "chess",
            "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
            "invalid FEN board (field 1): P cannot stand on a1",
        ),
        (
            "chess",
            "3pk3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "invalid FEN board (field 1): p cannot stand on d8",
        ),
        (
            "chess",
            "4k3/3p4/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "invalid en passant square d6: no double step of the side that just moved passes it",
        ),
        (
            "persian-princess",
            "f9P/1rnbqksbnr1/11/11/11/11/11/11/11/1RNBQKSBNR1/f9f w - - 0 1",
            "invalid FEN board (field 1): P cannot stand on k11",
        ),
        (
            "persian-princess",
            "f9f/1rnbqksbnr1/11/11/11/11/11/11/11/1RNBQKSBNR1/p9F w - - 0 1",
            "invalid FEN board (field 1): p cannot stand on a1",
        ),
        (
            "chess",
            "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1",
            "invalid FEN rights (field 3): rights `qkQK` out of order: write `KQkq`",
        ),
        (
            "chess",
            "r3k2r/8/8/8/8/8/8/R3K2R w KkQ - 0 1",
            "invalid FEN rights (field 3): rights `KkQ` out of order: write `KQk`",
        ),
    ] {
        let (code, out, err) = run(&["show", "--variant", variant, "--fen", fen]);
        assert_eq!(code, 1, "{fen}: {out}{err}");
        assert!(err.contains(reason), "{fen}: {err}");
        let (code, _, err) = run(&["perft", "--variant", variant, "--fen", fen, "--depth", "1"]);
        assert_eq!(code, 1, "{fen}: {err}");
    }
    // pawns the rules do move back stay valid: Tamerlane's king's swap brings a pawn to rank 1
    let tamerlane = "e1c1w1w1c1e/1rntgvkfgtnr/r'n't'g'v'k'f'e'c'w'p'/11/11/11/11/\
                     P'W'C'E'F'K'V'G'T'N'R'/RNTGFKVGTNR1/ER'C1W1W1C1E w Kk - 0 1";
    let (code, _, err) = run(&["show", "--variant", "tamerlane", "--fen", tamerlane]);
    assert_eq!(code, 0, "{err}");
    // the fixed order is accepted
    let (code, _, err) = run(&[
        "show",
        "--variant",
        "chess",
        "--fen",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    ]);
    assert_eq!(code, 0, "{err}");
}
