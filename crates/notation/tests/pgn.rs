//! The PGN reader and writer: the syntax they accept, where errors are reported, recovery
//! after a broken game, and round trips of the data model.

use citadel_notation::{pgn, writer, GameResult, Line, Loc, MoveNode, Record};

#[test]
fn movetext_elements() {
    let text = "\u{feff}[Event \"A \\\"quoted\\\" name\"]\r\n[Variant \"chess\"]\r\n\r\n\
        {Before the first move.} 1.e4!? e5 $14 ; a line comment\r\n\
        2. Nf3 (2. f4 {the gambit} exf4 (2... d5) 3. Nf3) 2... Nc6?! 3.Bb5 a6 1/2-1/2\r\n";
    let games = pgn::read_games(text);
    assert_eq!(games.len(), 1);
    let g = games[0].as_ref().expect("parses");
    let r = &g.record;
    assert_eq!(r.tag("Event"), Some("A \"quoted\" name"));
    assert_eq!(r.result, GameResult::Draw);
    assert_eq!(r.main.comments, ["Before the first move."]);
    let m = &r.main.moves;
    assert_eq!(
        r.moves().collect::<Vec<_>>(),
        ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    );
    assert_eq!(m[0].nags, [5]);
    assert_eq!(m[1].nags, [14]);
    assert_eq!(m[1].comments, ["a line comment"]);
    assert_eq!(m[3].nags, [6]);
    let v = &m[2].variations[0];
    assert_eq!(v.moves[0].san, "f4");
    assert_eq!(v.moves[0].comments, ["the gambit"]);
    assert_eq!(v.moves[1].variations[0].moves[0].san, "d5");
    assert_eq!(v.moves[2].san, "Nf3");
    // locations: tags, moves (1-based, in characters), result
    let l = g.locations.as_ref().expect("text has locations");
    assert_eq!(l.tags, [Loc { line: 1, col: 1 }, Loc { line: 2, col: 1 }]);
    assert_eq!(l.moves[0], Loc { line: 4, col: 28 });
    assert_eq!(l.moves[2], Loc { line: 5, col: 4 });
    assert_eq!(l.result, Loc { line: 5, col: 71 });
}

#[test]
fn many_games_tags_optional_escape_lines() {
    let text = "% an escape line\n1. e4 *\n\n[Result \"0-1\"]\n1. f3 e5 2. g4 Qh4# 0-1\n1.d4 1-0";
    let games = pgn::parse(text).expect("parses");
    assert_eq!(games.len(), 3);
    assert!(games[0].tags.is_empty());
    assert_eq!(games[1].result, GameResult::BlackWins);
    assert_eq!(games[2].moves().collect::<Vec<_>>(), ["d4"]);
    // move numbers without periods, `...` after the number, castling with zeros
    let g = &pgn::parse("1 e4 1... e5 2 Nf3 2...Nc6 3. 0-0 *").expect("parses")[0];
    assert_eq!(
        g.moves().collect::<Vec<_>>(),
        ["e4", "e5", "Nf3", "Nc6", "0-0"]
    );
    // an empty file has no games
    assert!(pgn::parse(" \r\n\u{feff}").expect("empty").is_empty());
}

#[test]
fn errors_name_line_column_and_game_and_reading_goes_on() {
    let text = "[Event \"ok\"]\n1. e4 *\n\n[Event \"bad\"\n[Site \"x\"]\n1. e4 *\n\n\
        [Event \"ok again\"]\n1. d4 { unterminated\n\n[Event \"last\"]\n1. c4 *\n";
    let games = pgn::read_games(text);
    let shown: Vec<String> = games
        .iter()
        .map(|g| match g {
            Ok(g) => format!("ok {}", g.number),
            Err(e) => e.to_string(),
        })
        .collect();
    assert_eq!(
        shown,
        [
            "ok 1",
            "4:13: game 2: bad tag pair: expected `]` after the value of `Event`",
            "9:7: game 3: unterminated comment: `{` without `}`",
            "ok 4",
        ]
    );
    let cases = [
        ("1. e4 e5 2.", "1:12: game 1: the game ends without a result (`1-0`, `0-1`, `1/2-1/2` or `*`): truncated?"),
        ("1. e4 (1. d4 *", "1:14: game 1: a result inside a variation"),
        ("1. e4 (1. d4", "1:13: game 1: unterminated variation: `(` without `)`"),
        ("(1. d4) *", "1:1: game 1: variation before any move"),
        ("$3 1. e4 *", "1:1: game 1: annotation before any move"),
        ("1. e4 $999 *", "1:7: game 1: bad annotation `$999`"),
        ("1. e4 !!! *", "1:7: game 1: bad annotation `!!!`"),
        ("[Event]\n*", "1:7: game 1: bad tag pair: the value of `Event` must be a quoted string"),
        ("[ \"x\"]\n*", "1:3: game 1: bad tag pair: expected a tag name after `[`"),
        ("1. e4 \u{e9} *", "1:7: game 1: unexpected character `\u{e9}`"),
    ];
    for (text, msg) in cases {
        let e = pgn::parse(text).expect_err(text);
        assert_eq!(e.to_string(), msg, "{text:?}");
    }
}

#[test]
fn writer_round_trips_the_data_model() {
    let node = |san: &str| MoveNode {
        san: san.into(),
        ..MoveNode::default()
    };
    let mut rec = Record {
        tags: vec![
            ("Event".into(), "Quotes \" and \\ backslashes".into()),
            ("FEN".into(), "4k3/8/8/8/8/8/4P3/4K3 b - - 0 37".into()),
        ],
        main: Line {
            comments: vec!["start".into()],
            moves: vec![node("Kd7"), node("e4"), node("Kc6")],
        },
        result: GameResult::Unknown,
    };
    rec.main.moves[0].comments = vec!["a comment with } a brace".into(), "".into()];
    rec.main.moves[1].nags = vec![1, 146];
    rec.main.moves[1].variations = vec![
        Line {
            comments: vec!["instead".into()],
            moves: vec![node("e3"), node("Ke6")],
        },
        Line::default(),
    ];
    rec.main.moves[2].comments = vec!["word ".repeat(40).trim().to_string()];
    let text = writer::write(&rec);
    assert!(
        text.contains("37... Kd7 ; a comment with } a brace\n"),
        "{text}"
    );
    assert!(
        text.contains("38. e4 $1 $146 ({instead} 38. e3 Ke6) ()"),
        "{text}"
    );
    assert!(
        text.lines()
            .all(|l| l.starts_with('[') || l.chars().count() <= 80),
        "{text}"
    );
    assert_eq!(pgn::parse(&text).expect("parses"), vec![rec]);
}

/// Found by the `pgn` fuzz target: a carriage return inside a tag value was kept by the
/// reader but written as a space, so the canonical text did not read back as itself.
#[test]
fn carriage_return_in_a_tag_value_reads_as_written() {
    let games = pgn::parse("[Site \"cit\u{fffd}\radel\"]\n\n1. e4 *\n").unwrap();
    assert_eq!(games[0].tags[0].1, "cit\u{fffd} adel");
    let text = writer::write(&games[0]);
    assert_eq!(pgn::parse(&text).unwrap(), games);
}

/// Found by the `pgn` fuzz target: a long comment wrapped so that one of its lines began with
/// `[`, which a reader takes for the next game's tags; such words now stay on the line before.
#[test]
fn wrapped_comments_never_start_a_line_with_a_bracket_or_percent() {
    let words: Vec<String> = (0..60)
        .map(|i| match i % 3 {
            0 => format!("[w{i}"),
            1 => format!("%p{i}"),
            _ => format!("word{i}"),
        })
        .collect();
    let text = format!("[Event \"x\"]\n\n1. e4 {{{}}} e5 *\n", words.join(" "));
    let games = pgn::parse(&text).unwrap();
    let written = writer::write(&games[0]);
    let movetext = written.split("\n\n").nth(1).unwrap();
    assert!(
        movetext.lines().all(|l| !l.starts_with(['[', '%'])),
        "{written}"
    );
    assert_eq!(pgn::parse(&written).unwrap(), games);
}

/// A game with a hundred thousand distinct tags reads (the duplicate check is linear) with
/// its tags in order; a repeated name among them is still found, naming the first's line;
/// the canonical record keeps them all, in order.
#[test]
fn many_distinct_tags_read_in_order() {
    const N: usize = 100_000;
    let mut text = String::from("[Variant \"chess\"]\n");
    for i in 0..N {
        text.push_str(&format!("[T{i} \"v{i}\"]\n"));
    }
    let game = format!("{text}\n1. e4 e5 *\n");
    let games = pgn::parse(&game).expect("reads");
    let r = &games[0];
    assert_eq!(r.tags.len(), N + 1);
    assert!(r.tags[1..]
        .iter()
        .enumerate()
        .all(|(i, (n, v))| *n == format!("T{i}") && *v == format!("v{i}")));
    let canonical = citadel_notation::replay::normalize(r).expect("canonical");
    let others: Vec<&(String, String)> = canonical
        .tags
        .iter()
        .filter(|(n, _)| n.starts_with('T'))
        .collect();
    assert_eq!(others.len(), N);
    assert_eq!(others[N - 1].0, format!("T{}", N - 1));
    let dup = format!("{text}[T5 \"again\"]\n\n1. e4 *\n");
    let e = pgn::parse(&dup).expect_err("a repeated tag");
    assert_eq!(
        e.to_string(),
        format!("{}:1: game 1: duplicate tag `T5` (first on line 7)", N + 2)
    );
}
