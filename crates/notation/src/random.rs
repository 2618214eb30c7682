//! Seeded random games, for fixtures, property tests and benchmarks: legal play from the
//! start position until the rules end the game or a ply limit is reached.
//!
//! ```
//! use citadel_notation::{random, replay};
//! use citadel_rules::Variant;
//! let rec = random::game(Variant::OrientalOmega, 7, 60, random::Policy::Uniform);
//! let r = replay::validate(&rec).unwrap();
//! assert_eq!(r.plies, rec.main.moves.len());
//! ```

use crate::record::{GameResult, Line, MoveNode, Record};
use crate::replay::ReplayError;
use crate::san;
use citadel_rules::{with_game, Claims, Color, Game, Variant};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How the random player chooses its move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Policy {
    /// Any legal move, uniformly.
    Uniform,
    /// A move that wins at once if there is one, else preferably a capture or a check, and
    /// never a move that lets the opponent win at once when another move does not: games
    /// end by the rules (mate, stalemate, ...) far more often than uniform play.
    Greedy,
}

/// A random game of `variant` from its start position, with seed `seed`, at most `max_plies`
/// plies; the result is the rules' (or `*` if unfinished).
pub fn game(variant: Variant, seed: u64, max_plies: usize, policy: Policy) -> Record {
    let mut start = Record::default();
    start.set_tag("Variant", variant.id());
    // a record without moves always replays
    extend(&start, seed, max_plies, policy).unwrap_or(start)
}

/// Continues the main line of `record` (its tags and moves kept, moves in canonical SAN)
/// with random play until the rules end the game or the line has `max_plies` plies; the
/// result is the rules' (or `*`). Fails if the record does not replay.
pub fn extend(
    record: &Record,
    seed: u64,
    max_plies: usize,
    policy: Policy,
) -> Result<Record, ReplayError> {
    let variant = crate::replay::variant_of(record)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    with_game!(variant, G => extend_as::<G>(record, &mut rng, max_plies, policy))
}

/// Whether the side that just moved has won in `pos`.
fn won<G: Game>(pos: &citadel_rules::Position<G>, mover: Color) -> bool {
    pos.outcome(Claims::Draws)
        .is_some_and(|o| o.winner == Some(mover))
}

fn extend_as<G: Game>(
    record: &Record,
    rng: &mut ChaCha8Rng,
    max_plies: usize,
    policy: Policy,
) -> Result<Record, ReplayError> {
    let played = crate::replay::play::<G>(record)?;
    let mut pos = played.start;
    let mut main = Line {
        comments: record.main.comments.clone(),
        moves: Vec::new(),
    };
    for (node, m) in record.main.moves.iter().zip(&played.moves) {
        let legal = pos.legal_moves();
        main.moves.push(MoveNode {
            san: san::write_among(&mut pos, &legal, m),
            ..node.clone()
        });
        pos.play_unchecked(*m);
    }
    let mut legal = pos.legal_moves();
    let mut outcome = pos.outcome_among(&legal);
    while outcome.is_none() && main.moves.len() < max_plies {
        let m = match policy {
            Policy::Uniform => legal[rng.gen_range(0..legal.len())],
            Policy::Greedy => {
                let us = pos.turn();
                let mut best = (i32::MIN, legal[0]);
                for &m in legal.iter() {
                    let capture = san::is_capture(&pos, &m);
                    pos.play_unchecked(m);
                    let mut score: i32 = rng.gen_range(0..10);
                    if won(&pos, us) {
                        score += 10_000;
                    } else {
                        if capture {
                            score += 20;
                        }
                        if pos.in_check() {
                            score += 8;
                        }
                        let replies = pos.legal_moves();
                        for &r in replies.iter() {
                            pos.play_unchecked(r);
                            let lost = won(&pos, us.other());
                            pos.undo();
                            if lost {
                                score -= 1_000;
                                break;
                            }
                        }
                    }
                    pos.undo();
                    if score > best.0 {
                        best = (score, m);
                    }
                }
                best.1
            }
        };
        main.moves.push(MoveNode {
            san: san::write_among(&mut pos, &legal, &m),
            ..MoveNode::default()
        });
        pos.play_unchecked(m);
        legal.clear();
        pos.generate(&mut legal);
        outcome = pos.outcome_among(&legal);
    }
    let result = match outcome.map(|o| o.winner) {
        None => GameResult::Unknown,
        Some(Some(Color::White)) => GameResult::WhiteWins,
        Some(Some(Color::Black)) => GameResult::BlackWins,
        Some(None) => GameResult::Draw,
    };
    let mut rec = Record {
        tags: record.tags.clone(),
        main,
        result,
    };
    rec.set_tag("Result", result.as_str());
    Ok(rec)
}
