//! Validating an archived game straight from its payload: the main line's moves stored by
//! rank are played without being written as text and read back, one legal-move generation per
//! ply serving the next move and the end-of-game test. Anything wrong gives `None`, and the
//! caller decodes the game and validates the record to report it: both paths accept the same
//! games.

use super::{
    by_rank, header, width, Bytes, OP_CLOSE, OP_COMMENT, OP_MOVE, OP_NAG, OP_OPEN, OP_PLAYED,
};
use crate::pgn::MAX_DEPTH;
use crate::record::Record;
use crate::replay::{self, Replayed};
use crate::{fen, san, SanDialect};
use citadel_rules::{with_game, Move, MoveList, Position};

/// The validation of the game a payload holds, or `None` if anything is wrong with it.
pub(super) fn validate(payload: &[u8]) -> Option<Replayed> {
    let mut b = Bytes { data: payload };
    let record = header(&mut b).ok()?;
    let variant = record.variant().ok()?;
    let (plies, outcome, final_fen) = with_game!(variant, G => main_line::<G>(&record, &mut b)?);
    replay::check_result(&record, outcome).ok()?;
    Some(Replayed {
        variant,
        plies,
        declared: record.result,
        outcome,
        final_fen,
    })
}

/// The main line's replay: plies, the rules' outcome at its end and the final FEN.
type LineEnd = (usize, Option<citadel_rules::Outcome>, String);

/// Plays the movetext's main line and checks the shape of its variations, as decoding does.
fn main_line<G: SanDialect>(record: &Record, b: &mut Bytes) -> Option<LineEnd> {
    let mut pos = record.start_position::<G>().ok()?;
    let mut legal = pos.legal_moves();
    let mut scratch: Vec<u64> = Vec::new();
    let mut plies = 0usize;
    // whether each open line has a move yet: the main line first, the innermost variation last
    let mut lines: Vec<bool> = vec![false];
    while let Ok(op) = b.byte() {
        let in_main = lines.len() == 1;
        match op {
            OP_MOVE => {
                let len = b.varint().ok()?;
                let text = std::str::from_utf8(b.take(len).ok()?).ok()?;
                if in_main {
                    let m = san::parse_among(&pos, &legal, text).ok()?;
                    play(&mut pos, &mut legal, m)?;
                    plies += 1;
                }
                *lines.last_mut()? = true;
            }
            OP_PLAYED => {
                if !in_main {
                    return None;
                }
                let run = b.varint().ok()?;
                for _ in 0..run {
                    let bytes = b.take(u64::from(width(legal.len()))).ok()?;
                    let rank = match *bytes {
                        [r] => usize::from(r),
                        [lo, hi] => usize::from(u16::from_le_bytes([lo, hi])),
                        _ => return None,
                    };
                    let m = by_rank(&legal, &mut scratch, rank)?;
                    play(&mut pos, &mut legal, m)?;
                    plies += 1;
                }
                lines[0] = true;
            }
            OP_NAG => {
                b.byte().ok()?;
                if !*lines.last()? {
                    return None;
                }
            }
            OP_COMMENT => {
                let len = b.varint().ok()?;
                std::str::from_utf8(b.take(len).ok()?).ok()?;
            }
            OP_OPEN => {
                if !*lines.last()? || lines.len() > MAX_DEPTH {
                    return None;
                }
                lines.push(false);
            }
            OP_CLOSE => {
                if in_main {
                    return None;
                }
                lines.pop();
            }
            _ => return None,
        }
    }
    if lines.len() != 1 {
        return None;
    }
    let outcome = pos.outcome_among(&legal);
    Some((plies, outcome, fen::write(&pos)))
}

/// Plays `m` unless the game has ended before it, and generates the new position's moves.
fn play<G: SanDialect>(pos: &mut Position<G>, legal: &mut MoveList, m: Move) -> Option<()> {
    if pos.outcome_among(legal).is_some() {
        return None;
    }
    pos.play_unchecked(m);
    legal.clear();
    pos.generate(legal);
    Some(())
}
