//! Tamerlane chess against an independent naive implementation (`tamerlane_ref`): the move
//! lists of every fixture position and of the start position agree move for move, down the
//! whole tree to a small depth.

mod tamerlane_ref;

use citadel_notation::{coord, fen};
use citadel_rules::{Position, Tamerlane};
mod common;
use tamerlane_ref::{Action, State};

/// Walks both trees to `depth`, comparing the move lists (as coordinate text) at every node;
/// returns the number of leaves, or the path to the first difference.
fn walk(
    pos: &mut Position<Tamerlane>,
    st: &State,
    depth: u32,
    path: &mut Vec<String>,
) -> Result<u64, String> {
    // the reference writes a promotion without its letter (every Tamerlane pawn has one
    // choice); Citadel always writes it
    let bare = |m: &citadel_rules::Move| citadel_rules::Move {
        promotion: None,
        ..*m
    };
    let mut ours: Vec<(String, citadel_rules::Move)> = pos
        .legal_moves()
        .iter()
        .map(|m| (coord::write(pos, &bare(m)), *m))
        .collect();
    ours.sort_by(|a, b| a.0.cmp(&b.0));
    let mut theirs: Vec<(String, tamerlane_ref::RMove)> =
        st.legal().into_iter().map(|m| (m.text(), m)).collect();
    theirs.sort_by(|a, b| a.0.cmp(&b.0));
    let a: Vec<&String> = ours.iter().map(|x| &x.0).collect();
    let b: Vec<&String> = theirs.iter().map(|x| &x.0).collect();
    if a != b {
        let only_core: Vec<_> = a.iter().filter(|x| !b.contains(x)).collect();
        let only_ref: Vec<_> = b.iter().filter(|x| !a.contains(x)).collect();
        return Err(format!(
            "after [{}] ({}): only core {:?}, only reference {:?}",
            path.join(" "),
            fen::write(pos),
            only_core,
            only_ref
        ));
    }
    if depth <= 1 {
        return Ok(ours.len() as u64);
    }
    let mut n = 0;
    for ((text, m), (_, r)) in ours.iter().zip(&theirs) {
        path.push(text.clone());
        pos.play_unchecked(*m);
        let res = walk(pos, &st.play(r), depth - 1, path);
        pos.undo();
        path.pop();
        n += res?;
    }
    Ok(n)
}

fn crosscheck(fen_text: &str, depth: u32) -> Result<u64, String> {
    let mut pos = fen::parse::<Tamerlane>(fen_text).map_err(|e| e.to_string())?;
    let st = State::from_fen(fen_text)?;
    walk(&mut pos, &st, depth, &mut Vec::new())
}

#[test]
fn start_position_agrees_to_depth_3() {
    let start = citadel_rules::tamerlane::START;
    assert_eq!(crosscheck(start, 3), Ok(14518));
}

fn fixtures_agree(max_depth: usize) {
    let file = common::file("tamerlane");
    let mut failures = Vec::new();
    for case in &file.positions {
        if case.name == "start" {
            continue;
        }
        let depth = case.perft.len().min(max_depth) as u32;
        match crosscheck(&case.fen, depth) {
            Ok(n) if n == case.perft[depth as usize - 1] => {}
            Ok(n) => failures.push(format!(
                "{}: reference perft {depth} = {n}, fixture {}",
                case.name,
                case.perft[depth as usize - 1]
            )),
            Err(e) => failures.push(format!("{}: {e}", case.name)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_fixture_agrees_with_the_reference_to_depth_3() {
    fixtures_agree(3);
}

/// Every fixture count, to depth 4 (slow: run with `--release -- --ignored`).
#[test]
#[ignore]
fn every_fixture_agrees_with_the_reference_to_depth_4() {
    fixtures_agree(4);
}

/// The reference's own count of the swap leaves at depth 4 from the start (slow: run with
/// `--ignored`).
#[test]
#[ignore]
fn reference_start_depth_4() {
    let st = State::from_fen(citadel_rules::tamerlane::START).expect("start");
    assert_eq!(st.perft(4), 365893);
    assert_eq!(st.count_leaves(4, Action::Swap), 158);
}
