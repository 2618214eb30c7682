//! Reading files on every core gives what reading them on one thread gives: the same games,
//! numbered the same, with the same verdicts, whatever the chunks hold (several games
//! without tags on one line, broken games, a byte-order mark, text that is not UTF-8).

use citadel_notation::{batch, diagnostic, pgn, Diagnostic, Replayed};
use std::path::PathBuf;

/// Texts whose chunks hold several games, or broken ones.
const TEXTS: [&[u8]; 6] = [
    b"\xef\xbb\xbf[Variant \"chess\"]\n\n1. e4 e5 *\n\n1. d4 d5 1-0 1. c4 *\n1. e4 { 1-0 } e5 (1... c5 2. Nf3) 2. Nf3 *\n",
    b"[Event \"a\"]\n[Event \"b\"]\n\n1. e4 *\n\n[Site \"x\"\n1. e4 *\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. e4 ) *\n\n1. e4 e5 2. Ke3 *\n1. Nf3 Nf6 *",
    b"1. e4 e5 1-0 1. d4 d5 0-1 1. c4 * 1. Nf3 1/2-1/2\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# *\n",
    b"[Variant \"shatranj\"]\r\n\r\n1. e3 *\r\n\r\n[Variant \"nonesuch\"]\r\n\r\n1. e4 *\r\n",
    b"[White \"M\xfcller\"]\n\n1. e4 e5 2. Nf3 *\n\n1. e4 e5 2. Nf9 *\n",
    b"1. e4 $1 e5 !? 2. Nf3 ; a comment 1-0\n Nc6 3. Bb5 *\n\n%escaped\n1. d4 {unterminated\n",
];

fn write(dir: &std::path::Path, i: usize, text: &[u8]) -> PathBuf {
    let path = dir.join(format!("text-{i}.pgn"));
    std::fs::write(&path, text).expect("temporary file");
    path
}

/// The verdicts of one thread reading the whole text, game by game.
fn serial(text: &[u8]) -> Vec<Result<(usize, Replayed), Diagnostic>> {
    pgn::Games::new(text)
        .map(|g| match g {
            Ok(g) => diagnostic::validate_game(&g).map(|r| (g.number, r)),
            Err(e) => Err(Diagnostic::from_pgn(&e)),
        })
        .collect()
}

#[test]
fn validating_on_every_core_gives_the_verdicts_of_one_thread() {
    let dir = std::env::temp_dir().join(format!("citadel-batch-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("pool");
    for (i, text) in TEXTS.iter().enumerate() {
        let path = write(&dir, i, text);
        let expected = serial(text);
        assert!(expected.len() >= 2, "text {i} has several games");
        let mut verdicts = Vec::new();
        batch::validate_files(std::slice::from_ref(&path), &pool, |_, r| {
            verdicts.push(r);
            Ok::<(), batch::OpenError>(())
        })
        .expect("reads");
        assert_eq!(verdicts, expected, "text {i}: validate_files");
        let mut numbers = Vec::new();
        batch::each_game(
            std::slice::from_ref(&path),
            &pool,
            |_, g| Ok(g.number),
            |_, r| {
                numbers.push(r.unwrap_or_else(|d| d.game));
                Ok::<(), batch::OpenError>(())
            },
        )
        .expect("reads");
        let expected: Vec<usize> = (1..=expected.len()).collect();
        assert_eq!(numbers, expected, "text {i}: each_game numbers");
    }
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}
